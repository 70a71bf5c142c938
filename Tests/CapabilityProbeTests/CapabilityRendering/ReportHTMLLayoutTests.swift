import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityRendering

/// The HTML page's layout rules (checked by eye in headless Chromium at 390 and 1280 px).
@Suite struct ReportHTMLLayoutTests {
    static func page() throws -> String {
        FeatureTableRenderer.html(try ReportRenderingTests.table())
    }

    @Test func legendAndSourcesStandAboveTheTable() throws {
        let html = try Self.page()
        let table = try #require(html.range(of: "<table>")).lowerBound
        let legend = try #require(html.range(of: "<p class=\"legend\">")).lowerBound
        let sources = try #require(html.range(of: "<ul class=\"sources\">")).lowerBound
        #expect(legend < table && sources < table)
        #expect(html.components(separatedBy: "class=\"legend\"").count == 2)
    }

    @Test func theTableSpansThePageAndScrollsInsideItsBoxOnAPhone() throws {
        let html = try Self.page()
        #expect(html.contains("table { border-collapse: separate; border-spacing: 0; width: 100%;"))
        #expect(html.contains("<div class=\"scroll\">\n<table>"))
        #expect(html.contains(".scroll { overflow-x: auto; }"))
        #expect(html.contains("@media (max-width: 600px)"))
        #expect(
            html.contains(
                "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
    }

    @Test func longMachineNamesWrap() throws {
        let html = try Self.page()
        #expect(
            html.contains(
                "thead th { background: #eee; vertical-align: bottom; min-width: 6em; overflow-wrap: anywhere; }"
            ))
        #expect(html.contains(".sources li { overflow-wrap: anywhere; }"))
    }
}

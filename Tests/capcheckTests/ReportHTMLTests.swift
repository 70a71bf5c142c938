import CapabilityProbe
import Foundation
import Testing

@testable import capcheck

/// `report --format html`: verdicts coloured, absence shown as a fact rather than an error,
/// and the build and date on the page.
@Suite struct ReportHTMLTests {
    static let machines = ["udevadm/LENOVO_T430S.txt", "udevadm/QEMU_KVM.txt"].flatMap {
        ["--from", CLI.fixture($0)]
    }

    /// The page for the two machines checked against a manifest needing Wi-Fi.
    static func page(_ variables: [String: String] = [:]) -> CLI.Result {
        let manifest = FileManager.default.temporaryDirectory.appendingPathComponent(
            "capcheck-report-\(UUID()).json")
        _ = FileManager.default.createFile(
            atPath: manifest.path, contents: Data(#"{"version": 1, "require": ["net.wifi"]}"#.utf8))
        defer { try? FileManager.default.removeItem(at: manifest) }
        return CLI.run(
            ["report"] + machines + ["--manifest", manifest.path, "--format", "html"],
            variables: variables)
    }

    /// The declarations of a CSS rule in a page (`td.absent` → `background: #fff; …`).
    static func rule(_ selector: String, in page: String) -> String? {
        page.components(separatedBy: "\n").first { $0.hasPrefix(selector + " {") }
    }

    @Test func verdictCellsAreColouredByVerdict() throws {
        let run = Self.page()
        #expect(run.code == .ok)
        #expect(run.stdout.contains(#"<td class="satisfied">satisfied</td>"#))
        #expect(run.stdout.contains(#"<td class="unsatisfied">unsatisfied (net.wifi)</td>"#))
        let unsatisfied = try #require(Self.rule("td.unsatisfied", in: run.stdout))
        let satisfied = try #require(Self.rule("td.satisfied", in: run.stdout))
        #expect(unsatisfied.contains("background: #f6d3d3"))
        #expect(satisfied.contains("background: #cdeccd"))
        #expect(Self.rule("td.undecided", in: run.stdout) != nil)
    }

    @Test func absentIsNotStyledAsAnError() throws {
        let page = Self.page().stdout
        let absent = try #require(Self.rule("td.absent", in: page))
        let unsatisfied = try #require(Self.rule("td.unsatisfied", in: page))
        // The error red belongs to unmet requirements only; absence is plain and grey.
        #expect(absent == "td.absent { background: #fff; color: #666; }")
        #expect(!unsatisfied.contains("#fff;"))
        #expect(page.contains(#"<td class="cell absent" title="absent">☐</td>"#))
    }

    @Test func thePageNamesTheBuildAndTheDate() {
        let page = Self.page(["SOURCE_DATE_EPOCH": "1764633600"]).stdout
        let build = CapCheck.versionLine(commit: BuildInfo.commit)
        #expect(page.contains("<meta name=\"generator\" content=\"\(build)\">"))
        #expect(
            page.contains(
                "<p class=\"stamp\">Made by \(build) on <time datetime=\"2025-12-02T00:00:00Z\">2025-12-02T00:00:00Z</time></p>"
            ))
    }

    @Test func withoutSourceDateEpochTheDateIsNow() throws {
        let page = Self.page().stdout
        let start = try #require(page.range(of: "<time datetime=\""))
        let text = String(page[start.upperBound...].prefix(20))
        let date = try #require(ISO8601DateFormatter().date(from: text), "\(text)")
        #expect(abs(date.timeIntervalSinceNow) < 600)
    }

    @Test(arguments: ["md", "csv", "json"])
    func otherFormatsCarryNoDate(format: String) {
        let one = CLI.run(["report"] + Self.machines + ["--format", format]).stdout
        let other = CLI.run(
            ["report"] + Self.machines + ["--format", format],
            variables: ["SOURCE_DATE_EPOCH": "0"]
        ).stdout
        #expect(one == other)
        #expect(!one.contains(CapCheck.version))
    }
}

import CapabilityProbe
#if canImport(FoundationXML)
    import FoundationXML
#endif
import Foundation
import Testing

@Suite struct VerificationRenderingTests {
    func report(
        _ rows: [RequirementResult], verdict: OverallVerdict = .unsatisfied,
        assumptions: [String: CapabilityStatus] = [:]
    ) -> VerificationReport {
        VerificationReport(
            manifest: ManifestSummary(
                path: "Info.plist", kind: .plist, notes: ["UIBackgroundModes audio: x"]),
            source: SourceInfo(
                kind: .snapshot, udevDatabase: true, attributes: true, complete: true),
            machine: MachineIdentity(), assumptions: assumptions, verdict: verdict,
            requirements: rows)
    }

    let rows = [
        RequirementResult(
            key: "wifi", source: .plist, capability: "net.wifi", wanted: .present,
            verdict: .satisfied,
            reason: "wlan0 (iwlwifi) (rule: net.wifi)"),
        RequirementResult(
            key: "metal", source: .plist, capability: nil, wanted: .present,
            verdict: .notApplicable,
            reason: "Apple GPU API (use --strict to fail)"),
        RequirementResult(
            key: "gyroscope", source: .plist, capability: "sensor.gyroscope", wanted: .present,
            verdict: .unsatisfied,
            reason: "no IIO angular-velocity channel (rule: sensor.gyroscope)"),
    ]

    @Test func showsUnmetFirstAndASummaryEndedByTheCallersOutcome() {
        let text = VerificationTextRenderer.render(report(rows), outcome: "exit 1")
        #expect(
            text == """
                ✘ gyroscope  unsatisfied     no IIO angular-velocity channel (rule: sensor.gyroscope)
                ✔ wifi       satisfied       wlan0 (iwlwifi) (rule: net.wifi)
                – metal      not-applicable  Apple GPU API (use --strict to fail)
                note: UIBackgroundModes audio: x
                1 of 3 requirements unmet → exit 1

                """)
    }

    @Test func summaryCountsUnknownsAndNamesAssumptions() {
        let unknown = RequirementResult(
            key: "gps", source: .plist, capability: "location.gnss", wanted: .present,
            verdict: .unknown, reason: "r")
        let text = VerificationTextRenderer.summary(
            report([unknown], verdict: .undecided, assumptions: ["net.wifi": .present]),
            outcome: "exit 2")
        #expect(text == "0 of 1 requirement unmet, 1 unknown (assumed: net.wifi=present) → exit 2")
    }

    @Test func sanitizesDeviceStringsForTheTerminal() {
        let hostile = RequirementResult(
            key: "wifi", source: .plist, capability: "net.wifi", wanted: .present,
            verdict: .satisfied, reason: "evil\u{1b}[31m\u{202e}name")
        #expect(
            VerificationTextRenderer.render(report([hostile])).contains(
                "evil?[31m?name"))
    }

    @Test func junitHasOneEscapedTestCasePerRequirement() {
        var hostile = rows
        hostile[0].reason = "<Cam & \"Co\">"
        let xml = JUnitRenderer.render(report(hostile))
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 3)
        #expect(xml.contains("failures=\"1\" errors=\"0\" skipped=\"1\""))
        #expect(xml.contains("&lt;Cam &amp; &quot;Co&quot;&gt;"))
        #expect(!xml.contains("<Cam"))
        #expect(xml.contains("<failure type=\"unsatisfied\""))
        #expect(
            xml.contains(
                "<skipped message=\"not-applicable: Apple GPU API (use --strict to fail)\"/>"))
    }

    @Test func junitParsesAsXML() throws {
        final class Counter: NSObject, XMLParserDelegate {
            var cases = 0
            func parser(
                _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]
            ) {
                if name == "testcase" { cases += 1 }
            }
        }
        var hostile = rows
        hostile[2].reason = "a\u{01}b <&> \"q\" 'x'"
        let parser = XMLParser(data: Data(JUnitRenderer.render(report(hostile)).utf8))
        let counter = Counter()
        parser.delegate = counter
        #expect(parser.parse())
        #expect(parser.parserError == nil)
        #expect(counter.cases == 3)
    }

    @Test func githubAnnotationsEscapePercentAndNewlines() {
        var hostile = rows
        hostile[2].reason = "100% broken\r\nnext: line, more"
        let text = GitHubAnnotationRenderer.render(report(hostile))
        #expect(
            text
                == "::error file=Info.plist,title=capcheck%3A gyroscope unsatisfied::gyroscope: 100%25 broken%0D%0Anext: line, more\n"
        )
    }

    @Test func githubMarksUnknownsAsWarningsWhateverTheVerdict() {
        let unknown = RequirementResult(
            key: "gps", source: .plist, capability: "location.gnss", wanted: .present,
            verdict: .unknown, reason: "r")
        #expect(
            GitHubAnnotationRenderer.render(report([unknown], verdict: .undecided)).hasPrefix(
                "::warning "))
        #expect(
            GitHubAnnotationRenderer.render(report([unknown], verdict: .unsatisfied)).hasPrefix(
                "::warning "))
    }

    @Test func jsonIsStableAndSorted() throws {
        let text = try JSONOutput.string(report(rows))
        #expect(text == (try JSONOutput.string(report(rows.reversed()))))
        let decoded = try JSONDecoder().decode(VerificationReport.self, from: Data(text.utf8))
        #expect(decoded.requirements.map(\.key) == ["gyroscope", "metal", "wifi"])
        #expect(text.contains("\"verdict\" : \"not-applicable\""))
    }
}

/// Output details found in review: JUnit attributes keep line breaks, and the summary says
/// when `--unknown-as` decided the verdict.
@Suite struct VerificationOutputDetailTests {
    func report(_ rows: [RequirementResult], verdict: OverallVerdict) -> VerificationReport {
        VerificationReport(
            manifest: ManifestSummary(path: "m.json", kind: .json, notes: []),
            source: SourceInfo(
                kind: .snapshot, udevDatabase: true, attributes: true, complete: true),
            machine: MachineIdentity(), assumptions: [:], verdict: verdict, requirements: rows)
    }

    let unknown = RequirementResult(
        key: "gps", source: .json, capability: "location.gnss", wanted: .present,
        verdict: .unknown, reason: "no gnss class device recorded")

    @Test(arguments: [
        (OverallVerdict.unsatisfied, " (counted as unmet: policy fail)"),
        (.satisfied, " (counted as met: policy pass)"),
        (.undecided, ""),
    ])
    func summarySaysWhenUnknownAsDecidedInTheCallersWords(verdict: OverallVerdict, tail: String) {
        let names = OptionNames(
            strict: "strict mode", assume: "assumed", unknownAs: "policy", allowUnknown: "lenient",
            kind: "format")
        #expect(
            VerificationTextRenderer.summary(report([unknown], verdict: verdict), names: names)
                == "0 of 1 requirement unmet, 1 unknown" + tail)
    }

    @Test func summaryWithoutAnOutcomeHasNoArrowAndUsesTheSwiftNames() {
        #expect(
            VerificationTextRenderer.summary(report([unknown], verdict: .unsatisfied))
                == "0 of 1 requirement unmet, 1 unknown (counted as unmet: unknownAs fail)")
    }

    @Test func junitAttributesKeepLineBreaksAsCharacterReferences() throws {
        final class Names: NSObject, XMLParserDelegate {
            var names: [String] = []
            func parser(
                _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]
            ) {
                if name == "testcase", let value = attributes["name"] { names.append(value) }
            }
        }
        var row = unknown
        row.key = "gy<ro>\n\"scope\"\t&"
        let xml = JUnitRenderer.render(report([row], verdict: .undecided))
        #expect(xml.contains("name=\"gy&lt;ro&gt;&#10;&quot;scope&quot;&#9;&amp;\""))
        let parser = XMLParser(data: Data(xml.utf8))
        let names = Names()
        parser.delegate = names
        #expect(parser.parse())
        #expect(names.names == ["gy<ro>\n\"scope\"\t&"])
    }
}

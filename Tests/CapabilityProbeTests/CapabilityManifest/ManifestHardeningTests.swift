import CapabilityProbe
import Foundation
import Testing

/// Hostile and broken manifests: external entities, JSON syntax errors with their place,
/// and `--allow-unknown` on predicate names.
@Suite struct ManifestHardeningTests {
    func message(_ body: () throws(ManifestError) -> Manifest) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            return error.description
        }
    }

    @Test func utf16EntityDeclarationIsRefusedOnTheDecodedText() throws {
        // UTF-16 hides `<!ENTITY` from the byte check, so XMLParser must refuse on its own.
        let secret = FileManager.default.temporaryDirectory
            .appendingPathComponent("capcheck-xxe-\(UUID().uuidString).txt")
        try Data("capcheck-secret-marker".utf8).write(to: secret)
        defer { try? FileManager.default.removeItem(at: secret) }
        let xml = """
            <?xml version="1.0" encoding="UTF-16"?>
            <!DOCTYPE manifest [ <!ENTITY s SYSTEM "file://\(secret.path)"> ]>
            <manifest xmlns:android="http://schemas.android.com/apk/res/android">
              <uses-feature android:name="&s;"/>
            </manifest>
            """
        var data = Data([0xFF, 0xFE])
        for unit in xml.utf16 { data.append(contentsOf: [UInt8(unit & 0xff), UInt8(unit >> 8)]) }
        #expect(try ManifestLoader.detect(data, path: "x.xml") == .android)
        let text = message { () throws(ManifestError) in
            try ManifestLoader.load(data: data, path: "x.xml", options: .init(allowUnknown: true))
        }
        #expect(text == "x.xml: line 2: entity declarations are not accepted")
        #expect(text?.contains("capcheck-secret-marker") == false)
    }

    /// Hand-made: the quotes a word processor makes of `"`, and no quotes at all.
    @Test(arguments: [
        (
            "<manifest android:versionName=\u{201C}1.3.0\u{201D}/>",
            "m.xml: line 1, column 31: attribute value in curly quotes (“…”): XML needs straight quotes, \" or '"
        ),
        (
            "<manifest android:versionName=1.3.0/>",
            "m.xml: line 1, column 31: attribute value without quotes: XML needs \"…\" or '…'"
        ),
    ])
    func anAttributeValueWithoutStraightQuotesSaysSo(xml: String, expected: String) {
        #expect(
            message { () throws(ManifestError) in
                try ManifestLoader.load(data: Data(xml.utf8), path: "m.xml", kind: .android)
            } == expected)
    }

    @Test func undetectableContentNamesTheKindOptionInTheCallersWords() {
        let names = OptionNames(
            strict: "strict", assume: "assume", unknownAs: "policy", allowUnknown: "lenient",
            kind: "the format argument")
        #expect(
            message { () throws(ManifestError) in
                try ManifestLoader.load(
                    data: Data("hello".utf8), path: "m.txt", options: .init(names: names))
            }?.hasSuffix("(use the format argument to say which)") == true)
    }

    @Test func plistWithAnExternalEntityIsRejectedWithoutItsContent() {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist [ <!ENTITY f SYSTEM "file:///etc/passwd"> ]>
            <plist version="1.0"><array><string>&f;</string></array></plist>
            """
        let text = message { () throws(ManifestError) in
            try ManifestLoader.load(
                data: Data(plist.utf8), path: "Info.plist", options: .init(allowUnknown: true))
        }
        #expect(text == "Info.plist: line 2: entity declarations are not accepted")
        #expect(text?.contains("root:") == false)
    }

    @Test func entityDeclarationsAreRejectedBeforeParsing() {
        let xml = """
            <!DOCTYPE manifest [ <!ENTITY f "android.hardware.wifi"> ]>
            <manifest><uses-feature android:name="&f;"/></manifest>
            """
        #expect(
            message { () throws(ManifestError) in
                try ManifestLoader.load(data: Data(xml.utf8), path: "e.xml")
            } == "e.xml: line 1: entity declarations are not accepted")
    }

    @Test(arguments: [
        (
            "{\n  \"version\": 1,\n  \"require\": [\"camera.any\",\n",
            "m.json: line 4, column 1: not valid JSON: unexpected end of file"
        ),
        (
            "{\"version\": 1 \"require\": []}",
            "m.json: line 1, column 15: not valid JSON: invalid value"
        ),
        (
            "{\"version\": 1}\njunk",
            "m.json: line 2, column 1: not valid JSON: invalid value"
        ),
    ])
    func jsonSyntaxErrorsNameLineAndColumn(json: String, expected: String) {
        #expect(
            message { () throws(ManifestError) in
                try ManifestLoader.load(data: Data(json.utf8), path: "m.json", kind: .json)
            } == expected)
    }

    @Test func truncatedFixtureNamesWhereItEnds() {
        #expect(
            message { () throws(ManifestError) in
                try ManifestLoader.load(path: Fixtures.path("manifests/manifest-truncated.json"))
            }?.hasSuffix(
                "manifest-truncated.json: line 4, column 1: not valid JSON: unexpected end of file")
                == true)
    }

    @Test func allowUnknownAlsoAcceptsAnUnknownPredicateName() throws {
        let json = #"{"version": 1, "require": ["cpu.cores >= 4", "camera.any"]}"#
        #expect(
            message { () throws(ManifestError) in
                try ManifestLoader.load(data: Data(json.utf8), path: "m.json")
            }?.hasPrefix("m.json: require[0]: unknown key 'cpu.cores'") == true)
        let manifest = try ManifestLoader.load(
            data: Data(json.utf8), path: "m.json", options: .init(allowUnknown: true))
        #expect(manifest.requirements.map(\.key) == ["cpu.cores >= 4", "camera.any"])
        #expect(
            manifest.requirements.first?.notApplicableReason?.hasPrefix(
                "unknown key, accepted by allowUnknown") == true)
    }

    @Test func allowUnknownDoesNotExcuseABadValue() {
        let json = #"{"version": 1, "require": ["memory.total >= lots"]}"#
        #expect(
            message { () throws(ManifestError) in
                try ManifestLoader.load(
                    data: Data(json.utf8), path: "m.json", options: .init(allowUnknown: true))
            }
                == "m.json: require[0]: bad predicate 'memory.total >= lots': expected a size such as 3GiB"
        )
    }
}

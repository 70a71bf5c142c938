@testable import CapabilityManifest
import CapabilitySupport
import Testing

@Suite struct PlistStructureCheckTests {
    static func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        \(body)
        </plist>
        """
    }

    @Test func keysEqualOnceReferencesAreReplacedAreOneKeyGivenTwice() {
        let text = Self.plist(
            """
            <dict>
              <key>A&amp;B</key><true/>
              <key>A&#x26;B</key><false/>
            </dict>
            """)
        #expect(
            PlistStructureCheck.xmlProblem(text)
                == InputProblem(
                    place: .line(6),
                    reason: "duplicate key \"A&B\" in one <dict> (first at line 5)"))
    }

    @Test func aKeyInACDATASectionIsTheSameKeyAsInText() {
        let text = Self.plist(
            "<dict>\n<key>gps</key><true/>\n<key><![CDATA[gps]]></key><true/>\n</dict>")
        #expect(PlistStructureCheck.xmlProblem(text)?.place == .line(6))
    }

    @Test func theSameKeyInTwoDictionariesOrBesideAnArrayIsNoProblem() {
        let text = Self.plist(
            """
            <dict>
              <key>a</key><dict><key>a</key><string>x</string></dict>
              <key>b</key><array><dict><key>a</key><true/></dict><dict><key>a</key><true/></dict></array>
              <key>c</key><dict/>
            </dict>
            """)
        #expect(PlistStructureCheck.xmlProblem(text) == nil)
    }

    @Test func aSyntaxErrorIsLeftToTheDecoder() {
        let text = Self.plist("<dict>\n<key>a</key><true/>\n<key>b</wrong>\n</dict>")
        #expect(PlistStructureCheck.xmlProblem(text) == nil)
    }
}

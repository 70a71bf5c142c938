import Foundation
import Testing

@testable import CapabilityManifest
@testable import CapabilityManifestFiles
@testable import CapabilityProbe

/// DEP-11 YAML catalogs (`Components-<arch>.yml(.gz)`): read through libyaml into the same
/// components as the XML form, so every component gets the XML form's verdicts. The YAML
/// fixtures are `appstreamcli convert` output of the XML fixtures (Fixtures/appstream/README.md).
@Suite struct DEP11CatalogTests {
    /// XML catalog and its DEP-11 conversion.
    static let pairs = [
        ("appstream/foobar-1.catalog.xml", "appstream/foobar-1.catalog.dep11.yml"),
        (
            "appstream/relations-every-kind.catalog.xml",
            "appstream/relations-every-kind.catalog.dep11.yml"
        ),
    ]

    /// Recorded machines of different kinds (laptop, ARM board, all-in-one with touch).
    static let machines = [
        "udevadm/LENOVO_T430S.txt", "udevadm/CARA_T.txt",
        "udevadm/DELL_INSPIRON3521_TOUCHSCREEN.txt",
    ]

    static func components(_ relative: String) throws -> [AppStreamComponentManifest] {
        try ManifestLoader.loadAppStreamComponents(
            data: try Fixtures.data(relative), path: relative)
    }

    @Test(arguments: pairs)
    func aYAMLCatalogIsDetectedAsAnAppStreamCatalog(xml: String, yaml: String) throws {
        let data = try Fixtures.data(yaml)
        #expect(try ManifestLoader.detect(data, path: yaml) == .appstream)
        #expect(try Self.components(yaml).allSatisfy(\.inCatalog))
    }

    @Test(arguments: pairs)
    func everyComponentOfTheYAMLFormHasTheXMLFormsRelations(xml: String, yaml: String) throws {
        let fromXML = try Self.components(xml)
        let fromYAML = try Self.components(yaml)
        #expect(fromYAML.map(\.id) == fromXML.map(\.id))
        #expect(fromYAML.map(\.name) == fromXML.map(\.name))
        #expect(fromYAML.map(\.type) == fromXML.map(\.type))
        for (a, b) in zip(fromXML, fromYAML) {
            #expect(b.manifest.requirements.map(\.target) == a.manifest.requirements.map(\.target))
            #expect(b.manifest.requirements.map(\.wanted) == a.manifest.requirements.map(\.wanted))
        }
    }

    @Test(arguments: pairs)
    func everyComponentGetsTheXMLFormsVerdictsOnRecordedMachines(xml: String, yaml: String)
        throws
    {
        let fromXML = try Self.components(xml)
        let fromYAML = try Self.components(yaml)
        let checker = ManifestChecker()
        for machine in Self.machines {
            let report = try Fixtures.report(machine)
            for (a, b) in zip(fromXML, fromYAML) {
                let x = checker.check(a.manifest, against: report)
                let y = checker.check(b.manifest, against: report)
                #expect(y.verdict == x.verdict, "\(machine) \(a.id)")
                #expect(
                    y.requirements.map(\.verdict) == x.requirements.map(\.verdict),
                    "\(machine) \(a.id)")
                #expect(
                    y.requirements.map(\.reason) == x.requirements.map(\.reason),
                    "\(machine) \(a.id)")
            }
        }
    }

    @Test func aGzipYAMLCatalogIsReadLikeThePlainOne() throws {
        let plain = try Fixtures.data("appstream/foobar-1.catalog.dep11.yml")
        let gz = try AppStreamReaderTests.gzip(plain)
        #expect(try ManifestLoader.detect(gz, path: "Components-amd64.yml.gz") == .appstream)
        let inflated = try ManifestLoader.loadAppStreamComponents(
            data: gz, path: "Components-amd64.yml.gz")
        #expect(inflated.count == 19)
        #expect(
            inflated.map(\.manifest.requirements)
                == (try Self.components("appstream/foobar-1.catalog.dep11.yml")).map(
                    \.manifest.requirements))
    }

    @Test func versionsAndDisplayLengthsCarryTheirCompareSymbols() throws {
        let all = try Self.components("appstream/relations-every-kind.catalog.dep11.yml")
        let targets = try #require(all.first).manifest.requirements.map(\.target)
        #expect(
            targets.contains(.relation(.displayLength(compare: .lt, pixels: 1280, side: .longest))))
        #expect(targets.contains(.relation(.kernel(name: "Linux", compare: .ge, version: "5.10"))))
        #expect(
            targets.contains(
                .relation(.firmware(value: "bootloader", compare: .ge, version: "1.2"))))
        #expect(targets.contains(.relation(.internet(kind: "always", bandwidthMbitps: 2))))
    }

    // Hand-made YAML, written for capcheck.

    @Test(arguments: [
        (
            "---\nFile: DEP-11\n---\nID: a\nName: &n {C: x}\n---\nID: b\nName: *n\n", "line 5",
            "anchors and aliases are not accepted"
        ),
        ("---\nFile: DEP-11\n---\nID: a\nRequires: [\n", "line 6", "while parsing"),
        ("---\nOrigin: x\n---\nID: a\n", "line 2", "not a DEP-11 catalog"),
        ("---\n- a\n- b\n", "line 2", "must be a mapping"),
    ])
    func brokenYAMLIsOneErrorLineWithItsPlace(yaml: String, place: String, reason: String) {
        #expect {
            _ = try ManifestLoader.loadAppStreamComponents(data: Data(yaml.utf8), path: "c.yml")
        } throws: { error in
            let text = (error as? ManifestError)?.description ?? ""
            return text.hasPrefix("c.yml: \(place)") && text.contains(reason)
                && !text.contains("\n")
        }
    }

    @Test func nestingDeeperThanTheLimitIsRefused() {
        let deep =
            "---\nFile: DEP-11\n---\nID: a\nX: " + String(repeating: "[", count: 200)
            + String(repeating: "]", count: 200) + "\n"
        #expect {
            _ = try ManifestLoader.loadAppStreamComponents(data: Data(deep.utf8), path: "d.yml")
        } throws: { error in
            (error as? ManifestError)?.description.contains("nesting deeper than 64") == true
        }
    }

    @Test func aYAMLCatalogIsNotCalledAnEmptyXMLDocumentOrAPropertyList() throws {
        let text = "File: DEP-11\nVersion: '0.16'\n---\nID: org.example.A\nType: generic\n"
        #expect(try ManifestLoader.detect(Data(text.utf8), path: "Components.yml") == .appstream)
        let components = try ManifestLoader.loadAppStreamComponents(
            data: Data(text.utf8), path: "Components.yml")
        #expect(components.map(\.id) == ["org.example.A"])
    }

    @Test func aMisspeltBlockAndAnUnknownItemAreNotedWithTheirLines() throws {
        let text = """
            ---
            File: DEP-11
            ---
            ID: org.example.A
            Type: desktop-application
            Require:
            - control: touch
            Requires:
            - telekinesis: strong
            """
        let only = try #require(
            try ManifestLoader.loadAppStreamComponents(data: Data(text.utf8), path: "c.yml").first)
        #expect(
            only.manifest.notes.contains {
                $0.contains("line 7: <Require> is not a relation block")
            })
        #expect(
            only.manifest.notes.contains {
                $0.contains("line 9: unknown relation item <telekinesis>")
            })
    }
}

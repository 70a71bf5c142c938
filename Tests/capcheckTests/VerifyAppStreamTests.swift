import CapabilityProbe
import Foundation
import Testing

@testable import capcheck

/// `verify`, `lint`, `report` and `matrix` with AppStream metainfo files and catalogs.
@Suite struct VerifyAppStreamTests {
    let t430s = CLI.fixture("udevadm/LENOVO_T430S.txt")
    let touchDell = CLI.fixture("udevadm/DELL_INSPIRON3521_TOUCHSCREEN.txt")
    func fixture(_ name: String) -> String { CLI.fixture("appstream/\(name)") }

    /// Inline metainfo written for capcheck.
    static func component(_ body: String) -> String {
        "<component type=\"desktop-application\"><id>org.example.App</id>\(body)</component>"
    }

    @Test(arguments: [
        ("<requires><control>keyboard</control></requires>", ExitCode.ok),
        ("<requires><control>touch</control></requires>", .unmet),
        ("<requires><control>touch</control><control>pointing</control></requires>", .ok),
        ("<recommends><control>touch</control></recommends>", .ok),
        ("<supports><control>gamepad</control></supports>", .ok),
        ("<requires><kernel version=\"5.10\">Linux</kernel></requires>", .undecided),
        ("<requires><dispaly_length>360</dispaly_length></requires>", .undecided),
        ("<requires><modalias>pci:v00008086d*</modalias></requires>", .ok),
    ])
    func exitCodesFollowRequiresRecommendsSupports(body: String, code: ExitCode) {
        let run = CLI.run(["verify", "-", "--from", t430s], stdin: Self.component(body))
        #expect(run.code == code, "\(body): \(run.stdout) \(run.stderr)")
    }

    /// Other relations but no display_length: libappstream's rule (no implied display), and a
    /// note that quotes the specification and names the rule applied.
    @Test func otherRelationsWithoutADisplayLengthFollowLibappstreamAndSaySo() {
        let xml = Self.component("<requires><memory>1024</memory></requires>")
        let run = CLI.run(["lint", "-"], stdin: xml)
        #expect(!run.stdout.contains("display_length 768"))
        #expect(
            run.stdout.contains(
                "note: no display_length relation: the specification says \"If no display_length relation is present"
            ))
        #expect(run.stdout.contains("capcheck follows libappstream: no display length is required"))
    }

    /// The legend of `lint` names who implied a marked row: the AppStream specification
    /// here, not Android's permissions and orientations.
    @Test func lintOfAnAppStreamFileExplainsItsMarksInAppStreamTerms() {
        let run = CLI.run(["lint", CLI.fixture("appstream/foobar-1.catalog.xml")])
        #expect(
            run.stdout.contains("\n(* implied by the AppStream specification for this component)\n")
        )
        #expect(!run.stdout.contains("permission or an activity orientation"))
        let android = CLI.run(["lint", CLI.fixture("manifests/AndroidManifest.xml")])
        #expect(android.stdout.contains("(* implied by a permission or an activity orientation"))
    }

    @Test func anUnmetRecommendationIsAWarningLineAndFailsWithStrict() {
        let xml = Self.component("<recommends><control>touch</control></recommends>")
        let loose = CLI.run(["verify", "-", "--from", t430s], stdin: xml)
        #expect(loose.code == .ok)
        #expect(loose.stdout.contains("! recommends control touch"))
        #expect(loose.stdout.contains("1 recommended not met (warning) → exit 0"))
        let strict = CLI.run(["verify", "-", "--from", t430s, "--strict"], stdin: xml)
        #expect(strict.code == .unmet)
    }

    @Test func angelfishRecommendsTouchWhichOnlyTheDellHas() {
        let dell = CLI.run(
            ["verify", fixture("org.kde.angelfish.metainfo.xml"), "--from", touchDell, "--json"])
        let lenovo = CLI.run(
            ["verify", fixture("org.kde.angelfish.metainfo.xml"), "--from", t430s, "--json"])
        #expect(dell.stdout.contains(#""verdict" : "satisfied""#))
        #expect(lenovo.stdout.contains(#""verdict" : "warning""#))
        // Dumps record no connector status, so the display length stays unknown: exit 2.
        #expect(dell.code == .undecided)
        #expect(lenovo.code == .undecided)
        #expect(
            CLI.run([
                "verify", fixture("org.kde.angelfish.metainfo.xml"), "--from", t430s,
                "--unknown-as", "pass",
            ]).code == .ok)
    }

    @Test func malformedMetainfoIsOneLineAndExit65() {
        let run = CLI.run(
            ["verify", "-", "--from", t430s], stdin: "<component><id>a</id><requires>")
        #expect(run.code == .dataError)
        #expect(
            run.stderr == "capcheck: error: <stdin>: line 1, column 32: the document ends early\n")
        let wrong = CLI.run(
            ["verify", "-", "--kind", "appstream", "--from", t430s], stdin: "<manifest/>")
        #expect(wrong.code == .dataError)
        #expect(wrong.stderr.contains("expected <component> or <components>"))
    }

    @Test func aCatalogGivesOneVerdictPerComponent() throws {
        let run = CLI.run(["verify", fixture("foobar-1.catalog.xml"), "--from", touchDell])
        #expect(run.code == .ok)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 20)
        #expect(lines.last?.hasPrefix("19 components: ") == true)
        #expect(lines.contains { $0.contains("org.freedesktop.appstream.cli") })
        let json = CLI.run([
            "verify", fixture("foobar-1.catalog.xml"), "--from", touchDell, "--json",
        ])
        let object =
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((object?["components"] as? [Any])?.count == 19)
    }

    @Test func junitAndGithubTakeOneComponentNotACatalog() {
        let run = CLI.run(
            ["verify", fixture("foobar-1.catalog.xml"), "--from", touchDell, "--github"])
        #expect(run.code == .usage)
        #expect(run.stderr.contains("not a catalog of 19 components"))
    }

    @Test func aGzipCatalogIsReadLikeThePlainOne() throws {
        let plain = try Data(contentsOf: URL(fileURLWithPath: fixture("foobar-1.catalog.xml")))
        let gz = FileManager.default.temporaryDirectory.appendingPathComponent(
            "capcheck-\(UUID().uuidString).xml.gz")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-n", "-c", fixture("foobar-1.catalog.xml")]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let compressed = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try compressed.write(to: gz)
        defer { try? FileManager.default.removeItem(at: gz) }
        #expect(compressed != plain)
        let a = CLI.run(["verify", fixture("foobar-1.catalog.xml"), "--from", touchDell])
        let b = CLI.run(["verify", gz.path, "--from", touchDell])
        #expect(a.stdout == b.stdout)
    }

    @Test func lintNamesUnknownKindsAndValuesWithSuggestions() {
        let run = CLI.run(["lint", fixture("validate_relationissues.xml")])
        #expect(run.code == .ok)
        #expect(run.stdout.contains("(appstream): 7 requirements, 5 warnings"))
        #expect(
            CLI.run(["lint", fixture("validate_relationissues.xml"), "--strict"]).code == .dataError
        )
        #expect(run.stdout.contains("note: line 28: unknown compare 'gl' (did you mean ge?)"))
        #expect(run.stdout.contains("recommended recommends control keyboard|telekinesis"))
        let typo = CLI.run(
            ["lint", "-"], stdin: Self.component("<supports><control>gamepda</control></supports>"))
        #expect(typo.stdout.contains("unknown control 'gamepda' (did you mean gamepad?)"))
    }

    @Test func reportAndMatrixTakeAMetainfoManifest() {
        let report = CLI.run(
            ["report", "--from", touchDell, "--manifest", fixture("org.gnome.Chess.metainfo.xml")])
        #expect(report.code == .ok)
        #expect(report.stdout.contains("| **Verdict** |"))
        #expect(report.stdout.contains("| Keyboard | `input.keyboard` |"))
        let matrix = CLI.run(
            [
                "matrix", "--builtin", "ios-2011", "--manifest",
                fixture("org.libretro.RetroArch.metainfo.xml"),
            ])
        #expect(matrix.code == .ok)
        #expect(matrix.stdout.contains("iPhone 4"))
    }

    @Test(arguments: ["text", "json"])
    func aDEP11CatalogPrintsWhatItsXMLFormPrints(format: String) {
        let xml = CLI.run([
            "verify", fixture("foobar-1.catalog.xml"), "--from", touchDell, "--format", format,
        ])
        let yaml = CLI.run([
            "verify", fixture("foobar-1.catalog.dep11.yml"), "--from", touchDell, "--format",
            format,
        ])
        #expect(yaml.code == .ok && xml.code == .ok, "\(yaml.stderr)")
        // Only the catalog's file name differs (in the JSON's "catalog" and manifest paths).
        #expect(
            yaml.stdout.replacing("foobar-1.catalog.dep11.yml", with: "foobar-1.catalog.xml")
                == xml.stdout)
    }
}

import CapabilityProbe
import Foundation
import Testing

@testable import capcheck

@Suite struct VerifyCommandTests {
    let snapshot = CLI.fixture("snapshots/partial-empty.json")
    func manifest(_ name: String) -> String { CLI.fixture("manifests/\(name)") }

    @Test func unmetRequirementExitsOneWithUnmetFirst() {
        let run = CLI.run([
            "verify", manifest("Info-dict.plist"), "--from", snapshot, "--assume",
            "net.wifi=present",
            "--assume", "sensor.gyroscope=absent", "--assume", "cellular=absent",
        ])
        #expect(run.code == .unmet)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.first?.hasPrefix("✘ gyroscope  unsatisfied  assumed absent (--assume)") == true)
        #expect(
            lines.last
                == "1 of 3 requirements unmet (assumed: cellular=absent, net.wifi=present, sensor.gyroscope=absent) → exit 1"
        )
        #expect(run.stderr.isEmpty)
    }

    @Test func satisfiedManifestExitsZero() {
        let run = CLI.run([
            "verify", manifest("capabilities-root-array.plist"), "--from", snapshot,
            "--assume", "bluetooth.le=present", "--assume=audio.input=present",
        ])
        #expect(run.code == .ok)
        #expect(
            run.stdout.hasSuffix(
                "0 of 2 requirements unmet (assumed: audio.input=present, bluetooth.le=present) → exit 0\n"
            ))
    }

    @Test func verifiesARecordedUdevadmDump() {
        // The assumptions decide every requirement, so the verdict does not depend on the probers.
        let run = CLI.run([
            "verify", manifest("capabilities-root-array.plist"), "--from",
            CLI.fixture("udevadm/LENOVO_T430S.txt"),
            "--assume", "bluetooth.le=present", "--assume", "audio.input=absent", "--json",
        ])
        #expect(run.code == .unmet)
        #expect(run.stdout.contains("\"kind\" : \"udevadm\""))
    }

    @Test func unknownRequirementExitsTwoUnlessUnknownAsDecides() {
        let base = ["verify", manifest("capabilities-root-array.plist"), "--from", snapshot]
        #expect(CLI.run(base).code == .undecided)
        #expect(CLI.run(base + ["--unknown-as", "fail"]).code == .unmet)
        #expect(CLI.run(base + ["--unknown-as", "pass"]).code == .ok)
    }

    @Test func liveMachineIsTheDefaultSource() {
        let run = CLI.run([
            "verify", manifest("capabilities-root-array.plist"), "--assume", "bluetooth.le=absent",
        ])
        #expect(run.code == .unmet)
    }

    @Test func strictFailsNotApplicableKeys() {
        let args = [
            "verify", manifest("Info-array.plist"), "--from", snapshot, "--assume",
            "cpu.arch.arm64=present",
            "--assume", "camera.any=present", "--assume", "net.wifi=present",
        ]
        let relaxed = CLI.run(args)
        #expect(relaxed.code == .ok)
        #expect(relaxed.stdout.contains("– metal "))
        let strict = CLI.run(args + ["--strict"])
        #expect(strict.code == .unmet)
        #expect(strict.stdout.hasPrefix("✘ metal "))
    }

    @Test func jsonOutputIsTheStableReport() throws {
        let run = CLI.run([
            "verify", manifest("Info-dict.plist"), "--from", snapshot, "--json", "--assume",
            "net.wifi=present",
        ])
        #expect(run.code == .undecided)
        let report = try JSONDecoder().decode(VerificationReport.self, from: Data(run.stdout.utf8))
        #expect(report.verdict == .undecided)
        #expect(report.manifest.kind == .plist)
        #expect(report.requirements.map(\.key) == ["gyroscope", "telephony", "wifi"])
        #expect(report.requirements.last?.assumed == true)
        #expect(report.assumptions == ["net.wifi": .present])
        #expect(
            run.stdout
                == CLI.run([
                    "verify", manifest("Info-dict.plist"), "--from", snapshot, "--json", "--assume",
                    "net.wifi=present",
                ]).stdout)
    }

    @Test func junitFileHasOneTestCasePerRequirement() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "capcheck-junit-\(UUID()).xml")
        defer { try? FileManager.default.removeItem(at: file) }
        let run = CLI.run([
            "verify", manifest("Info-dict.plist"), "--from", snapshot, "--junit", file.path,
            "--assume", "sensor.gyroscope=absent",
        ])
        #expect(run.code == .unmet)
        let xml = try String(contentsOf: file, encoding: .utf8)
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 3)
        #expect(xml.contains("<property name=\"assumed sensor.gyroscope\" value=\"absent\"/>"))
    }

    @Test func githubAnnotationsPrecedeTheReport() {
        let run = CLI.run([
            "verify", manifest("Info-dict.plist"), "--from", snapshot, "--github",
            "--assume", "sensor.gyroscope=absent",
        ])
        #expect(run.stdout.hasPrefix("::error file="))
        #expect(
            run.stdout.contains(
                "title=capcheck%3A gyroscope unsatisfied::gyroscope: assumed absent (--assume)"))
    }

    @Test func githubReportsUnmetAsErrorsAndUndecidedAsWarnings() {
        let run = CLI.run(
            [
                "verify", "-", "--from", CLI.fixture("udevadm/LENOVO_T430S.txt"), "--github",
            ],
            stdin: #"{"version": 1, "require": ["sensor.gyroscope", "camera.front", "net.wifi"]}"#)
        #expect(run.code == .unmet)
        let annotations = run.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }
        #expect(annotations.count == 2, "\(annotations)")
        #expect(
            annotations.contains {
                $0.hasPrefix("::error ") && $0.contains("sensor.gyroscope unsatisfied")
            })
        #expect(
            annotations.contains {
                $0.hasPrefix("::warning ") && $0.contains("camera.front unknown")
            })
    }

    @Test func noImpliedDropsAndroidDefaults() {
        let args = [
            "verify", manifest("AndroidManifest-no-touch.xml"), "--from", snapshot,
            "--assume", "bluetooth.le=present",
        ]
        #expect(CLI.run(args).code == .undecided)
        let run = CLI.run(args + ["--no-implied"])
        #expect(run.code == .ok)
        #expect(!run.stdout.contains("faketouch"))
    }

    @Test func kindOverridesDetection() {
        let run = CLI.run([
            "verify", manifest("manifest.json"), "--kind", "plist", "--from", snapshot,
        ])
        #expect(run.code == .dataError)
        #expect(run.stderr.hasPrefix("capcheck: error: \(manifest("manifest.json")): "))
    }

    @Test func manifestFromStandardInput() {
        let run = CLI.run(
            ["verify", "-", "--from", snapshot, "--assume", "nfc=present"],
            stdin: #"{"version": 1, "require": ["nfc"]}"#)
        #expect(run.code == .ok)
    }

    @Test func missingManifestExits66() {
        let run = CLI.run(["verify", "/nonexistent/Info.plist", "--from", snapshot])
        #expect(run.code == .noInput)
        #expect(run.stderr == "capcheck: error: /nonexistent/Info.plist: no such file\n")
    }

    @Test(arguments: [
        (["verify"], "capcheck: error: missing MANIFEST"),
        (["verify", "a", "b"], "capcheck: error: unexpected argument 'b'"),
        (
            ["verify", "a", "--kind", "yaml"],
            "capcheck: error: --kind must be plist, android, json or appstream, not 'yaml'"
        ),
        (
            ["verify", "a", "--unknown-as", "maybe"],
            "capcheck: error: --unknown-as must be fail or pass, not 'maybe'"
        ),
        (
            ["verify", "a", "--assume", "wifi"],
            "capcheck: error: --assume takes ID=present or ID=absent, not 'wifi'"
        ),
        (
            ["verify", "a", "--assume", "net.wfi=present"],
            "capcheck: error: --assume: unknown capability 'net.wfi' (did you mean net.wifi?)"
        ),
        (
            ["verify", "a", "--json", "--github"],
            "capcheck: error: --json and --github cannot be combined"
        ),
        (["lint"], "capcheck: error: missing MANIFEST"),
        (["lint", "a", "--junit", "x"], "capcheck: error: unknown option '--junit'"),
    ])
    func usageErrorsExit64(arguments: [String], message: String) {
        let run = CLI.run(arguments)
        #expect(run.code == .usage)
        #expect(run.stderr.split(separator: "\n").first.map(String.init) == message)
    }

    @Test func commandsAreRegisteredWithHelp() {
        #expect(CLI.run(["help", "verify"]).stdout.contains("--unknown-as POLICY"))
        #expect(CLI.run(["--help"]).stdout.contains("lint"))
    }
}

@Suite struct LintCommandTests {
    func manifest(_ name: String) -> String { CLI.fixture("manifests/\(name)") }

    /// The broken corpus: each file has one defect, and lint and verify name it and exit 65.
    @Test(arguments: [
        ("manifest-wrong-type.json", "require[2]: expected a string"),
        ("manifest-unknown-key.json", "unknown key 'requires' (did you mean require?)"),
        (
            "manifest-unknown-capability.json",
            "require[1]: unknown key 'camera.fornt' (did you mean camera.front?)"
        ),
        (
            "manifest-bad-predicate.json",
            "require[1]: bad predicate 'memory.total >= lots': expected a size such as 3GiB"
        ),
        ("manifest-unknown-version.json", "version: unsupported version 2 (this capcheck reads 1)"),
        (
            "manifest-truncated.json",
            "line 4, column 1: not valid JSON: unexpected end of file"
        ),
        ("plist-truncated.xml", "not a valid XML property list: encountered unexpected EOF"),
        ("plist-binary-garbage.plist", "not a valid binary property list (file too short)"),
        (
            "plist-openstep.plist",
            "OpenStep text property lists are not accepted; use XML or binary"
        ),
        (
            "plist-wrong-type.plist",
            "UIRequiredDeviceCapabilities.wifi: expected a Boolean (true = required, false = forbidden)"
        ),
        (
            "plist-integer-not-boolean.plist",
            "UIRequiredDeviceCapabilities.gps: expected a Boolean (true = required, false = forbidden)"
        ),
        (
            "plist-unknown-key.plist",
            "UIRequiredDeviceCapabilities[1]: unknown key 'armv64' (did you mean arm64?)"
        ),
        ("android-truncated.xml", "line 4, column 60: the document ends early"),
        ("android-wrong-root.xml", "the root element is <manifests>, expected <manifest>"),
        ("android-external-entity.xml", "line 2: entity declarations are not accepted"),
        (
            // Decided on the decoded text: the UTF-16 declaration is refused like the UTF-8 one.
            "android-xxe-utf16.xml", "line 2: entity declarations are not accepted"
        ),
        ("android-mismatched-tag.xml", "line 5, column 16: mismatched closing tag"),
        (
            "unrecognized.txt",
            "not a property list, an AndroidManifest.xml, AppStream metainfo or catalog (XML or DEP-11 YAML) or a JSON manifest (use --kind to say which)"
        ),
    ])
    func brokenManifestsNameTheirDefectAndExit65(file: String, message: String) {
        let path = manifest(file)
        for arguments in [
            ["lint", path],
            ["verify", path, "--from", CLI.fixture("snapshots/partial-empty.json")],
        ] {
            let run = CLI.run(arguments)
            #expect(run.code == .dataError)
            #expect(run.stderr == "capcheck: error: \(path): \(message)\n")
            #expect(run.stdout.isEmpty)
        }
    }

    @Test func allowUnknownAcceptsTheTypo() {
        let run = CLI.run(["lint", manifest("plist-unknown-key.plist"), "--allow-unknown"])
        #expect(run.code == .ok)
        #expect(run.stdout.contains("armv64"))
        #expect(
            run.stdout.contains(
                "not applicable: unknown key, accepted by --allow-unknown (did you mean arm64?)"))
    }

    @Test func lintShowsImpliedRequirementsWithTheirReasons() {
        let run = CLI.run(["lint", manifest("AndroidManifest.xml")])
        #expect(run.code == .ok)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == "\(manifest("AndroidManifest.xml")) (android): 10 requirements, 2 implied, OK")
        #expect(
            lines.contains {
                $0.hasPrefix("  required*  android.hardware.camera ")
                    && $0.contains("[requested android.permission.CAMERA permission")
            })
        #expect(!lines.contains { $0.contains("android.hardware.faketouch") })
        #expect(
            lines.contains(
                "note: minSdkVersion 24 and targetSdkVersion 34 as read: aapt's target SDK is 34, the larger of the two"
            ))
    }

    @Test(arguments: [
        (
            "android-unknown-feature.xml",
            "warning: line 5: unknown feature 'android.hardware.camera.autofocs' (did you mean android.hardware.camera.autofocus?)"
        ),
        (
            "android-bad-required.xml",
            "warning: line 4: android:required must be true or false, not 'yes'; taken as true"
        ),
    ])
    func lintWarnsAboutOddAndroidLinesWithoutRejectingTheManifest(file: String, warning: String) {
        let run = CLI.run(["lint", manifest(file)])
        #expect(run.code == .ok)
        #expect(run.stdout.split(separator: "\n").map(String.init).contains(warning))
    }

    @Test(arguments: ["android-unknown-feature.xml", "android-bad-required.xml"])
    func lintStrictFailsAManifestWithWarnings(file: String) {
        let run = CLI.run(["lint", manifest(file), "--strict"])
        #expect(run.code == .dataError)
        #expect(run.stdout.split(separator: "\n").first?.hasSuffix(", 1 warning") == true)
        #expect(run.stderr == "capcheck: error: \(manifest(file)): 1 warning (--strict)\n")
    }

    @Test func lintStrictPassesAManifestWithoutWarnings() {
        let run = CLI.run(["lint", manifest("AndroidManifest.xml"), "--strict"])
        #expect(run.code == .ok)
        #expect(run.stdout == CLI.run(["lint", manifest("AndroidManifest.xml")]).stdout)
        #expect(run.stderr.isEmpty)
    }

    @Test func lintMissingFileExits66() {
        #expect(CLI.run(["lint", "/nonexistent/manifest.json"]).code == .noInput)
    }
}

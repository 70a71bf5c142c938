import CapabilityProbeTesting
import Foundation
import Testing

/// Every shell example in the README, run as written in a scratch folder (with the files it
/// names made there from fixtures), or marked as not runnable here with the reason. A new
/// example that is neither fails the test, so none is left untried.
@Suite struct ReadmeRecipeTests {
    /// How one example is tried.
    enum Plan {
        /// Run in a scratch folder after `setup` (shell) made the files it names; each
        /// command must end with an exit code of a verdict (0, 1 or 2), not a usage or input
        /// error.
        case run(setup: String)
        /// Not run here, and why.
        case notRunnable(String)
    }

    /// The examples, by their first line.
    static let plans: [String: Plan] = [
        "S=$([ \"$(id -u)\" = 0 ] || echo sudo); $S apt-get update && $S apt-get install -y --no-install-recommends libudev-dev libpci-dev libzip-dev zlib1g-dev libyaml-dev libsystemd-dev pkg-config udev && swift run capcheck list":
            .notRunnable(
                "installs packages; ReadmeTests runs it as root and through sudo, and .ci/run runs it"
            ),
        "Scripts/test": .notRunnable("the test command itself; .ci/run runs it"),
        "swift build -c release --static-swift-stdlib":
            .notRunnable(
                "a release build takes minutes; Scripts/make-deb.sh and test-deb.sh install the same files in CI"
            ),
        "Scripts/make-deb.sh && $S apt-get install -y ./dist/capcheck_*.deb":
            .notRunnable("builds the release .deb; .ci/run builds it and test-deb.sh installs it"),
        "capcheck verify app.apk": .run(setup: builtApps),
        "capcheck verify org.example.App.metainfo.xml":
            .run(
                setup:
                    "cp \"$FIXTURES/appstream/io.github.pwr_solaar.solaar.metainfo.xml\" org.example.App.metainfo.xml"
            ),
        "capcheck list --format prometheus > /var/lib/prometheus/node-exporter/capcheck.prom.$$ &&":
            .run(setup: "mkdir -p var/lib/prometheus/node-exporter"),
        "$S install -m 0644 contrib/systemd/capcheck-textfile.service contrib/systemd/capcheck-textfile.timer /etc/systemd/system/":
            .notRunnable(
                "needs systemd as PID 1; Scripts/test-contrib.sh checks the units with systemd-analyze verify"
            ),
        "ansible-playbook -i inventory contrib/ansible/collect-snapshots.yml":
            .run(
                setup:
                    "printf 'localhost ansible_connection=local ansible_python_interpreter=/usr/bin/python3 capcheck=%s\\n' \"$(command -v capcheck)\" > inventory; mkdir -p MyApp contrib/ansible; cp \"$FIXTURES/manifests/Info-dict.plist\" MyApp/Info.plist; cp \"$ROOT/contrib/ansible/collect-snapshots.yml\" contrib/ansible/"
            ),
        "capcheck matrix --builtin apple --manifest MyApp.ipa            # or an Info.plist":
            .run(
                setup: builtApps
                    + "\nmv Payload.ipa MyApp.ipa; mv app-release.aab app.aab; cp \"$FIXTURES/play-console/export-current.csv\" play-devices.csv; mkdir -p old new; cp \"$FIXTURES/catalogs/iphone-ios16.plist\" old/Info.plist; cp \"$FIXTURES/catalogs/iphone-ios17.plist\" new/Info.plist"
            ),
        "capcheck verify app.apk --from adb:                  # the one Android device adb lists":
            .run(setup: builtApps + "\n" + phones),
    ]

    /// Stand-ins for adb, idevice_id and ideviceinfo (Fixtures/phones) on PATH, replaying the
    /// fixture captures, for "A phone on the desk".
    static let phones = """
        mkdir -p phonebin
        ln -s "$FIXTURES/phones/fake-adb.sh" phonebin/adb
        ln -s "$FIXTURES/phones/fake-ideviceinfo.sh" phonebin/ideviceinfo
        ln -s "$FIXTURES/phones/fake-ideviceinfo.sh" phonebin/idevice_id
        export PATH="$PWD/phonebin:$PATH" FAKE_ADB_SERIAL=R58M12ABCDE
        export FAKE_ADB_CAPTURE="$FIXTURES/phones/phone-sdk34.capture"
        export FAKE_IOS_CAPTURE="$FIXTURES/phones/iphone14pro-ios16.capture"
        mkdir -p captures
        cp "$FIXTURES/phones/phone-sdk34.capture" "$FIXTURES/phones/tablet-sdk29.capture" captures/
        cp Payload.ipa MyApp.ipa
        """

    /// An APK (aapt), an AAB (aapt2's protobuf manifest at `base/manifest/`) and an IPA made
    /// from the fixture manifests.
    static let builtApps = """
        aapt package -f -M "$FIXTURES/manifests/AndroidManifest.xml" -I /usr/share/android-framework-res/framework-res.apk -F app.apk >/dev/null
        aapt2 link --proto-format -o proto.apk --manifest "$FIXTURES/manifests/AndroidManifest.xml" -I /usr/share/android-framework-res/framework-res.apk >/dev/null
        python3 - "$FIXTURES/manifests/Info-dict.plist" <<'PY'
        import sys, zipfile
        with zipfile.ZipFile("proto.apk") as apk, zipfile.ZipFile("app-release.aab", "w") as aab:
            aab.writestr("base/manifest/AndroidManifest.xml", apk.read("AndroidManifest.xml"))
        with zipfile.ZipFile("Payload.ipa", "w") as ipa:
            ipa.write(sys.argv[1], "Payload/Demo.app/Info.plist")
        PY
        """

    /// The README's ```sh blocks, in order.
    static func examples() throws -> [String] {
        let text = try String(
            contentsOf: ProgramRun.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```sh" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append((current ?? []).joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    static var toolsPresent: Bool {
        ["/usr/bin/aapt", "/usr/bin/aapt2", "/usr/bin/ansible-playbook", "/usr/bin/python3"]
            .allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test func everyExampleIsRunOrSaysWhyNot() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 10)
        for example in examples {
            let first = String(example.split(separator: "\n").first ?? "")
            #expect(Self.plans[first] != nil, "README example without a plan: \(first)")
        }
    }

    @Test(.enabled(if: toolsPresent, "needs aapt, aapt2, ansible-playbook and python3"))
    func runnableExamplesWorkAsWritten() throws {
        for example in try Self.examples() {
            let first = String(example.split(separator: "\n").first ?? "")
            guard case .run(let setup) = Self.plans[first] else { continue }
            let scratch = try ProgramRun.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: scratch) }
            let bin = scratch.appendingPathComponent("bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            _ = try ProgramRun.capcheckScript(in: bin)
            // Absolute paths of the example are taken inside the scratch folder.
            let commands = example.replacingOccurrences(of: " /var/lib/", with: " var/lib/")
            // Each line's status is kept: a verdict (0, 1, 2) is fine, anything else is not.
            let checked = commands.split(separator: "\n").map(String.init).reduce(into: [String]())
            {
                lines, line in
                if let last = lines.last, last.hasSuffix("&&") || last.hasSuffix("\\") {
                    lines[lines.count - 1] += "\n" + line
                } else {
                    lines.append(line)
                }
            }.map { line in
                "{ \(line)\n} ; status=$? ; [ $status -le 2 ] || { echo \"exit $status: \(line.prefix(60).filter { $0 != "\"" && $0 != "$" && $0 != "`" })\" >&2; exit 99; }"
            }.joined(separator: "\n")
            let script = "set -u\n\(setup)\n\(checked)\n"
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            environment["FIXTURES"] = ProgramRun.packageRoot.appendingPathComponent("Fixtures").path
            environment["ROOT"] = ProgramRun.packageRoot.path
            environment["PWD"] = scratch.path
            environment["HOME"] = scratch.path
            environment["ANSIBLE_LOCAL_TEMP"] = scratch.appendingPathComponent(".ansible").path
            let run = try ProgramRun.run(
                "/bin/sh", ["-c", script], environment: environment, directory: scratch)
            #expect(run.status == 0, "\(first)\n\(run.stdout)\(run.stderr)")
        }
    }
}

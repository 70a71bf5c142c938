import CapabilityProbe
import Testing

@testable import capcheck

/// The library names options in its own words; `verify` passes its flags, so every reason,
/// error and summary that points at an option names the flag the user types.
@Suite struct VerifyOptionWordingTests {
    let snapshot = CLI.fixture("snapshots/partial-empty.json")

    func line(_ run: CLI.Result, key: String) -> String? {
        run.stdout.split(separator: "\n").map(String.init).first { $0.contains(" \(key) ") }
    }

    @Test func notApplicableKeysPointAtTheStrictFlag() {
        let manifest = CLI.fixture("manifests/Info-array.plist")
        let relaxed = CLI.run(["verify", manifest, "--from", snapshot])
        #expect(line(relaxed, key: "metal")?.hasSuffix("(use --strict to fail)") == true)
        let strict = CLI.run(["verify", manifest, "--from", snapshot, "--strict"])
        #expect(line(strict, key: "metal")?.hasSuffix("(--strict)") == true)
    }

    @Test func unknownAsNamesItsFlagInTheSummary() {
        let json = #"{"version": 1, "require": ["net.wifi"]}"#
        let fail = CLI.run(
            ["verify", "-", "--from", snapshot, "--unknown-as", "fail"], stdin: json)
        #expect(fail.code == .unmet)
        #expect(
            fail.stdout.hasSuffix(
                "0 of 1 requirement unmet, 1 unknown (counted as unmet: --unknown-as fail) → exit 1\n"
            ))
        let pass = CLI.run(
            ["verify", "-", "--from", snapshot, "--unknown-as", "pass"], stdin: json)
        #expect(pass.code == .ok)
        #expect(
            pass.stdout.hasSuffix(
                "0 of 1 requirement unmet, 1 unknown (counted as met: --unknown-as pass) → exit 0\n"
            ))
    }

    @Test func anAssumedPredicateNamesTheAssumeFlag() {
        let json = #"{"version": 1, "require": ["memory.total >= 1GiB"]}"#
        let run = CLI.run(
            ["verify", "-", "--from", snapshot, "--assume", "memory.total=present", "--json"],
            stdin: json)
        #expect(run.stdout.contains(#""reason" : "assumed present (--assume); "#))
        #expect(run.stdout.contains(#""device" : "assumption""#))
    }
}

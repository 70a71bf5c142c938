import CapabilityProbe
import Foundation
import Testing

@testable import capcheck

/// `list --redact` and `report` (by default) share no serials, addresses or host names.
@Suite struct RedactCommandTests {
    let dump = CLI.fixture("udevadm/LENOVO_T420.txt")

    @Test func listRedactReplacesSerialsAndKeepsVerdicts() {
        let plain = CLI.run(["list", "--from", dump, "--json"])
        let redacted = CLI.run(["list", "--from", dump, "--json", "--redact"])
        #expect(redacted.code == .ok)
        #expect(plain.stdout.contains("UPEK_Biometric_Coprocessor"))
        #expect(!redacted.stdout.contains("UPEK_Biometric_Coprocessor"))
        #expect(redacted.stdout.contains(#""ID_SERIAL" : "[REMOVED]""#))
        #expect(
            redacted.stdout.contains(
                "redacted: serial numbers, addresses, UUIDs and host name removed"))
        let table = CLI.run(["list", "--from", dump, "--redact"])
        #expect(
            table.stdout.components(separatedBy: "\n").dropFirst().first
                == CLI.run(["list", "--from", dump]).stdout.components(separatedBy: "\n")
                .dropFirst().first)
    }

    struct HostOnly: DeviceSource {
        func inventory() throws(SourceError) -> DeviceInventory {
            DeviceInventory(
                source: SourceInfo(
                    kind: .live, udevDatabase: false, attributes: true, complete: true),
                machine: MachineIdentity(hostname: "alice-laptop"), devices: [])
        }
    }

    /// A live machine without DMI names its column by host name only when asked to.
    @Test func reportRedactsTheHostNameUnlessTold() {
        let redacted = CLI.run(["report", "--format", "csv"], live: HostOnly())
        let kept = CLI.run(["report", "--format", "csv", "--no-redact"], live: HostOnly())
        #expect(redacted.code == .ok)
        #expect(!redacted.stdout.contains("alice-laptop"))
        #expect(kept.stdout.contains("alice-laptop"))
    }
}

import CapabilityProbeTesting
import Foundation
import Testing

@testable import CapabilityLive

/// This machine's hwdb through libudev (``UdevHwdb``), against `systemd-hwdb query`.
@Suite struct UdevHwdbTests {
    /// Every search string the recorded devices give: `MODALIAS` properties and attributes,
    /// the `usb:v…p…` keys of USB devices and the `pci:v…*` keys libpci's fallback asks for.
    static func fixtureSearchStrings() throws -> [String] {
        var keys: Set<String> = []
        let folders = ["udevadm", "umockdev", "snapshots"]
        for folder in folders {
            let root = Fixtures.url(folder)
            guard let walker = FileManager.default.enumerator(atPath: root.path) else { continue }
            for case let name as String in walker {
                let url = root.appendingPathComponent(name)
                guard let data = try? Data(contentsOf: url), data.count < 64 << 20 else { continue }
                let text = String(decoding: data, as: UTF8.self)
                for line in text.split(whereSeparator: \.isNewline) {
                    for marker in ["MODALIAS=", "modalias=", "\"MODALIAS\": \"", "\"MODALIAS\":\""]
                    {
                        guard let range = line.range(of: marker) else { continue }
                        var value = String(line[range.upperBound...])
                        if marker.hasSuffix("\"") { value = String(value.prefix { $0 != "\"" }) }
                        keys.insert(value)
                    }
                    if let range = line.range(of: "PCI_ID=") {
                        let ids = line[range.upperBound...].split(separator: ":")
                        if ids.count == 2, let vendor = UInt32(ids[0], radix: 16),
                            let device = UInt32(ids[1], radix: 16)
                        {
                            keys.insert(String(format: "pci:v%08X*", vendor))
                            keys.insert(String(format: "pci:v%08Xd%08X*", vendor, device))
                        }
                    }
                    if let range = line.range(of: "E: PRODUCT=") {
                        let parts = line[range.upperBound...].split(separator: "/")
                            .compactMap { Int($0, radix: 16) }
                        if parts.count >= 2, parts[0] <= 0xFFFF, parts[1] <= 0xFFFF {
                            keys.insert(String(format: "usb:v%04Xp%04X", parts[0], parts[1]))
                        }
                    }
                }
            }
        }
        return keys.sorted()
    }

    /// Search strings no device gives: empty, globs in the subject, no match, very long,
    /// bytes past ASCII.
    static let oddSearchStrings = [
        "", "*", "?", "[", "pci:", "pci:v*", "usb:v*", "usb:", "acpi:", "dmi:*", "pci:v0000",
        String(repeating: "pci:v00008086", count: 300), "usb:v046DpC52B\u{E9}",
        "input:b0003v046DpC52Be0111-e0,1,2,4,k*", "nothing-matches-this",
    ]

    /// `systemd-hwdb query`'s answer from this machine's database.
    static func systemdAnswer(_ tool: String, _ key: String) throws -> [String: String] {
        let result = try ProgramRun.run(tool, ["query", key])
        var answer: [String: String] = [:]
        for line in result.stdout.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            answer[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return answer
    }

    @Test func answersAsSystemdHwdbForRecordedAndOddModaliases() throws {
        guard let tool = ProgramRun.which("systemd-hwdb"), let context = try? UdevContext(),
            let hwdb = try? UdevHwdb(context: context)
        else { return }  // no hwdb.bin or no systemd-hwdb on this machine: nothing to compare
        let recorded = try Self.fixtureSearchStrings()
        #expect(recorded.count > 500)
        // Every 10th recorded key (one process each), and the odd ones.
        let keys =
            stride(from: 0, to: recorded.count, by: 10).map { recorded[$0] }
            + Self.oddSearchStrings
        var named = 0
        for key in keys {
            let expected = try Self.systemdAnswer(tool, key)
            #expect(hwdb.properties(modalias: key) == expected, "\(key)")
            if expected["ID_VENDOR_FROM_DATABASE"] != nil { named += 1 }
        }
        // The comparison is about something: most recorded devices have a name there.
        #expect(named > keys.count / 4)
    }

    @Test func aRepeatedLookUpGivesTheFirstAnswer() throws {
        guard let context = try? UdevContext(), let hwdb = try? UdevHwdb(context: context) else {
            return
        }
        let first = hwdb.properties(modalias: "usb:v1D6Bp0002")
        #expect(first["ID_VENDOR_FROM_DATABASE"] == "Linux Foundation")
        #expect(hwdb.properties(modalias: "usb:v1D6Bp0002") == first)
        #expect(hwdb.properties(modalias: "nothing-matches-this").isEmpty)
    }
}

import CapabilityProbeTesting
import Foundation
import Testing

@testable import CapabilityLive

/// Our hwdb.bin reader (``HwdbFile``) against the two readers systemd ships: libudev's
/// `udev_hwdb` on this machine's database, `systemd-hwdb query` on hand-written ones.
@Suite final class HwdbFileTests {
    /// The folders a test made, removed when it is done.
    private var made: [URL] = []

    deinit {
        for url in made { try? FileManager.default.removeItem(at: url) }
    }

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
    /// bytes past ASCII, a NUL inside.
    static let oddSearchStrings = [
        "", "*", "?", "[", "pci:", "pci:v*", "usb:v*", "usb:", "acpi:", "dmi:*", "pci:v0000",
        String(repeating: "pci:v00008086", count: 300), "usb:v046DpC52B\u{E9}", "pci:v00008086\0d",
        "input:b0003v046DpC52Be0111-e0,1,2,4,k*", "nothing-matches-this",
    ]

    @Test func answersAsLibudevForEveryRecordedModalias() throws {
        guard let file = HwdbFile.system(), let context = try? UdevContext(),
            let libudev = try? UdevHwdb(libudev: context)
        else { return }  // no hwdb.bin on this machine: nothing to compare with
        let keys = try Self.fixtureSearchStrings() + Self.oddSearchStrings
        #expect(keys.count > 500)
        var named = 0
        for key in keys {
            let ours = file.properties(modalias: key)
            let theirs = libudev.properties(modalias: key)
            #expect(ours == theirs, "\(key)")
            if ours["ID_VENDOR_FROM_DATABASE"] != nil { named += 1 }
        }
        // The comparison is about something: most recorded devices have a name there.
        #expect(named > keys.count / 4)
    }

    @Test func systemHwdbIsTheFileLibudevReads() throws {
        guard let file = HwdbFile.system() else { return }
        let first = HwdbFile.searchPaths.first { FileManager.default.fileExists(atPath: $0) }
        #expect(file.path == first)
    }

    /// Two hwdb.d folders written under a root, compiled with `systemd-hwdb update --root`;
    /// nil when systemd-hwdb is not installed.
    func compiled(_ files: [String: String]) throws -> (root: URL, file: HwdbFile)? {
        guard let tool = ProgramRun.which("systemd-hwdb") else { return nil }
        let root = try ProgramRun.temporaryDirectory()
        made.append(root)
        for (relative, text) in files {
            let url = root.appendingPathComponent(relative)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let update = try ProgramRun.run(tool, ["--root=\(root.path)", "update"])
        try #require(update.status == 0, "\(update.stderr)")
        let path = root.appendingPathComponent("etc/udev/hwdb.bin").path
        return (root, try #require(HwdbFile(path: path)))
    }

    /// `systemd-hwdb query`'s answer for a root's database.
    func systemdAnswer(_ root: URL, _ key: String) throws -> [String: String] {
        let tool = try #require(ProgramRun.which("systemd-hwdb"))
        let result = try ProgramRun.run(tool, ["--root=\(root.path)", "query", key])
        var answer: [String: String] = [:]
        for line in result.stdout.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            answer[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return answer
    }

    /// Globs of every kind, inside the trie's shared prefixes and at their ends, one name
    /// matched by several patterns, and a file of higher priority overriding a lower one.
    static let handWritten = [
        "lib/udev/hwdb.d/20-low.hwdb": """
        pci:v00001234*
         ID_VENDOR_FROM_DATABASE=Low Vendor
         ID_LOW=1

        pci:v00001234d0000ABCD*
         ID_MODEL_FROM_DATABASE=Low Model

        pci:v*d*sv*sd*bc03sc00*
         ID_PCI_CLASS_FROM_DATABASE=Display controller
         ID_PCI_SUBCLASS_FROM_DATABASE=VGA compatible controller

        pci:v*d*sv*sd*bc03*
         ID_PCI_CLASS_FROM_DATABASE=Display controller (wide)

        pci:v0000ABC?d*
         ID_QUESTION=one byte

        usb:v[Aa]BCDp*
         ID_BRACKET=class

        usb:v[!0-9]000p*
         ID_NEGATED=not a digit

        usb:v1[]x]00p*
         ID_CLOSING=bracket first

        usb:v2\\*00p*
         ID_ESCAPED=star

        usb:v3[ab
         ID_UNCLOSED=bracket

        acpi:*:*
         ID_ACPI_ANY=1

        acpi:PNP0C0A:*
         ID_ACPI_BATTERY=1

        of:N*T*Cfsl,imx*
         ID_OF=imx

        pci:v00001234*
         ID_ORDER_A=Low, found first

        pci:v00005678d*
         ID_ORDER_B=Low, found last

        pci:v00009999d*
         ID_LINE=earlier line, found last

        pci:v00009999*
         ID_LINE=later line, found first

        """,
        "etc/udev/hwdb.d/90-high.hwdb": """
        pci:v00001234*
         ID_VENDOR_FROM_DATABASE=High Vendor

        pci:v*d*sv*sd*bc03sc00i00*
         ID_PCI_INTERFACE_FROM_DATABASE=VGA controller

        pci:v00001234d*
         ID_ORDER_A=High, found last

        pci:v00005678*
         ID_ORDER_B=High, found first

        """,
    ]

    static let handWrittenSearches = [
        "pci:v00001234d0000ABCDsv00000000sd00000000bc03sc00i00",
        "pci:v00001234d00000001sv00000000sd00000000bc02sc00i00",
        "pci:v00008086d00001234sv00000000sd00000000bc03sc00i00",
        "pci:v00008086d00001234sv00000000sd00000000bc03sc80i00",
        "pci:v0000ABC1d00000001", "pci:v0000ABC12d0", "pci:v00001234*", "pci:v00001234d0000ABCD*",
        "usb:vABCDp0001", "usb:vaBCDp0001", "usb:vBBCDp0001", "usb:vX000p1", "usb:v1000p1",
        "usb:v1]00p1", "usb:v1x00p1", "usb:v2*00p1", "usb:v2X00p1", "usb:v3[ab", "usb:v3a",
        "acpi:PNP0C0A:", "acpi:PNP0C0A:x", "acpi:INT0800:", "acpi:", "of:NcpuTcpuCfsl,imx8mq",
        "of:NcpuTcpuCarm", "", "*", "pci:", "pci:v00005678d00000001", "pci:v00009999d00000001",
    ]

    @Test func answersAsSystemdHwdbForHandWrittenPatterns() throws {
        guard let (root, file) = try compiled(Self.handWritten) else { return }
        var matched = 0
        for key in Self.handWrittenSearches {
            let expected = try systemdAnswer(root, key)
            #expect(file.properties(modalias: key) == expected, "\(key)")
            if !expected.isEmpty { matched += 1 }
        }
        #expect(matched > Self.handWrittenSearches.count / 2)
        // The higher file wins whichever pattern is found first; in one file, the later line.
        #expect(
            file.properties(modalias: "pci:v00001234d00000001")["ID_ORDER_A"] == "High, found last")
        #expect(
            file.properties(modalias: "pci:v00005678d00000001")["ID_ORDER_B"] == "High, found first"
        )
        #expect(
            file.properties(modalias: "pci:v00009999d00000001")["ID_LINE"]
                == "later line, found first")
    }

    @Test func refusesFilesThatAreNotAHwdb() throws {
        let root = try ProgramRun.temporaryDirectory()
        made.append(root)
        let empty = root.appendingPathComponent("empty.bin")
        try Data().write(to: empty)
        #expect(HwdbFile(path: empty.path) == nil)
        let text = root.appendingPathComponent("text.bin")
        try Data(String(repeating: "not a hwdb ", count: 20).utf8).write(to: text)
        #expect(HwdbFile(path: text.path) == nil)
        #expect(HwdbFile(path: root.appendingPathComponent("missing.bin").path) == nil)
        #expect(HwdbFile(path: root.path) == nil)
        guard let (_, file) = try compiled(Self.handWritten) else { return }
        // The header's size no longer matches the file's.
        let cut = root.appendingPathComponent("cut.bin")
        try Data(try Data(contentsOf: URL(fileURLWithPath: file.path)).dropLast(7)).write(to: cut)
        #expect(HwdbFile(path: cut.path) == nil)
    }

    @Test func aDamagedDatabaseGivesAnswersNeverACrashOrALoop() throws {
        guard let (root, file) = try compiled(Self.handWritten) else { return }
        let original = try Data(contentsOf: URL(fileURLWithPath: file.path))
        var random = SystemRandomNumberGenerator()
        var seed = UInt64.random(in: 1...UInt64.max, using: &random)
        func next() -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed >> 11
        }
        let damaged = root.appendingPathComponent("damaged.bin")
        var opened = 0
        for _ in 0..<300 {
            var bytes = [UInt8](original)
            // Past the header (its sizes are checked): offsets, counts and bytes of nodes.
            for _ in 0..<6 {
                let at = 80 + Int(next() % UInt64(bytes.count - 80))
                bytes[at] = UInt8(truncatingIfNeeded: next())
            }
            // And now and then a child pointing back at the root: a cycle.
            if next() % 4 == 0 {
                let at = 88 + Int(next() % UInt64(bytes.count - 96))
                // The header's root offset, written over eight bytes of a node.
                for index in 0..<8 { bytes[at + index] = original[56 + index] }
            }
            try Data(bytes).write(to: damaged)
            guard let file = HwdbFile(path: damaged.path) else { continue }
            opened += 1
            for key in Self.handWrittenSearches { _ = file.properties(modalias: key) }
        }
        #expect(opened > 200, "seed \(seed)")
    }
}

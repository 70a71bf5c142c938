import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityMatrix
@testable import CapabilityModel
@testable import CapabilityProbing
@testable import CapabilityRecordings
@testable import CapabilityRendering

/// The compact record model and the streaming reading path of issues 13 and 14: records share
/// their storage until changed, recordings are read record by record, the `list --json`
/// document streams out in pieces. Memory is asserted only through what can be counted.
@Suite struct CompactRecordTests {
    @Test func aChangedCopyLeavesTheOriginalAsItWas() {
        let original = Device(id: "/devices/a", properties: ["A": "1"], links: ["b", "a"])
        var copy = original
        copy.properties["B"] = "2"
        copy.links.append("c")
        copy.facts.unreadable["uevent"] = "permission denied"
        #expect(original.properties == ["A": "1"])
        #expect(original.links == ["a", "b"])
        #expect(original.facts.isEmpty)
        #expect(copy.properties == ["A": "1", "B": "2"])
        #expect(copy.facts.unreadable == ["uevent": "permission denied"])
        #expect(copy != original)
        copy.properties["B"] = nil
        copy.links.removeLast()
        copy.facts = KernelFacts()
        #expect(copy == original)
        #expect(copy.hashValue == original.hashValue)
    }

    @Test func aRecordDecodesAndEncodesAsAPlainStructDid() throws {
        let json =
            #"{"attributes":{},"binaryAttributes":{"edid":"AAE="},"facts":{},"id":"/d","#
            + #""links":[],"parentID":"/","properties":{"K":"v"},"subsystem":"drm"}"#
        let device = try JSONDecoder().decode(Device.self, from: Data(json.utf8))
        #expect(device.binaryAttributes == ["edid": Data([0, 1])])
        #expect(device.devtype == nil)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(String(decoding: try encoder.encode(device), as: UTF8.self) == json)
        // Every non-optional key is required, as the synthesized conformance required it.
        let noLinks = json.replacingOccurrences(of: #""links":[],"#, with: "")
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Device.self, from: Data(noLinks.utf8))
        }
    }

    @Test func aKeyGivenTwiceInARecordKeepsItsLastValueAsADictionaryDid() throws {
        let text = "P: /devices/a\nE: B=1\nE: A=x\nE: B=2\nE: C=\nE: B=3\nE: A=y\n"
        let devices = try UdevadmDumpSource(text: text, path: "a.txt").inventory().devices
        #expect(devices[0].properties == ["A": "y", "B": "3", "C": ""])
        #expect(devices[0].propertyList.pairs.map(\.key) == ["A", "B", "C"])
        #expect(devices[0].property("C") == nil)
        #expect(devices[0].propertyList["C"] == "")
    }

    @Test func propertiesAreFoundRemovedAndInsertedInKeyOrder() {
        var list = PropertyList(["M": "1", "A": "2", "Z": "3"])
        #expect(list["A"] == "2" && list["M"] == "1" && list["Z"] == "3" && list["Q"] == nil)
        list["Q"] = "4"
        list["A"] = nil
        list["Z"] = "5"
        list["B"] = nil
        #expect(list.pairs.map(\.key) == ["M", "Q", "Z"])
        #expect(list.dictionary == ["M": "1", "Q": "4", "Z": "5"])
        // Sorted input is kept as it is; a thousand shuffled keys end up sorted and unique.
        let keys = (0..<1000).map { "K\($0)" }
        let collected = (keys + keys).shuffled().map { PropertyList.Pair(key: $0, value: $0) }
        let many = PropertyList(collecting: collected)
        #expect(many.pairs.map(\.key) == keys.sorted())
        #expect(keys.allSatisfy { many[$0] == $0 })
    }

    /// Keys that share prefixes, differ in length, are longer than a small string or not
    /// ASCII: each found with its value, and a key not there (a prefix, an extension) not.
    @Test func aPropertyIsFoundAsADictionaryFindsIt() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["ID_", "MODEL", "_FROM_DATABASE", "\u{00E9}", "e\u{0301}", "A", "", "0"]
        // Keys are bytes (as for udev), so the reference is keyed by bytes too: Swift's own
        // String equality would make "é" and "e\u{0301}" one key.
        var byBytes: [[UInt8]: String] = [:]
        while byBytes.count < 300 {
            let key = (0..<Int.random(in: 1...5, using: &generator)).map { _ in
                pieces.randomElement(using: &generator) ?? ""
            }.joined()
            byBytes[Array(key.utf8)] = key
        }
        let keys = Array(byBytes.values)
        let list = PropertyList(
            collecting: keys.map { PropertyList.Pair(key: $0, value: "v" + $0) })
        for key in keys {
            #expect(list[key] == "v" + key)
            for other in [key + "X", String(key.utf8.dropLast()) ?? "", "_" + key] {
                let expected = byBytes[Array(other.utf8)].map { "v" + $0 }
                #expect(list[other] == expected, "\(other)")
            }
        }
    }

    /// The pairs under a prefix are the ones filtering every pair finds, in the same order.
    @Test func pairsWithAPrefixAreTheOnesFilteringFinds() {
        let keys = [
            "ID_MM_PORT_TYPE_AT_PRIMARY", "ID_MM_PORT_TYPE_QMI", "ID_MM_PORT_TYPE", "ID_MM",
            "ID_MM_PORT_TYPE_\u{00E9}", "ID_MODEL", "A", "ID_MM_PORT_TYPE_", "ID_MN", "Z",
        ]
        let list = PropertyList(
            collecting: keys.map { PropertyList.Pair(key: $0, value: "1") })
        for prefix in [
            "ID_MM_PORT_TYPE_", "ID_MM", "ID_", "", "Z", "ZZ", "ID_MM_PORT_TYPE_\u{00E9}",
        ] {
            let expected = list.pairs.filter { $0.key.utf8.starts(with: prefix.utf8) }.map(\.key)
            #expect(list.pairs(withPrefix: prefix).map(\.key) == expected, "\(prefix)")
        }
    }

    /// Every byte value is a known line kind exactly when the format's letters hold it.
    @Test(arguments: ["PMRJUTDINLSQBVEG", "PNSEAHL", "\u{00E9}?~\u{7F}A"])
    func aLineKindIsKnownExactlyWhenItsLetterIsListed(letters: String) {
        let kinds = RecordKinds(letters)
        let listed = Set(letters.utf8)
        for byte in UInt8.min...UInt8.max {
            #expect(kinds.contains(byte) == listed.contains(byte), "\(byte)")
        }
    }

    /// The last non-empty path component, as splitting the id gives it.
    @Test(arguments: [
        "/devices/pci0000:00/0000:00:02.0", "/devices/virtual/net/lo/", "video0", "/",
        "", "//", "/devices/caf\u{00E9}/n\u{00FC}m\u{00E9}ro-\u{00E9}t\u{00E9}-long-0",
    ])
    func sysnameIsTheLastComponentOfTheID(id: String) {
        let device = Device(id: id, subsystem: nil)
        let expected = id.split(separator: "/").last.map(String.init) ?? id
        #expect(device.sysname == expected)
    }

    @Test func propertiesWithNonASCIIKeysAreWrittenInUTF8ByteOrder() throws {
        let list = PropertyList(["\u{00E9}": "1", "Z": "2", "f": "3"])
        #expect(list.pairs.map(\.key) == ["Z", "f", "\u{00E9}"])
        // The encoder's sorted keys are in the same order.
        let json = try JSONOutput.string(Device(id: "/d", properties: list.dictionary))
        #expect(json.contains("\"Z\" : \"2\",\n    \"f\" : \"3\",\n    \"\u{00E9}\" : \"1\""))
        // Keys are bytes, as for udev: "é" precomposed and decomposed are two properties.
        let text = "P: /devices/a\nE: \u{00E9}=1\nE: e\u{0301}=2\nE: \u{00E9}=3\n"
        let device = try UdevadmDumpSource(text: text, path: "a.txt").inventory().devices[0]
        #expect(device.propertyList.pairs.map(\.value) == ["2", "3"])
    }

    @Test func longKeysAreStoredOnceForTheWholeDump() throws {
        let text = (0..<3).map { "P: /devices/d\($0)\nE: USEC_INITIALIZED=\($0)\n" }
            .joined(separator: "\n")
        let devices = try UdevadmDumpSource(text: text, path: "a.txt").inventory().devices
        let keys = devices.map { $0.propertyList.pairs[0].key }
        #expect(keys == Array(repeating: "USEC_INITIALIZED", count: 3))
        // One storage for all three: the strings' UTF-8 starts at the same address.
        var starts = Set<UInt>()
        for var key in keys {
            key.withUTF8 { _ = starts.insert(UInt(bitPattern: $0.baseAddress)) }
        }
        #expect(starts.count == 1)
    }

    @Test func anEqualsSignBroughtByAContinuationSplitsTheJoinedLine() throws {
        let text = "P: /devices/a\nE: HID\nUNIQ=1\n"
        let inventory = try UdevadmDumpSource(text: text, path: "a.txt").inventory()
        #expect(inventory.devices[0].properties == ["HID\nUNIQ": "1"])
    }

    @Test func aDumpIsHandedOnOneRecordAtATime() throws {
        let text = "P: /devices/a\nE: A=1\n\nP: /devices/a/b\nE: B=2\n\nP: /devices/c\n"
        var warnings = WarningLog()
        var largest = 0
        var firstLines: [String] = []
        let count = try RecordText.forEachRecord(
            .data(Data(text.utf8)), path: "a.txt", kinds: .udevadm, warnings: &warnings
        ) { record in
            largest = max(largest, record.count)
            firstLines.append(record[0].value)
        }
        #expect(count == 3)
        #expect(largest == 2)
        #expect(firstLines == ["/devices/a", "/devices/a/b", "/devices/c"])
        #expect(warnings.kept.isEmpty)
    }

    /// Pieces end inside records and inside a line longer than a piece; the odd lines (a byte
    /// order mark, CR LF, a continuation line, no final newline) are reported with the same
    /// lines as from memory.
    @Test(arguments: [true, false])
    func aFileReadInPiecesReadsAsTheWholeFile(endsWithNewline: Bool) throws {
        var text = "\u{FEFF}P: /devices/platform/a\r\nE: SUBSYSTEM=platform\r\n\r\n"
        for index in 0..<30_000 {
            text += "P: /devices/platform/a/d\(index)\nE: SUBSYSTEM=input\nE: N=\(index)\n\n"
        }
        text +=
            "P: /devices/long\nE: LONG="
            + String(repeating: "x", count: 5 * RecordBytes.pieceSize / 2)
        text += "\nnot a line\n\nP: /devices/last\nE: A=1"
        if endsWithNewline { text += "\n" }
        let data = Data(text.utf8)
        #expect(data.count > 3 * RecordBytes.pieceSize)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "capcheck-pieces-\(UUID()).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        try data.write(to: file)
        let fromFile = try RecordedSource.inventory(contentsOf: file.path)
        let fromMemory = try RecordedSource.inventory(data, path: file.path)
        #expect(fromFile == fromMemory)
        #expect(fromFile.devices.count == 30_003)
        #expect(
            fromFile.devices.first { $0.id == "/devices/long" }?.properties["LONG"]?.count
                == 5 * RecordBytes.pieceSize / 2 + "\nnot a line".count)
        #expect(fromFile.source.warnings.contains { $0.reason == "continuation of E: LONG" })
    }

    @Test func recordWarningsKeptAfterTheLineWarningsAsBefore() {
        var lines = WarningLog()
        for line in 1...(SourceWarning.keptLimit - 1) { lines.add(line: line, "line") }
        var records = WarningLog()
        records.add(line: 1, "record 1")
        records.add(line: 2, "record 2")
        lines.append(records)
        #expect(lines.kept.count == SourceWarning.keptLimit)
        #expect(lines.kept.last?.reason == "record 1")
        #expect(lines.omitted == 1)
    }

    @Test func parentsAreLinkedInPlaceToTheParentsOwnIDs() {
        var devices = [
            Device(id: "/devices/a"), Device(id: "/devices/a/b/c"),
            Device(id: "/devices/x", parentID: "/devices/a"),
        ]
        DeviceTree.linkParents(in: &devices)
        #expect(devices.map(\.parentID) == [nil, "/devices/a", "/devices/a"])
    }

    @Test func duplicateIDsKeepTheLastRecordInIDOrder() {
        let inventory = DeviceInventory(
            source: SourceInfo(
                kind: .udevadm, udevDatabase: true, attributes: false, complete: true),
            machine: MachineIdentity(),
            devices: [
                Device(id: "/b", driver: "first"), Device(id: "/a"),
                Device(id: "/b", driver: "last"),
            ])
        #expect(inventory.devices.map(\.id) == ["/a", "/b"])
        #expect(inventory.devices[1].driver == "last")
    }
}

import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityMatrix
@testable import CapabilityModel
@testable import CapabilityProbing
@testable import CapabilityRecordings
@testable import CapabilityRendering

/// Real recordings are messy: what is odd in one is tolerated and listed as a warning with its
/// line; only input that is no recording at all is rejected.
@Suite struct RecordToleranceTests {
    private func dump(_ data: Data) throws -> DeviceInventory {
        try RecordedSource.inventory(data, path: "d.txt")
    }

    private func dump(_ text: String) throws -> DeviceInventory { try dump(Data(text.utf8)) }

    private func device(_ inventory: DeviceInventory, _ id: String) throws -> Device {
        try #require(inventory.devices.first { $0.id == id })
    }

    // The three shapes found in real Checkbox dumps (CARA_T, DELL_IDRAC_2, VESTA_300, …):
    // udevadm prints a property value with an embedded newline as it is, so the next line has
    // no `E: ` prefix. Checkbox's parser appends such a line to the last property; we do too,
    // keeping the newline udevadm printed.
    @Test(arguments: [
        ("HID_UNIQ", "MODALIAS=hid:b0003g0001v00000461p00004E22"),
        ("MEI_CL_NAME", "MODALIAS=mei::10c4f8f7-650b-4878-a5c5-740fd475769a:01:"),
        ("MMC_NAME", "MODALIAS=mmc:block"),
    ])
    func readsABareLineAsTheContinuationOfTheLastProperty(key: String, bare: String) throws {
        let inventory = try dump("P: /devices/x\nE: \(key)=\n\(bare)\nE: SUBSYSTEM=hid\n")
        let device = try device(inventory, "/devices/x")
        #expect(device.properties[key] == "\n" + bare)
        #expect(device.subsystem == "hid")
        #expect(
            inventory.source.warnings.map(\.description) == ["line 3: continuation of E: \(key)"])
        #expect(inventory.source.warnings.first?.line == 3)
    }

    // Real Checkbox dumps the reader before issue 9 rejected with exit 65, and two that end
    // without a newline: every odd line is counted, the first named.
    @Test(arguments: [
        ("udevadm/CARA_T.txt", 13, "line 1874: continuation of E: MEI_CL_NAME"),
        ("udevadm/VESTA_300.txt", 1, "line 1044: continuation of E: MMC_NAME"),
        ("udevadm/TOSHIBA_NVME.txt", 18, "line 2167: continuation of E: HID_UNIQ"),
        ("udevadm/INTEL_NUC_SNAPPY.txt", 4, "line 1406: continuation of E: HID_UNIQ"),
        ("udevadm/NVIDIA_DGX_STATION.txt", 7, "line 5677: continuation of E: HID_UNIQ"),
        (
            "udevadm/PANDABOARD.txt", 1,
            "line 4237: no newline at the end of the file (it may have been cut short)"
        ),
        (
            "udevadm/XILINX_KR260.txt", 1,
            "line 1171: no newline at the end of the file (it may have been cut short)"
        ),
    ])
    func countsTheOddLinesOfRealDumps(file: String, count: Int, first: String) throws {
        let source = try Fixtures.inventory(file).source
        #expect(source.warningCount == count)
        #expect(source.warnings.first?.description == first)
    }

    @Test func keepsTheEmbeddedModaliasInTheContinuedValue() throws {
        let inventory = try Fixtures.inventory("udevadm/VESTA_300.txt")
        let card = try device(
            inventory,
            "/devices/platform/soc/2100000.aips-bus/2190000.usdhc/mmc_host/mmc0/mmc0:0001")
        // Checkbox's parser joins the two lines without the newline: "MODALIAS=mmc:block".
        #expect(card.properties["MMC_NAME"] == "\nMODALIAS=mmc:block")
        #expect(card.properties["MMC_TYPE"] == "SDIO")
        #expect(card.subsystem == "mmc")
    }

    @Test func readsCRLFLineEndsAndSaysSoOnce() throws {
        let inventory = try dump("P: /devices/a\r\nE: A=b\r\n\r\nP: /devices/b\r\nE: C=d\r\n")
        #expect(try device(inventory, "/devices/a").properties["A"] == "b")
        #expect(try device(inventory, "/devices/b").properties["C"] == "d")
        #expect(
            inventory.source.warnings.map(\.description) == [
                "line 1: CR LF line ends read as LF (reported once)"
            ])
    }

    @Test func skipsAByteOrderMark() throws {
        let inventory = try dump(Data([0xEF, 0xBB, 0xBF]) + Data("P: /devices/a\nE: A=b\n".utf8))
        #expect(inventory.source.kind == .udevadm)
        #expect(try device(inventory, "/devices/a").properties["A"] == "b")
        #expect(
            inventory.source.warnings.map(\.description) == [
                "line 1: UTF-8 byte order mark skipped"
            ])
    }

    @Test func readsTheLastLineWithoutANewlineAndWarnsOfTruncation() throws {
        let inventory = try dump("P: /devices/a\nE: A=b")
        #expect(try device(inventory, "/devices/a").properties["A"] == "b")
        #expect(
            inventory.source.warnings.map(\.description) == [
                "line 2: no newline at the end of the file (it may have been cut short)"
            ])
    }

    @Test func acceptsExtraBlankLinesBetweenRecordsSilently() throws {
        let inventory = try dump("\n\nP: /devices/a\nE: A=b\n\n \n\t\nP: /devices/b\n\n")
        #expect(inventory.devices.map(\.id) == ["/devices/a", "/devices/b"])
        #expect(inventory.source.warnings.isEmpty)
    }

    @Test func keepsARecordTogetherAcrossAStrayBlankLine() throws {
        let inventory = try dump("P: /devices/a\nE: A=b\n\nE: C=d\n")
        let device = try device(inventory, "/devices/a")
        #expect(device.properties == ["A": "b", "C": "d"])
        #expect(
            inventory.source.warnings.map(\.description) == [
                "line 4: blank line inside the record of line 1: read as one record"
            ])
    }

    @Test func skipsUnknownLineKinds() throws {
        let inventory = try dump("P: /devices/a\nZ: a future kind\nE: A=b\nG: uaccess\n")
        #expect(try device(inventory, "/devices/a").properties == ["A": "b"])
        #expect(
            inventory.source.warnings.map(\.description) == [
                "line 2: unknown line kind 'Z:': skipped"
            ])
    }

    @Test func startsANewRecordAtAPLineWithoutABlankLineBefore() throws {
        let inventory = try dump("P: /devices/a\nE: A=b\nP: /devices/b\nE: C=d\n")
        #expect(try device(inventory, "/devices/a").properties == ["A": "b"])
        #expect(try device(inventory, "/devices/b").properties == ["C": "d"])
        #expect(
            inventory.source.warnings.map(\.description) == [
                "line 3: 'P:' line without a blank line before it: a new record"
            ])
    }

    @Test(arguments: [
        (
            "P: /devices/a\nthis is not a record\nE: A=b\n",
            "line 2: not an 'X: value' line, skipped: 'this is not a record'"
        ),
        ("P: /devices/a\nE: NOEQUALS\nE: A=b\n", "line 2: 'E:' line without KEY=value: skipped"),
        ("P: /devices/a\nE: =nokey\nE: A=b\n", "line 2: 'E:' line without KEY=value: skipped"),
        (
            "P: /devices/a\nN: sda\nbare\nE: A=b\n",
            "line 3: not an 'X: value' line, skipped: 'bare'"
        ),
    ])
    func skipsALineThatHoldsNothingReadable(text: String, warning: String) throws {
        let inventory = try dump(text)
        #expect(inventory.devices.map(\.id) == ["/devices/a"])
        #expect(try device(inventory, "/devices/a").properties["A"] == "b")
        #expect(inventory.source.warnings.map(\.description) == [warning])
    }

    @Test func skipsLinesBeforeTheFirstRecordWhenTheSourceIsUsedDirectly() throws {
        let inventory = try UdevadmDumpSource(text: "E: A=b\nP: /devices/a\n", path: "d.txt")
            .inventory()
        #expect(inventory.devices.map(\.id) == ["/devices/a"])
        #expect(
            inventory.source.warnings.map(\.description) == [
                "line 1: 'E:' line before the first 'P:' line: skipped"
            ])
    }

    @Test func skipsARecordWhosePathIsNoDevicePath() throws {
        let inventory = try dump("P: /devices/a\n\nP: devices/b\nE: A=b\n\nP: /devices/c\n")
        #expect(inventory.devices.map(\.id) == ["/devices/a", "/devices/c"])
        #expect(
            inventory.source.warnings.map(\.description) == [
                "line 3: 'P:' must hold a device path starting with '/': record skipped"
            ])
    }

    @Test func replacesInvalidUTF8AndSaysWhere() throws {
        let inventory = try dump(Data("P: /devices/a\nE: NAME=caf".utf8) + Data([0xE9, 0x0A]))
        #expect(try device(inventory, "/devices/a").properties["NAME"] == "caf\u{FFFD}")
        #expect(
            inventory.source.warnings.map(\.description) == [
                "line 2: invalid UTF-8 replaced by U+FFFD"
            ])
    }

    /// Lines are checked eight bytes at a time: an invalid byte or a NUL is found at every
    /// offset of a line, in its words and in its tail.
    @Test(arguments: 0..<20)
    func findsAnInvalidByteOrANULAtAnyOffsetOfALine(offset: Int) throws {
        let head = Data("P: /devices/a\nE: A=b\nE: NAME=".utf8)
        let before = Data(repeating: UInt8(ascii: "x"), count: offset)
        let after = Data(repeating: UInt8(ascii: "y"), count: 19 - offset) + Data([0x0A])
        let invalid = try dump(head + before + Data([0xE9]) + after)
        let name =
            String(repeating: "x", count: offset) + "\u{FFFD}"
            + String(repeating: "y", count: 19 - offset)
        #expect(try device(invalid, "/devices/a").properties["NAME"] == name)
        #expect(
            invalid.source.warnings.map(\.description) == [
                "line 3: invalid UTF-8 replaced by U+FFFD"
            ])
        let nul = try dump(head + before + Data([0]) + after)
        #expect(try device(nul, "/devices/a").properties == ["A": "b"])
        #expect(
            nul.source.warnings.map(\.description) == [
                "line 3: NUL bytes in a text line: line skipped"
            ])
    }

    // Detection looks at the first 64 KiB only; a NUL byte further on is one odd line of a
    // recording (a file system that filled a torn write with zeros), not binary input.
    @Test func skipsALineWithNULBytesBeyondTheDetectionWindow() throws {
        var data = Data("P: /devices/a\nE: A=b\n".utf8)
        data += Data(repeating: UInt8(ascii: "x"), count: RecordedSource.detectionWindow)
        data += Data([0, 0x0A]) + Data("E: C=d\n".utf8)
        let inventory = try dump(data)
        #expect(try device(inventory, "/devices/a").properties == ["A": "b", "C": "d"])
        #expect(
            inventory.source.warnings.map(\.description) == [
                "line 3: NUL bytes in a text line: line skipped"
            ])
    }

    @Test func skipsAStrayNULLineAfterTheFirstLine() throws {
        let inventory = try dump(Data("P: /devices/a\nE: A=b\nE: C=".utf8) + Data([0, 0x0A]))
        #expect(try device(inventory, "/devices/a").properties == ["A": "b"])
        #expect(
            inventory.source.warnings.map(\.description) == [
                "line 3: NUL bytes in a text line: line skipped"
            ])
    }

    @Test func rejectsMostlyNULBytesAsBinaryNamingTheFirstNULLine() {
        let data = Data("P: /devices/a\n".utf8) + Data(repeating: 0, count: 100)
        do {
            _ = try RecordedSource.inventory(data, path: "d.txt")
            Issue.record("expected an error")
        } catch {
            #expect(
                error.description
                    == "d.txt:2: not a udevadm dump, umockdev recording or capcheck snapshot: binary data (a NUL byte), not text"
            )
        }
    }

    @Test func keepsTheFirstHundredWarningsAndCountsTheRest() throws {
        let text = "P: /devices/a\n" + String(repeating: "Z: odd\n", count: 1000)
        let inventory = try dump(text)
        #expect(inventory.source.warnings.count == SourceWarning.keptLimit)
        #expect(inventory.source.warningsOmitted == 1000 - SourceWarning.keptLimit)
        #expect(inventory.source.warningCount == 1000)
        #expect(inventory.source.warnings.last?.line == SourceWarning.keptLimit + 1)
    }

    @Test(arguments: [
        ("E: A=b\n", "d.txt: no 'P:' device record"),
        (
            "P: devices/a\nE: A=b\n",
            "d.txt:1: no readable device record: 'P:' must hold a device path starting with '/': record skipped"
        ),
    ])
    func rejectsADumpWithoutAnyDeviceRecord(text: String, message: String) {
        do {
            _ = try UdevadmDumpSource(text: text, path: "d.txt").inventory()
            Issue.record("expected an error")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func readsAUmockdevRecordDespiteOddAttributeLines() throws {
        let text = """
            P: /devices/platform/gpio-keys
            A: name=gpio-keys
            A: novalue
            H: blob=zz
            H: good=00ff
            L: nolink
            L: driver=../../bus/platform/drivers/gpio-keys
            X: future

            """
        let inventory = try UmockdevRecordingSource(text: text, path: "r.umockdev").inventory()
        let device = try device(inventory, "/devices/platform/gpio-keys")
        #expect(device.attributes == ["name": "gpio-keys"])
        #expect(device.binaryAttributes == ["good": Data([0x00, 0xff])])
        #expect(device.driver == "gpio-keys")
        #expect(
            inventory.source.warnings.map(\.description) == [
                "line 3: 'A:' line without name=value: skipped",
                "line 4: 'H: blob' is not hexadecimal: skipped",
                "line 6: 'L:' line without name=target: skipped",
                "line 8: unknown line kind 'X:': skipped",
            ])
    }

    @Test func readsASnapshotWithOneOddDeviceRecordAndMachine() throws {
        let fields = #""properties": {}, "attributes": {}, "binaryAttributes": {}, "facts": {}"#
        let json = """
            {"schema": 1, "machine": [1], "devices": [
              {"id": "/devices/a", "links": [], \(fields)},
              {"id": 5, "links": [], \(fields)},
              {"id": "/devices/b", "links": "x", \(fields)}]}
            """
        let inventory = try RecordedSource.inventory(Data(json.utf8), path: "s.json")
        #expect(inventory.devices.map(\.id) == ["/devices/a"])
        #expect(
            inventory.source.warnings.map(\.description) == [
                "machine: expected Dictionary<String, Any>: skipped",
                "devices[1].id: expected String: device record skipped",
                "devices[2].links: expected Array<Any>: device record skipped",
            ])
    }

    @Test func keepsTheWarningsOfTheRecordedSourceInASnapshot() throws {
        let original = try RecordedSource.inventory(
            Data("P: /devices/a\nE: U=\nMODALIAS=x\nE: SUBSYSTEM=mem\n".utf8), path: "d.txt")
        let report = CapabilityClassifier().classify(original)
        let json = try JSONOutput.string(report)
        #expect(json.contains(#""warnings" : ["#))
        let reread = try RecordedSource.inventory(Data(json.utf8), path: "s.json")
        #expect(reread.source.warnings == original.source.warnings)
        #expect(reread.devices == original.devices)
    }

    @Test func keepsOneLimitForRecordedAndOwnWarningsOfASnapshot() throws {
        let text = "P: /devices/a\n" + String(repeating: "Z: odd\n", count: 150)
        let original = try RecordedSource.inventory(Data(text.utf8), path: "d.txt")
        var json = try JSONOutput.string(CapabilityClassifier().classify(original))
        // One more odd record in the snapshot itself.
        json = json.replacingOccurrences(of: #""devices" : ["#, with: #""devices" : [{"id": 1},"#)
        let reread = try RecordedSource.inventory(Data(json.utf8), path: "s.json")
        #expect(reread.source.warnings.count == SourceWarning.keptLimit)
        #expect(reread.source.warningCount == 151)
        #expect(reread.devices.map(\.id) == ["/devices/a"])
    }

    /// A real dump cut or damaged anywhere (a deterministic sequence of cuts, flipped bytes and
    /// inserted NUL, CR, newline and non-UTF-8 bytes) still reads, or fails with a located
    /// message: never a crash, and every warning has a line.
    @Test func readsDamagedCopiesOfARealDumpOrSaysWhereTheyFail() throws {
        let original = [UInt8](try Fixtures.data("udevadm/QEMU_KVM.txt"))
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let noise: [UInt8] = [
            0, 0x0D, 0x0A, 0xFF, 0xC3, 0x20, UInt8(ascii: "E"), UInt8(ascii: ":"),
        ]
        var read = 0
        for round in 0..<150 {
            var bytes = original
            if round % 3 == 0 { bytes = Array(bytes.prefix(next(bytes.count))) }
            for _ in 0..<(1 + next(20)) where !bytes.isEmpty {
                bytes[next(bytes.count)] = noise[next(noise.count)]
            }
            do {
                let inventory = try RecordedSource.inventory(Data(bytes), path: "d.txt")
                #expect(inventory.source.warnings.allSatisfy { $0.line != nil })
                read += 1
            } catch {
                #expect(error.description.hasPrefix("d.txt"))
            }
        }
        #expect(read > 100)
    }

    @Test func snapshotsKeepTheWarningsAndHowManyWereOmitted() throws {
        let text = "P: /devices/a\n" + String(repeating: "Z: odd\n", count: 150)
        let many = CapabilityClassifier().classify(
            try RecordedSource.inventory(Data(text.utf8), path: "d.txt"))
        #expect(many.source.warningsOmitted == 50)
        var lineless = many
        lineless.source.warnings = [SourceWarning(line: nil, reason: "devices[1]: skipped")]
        for report in [many, lineless] {
            let json = Data(try JSONOutput.string(report).utf8)
            let again = try JSONDecoder().decode(CapabilityReport.self, from: json)
            #expect(again.source == report.source)
        }
    }

    @Test func writesNoWarningsKeyWhenNothingWasTolerated() throws {
        let report = try Fixtures.report("udevadm/QEMU_KVM.txt")
        #expect(report.source.warnings.isEmpty)
        #expect(!(try JSONOutput.string(report)).contains("warnings"))
    }
}

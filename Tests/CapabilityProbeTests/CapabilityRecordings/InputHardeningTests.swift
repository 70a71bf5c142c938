import Foundation
import CapabilitySupport
import Testing

@testable import CapabilityProbe
@testable import CapabilityManifest
@testable import CapabilityManifestFiles
@testable import CapabilityMatrix
@testable import CapabilityModel
@testable import CapabilityProbing
@testable import CapabilityRecordings
@testable import CapabilityRendering

/// Inputs under a few KB that used to crash capcheck, loop, or decode without bound; each
/// is refused with one line naming the place and the reason (issue: hardening).
@Suite struct InputHardeningTests {
    func manifestMessage(_ data: Data, path: String) -> String? {
        do {
            _ = try ManifestLoader.load(data: data, path: path, options: .init(allowUnknown: true))
            return nil
        } catch {
            return error.description
        }
    }

    func snapshotMessage(_ json: String) -> String? {
        do {
            _ = try SnapshotDeviceSource(data: Data(json.utf8), path: "s.json").inventory()
            return nil
        } catch {
            return error.description
        }
    }

    // MARK: JSON

    /// Inputs that crashed FoundationXML or got past the old instruction blanking; libxml2
    /// itself reads them now (no recovery mode), and each gives a manifest or one message.
    @Test(
        arguments: [
            // libxml2's recovery mode left a comment at an invalid character; the fuzzer found it.
            (
                "<manifest package=\"a.b\"><!-- \u{16} <?x?> --></manifest>",
                "AndroidManifest.xml: line 1, column 30: invalid character"
            ),
            // A comment or CDATA opener inside an attribute value: `<` is not allowed there.
            (
                "<manifest package=\"a.b\"><a b=\"<!--\"/><?x?><c d=\"-->\"/></manifest>",
                "AndroidManifest.xml: line 1, column 31: '<' inside an attribute value (write &lt;)"
            ),
            (
                "<manifest package=\"a.b\"><a b=\"<![CDATA[\"/><?x?><c d=\"]]>\"/></manifest>",
                "AndroidManifest.xml: line 1, column 31: '<' inside an attribute value (write &lt;)"
            ),
            ("<manifest package=\"a.b\"><![CDATA[ <?x?> <?y ]]></manifest>", nil),
            // A processing instruction without data crashed FoundationXML.
            ("<manifest package=\"a.b\"><?x?></manifest>", nil),
        ] as [(String, String?)])
    func processingInstructionsCommentsAndCDATAReachLibxml2Safely(
        xml: String, message: String?
    ) {
        #expect(manifestMessage(Data(xml.utf8), path: "AndroidManifest.xml") == message)
    }

    @Test func theInputPolicyPassesTheTextOnUnchanged() throws {
        let xml = "<a><![CDATA[one <?x two?> three\n<?y\nfour]]><?z?><!-- <?w?> --></a>"
        #expect(try XMLInputGuard.prepare(Array(xml.utf8)).get() == Array(xml.utf8))
    }

    /// XML allows no control character in a comment; the old guard blanked comments, so such
    /// a file read as a manifest, and libxml2 now refuses it as any conforming parser does.
    @Test func aControlCharacterInsideACommentIsMalformedXML() {
        let xml =
            "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\" package=\"a.b\">"
            + "<!-- \u{16} --><uses-feature android:name=\"android.hardware.nfc\"/></manifest>"
        #expect(
            manifestMessage(Data(xml.utf8), path: "AndroidManifest.xml")
                == "AndroidManifest.xml: line 1, column 89: invalid character")
    }

    @Test func duplicateManifestKeyNamesBothPlaces() {
        let json = "{\"version\": 1,\n \"require\": [\"gps\"],\n \"require\": [\"wifi\"]}"
        #expect(
            manifestMessage(Data(json.utf8), path: "m.json")
                == "m.json: line 3, column 2: duplicate key \"require\" (first at line 2, column 2)"
        )
    }

    @Test func escapedDuplicateKeyIsTheSameKey() {
        let json = #"{"version": 1, "require": [], "\u0072equire": []}"#
        #expect(
            manifestMessage(Data(json.utf8), path: "m.json")?.contains("duplicate key \"require\"")
                == true)
    }

    @Test func equalKeysInDifferentObjectsAreFine() {
        #expect(JSONCheck.problem(in: Array(#"[{"a": 1}, {"a": {"a": 2}}]"#.utf8)) == nil)
        #expect(JSONCheck.problem(in: Array(#"{"a": "a", "b": "a"}"#.utf8)) == nil)
    }

    /// 100 000 keys in one object are checked in linear time (the open object's keys were
    /// once copied on every key), and a duplicate at the end is still found.
    @Test func manyKeysInOneObjectAreCheckedInLinearTime() {
        let keys = (0..<100_000).map { "\"k\($0)\": 0" }.joined(separator: ", ")
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            #expect(JSONCheck.problem(in: Array("{\(keys)}".utf8)) == nil)
        }
        #expect(elapsed < .seconds(10))
        let repeated = "{\(keys), \"k7\": 1}"
        #expect(
            JSONCheck.problem(in: Array(repeated.utf8))?.reason
                == "duplicate key \"k7\" (first at line 1, column 65)")
    }

    /// "Did you mean" skips words no typo makes: a 1 MB name gets no suggestion at once.
    @Test func suggestionForAHugeWordIsNone() {
        let huge = String(repeating: "gps", count: 350_000)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            #expect(EditDistance.nearest(huge, in: ["gps", "wifi"]) == nil)
        }
        #expect(elapsed < .seconds(1))
        #expect(EditDistance.nearest("lsit", in: ["list", "lint"]) == "list")
        #expect(EditDistance.between("kitten", "sitting") == 3)
    }

    @Test func duplicateMatrixCellIsRefused() {
        let json = #"{"rows": [{"name": "A", "GPS": true, "GPS": false}]}"#
        do {
            _ = try MatrixParser.parse(Array(json.utf8), path: "t.json")
            Issue.record("accepted")
        } catch {
            #expect(
                error.description == "t.json:1: duplicate key \"GPS\" (first at line 1, column 25)")
        }
    }

    @Test func deepNestingIsRefusedAtOnce() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(
            JSONCheck.problem(in: Array(deep.utf8))
                == .tooDeep(at: .init(line: 1, column: 65), limit: 64))
        #expect(snapshotMessage(deep) == "s.json:1: arrays and objects nest deeper than 64 levels")
        let object =
            String(repeating: #"{"a":"#, count: 70) + "1" + String(repeating: "}", count: 70)
        #expect(
            manifestMessage(Data(object.utf8), path: "m.json")?.hasSuffix(
                "nest deeper than 64 levels") == true)
    }

    @Test func snapshotDeviceThatIsItsOwnParentIsRefused() {
        let json = #"""
            {"schema": 1, "devices": [
              {"id": "/devices/a", "parentID": "/devices/a", "properties": {}, "attributes": {},
               "binaryAttributes": {}, "links": [], "facts": {}}]}
            """#
        #expect(
            snapshotMessage(json)
                == "s.json: devices: parent links form a cycle: /devices/a → /devices/a")
    }

    @Test func twoDeviceParentCycleIsRefused() {
        func device(_ id: String, parent: String) -> String {
            #"{"id": "\#(id)", "parentID": "\#(parent)", "properties": {}, "attributes": {}, "binaryAttributes": {}, "links": [], "facts": {}}"#
        }
        let json =
            #"{"schema": 1, "devices": [\#(device("/x", parent: "/y")), \#(device("/y", parent: "/x"))]}"#
        #expect(snapshotMessage(json) == "s.json: devices: parent links form a cycle: /x → /y → /x")
    }

    @Test func ancestorsOfAHandBuiltCycleEnd() {
        let inventory = DeviceInventory(
            source: SourceInfo(
                kind: .snapshot, udevDatabase: false, attributes: false, complete: false),
            machine: MachineIdentity(),
            devices: [Device(id: "/x", parentID: "/y"), Device(id: "/y", parentID: "/x")])
        let context = ProbeContext(inventory)
        #expect(context.ancestors(of: Device(id: "/x", parentID: "/y")).count == 2)
    }

    // MARK: Property lists

    /// A binary plist: `objects` are encoded objects, the top object is object 0.
    static func binaryPlist(_ objects: [[UInt8]], referenceSize: UInt8 = 1) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let tableStart = bytes.count
        for offset in offsets { bytes += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
        func be64(_ value: Int) -> [UInt8] {
            (0..<8).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) }
        }
        bytes +=
            [0, 0, 0, 0, 0, 0, 2, referenceSize] + be64(objects.count) + be64(0) + be64(tableStart)
        return Data(bytes)
    }

    /// The depth-sum bound refuses deep sharing but not a large flat list: 30 000 references
    /// to one string in one array (a sum of 60 001) read; 15 levels of arrays sharing their
    /// element twice (65 535 values, a sum of 983 041) do not.
    @Test func depthSumBoundRefusesDeepSharingButNotAFlatList() {
        let count = 30_000
        var array: [UInt8] = [0xAF, 0x11, UInt8(count >> 8), UInt8(count & 0xFF)]
        array += [UInt8](repeating: 1, count: count)
        let flat = Self.binaryPlist([array, [0x53] + Array("gps".utf8)])
        #expect(manifestMessage(flat, path: "flat.plist") == nil)
        var deep: [[UInt8]] = (0..<15).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
        deep.append([0x09])
        #expect(
            manifestMessage(Self.binaryPlist(deep), path: "deep.plist")
                == "deep.plist: object 1: not a valid binary property list (containers nest too deeply for their size: the values' depths add up to more than 400000)"
        )
        let xml =
            "<plist><array>" + String(repeating: "<string>gps</string>", count: count)
            + "</array></plist>"
        #expect(PlistStructureCheck.xmlProblem(xml) == nil)
        let nested =
            "<plist>" + String(repeating: "<array>", count: 60)
            + String(repeating: "<array/>", count: 7_000) + String(repeating: "</array>", count: 60)
            + "</plist>"
        #expect(PlistStructureCheck.xmlProblem(nested)?.place == .line(1))
    }

    @Test func sharedReferencesThatExpandWithoutBoundAreRefused() {
        // Object i is an array of two references to object i + 1, 60 levels deep: 2^60 objects.
        var objects: [[UInt8]] = (0..<60).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
        objects.append([0x09])  // true
        let message = manifestMessage(Self.binaryPlist(objects), path: "bomb.plist")
        #expect(
            message
                == "bomb.plist: object 44: not a valid binary property list (shared references expand to more than 100000 objects)"
        )
    }

    @Test func binaryPlistThatContainsItselfIsRefused() {
        let message = manifestMessage(Self.binaryPlist([[0xA1, 0x00]]), path: "loop.plist")
        #expect(
            message
                == "loop.plist: object 0: not a valid binary property list (a container contains itself)"
        )
    }

    @Test func binaryPlistDuplicateKeyIsRefused() {
        // {"a": true, "a": false}: keys are objects 1 and 2, values 3 and 4.
        let objects: [[UInt8]] = [
            [0xD2, 1, 2, 3, 4], [0x51, 0x61], [0x51, 0x61], [0x09], [0x08],
        ]
        #expect(
            manifestMessage(Self.binaryPlist(objects), path: "d.plist")
                == "d.plist: object 0: not a valid binary property list (duplicate key \"a\" in one dictionary (objects 1 and 2))"
        )
    }

    @Test(
        arguments: [
            (
                [[0xA1, 1], [0xC1, 2], [0xA0]],
                "object 1: not a valid binary property list (a set is not a property-list value)"
            ),
            (
                [[0xA1, 1], [0x80, 0x05]],
                "object 1: not a valid binary property list (a UID is not a property-list value)"
            ),
            (
                [[0xD1, 1, 2], [0x10, 0x07], [0x09]],
                "object 0: not a valid binary property list (a dictionary key that is not a string)"
            ),
            (
                [[0xA1, 1], [0x70]],
                "object 1: not a valid binary property list (unknown object type)"
            ),
        ] as [([[UInt8]], String)])
    func binaryPlistObjectsFoundationMishandlesAreRefused(objects: [[UInt8]], message: String) {
        #expect(
            manifestMessage(Self.binaryPlist(objects), path: "p.plist") == "p.plist: " + message)
    }

    @Test func sharedLeafReferencesWithinTheBoundStillRead() throws {
        // ["gps", "gps"]: two references to one string object (a DAG, not a tree) is fine.
        let data = Self.binaryPlist([[0xA2, 1, 1], [0x53] + Array("gps".utf8)])
        let manifest = try ManifestLoader.load(data: data, path: "ok.plist")
        #expect(manifest.requirements.map(\.key) == ["gps"])
    }

    @Test func xmlPlistDuplicateKeyIsRefused() {
        let plist = """
            <?xml version="1.0"?>
            <plist><dict>
              <key>UIRequiredDeviceCapabilities</key><array><string>gps</string></array>
              <!-- <key>UIRequiredDeviceCapabilities</key> in a comment does not count -->
              <key>UIRequiredDeviceCapabilities</key><array><string>wifi</string></array>
            </dict></plist>
            """
        #expect(
            manifestMessage(Data(plist.utf8), path: "Info.plist")
                == "Info.plist: line 5: duplicate key \"UIRequiredDeviceCapabilities\" in one <dict> (first at line 3)"
        )
    }

    @Test func openStepTextIsRefusedBeforeFoundationSeesIt() {
        #expect(
            manifestMessage(Data("{ a = (b".utf8), path: "o.plist")
                == "o.plist: OpenStep text property lists are not accepted; use XML or binary")
    }

    // MARK: XML

    @Test func invalidUTF8InANameIsRefusedBeforeTheParser() {
        var bytes = Array("<manifest a".utf8)
        bytes.append(0xFF)
        bytes += Array("=\"x\"/>".utf8)
        #expect(manifestMessage(Data(bytes), path: "a.xml") == "a.xml: line 1: invalid UTF-8")
    }

    @Test func processingInstructionWithoutDataIsIgnored() throws {
        let data = Data(
            "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\"><?x?>\n<uses-feature android:name=\"android.hardware.nfc\"/></manifest>"
                .utf8)
        let manifest = try ManifestLoader.load(
            data: data, path: "p.xml", options: .init(allowUnknown: true))
        #expect(manifest.requirements.contains { $0.key == "android.hardware.nfc" })
    }

    @Test func unpairedUTF16SurrogateIsRefused() {
        var data = Data([0xFF, 0xFE])
        for unit in "<manifest>".utf16 {
            data.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)])
        }
        data.append(contentsOf: [0x00, 0xD8])
        #expect(
            manifestMessage(data, path: "u.xml")
                == "u.xml: line 1: invalid UTF-16 (unpaired surrogate)")
    }
}

/// Numbers from input that used to trap when turned into `Int`s or multiplied.
@Suite struct HugeNumberTests {
    @Test(arguments: [
        "camera.video >= 1280x720@1e300", "camera.video >= 4000000000x4000000000@30",
        "camera.video >= 1280x720@inf",
    ])
    func predicateWithAHugeModeIsABadPredicate(predicate: String) {
        let json = #"{"version": 1, "require": ["\#(predicate)"]}"#
        do {
            _ = try ManifestLoader.load(data: Data(json.utf8), path: "m.json")
            Issue.record("accepted \(predicate)")
        } catch {
            #expect(error.description.hasPrefix("m.json: require[0]: bad predicate"))
        }
    }

    @Test(arguments: [
        ("VideoMode", "1280x720@1e300", "'1280x720@1e300': frame rate out of range"),
        (
            "VideoModes", "4000000000x4000000000@30",
            "'4000000000x4000000000@30': frame size out of range (at most 1048576 pixels a side)"
        ),
        ("Scale", "1e300", "'1e300' is out of range"),
        ("Touch Points", "1e300", "'1e300' is out of range"),
        ("VideoWidth", "1e300", "'1e300' is out of range"),
        ("VideoWidth", "4000000000", "'4000000000' is not a size in pixels (1 to 1048576)"),
    ])
    func matrixCellWithAHugeNumberIsRefused(column: String, cell: String, reason: String) {
        do {
            _ = try MatrixParser.parse(text: "Name,\(column)\nA,\(cell)\n", path: "t.csv")
            Issue.record("accepted \(cell)")
        } catch {
            #expect(error.description == "t.csv:2: column '\(column)': \(reason)")
        }
    }

    /// Every number in the recorded facts and mode attributes made huge, then classified and
    /// rendered: values become unknown or stay as text, nothing traps.
    @Test func snapshotWithHugeFactsClassifiesAndRenders() throws {
        let data = try Fixtures.data("snapshots/deep-facts.json")
        guard var root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let devices = root["devices"] as? [[String: Any]]
        else { throw CocoaError(.fileReadCorruptFile) }
        func huge(_ value: Any) -> Any {
            switch value {
            case let object as [String: Any]: return object.mapValues(huge)
            case let array as [Any]: return array.map(huge)
            case let string as String where string.contains("x") && string.contains("@"):
                return "4000000000x4000000000@30"
            case is String, is Bool: return value
            case is NSNumber: return 1e300
            default: return value
            }
        }
        root["devices"] = devices.map { device -> [String: Any] in
            var device = device
            device["facts"] = (device["facts"]).map(huge)
            if var attributes = device["attributes"] as? [String: String],
                attributes["modes"] != nil
            {
                attributes["modes"] = "4000000000x4000000000\n99999999999999999999x1"
                device["attributes"] = attributes
            }
            return device
        }
        let mutated = try JSONSerialization.data(withJSONObject: root)
        let inventory = try SnapshotDeviceSource(data: mutated, path: "huge.json").inventory()
        let report = CapabilityClassifier().classify(inventory)
        #expect(!ListRenderer.render(report, showDevices: true).isEmpty)
        #expect(!(try JSONOutput.string(report)).isEmpty)
    }
}

/// Bidi overrides, isolates and C1 controls from device strings are escaped in machine
/// formats, so a person who cats the file sees `\u202e`, not reordered text.
@Suite struct DeceptiveCharacterTests {
    static let name = "Cam\u{202E}era\u{2066}x\u{0085}y\u{200F}"

    func report() -> CapabilityReport {
        let source = SourceInfo(
            kind: .snapshot, udevDatabase: false, attributes: false, complete: true)
        return CapabilityClassifier().classify(
            DeviceInventory(
                source: source, machine: MachineIdentity(vendor: Self.name, model: Self.name),
                devices: [Device(id: "/devices/x", properties: ["NAME": Self.name])]))
    }

    @Test func listJSONEscapesThemAndReadsBackIdentically() throws {
        let json = try JSONOutput.string(report())
        #expect(!json.unicodeScalars.contains(where: TerminalText.isDeceptive))
        #expect(json.contains(#"Cam\u202eera\u2066x\u0085y\u200f"#))
        let again = try SnapshotDeviceSource(data: Data(json.utf8), path: "s.json").inventory()
        #expect(again.machine.model == Self.name)
        #expect(again.devices.first?.properties["NAME"] == Self.name)
    }

    @Test func markupEscapesThemAsCharacterReferences() {
        #expect(TerminalText.escapeMarkup(Self.name) == "Cam&#x202e;era&#x2066;x&#x85;y&#x200f;")
    }

    @Test func terminalTextReplacesThem() {
        #expect(TerminalText.sanitize(Self.name) == "Cam?era?x?y?")
    }

    @Test func matrixJSONEscapesThem() {
        var quoted: [UInt8] = []
        JSONStream.quote(Self.name, to: &quoted)
        #expect(
            String(decoding: JSONOutput.escapingDeceptive(quoted), as: UTF8.self)
                == #""Cam\u202eera\u2066x\u0085y\u200f""#)
    }
}

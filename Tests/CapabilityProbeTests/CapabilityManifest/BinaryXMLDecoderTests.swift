@testable import CapabilityProbe
@testable import CapabilityInput
@testable import CapabilityManifest
@testable import CapabilityManifestFiles
@testable import CapabilityModel
import Foundation
import CapabilitySupport
import Testing

/// The binary XML decoder on documents laid out by hand: UTF-8 and UTF-16 string pools,
/// typed attribute values, and names stripped to empty strings (as shrinkers leave them)
/// that only the resource map identifies.
@Suite struct BinaryXMLDecoderTests {
    struct Attribute {
        var namespace: UInt32
        var name: UInt32
        var type: UInt8
        var data: UInt32
    }

    struct Node {
        var name: UInt32
        var line: UInt32
        var attributes: [Attribute] = []
        var children: [Node] = []
    }

    static func u16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xff), UInt8(value >> 8)] }
    static func u32(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8((value >> (8 * $0)) & 0xff) }
    }

    static func pool(_ strings: [String], utf8: Bool) -> [UInt8] {
        var offsets: [UInt8] = []
        var data: [UInt8] = []
        for string in strings {
            offsets += u32(UInt32(data.count))
            if utf8 {
                let bytes = Array(string.utf8)
                data += [UInt8(string.utf16.count), UInt8(bytes.count)] + bytes + [0]
            } else {
                data += u16(UInt16(string.utf16.count))
                for unit in string.utf16 { data += u16(unit) }
                data += u16(0)
            }
        }
        while data.count % 4 != 0 { data.append(0) }
        let header = 28
        let body =
            u32(UInt32(strings.count)) + u32(0) + u32(utf8 ? 0x100 : 0)
            + u32(UInt32(header + offsets.count)) + u32(0) + offsets + data
        return u16(0x0001) + u16(UInt16(header)) + u32(UInt32(8 + body.count)) + body
    }

    static func element(_ node: Node) -> [UInt8] {
        var attributes: [UInt8] = []
        for attribute in node.attributes {
            let raw: UInt32 = attribute.type == 0x03 ? attribute.data : .max
            attributes +=
                u32(attribute.namespace) + u32(attribute.name) + u32(raw) + u16(8) + [0]
                + [attribute.type] + u32(attribute.data)
        }
        let ext =
            u32(.max) + u32(node.name) + u16(20) + u16(20) + u16(UInt16(node.attributes.count))
            + u16(0) + u16(0) + u16(0) + attributes
        var bytes =
            u16(0x0102) + u16(16) + u32(UInt32(16 + ext.count)) + u32(node.line) + u32(.max) + ext
        for child in node.children { bytes += element(child) }
        bytes +=
            u16(0x0103) + u16(16) + u32(24) + u32(node.line) + u32(.max) + u32(.max)
            + u32(node.name)
        return bytes
    }

    static func document(strings: [String], utf8: Bool, ids: [UInt32], root: Node) -> [UInt8] {
        var body = pool(strings, utf8: utf8)
        if !ids.isEmpty {
            let map = ids.flatMap { u32($0) }
            body += u16(0x0180) + u16(8) + u32(UInt32(8 + map.count)) + map
        }
        body += element(root)
        return u16(0x0003) + u16(8) + u32(UInt32(8 + body.count)) + body
    }

    /// `<manifest package="a.b"><uses-feature android:name="android.hardware.nfc"
    /// android:required="false"/><uses-sdk android:targetSdkVersion="30"/></manifest>`
    /// with the attribute names given (empty = stripped).
    static func manifest(utf8: Bool, stripped: Bool) -> [UInt8] {
        let strings = [
            stripped ? "" : "name", stripped ? "" : "required", stripped ? "" : "targetSdkVersion",
            AndroidXMLElement.androidNamespace, "manifest", "uses-feature", "android.hardware.nfc",
            "package", "a.b", "uses-sdk", "ünïcode",
        ]
        let android: UInt32 = 3
        let feature = Node(
            name: 5, line: 2,
            attributes: [
                Attribute(namespace: android, name: 0, type: 0x03, data: 6),
                Attribute(namespace: android, name: 1, type: 0x12, data: 0),
            ])
        let sdk = Node(
            name: 9, line: 3,
            attributes: [Attribute(namespace: android, name: 2, type: 0x10, data: 30)])
        let root = Node(
            name: 4, line: 1,
            attributes: [
                Attribute(namespace: .max, name: 7, type: 0x03, data: 8),
                Attribute(namespace: .max, name: 10, type: 0x03, data: 10),
            ], children: [feature, sdk])
        return document(
            strings: strings, utf8: utf8, ids: [0x0101_0003, 0x0101_028e, 0x0101_0270], root: root)
    }

    @Test(arguments: [(true, false), (false, false), (true, true), (false, true)])
    func decodesTypedAttributesWithEitherStringEncodingAndStrippedNames(utf8: Bool, stripped: Bool)
        throws
    {
        let root = try BinaryXMLDecoder(Self.manifest(utf8: utf8, stripped: stripped)).decode()
        #expect(root.name == "manifest")
        #expect(root.value(.package) == .string("a.b"))
        #expect(root.attributes.last?.value == .string("ünïcode"))
        #expect(root.children.map(\.name) == ["uses-feature", "uses-sdk"])
        #expect(root.children[0].value(.name) == .string("android.hardware.nfc"))
        #expect(root.children[0].value(.required) == .boolean(false))
        #expect(root.children[0].line == 2)
        #expect(root.children[1].value(.targetSdkVersion) == .integer(30))
        let manifest = AndroidManifestReader(path: "m", options: .init()).read(root: root)
        #expect(
            manifest.requirements.map(\.key) == [
                "android.hardware.nfc", "android.hardware.faketouch",
            ])
        #expect(manifest.requirements.first?.wanted == .optional)
        #expect(manifest.notes.first?.hasPrefix("targetSdkVersion 30") == true)
    }

    @Test func aStringOffsetOutsideThePoolIsRefused() {
        var bytes = Self.manifest(utf8: true, stripped: false)
        // The first string offset sits after the 8-byte document and 28-byte pool headers.
        bytes.replaceSubrange(36..<40, with: Self.u32(0x00ff_ffff))
        #expect(
            throws: InputProblem(
                offset: 36, reason: "string 0 starts outside the string pool")
        ) {
            try BinaryXMLDecoder(bytes).decode()
        }
    }

    @Test func anEndTagWithoutAStartIsRefused() {
        let end =
            Self.u16(0x0103) + Self.u16(16) + Self.u32(24) + Self.u32(1) + Self.u32(.max)
            + Self.u32(.max) + Self.u32(0)
        let bytes = Self.u16(0x0003) + Self.u16(8) + Self.u32(UInt32(8 + end.count)) + end
        #expect(
            throws: InputProblem(offset: 8, reason: "an end tag without a start tag")
        ) {
            try BinaryXMLDecoder(bytes).decode()
        }
    }
}

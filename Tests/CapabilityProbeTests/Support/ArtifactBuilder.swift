@testable import CapabilityProbe
@testable import CapabilityInput
@testable import CapabilityLive
@testable import CapabilityManifest
@testable import CapabilityManifestFiles
@testable import CapabilityMatrix
@testable import CapabilityModel
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Builds app artifacts at test time: zips with python3's `zipfile` (nothing checked in),
/// and an app bundle's protobuf manifest with a small encoder of the aapt2
/// `Resources.proto` subset capcheck decodes (`XmlNode`, `XmlElement`, `XmlAttribute`,
/// `Item.prim`, `SourcePosition`).
enum ArtifactBuilder {
    struct Entry {
        var name: String
        var data: Data
        var compressed = true
    }

    /// Writes a zip with the entries, in order.
    static func zip(_ entries: [Entry], to url: URL) throws {
        let directory = url.deletingLastPathComponent().appendingPathComponent(
            "entries-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var spec: [[String]] = []
        for (index, entry) in entries.enumerated() {
            let file = directory.appendingPathComponent("\(index)")
            try entry.data.write(to: file)
            spec.append([entry.name, file.path, entry.compressed ? "1" : "0"])
        }
        let json = String(decoding: try JSONSerialization.data(withJSONObject: spec), as: UTF8.self)
        let script = """
            import json, sys, zipfile
            with zipfile.ZipFile(sys.argv[1], "w") as z:
                for name, path, deflate in json.loads(sys.argv[2]):
                    info = zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0))
                    info.compress_type = zipfile.ZIP_DEFLATED if deflate == "1" else zipfile.ZIP_STORED
                    z.writestr(info, open(path, "rb").read())
            """
        let result = try Aapt.run(["/usr/bin/python3", "-c", script, url.path, json])
        guard result.status == 0 else { throw Aapt.Failure(description: result.text) }
    }

    /// The element tree of a text manifest, as capcheck's own text reader builds it.
    static func tree(_ xml: String) throws -> AndroidXMLElement {
        let delegate = AndroidManifestParserDelegate()
        if let problem = XMLInputGuard.parse(Array(xml.utf8), with: delegate) {
            throw Aapt.Failure(description: problem.reason)
        }
        guard let root = delegate.root else { throw Aapt.Failure(description: "no root") }
        return root
    }

    // MARK: - Protobuf XML

    /// Orientation names aapt2 compiles to integers.
    static let orientations: [String: Int] = [
        "landscape": 0, "portrait": 1, "user": 2, "behind": 3, "sensor": 4, "nosensor": 5,
        "sensorLandscape": 6, "sensorPortrait": 7, "reverseLandscape": 8, "reversePortrait": 9,
        "fullSensor": 10, "userLandscape": 11, "userPortrait": 12, "fullUser": 13, "locked": 14,
        "unspecified": -1,
    ]

    /// Serializes an element as an `aapt.pb.XmlNode`, compiling the attributes aapt2
    /// compiles (Booleans, integers, orientation enums) and keeping every raw value.
    static func protobuf(_ element: AndroidXMLElement) -> Data {
        var node = Data()
        node.append(field(1, message(element)))
        node.append(field(3, varintField(1, UInt64(element.line))))
        return node
    }

    private static func message(_ element: AndroidXMLElement) -> Data {
        var data = Data()
        if element.name == "manifest" {
            var namespace = Data()
            namespace.append(field(1, Data("android".utf8)))
            namespace.append(field(2, Data(AndroidXMLElement.androidNamespace.utf8)))
            data.append(field(1, namespace))
        }
        data.append(field(3, Data(element.name.utf8)))
        for attribute in element.attributes
        where attribute.namespace != AndroidXMLElement.toolsNamespace {
            data.append(field(4, encode(attribute)))
        }
        for child in element.children {
            data.append(field(5, protobuf(child)))
        }
        return data
    }

    private static func encode(_ attribute: AndroidXMLAttribute) -> Data {
        var data = Data()
        if !attribute.namespace.isEmpty { data.append(field(1, Data(attribute.namespace.utf8))) }
        data.append(field(2, Data(attribute.name.utf8)))
        let text = attribute.value.text ?? ""
        data.append(field(3, Data(text.utf8)))
        let known = AndroidAttribute(rawValue: attribute.name)
        if attribute.namespace == AndroidXMLElement.androidNamespace, let known, known != .package {
            data.append(varintField(5, UInt64(known.resourceID)))
        }
        var primitive: Data?
        switch known {
        case .required?:
            if text == "true" || text == "false" {
                primitive = varintField(8, text == "true" ? 1 : 0)
            }
        case .minSdkVersion?, .targetSdkVersion?, .version?:
            if let number = attribute.value.integer {
                primitive = varintField(6, UInt64(bitPattern: Int64(number)))
            }
        case .glEsVersion?:
            if let number = attribute.value.integer { primitive = varintField(7, UInt64(number)) }
        case .screenOrientation?:
            if let number = orientations[text] {
                primitive = varintField(6, UInt64(bitPattern: Int64(number)))
            }
        default:
            break
        }
        if let primitive { data.append(field(6, field(7, primitive))) }
        return data
    }

    private static func field(_ number: Int, _ payload: Data) -> Data {
        var data = varint(UInt64(number << 3 | 2))
        data.append(varint(UInt64(payload.count)))
        data.append(payload)
        return data
    }

    private static func varintField(_ number: Int, _ value: UInt64) -> Data {
        var data = varint(UInt64(number << 3))
        data.append(varint(value))
        return data
    }

    private static func varint(_ value: UInt64) -> Data {
        var data = Data()
        var rest = value
        repeat {
            var byte = UInt8(rest & 0x7f)
            rest >>= 7
            if rest != 0 { byte |= 0x80 }
            data.append(byte)
        } while rest != 0
        return data
    }
}

import CapabilitySupport
import FoundationEssentials

/// One element of an AndroidManifest.xml, the same whether it was read from text XML, from
/// an APK's binary XML or from an app bundle's protobuf XML.
package struct AndroidXMLElement: Equatable, Sendable {
    /// The Android resource namespace (`xmlns:android`).
    static let androidNamespace = "http://schemas.android.com/apk/res/android"
    /// The build tools namespace (`xmlns:tools`), read only from source manifests.
    static let toolsNamespace = "http://schemas.android.com/tools"

    /// The element name (`uses-feature`).
    package var name: String
    /// The attributes in document order.
    package var attributes: [AndroidXMLAttribute]
    /// The source line (text XML), or the line aapt recorded (binary and protobuf XML).
    package var line: Int
    /// The child elements in document order.
    package var children: [AndroidXMLElement]

    /// The value of an attribute in the Android namespace (`package`: with no namespace),
    /// found by name or, for binary XML with stripped names, by resource id.
    /// - Parameter attribute: The attribute.
    /// - Returns: Its value, if present.
    package func value(_ attribute: AndroidAttribute) -> AndroidXMLValue? {
        // aapt finds framework attributes by resource id, which only `android:` ones have;
        // `package` has no namespace.
        let namespace = attribute == .package ? "" : Self.androidNamespace
        for candidate in attributes {
            if candidate.namespace == namespace, candidate.name == attribute.rawValue {
                return candidate.value
            }
            if attribute != .package, let id = candidate.resourceID, id == attribute.resourceID {
                return candidate.value
            }
        }
        return nil
    }

    /// The value of a `tools:` attribute (`tools:node`).
    /// - Parameter name: The local name.
    /// - Returns: Its text, if present.
    func toolsValue(_ name: String) -> String? {
        attributes.first { $0.namespace == Self.toolsNamespace && $0.name == name }?.value.text
    }
}

/// One attribute: namespace URI (empty for none), local name, resource id and typed value.
package struct AndroidXMLAttribute: Equatable, Sendable {
    /// The namespace URI, empty when the attribute has none.
    package var namespace: String
    /// The local name (may be empty in binary XML whose names were stripped).
    package var name: String
    /// The framework attribute id from the binary XML resource map, if any.
    var resourceID: UInt32?
    /// The value.
    package var value: AndroidXMLValue
}

/// A typed attribute value: text XML gives strings, compiled XML gives typed values.
package enum AndroidXMLValue: Equatable, Sendable {
    /// A string (every text XML value).
    case string(String)
    /// A decimal or hexadecimal integer.
    case integer(Int)
    /// A Boolean.
    case boolean(Bool)
    /// A reference to a resource (`@string/app_name` once compiled).
    case reference(UInt32)
    /// Any other compiled type (float, dimension, colour), kept only to be shown.
    case other(type: UInt8, data: UInt32)

    /// The value as text, as it would be written in a source manifest.
    package var text: String? {
        switch self {
        case .string(let text): return text
        case .integer(let value): return String(value)
        case .boolean(let value): return value ? "true" : "false"
        case .reference(let id): return "@0x" + String(id, radix: 16)
        case .other: return nil
        }
    }

    /// The value as an integer: a compiled integer, or text that is a decimal or `0x` number.
    var integer: Int? {
        switch self {
        case .integer(let value): return value
        case .boolean(let value): return value ? -1 : 0
        case .string(let text):
            let trimmed = text.trimming(.whitespaces)
            if trimmed.lowercased().hasPrefix("0x") { return Int(trimmed.dropFirst(2), radix: 16) }
            return Int(trimmed)
        case .reference, .other: return nil
        }
    }

    /// Whether the value is a build placeholder (`${applicationId}`) left in a source manifest.
    package var isPlaceholder: Bool {
        guard case .string(let text) = self else { return false }
        return text.contains("${")
    }
}

/// The framework attributes capcheck reads, with their `android.R.attr` ids (binary XML
/// may strip attribute names and keep only these ids).
package enum AndroidAttribute: String, CaseIterable, Sendable {
    case name
    case required
    case glEsVersion
    case version
    case minSdkVersion
    case targetSdkVersion
    case screenOrientation
    case package
    case smallScreens
    case normalScreens
    case largeScreens
    case xlargeScreens
    case screenSize
    case screenDensity
    case maxSdkVersion
    case reqTouchScreen
    case reqKeyboardType
    case reqHardKeyboard
    case reqNavigation
    case reqFiveWayNav

    /// The id from `android.R.attr` (0 for `package`, which has none).
    var resourceID: UInt32 {
        switch self {
        case .name: return 0x0101_0003
        case .required: return 0x0101_028e
        case .glEsVersion: return 0x0101_0281
        case .version: return 0x0101_0519
        case .minSdkVersion: return 0x0101_020c
        case .targetSdkVersion: return 0x0101_0270
        case .screenOrientation: return 0x0101_001e
        case .package: return 0
        case .smallScreens: return 0x0101_0284
        case .normalScreens: return 0x0101_0285
        case .largeScreens: return 0x0101_0286
        case .xlargeScreens: return 0x0101_02bf
        case .screenSize: return 0x0101_02ca
        case .screenDensity: return 0x0101_02cb
        case .maxSdkVersion: return 0x0101_0271
        case .reqTouchScreen: return 0x0101_0227
        case .reqKeyboardType: return 0x0101_0228
        case .reqHardKeyboard: return 0x0101_0229
        case .reqNavigation: return 0x0101_022a
        case .reqFiveWayNav: return 0x0101_0232
        }
    }
}

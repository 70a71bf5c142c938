import FoundationEssentials

/// A property list value of any shape, as `PropertyListDecoder` reads it: what
/// `PropertyListSerialization` returned before, without full Foundation.
///
/// Each value is tried as the types a property list holds, in an order that keeps them apart:
/// a `<string>` never reads as a number, `<true/>` never as an integer.
indirect enum PlistValue: Decodable {
    case string(String)
    case bool(Bool)
    case integer(Int)
    case real(Double)
    case date(Date)
    case data(Data)
    case array([PlistValue])
    case dictionary([String: PlistValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .real(value)
        } else if let value = try? container.decode(Date.self) {
            self = .date(value)
        } else if let value = try? container.decode(Data.self) {
            self = .data(value)
        } else if let value = try? container.decode([PlistValue].self) {
            self = .array(value)
        } else {
            self = .dictionary(try container.decode([String: PlistValue].self))
        }
    }

    /// The value as the untyped tree the readers walk: `String`, `Bool`, `Int`, `Double`,
    /// `Date`, `Data`, `[Any]` and `[String: Any]`.
    var any: Any {
        switch self {
        case .string(let value): return value
        case .bool(let value): return value
        case .integer(let value): return value
        case .real(let value): return value
        case .date(let value): return value
        case .data(let value): return value
        case .array(let values): return values.map(\.any)
        case .dictionary(let values): return values.mapValues(\.any)
        }
    }

    /// The parser's own words for why a document is not a property list ("Value missing for
    /// key inside <dict> at line 1"), when the decoder gave them.
    static func debugDescription(of error: any Error) -> String? {
        guard case DecodingError.dataCorrupted(let context) = error else { return nil }
        return (context.underlyingError as? CocoaError)?.userInfo["NSDebugDescription"] as? String
    }
}

import Foundation

@testable import CapabilityProbe
@testable import CapabilityMatrix
@testable import CapabilityModel

extension JSONValue {
    /// The JSON tree a snapshot holds for a value (what `JSONEncoder` writes).
    static func of(_ value: some Encodable) throws -> JSONValue {
        try JSONValue(encoding: value)
    }
}

extension Decodable {
    /// Reads a value back from the JSON a snapshot holds for it.
    static func decoded(from json: JSONValue) throws -> Self {
        try JSONDecoder().decode(Self.self, from: JSONEncoder().encode(json))
    }
}

extension Device {
    /// The record's kernel facts as the JSON object a snapshot holds, by key.
    var factsJSON: [String: JSONValue] {
        get throws { try JSONValue.of(facts).objectValue ?? [:] }
    }
}

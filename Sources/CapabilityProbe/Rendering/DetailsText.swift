import Foundation

/// Shows a finding's `details` in the human `capcheck list`: the numeric facts of the shared
/// contract first, then every other fact, then one line per listed device, radio or
/// controller. Device strings are sanitised; the device id paths are left to the device view.
enum DetailsText {
    /// Detail keys shown first, in this order (the numeric facts of the shared contract, then
    /// states).
    static let leadingKeys = [
        "megapixels", "modes", "points", "scale", "dpi", "level", "state", "near", "bytes", "gib",
        "arch", "access",
    ]

    /// Keys never shown as facts: `reason` is the evidence column when there is no evidence
    /// (the list renders it as `note` otherwise), `device` is the record id (shown by
    /// the device view).
    static let hiddenKeys: Set<String> = ["reason", "device"]

    /// Keys that name an entry of a device list, best first.
    static let nameKeys = ["name", "card", "connector", "phy", "model"]

    /// The lines under one finding: a facts line (if any), then one line per entry of every
    /// list of objects (`devices` first).
    /// - Parameter details: The finding's details.
    /// - Returns: Unindented, sanitised lines.
    static func lines(_ details: [String: JSONValue]) -> [String] {
        var lines: [String] = []
        let scalarKeys = details.keys.filter {
            !hiddenKeys.contains($0) && !isObjectList(details[$0])
        }
        let ordered =
            leadingKeys.filter(scalarKeys.contains)
            + scalarKeys.filter { !leadingKeys.contains($0) }.sorted()
        let facts = ordered.compactMap { key in details[key].flatMap { fact(key, $0) } }
        if !facts.isEmpty { lines.append(facts.joined(separator: " · ")) }
        let listKeys = details.keys.filter { isObjectList(details[$0]) }.sorted {
            ($0 == "devices" ? 0 : 1, $0) < ($1 == "devices" ? 0 : 1, $1)
        }
        for key in listKeys {
            for entry in details[key]?.arrayValue ?? [] {
                guard let object = entry.objectValue else { continue }
                let label = key == "devices" ? "" : key + ": "
                lines.append("- " + label + entryText(object))
            }
        }
        return lines.map(TerminalText.sanitize)
    }

    /// Splits a line at its ` · ` separators into lines of at most `width` characters (a
    /// single longer part stays whole); continuation lines are indented by two spaces.
    /// - Parameters:
    ///   - line: One line from ``lines(_:)``.
    ///   - width: The widest line wanted.
    /// - Returns: One or more lines.
    static func wrap(_ line: String, width: Int) -> [String] {
        var wrapped: [String] = []
        var current = ""
        for part in line.components(separatedBy: " · ") {
            if current.isEmpty {
                current = part
            } else if current.count + 3 + part.count <= width {
                current += " · " + part
            } else {
                wrapped.append(current)
                current = "  " + part
            }
        }
        wrapped.append(current)
        return wrapped
    }

    /// Whether a value is a non-empty array of objects (a device list).
    static func isObjectList(_ value: JSONValue?) -> Bool {
        guard let items = value?.arrayValue, !items.isEmpty else { return false }
        return items.allSatisfy { $0.objectValue != nil }
    }

    /// One device-list entry: its name (or the last component of its device id), then its
    /// other facts (`key value`, a `reason` included) in key order.
    static func entryText(_ object: [String: JSONValue]) -> String {
        let nameKey = nameKeys.first { object[$0]?.stringValue != nil }
        var parts: [String] = []
        if let nameKey, let name = object[nameKey]?.stringValue { parts.append(name) }
        if nameKey == nil, let device = object["device"]?.stringValue {
            parts.append(shortName(device))
        }
        for key in object.keys.sorted() where key != nameKey && key != "device" {
            if let value = object[key], let text = fact(key, value) { parts.append(text) }
        }
        return parts.joined(separator: " · ")
    }

    /// `key value`, with device paths in lists shortened to their last component; `nil` for
    /// an empty list or a null.
    static func fact(_ key: String, _ value: JSONValue) -> String? {
        guard let text = valueText(value) else { return nil }
        return key + " " + text
    }

    /// A value in words: numbers rounded to two decimals, booleans `yes`/`no`, lists joined
    /// by commas, objects as `(key value, …)`.
    static func valueText(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text):
            return text.hasPrefix("/devices/") ? shortName(text) : text
        case .int(let number):
            return String(number)
        case .double(let number):
            let rounded = (number * 100).rounded() / 100
            guard rounded.isFinite, rounded == rounded.rounded(), abs(rounded) < 1e15 else {
                return String(rounded)
            }
            return String(Int(rounded))
        case .bool(let flag):
            return flag ? "yes" : "no"
        case .array(let items):
            let texts = items.compactMap { item in
                item.objectValue.map { "(" + entryText($0) + ")" } ?? valueText(item)
            }
            return texts.isEmpty ? nil : texts.joined(separator: ", ")
        case .object(let object):
            let texts = object.keys.sorted().compactMap { key in
                object[key].flatMap { fact(key, $0) }
            }
            return texts.isEmpty ? nil : "(" + texts.joined(separator: ", ") + ")"
        case .null:
            return nil
        }
    }

    /// The last path component of a device id (`video0`, `card0-eDP-1`).
    static func shortName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}

import Foundation

/// One yes/no/unknown cell of a device matrix.
public enum MatrixCell: UInt8, Sendable, Hashable, Codable, CaseIterable {
    /// The device has the capability.
    case yes
    /// The device lacks the capability.
    case no
    /// The table does not say (a blank cell is unknown, never "no").
    case unknown

    /// Reads a cell in any accepted spelling: yes/no/unknown, y/n, true/false, 1/0,
    /// ☑/☐, ✔/✘, ✓/✗, `?`, and blank for unknown (case-insensitive, trimmed).
    /// - Parameter text: The cell text.
    /// - Returns: The cell, or nil when the spelling is not recognised.
    public init?(parsing text: some StringProtocol) {
        // Fast path for the spellings large tables use.
        if text == "yes" {
            self = .yes
            return
        }
        if text == "no" {
            self = .no
            return
        }
        if text.isEmpty {
            self = .unknown
            return
        }
        let trimmed = MatrixText.trimmed(String(text)).lowercased()
        switch trimmed {
        case "yes", "y", "true", "1", "☑", "✔", "✓", "✔️", "present": self = .yes
        case "no", "n", "false", "0", "☐", "✘", "✗", "absent": self = .no
        case "", "unknown", "?", "n/a", "na": self = .unknown
        default: return nil
        }
    }

    /// The status a synthetic finding gets from this cell.
    public var status: CapabilityStatus {
        switch self {
        case .yes: return .present
        case .no: return .absent
        case .unknown: return .unknown
        }
    }

    /// `yes`, `no` or `unknown`, for evidence and output.
    public var word: String {
        switch self {
        case .yes: return "yes"
        case .no: return "no"
        case .unknown: return "unknown"
        }
    }

    /// The accepted spellings, for error messages.
    static let spellings = "yes/no/unknown, true/false, ☑/☐, ✔/✘ or blank"
}

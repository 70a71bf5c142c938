/// A comparison in a numeric predicate.
public enum ComparisonOperator: String, Sendable, Hashable, CaseIterable {
    /// At least.
    case atLeast = ">="
    /// More than.
    case greater = ">"
    /// At most.
    case atMost = "<="
    /// Less than.
    case less = "<"
    /// Exactly.
    case equal = "=="

    /// Operators in the order a parser must try them (two-character ones first).
    static let parseOrder: [ComparisonOperator] = [.atLeast, .atMost, .equal, .greater, .less]

    /// Compares two numbers.
    /// - Parameters:
    ///   - actual: The measured value.
    ///   - wanted: The manifest's value.
    /// - Returns: Whether `actual op wanted` holds.
    public func holds(_ actual: Double, _ wanted: Double) -> Bool {
        switch self {
        case .atLeast: return actual >= wanted
        case .greater: return actual > wanted
        case .atMost: return actual <= wanted
        case .less: return actual < wanted
        case .equal: return actual == wanted
        }
    }

    /// The operator that fails exactly when this one holds, for "why not" messages.
    public var negated: String {
        switch self {
        case .atLeast: return "<"
        case .greater: return "<="
        case .atMost: return ">"
        case .less: return ">="
        case .equal: return "!="
        }
    }
}

/// The two-letter comparison of an AppStream relation (`compare="ge"`), with `ge` the default.
public enum AppStreamCompare: String, Sendable, Hashable, CaseIterable {
    /// Equal to.
    case eq
    /// Not equal to.
    case ne
    /// Less than.
    case lt
    /// Greater than.
    case gt
    /// Less than or equal to.
    case le
    /// Greater than or equal to.
    case ge

    /// Reads the attribute: the two-letter codes and the YAML symbols libappstream accepts.
    /// - Parameter text: The attribute value.
    /// - Returns: The comparison, or nil for an unknown code.
    public static func parse(_ text: String) -> AppStreamCompare? {
        if let code = AppStreamCompare(rawValue: text) { return code }
        return allCases.first { $0.symbol == text || $0.yamlSymbol == text }
    }

    /// The symbol shown to people (`>=`).
    public var symbol: String {
        switch self {
        case .eq: return "=="
        case .ne: return "!="
        case .lt: return "<"
        case .gt: return ">"
        case .le: return "<="
        case .ge: return ">="
        }
    }

    /// The DEP-11 YAML spelling (`>>` for greater than).
    var yamlSymbol: String {
        switch self {
        case .lt: return "<<"
        case .gt: return ">>"
        default: return symbol
        }
    }

    /// Whether an ordering result (-1, 0, 1 for actual versus wanted) satisfies the comparison.
    /// - Parameter order: The sign of actual − wanted.
    /// - Returns: Whether it holds.
    public func holds(order: Int) -> Bool {
        switch self {
        case .eq: return order == 0
        case .ne: return order != 0
        case .lt: return order < 0
        case .gt: return order > 0
        case .le: return order <= 0
        case .ge: return order >= 0
        }
    }

    /// Compares two integers.
    /// - Parameters:
    ///   - actual: The machine's value.
    ///   - wanted: The manifest's value.
    /// - Returns: Whether `actual op wanted` holds.
    public func holds(_ actual: Int, _ wanted: Int) -> Bool {
        holds(order: actual < wanted ? -1 : (actual == wanted ? 0 : 1))
    }
}

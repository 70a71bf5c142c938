import CapabilitySupport

/// Numbers read from input data (manifests, tables, recordings, snapshots) pass through here
/// before they become `Int`s or are multiplied, so that `1e300`, `inf` or a 20-digit count is
/// refused as a value instead of trapping the process.
package enum CheckedNumber {
    /// The largest magnitude a whole number from input may have: 2⁵³, the last integer a
    /// `Double` holds exactly.
    package static let limit = 9_007_199_254_740_992.0
    /// The largest width or height in pixels accepted from input (2²⁰; no camera or display
    /// comes near), so that width × height × frame rate always fits.
    package static let maximumDimension = 1 << 20

    /// A finite number from text (`Double("inf")` and `Double("nan")` are not numbers here).
    /// - Parameter text: Decimal text.
    /// - Returns: The value, or `nil`.
    static func finite<S: StringProtocol>(_ text: S) -> Double? {
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// A value rounded to the nearest whole number, if it is finite and within ``limit``.
    /// - Parameter value: The number.
    /// - Returns: The integer, or `nil`.
    package static func int(_ value: Double) -> Int? {
        guard value.isFinite, abs(value) <= limit else { return nil }
        return Int(value.rounded())
    }

    /// A pixel dimension: a whole number from 1 to ``maximumDimension``.
    /// - Parameter value: The parsed value.
    /// - Returns: The value, or `nil` when out of range.
    package static func dimension(_ value: Int?) -> Int? {
        guard let value, value > 0, value <= maximumDimension else { return nil }
        return value
    }

    /// The product of two integers, or `nil` when it would overflow.
    package static func product(_ lhs: Int, _ rhs: Int) -> Int? {
        let (result, overflow) = lhs.multipliedReportingOverflow(by: rhs)
        return overflow ? nil : result
    }

    /// The sum of two integers, or `nil` when it would overflow.
    static func sum(_ lhs: Int, _ rhs: Int) -> Int? {
        let (result, overflow) = lhs.addingReportingOverflow(rhs)
        return overflow ? nil : result
    }

    /// Formats a number without a needless `.0`, to at most two decimals.
    package static func formatted(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        var text = cFormat("%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

import CapabilityModel

/// Collects the warnings of one input: keeps the first ``SourceWarning/keptLimit`` and only
/// counts the rest, so memory stays bounded however odd the file is.
package struct WarningLog {
    /// The warnings kept, in input order.
    private(set) var kept: [SourceWarning] = []
    /// How many more were counted.
    private(set) var omitted = 0

    /// The kept warnings ordered by line (a record's own warnings are found when it ends, after
    /// those of the line that ends it); warnings without a line keep their order, first.
    var inLineOrder: [SourceWarning] {
        kept.enumerated().sorted { left, right in
            let (a, b) = (left.element.line ?? 0, right.element.line ?? 0)
            return a != b ? a < b : left.offset < right.offset
        }.map(\.element)
    }

    /// Records one warning.
    /// - Parameters:
    ///   - line: The 1-based line, if the input has lines.
    ///   - reason: What was tolerated.
    package mutating func add(line: Int?, _ reason: String) {
        if kept.count < SourceWarning.keptLimit {
            kept.append(SourceWarning(line: line, reason: reason))
        } else {
            omitted += 1
        }
    }

    /// Adds another log's warnings after these, as if they had been added here one by one.
    /// - Parameter other: Warnings collected separately.
    package mutating func append(_ other: WarningLog) {
        for warning in other.kept {
            if kept.count < SourceWarning.keptLimit {
                kept.append(warning)
            } else {
                omitted += 1
            }
        }
        omitted += other.omitted
    }
}

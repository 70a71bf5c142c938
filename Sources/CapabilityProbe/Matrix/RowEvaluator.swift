/// Decides a matrix row from its synthetic ``CapabilityReport``: the seam between the
/// matrix and the manifest checker.
public protocol RowEvaluator: Sendable {
    /// The capability ids the evaluation reads, or nil when it may read any. Rows that agree
    /// on the columns behind these ids share one evaluation.
    var capabilityIDs: Set<String>? { get }

    /// Evaluates one row.
    /// - Parameter report: The row's synthetic report (see ``MatrixReportBuilder``).
    /// - Returns: The verdict with failing and unknown keys.
    func evaluate(_ report: CapabilityReport) -> RowEvaluation
}

extension RowEvaluator {
    /// By default an evaluator may read any capability.
    public var capabilityIDs: Set<String>? { nil }
}

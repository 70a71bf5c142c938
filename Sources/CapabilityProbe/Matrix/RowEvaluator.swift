/// Decides a matrix row from its synthetic ``CapabilityReport``: the seam between the
/// matrix and the manifest checker.
public protocol RowEvaluator: Sendable {
    /// Evaluates one row.
    /// - Parameter report: The row's synthetic report (see ``MatrixReportBuilder``).
    /// - Returns: The verdict with failing and unknown keys.
    func evaluate(_ report: CapabilityReport) -> RowEvaluation
}

@testable import CapabilityMatrix

extension MatrixFilter {
    /// Evaluates every row on its own, with no shared evaluations: what ``evaluate(_:with:manifest:)``
    /// must agree with (tests compare the two).
    static func evaluateEachRow(
        _ matrix: DeviceMatrix, with evaluator: any RowEvaluator, manifest: String? = nil
    ) -> MatrixResult {
        let builder = MatrixReportBuilder(matrix: matrix)
        let results = matrix.rows.map { row in
            MatrixRowResult(
                name: row.name, family: row.group, line: row.line,
                evaluation: evaluator.evaluate(builder.report(for: row)))
        }
        return MatrixResult(
            matrix: matrix.source, provenance: matrix.provenance, manifest: manifest, rows: results)
    }
}

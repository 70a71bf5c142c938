/// Filters a device matrix through a manifest check.
public enum MatrixFilter {
    private struct Signature: Hashable {
        var cells: [MatrixCell]
        var values: [String]
    }

    /// Evaluates every row. Rows with equal cells share one evaluation (their synthetic
    /// reports are equal), so large tables of few distinct variants stay fast.
    /// - Parameters:
    ///   - matrix: The matrix.
    ///   - evaluator: The manifest check.
    ///   - manifest: The manifest path to record in the result.
    /// - Returns: Verdicts per row and summaries per family.
    public static func evaluate(
        _ matrix: DeviceMatrix, with evaluator: any RowEvaluator, manifest: String? = nil
    ) -> MatrixResult {
        let builder = MatrixReportBuilder(matrix: matrix)
        var cache: [Signature: RowEvaluation] = [:]
        var results: [MatrixRowResult] = []
        results.reserveCapacity(matrix.rows.count)
        for row in matrix.rows {
            let signature = Signature(cells: row.cells, values: row.values)
            let evaluation: RowEvaluation
            if let cached = cache[signature] {
                evaluation = cached
            } else {
                evaluation = evaluator.evaluate(builder.report(for: row))
                cache[signature] = evaluation
            }
            results.append(
                MatrixRowResult(
                    name: row.name, family: row.group, line: row.line, evaluation: evaluation))
        }
        return MatrixResult(
            matrix: matrix.source, provenance: matrix.provenance, manifest: manifest, rows: results)
    }
}

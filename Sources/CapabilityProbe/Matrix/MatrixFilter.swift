/// Filters a device matrix through a manifest check.
public enum MatrixFilter {
    private struct Signature: Hashable {
        var cells: [MatrixCell]
        var values: [String]
    }

    /// Evaluates every row. Rows that agree on every column the evaluator can read (its
    /// ``RowEvaluator/capabilityIDs``, widened to their parent and sub-capabilities because
    /// of implications) share one evaluation, so large tables stay fast.
    /// - Parameters:
    ///   - matrix: The matrix.
    ///   - evaluator: The manifest check.
    ///   - manifest: The manifest path to record in the result.
    /// - Returns: Verdicts per row and summaries per family.
    public static func evaluate(
        _ matrix: DeviceMatrix, with evaluator: any RowEvaluator, manifest: String? = nil
    ) -> MatrixResult {
        let builder = MatrixReportBuilder(matrix: matrix)
        let (cellColumns, valueColumns) = relevantColumns(matrix, ids: evaluator.capabilityIDs)
        var cache: [Signature: RowEvaluation] = [:]
        var results: [MatrixRowResult] = []
        results.reserveCapacity(matrix.rows.count)
        for row in matrix.rows {
            let signature = Signature(
                cells: cellColumns.map { row.cells[$0] },
                values: valueColumns.map { row.values[$0] })
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

    /// The capability and value column indices that can change what the given ids say.
    static func relevantColumns(_ matrix: DeviceMatrix, ids: Set<String>?) -> ([Int], [Int]) {
        let kinds = matrix.valueKinds
        guard var relevant = ids else {
            return (Array(matrix.capabilityColumns.indices), Array(kinds.indices))
        }
        for (parent, children) in MatrixReportBuilder.children {
            let group = Set([parent] + children)
            if !relevant.isDisjoint(with: group) { relevant.formUnion(group) }
        }
        let cells = matrix.capabilityIDs.indices.filter {
            relevant.contains(matrix.capabilityIDs[$0])
        }
        let values = kinds.indices.filter { kinds[$0].capabilityID.map(relevant.contains) ?? false }
        return (cells, values)
    }
}

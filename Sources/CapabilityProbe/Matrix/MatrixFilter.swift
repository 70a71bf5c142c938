/// Filters a device matrix through a manifest check.
public enum MatrixFilter {

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
        // A row's signature as bytes: one per relevant cell (0…2), then each relevant value's
        // UTF-8 after a 0xFF (a byte UTF-8 never holds), so equal bytes mean equal columns.
        var cache: [[UInt8]: RowEvaluation] = [:]
        var signature: [UInt8] = []
        var results: [MatrixRowResult] = []
        results.reserveCapacity(matrix.rows.count)
        for row in matrix.rows {
            signature.removeAll(keepingCapacity: true)
            for column in cellColumns { signature.append(row.cells[column].rawValue) }
            for column in valueColumns {
                signature.append(0xFF)
                signature.append(contentsOf: row.values[column].utf8)
            }
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
            let group = Set(([parent] + children).map(\.rawValue))
            if !relevant.isDisjoint(with: group) { relevant.formUnion(group) }
        }
        let cells = matrix.capabilityIDs.indices.filter {
            relevant.contains(matrix.capabilityIDs[$0])
        }
        let values = kinds.indices.filter { kinds[$0].capabilityID.map(relevant.contains) ?? false }
        return (cells, values)
    }
}

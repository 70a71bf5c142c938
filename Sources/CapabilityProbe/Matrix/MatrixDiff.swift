/// Compares what two manifests admit from one device matrix.
public enum MatrixDiff {
    /// Evaluates both manifests on every row and lists the rows whose verdict moves.
    /// - Parameters:
    ///   - matrix: The matrix.
    ///   - old: The old manifest's check.
    ///   - new: The new manifest's check.
    ///   - oldPath: The old manifest path, for the result.
    ///   - newPath: The new manifest path.
    /// - Returns: The gained, lost and uncertain rows with the keys responsible.
    public static func compare(
        _ matrix: DeviceMatrix, old: any RowEvaluator, new: any RowEvaluator, oldPath: String,
        newPath: String
    ) -> MatrixDiffResult {
        let before = MatrixFilter.evaluate(matrix, with: old, manifest: oldPath)
        let after = MatrixFilter.evaluate(matrix, with: new, manifest: newPath)
        var changes: [MatrixDiffRow] = []
        for (was, now) in zip(before.rows, after.rows) {
            guard let change = MatrixChange.between(was.verdict, now.verdict) else { continue }
            let keys: [RowIssue]
            switch change {
            case .lost, .mayBeLost:
                keys = responsible(now.failing + now.unknown, notIn: was.failing + was.unknown)
            case .gained, .mayBeGained:
                keys = responsible(was.failing + was.unknown, notIn: now.failing + now.unknown)
            }
            changes.append(
                MatrixDiffRow(
                    name: was.name, family: was.family, old: was.verdict, new: now.verdict,
                    change: change, keys: keys))
        }
        return MatrixDiffResult(
            matrix: matrix.source, provenance: matrix.provenance, old: oldPath, new: newPath,
            oldEligible: before.totals.eligible, newEligible: after.totals.eligible,
            total: matrix.rows.count,
            changes: changes)
    }

    /// The issues whose key the other side does not have (all of them when every key is shared).
    static func responsible(_ issues: [RowIssue], notIn other: [RowIssue]) -> [RowIssue] {
        let otherKeys = Set(other.map { "\($0.key)|\($0.required)" })
        let fresh = issues.filter { !otherKeys.contains("\($0.key)|\($0.required)") }
        return (fresh.isEmpty ? issues : fresh).sorted()
    }
}

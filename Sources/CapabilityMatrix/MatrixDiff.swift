import CapabilityManifest
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
        compare(
            before: MatrixFilter.evaluate(matrix, with: old, manifest: oldPath),
            after: MatrixFilter.evaluate(matrix, with: new, manifest: newPath), oldPath: oldPath,
            newPath: newPath)
    }

    /// Lists the rows whose verdict moves between two results over the same rows (a matrix
    /// or a device catalog filtered by each manifest).
    /// - Parameters:
    ///   - before: The old manifest's result.
    ///   - after: The new manifest's result, row for row.
    ///   - oldPath: The old manifest path.
    ///   - newPath: The new manifest path.
    /// - Returns: The gained, lost and uncertain rows with the keys responsible.
    public static func compare(
        before: MatrixResult, after: MatrixResult, oldPath: String, newPath: String
    ) -> MatrixDiffResult {
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
        var result = MatrixDiffResult(
            matrix: before.matrix, provenance: before.provenance, old: oldPath, new: newPath,
            oldEligible: before.totals.eligible, newEligible: after.totals.eligible,
            total: before.rows.count,
            changes: changes)
        result.losses = losses(changes, before: before)
        // Raising MinimumOSVersion or narrowing UIDeviceFamily is an ordinary update; only
        // the capability keys fall under Apple's rule.
        let storeKeys = changes.filter { $0.change == .lost || $0.change == .mayBeLost }
            .allSatisfy { row in row.keys.allSatisfy { Self.isPlatformKey($0.key) } }
        if storeKeys, !changes.isEmpty, result.rule != nil, before.answer != nil {
            result.rule = nil
        }
        return result
    }

    /// Whether a key is the App Store's platform filter rather than a capability key.
    package static func isPlatformKey(_ key: String) -> Bool {
        key.hasPrefix("MinimumOSVersion") || key == "UIDeviceFamily"
    }

    /// One sentence per key that loses rows: `MinimumOSVersion 16.0 → 17.0 loses 3: iPhone
    /// 8, iPhone 8 Plus, iPhone X`.
    static func losses(_ changes: [MatrixDiffRow], before: MatrixResult) -> [String]? {
        var byKey: [String: [String]] = [:]
        var order: [String] = []
        for row in changes where row.change == .lost {
            guard let key = row.keys.first?.key else { continue }
            if byKey[key] == nil { order.append(key) }
            byKey[key, default: []].append(row.name)
        }
        guard !order.isEmpty else { return nil }
        let oldMinimum = before.notes?.lazy.compactMap { note -> String? in
            guard note.hasPrefix("MinimumOSVersion ") else { return nil }
            let version = note.dropFirst(17).prefix { $0 != " " }
            return OSVersion(version) == nil ? nil : String(version)
        }.first
        return order.map { key in
            let names = byKey[key] ?? []
            var label = key
            if key.hasPrefix("MinimumOSVersion "), let oldMinimum {
                label = "MinimumOSVersion \(oldMinimum) → " + key.dropFirst(17)
            }
            return "\(label) loses \(names.count): " + names.joined(separator: ", ")
        }
    }

    /// The issues whose key the other side does not have (all of them when every key is shared).
    static func responsible(_ issues: [RowIssue], notIn other: [RowIssue]) -> [RowIssue] {
        let otherKeys = Set(other.map { "\($0.key)|\($0.required)" })
        let fresh = issues.filter { !otherKeys.contains("\($0.key)|\($0.required)") }
        return (fresh.isEmpty ? issues : fresh).sorted()
    }
}

/// The rows gained and lost when a manifest changes.
public struct MatrixDiffResult: Sendable, Hashable, Codable {
    /// The JSON schema version of this document.
    public static let currentSchema = 1

    /// Apple's rule, shown with every diff that loses rows.
    public static let appleRule =
        "App Store Connect rejects an update whose UIRequiredDeviceCapabilities would keep it off devices that earlier versions supported: requirements may only stay or relax"

    /// The schema version.
    public var schema: Int
    /// The matrix source.
    public var matrix: String
    /// The matrix's provenance lines.
    public var provenance: [String]
    /// The old manifest path.
    public var old: String
    /// The new manifest path.
    public var new: String
    /// Rows eligible under the old manifest.
    public var oldEligible: Int
    /// Rows eligible under the new manifest.
    public var newEligible: Int
    /// All rows.
    public var total: Int
    /// Every changed row, in table order.
    public var changes: [MatrixDiffRow]
    /// ``appleRule`` when a row is lost or may be lost (the update tightens requirements),
    /// else nil (and absent from the JSON document).
    public var rule: String?
    /// What each responsible key loses, one sentence a key (`MinimumOSVersion 16.0 → 17.0
    /// loses 3: iPhone 8, iPhone 8 Plus, iPhone X`); nil when no row is lost.
    public var losses: [String]?

    /// Creates a diff result.
    package init(
        matrix: String, provenance: [String], old: String, new: String, oldEligible: Int,
        newEligible: Int, total: Int, changes: [MatrixDiffRow]
    ) {
        self.schema = Self.currentSchema
        self.matrix = matrix
        self.provenance = provenance
        self.old = old
        self.new = new
        self.oldEligible = oldEligible
        self.newEligible = newEligible
        self.total = total
        self.changes = changes
        let tightens = changes.contains { $0.change == .lost || $0.change == .mayBeLost }
        self.rule = tightens ? Self.appleRule : nil
    }

    /// The changed rows of one kind.
    /// - Parameter change: The kind.
    /// - Returns: Those rows, in table order.
    public func rows(_ change: MatrixChange) -> [MatrixDiffRow] {
        changes.filter { $0.change == change }
    }
}

/// One row whose verdict changes between two manifests, with the keys responsible.
public struct MatrixDiffRow: Sendable, Hashable, Codable {
    /// The row name.
    public var name: String
    /// The row's family.
    public var family: String
    /// The verdict under the old manifest.
    public var old: RowVerdict
    /// The verdict under the new manifest.
    public var new: RowVerdict
    /// Gained, lost, or one of the uncertain moves.
    public var change: MatrixChange
    /// The keys responsible: for a loss, the new manifest's failing (or unknown) keys that the
    /// old one did not have; for a gain, the old failing (or unknown) keys the new one dropped.
    public var keys: [RowIssue]

    /// Creates a diff row.
    package init(
        name: String, family: String, old: RowVerdict, new: RowVerdict, change: MatrixChange,
        keys: [RowIssue]
    ) {
        self.name = name
        self.family = family
        self.old = old
        self.new = new
        self.change = change
        self.keys = keys
    }
}

/// How a row's verdict moves between an old and a new manifest.
public enum MatrixChange: String, Sendable, Hashable, Codable, CaseIterable {
    /// Excluded before, eligible now.
    case gained
    /// Eligible before, excluded now: the update would strand these devices.
    case lost
    /// Eligible before, undecided now, or undecided before and excluded now.
    case mayBeLost = "may-be-lost"
    /// Undecided before and eligible now, or excluded before and undecided now.
    case mayBeGained = "may-be-gained"

    /// The change between two verdicts, or nil when nothing that matters changed.
    /// - Parameters:
    ///   - old: The verdict under the old manifest.
    ///   - new: The verdict under the new manifest.
    /// - Returns: The change.
    package static func between(_ old: RowVerdict, _ new: RowVerdict) -> MatrixChange? {
        switch (old, new) {
        case (.excluded, .eligible): return .gained
        case (.eligible, .excluded): return .lost
        case (.eligible, .undecided), (.undecided, .excluded): return .mayBeLost
        case (.undecided, .eligible), (.excluded, .undecided): return .mayBeGained
        default: return nil
        }
    }
}

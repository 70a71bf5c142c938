import CapabilityModel
import CapabilitySupport
import Synchronization
/// Filters a device matrix through a manifest check.
public enum MatrixFilter {

    /// Evaluates every row. Rows that give the evaluator equal findings for every id it
    /// reads (its ``RowEvaluator/capabilityIDs``; equal ``RowSignature``s) share one
    /// evaluation, so large tables stay fast.
    /// - Parameters:
    ///   - matrix: The matrix.
    ///   - evaluator: The manifest check.
    ///   - manifest: The manifest path to record in the result.
    /// - Returns: Verdicts per row and summaries per family.
    public static func evaluate(
        _ matrix: DeviceMatrix, with evaluator: any RowEvaluator, manifest: String? = nil
    ) -> MatrixResult {
        let rows = matrix.rows
        if rows.count >= parallelMinimumRows {
            // Two halves on two threads, each with its own signatures and cache, sharing their
            // evaluations (``SharedEvaluations``): an evaluation depends on the signature
            // alone, so the halves give what one pass gives.
            let middle = rows.count / 2
            let shared = SharedEvaluations()
            // Each half counts its own families too.
            var halves = ParallelMap.results(count: 2) { index in
                let part = evaluate(
                    rows[index == 0 ? 0..<middle : middle..<rows.count], of: matrix,
                    with: evaluator, capacity: index == 0 ? rows.count : 0, shared: shared)
                var tally = FamilyTally()
                tally.add(part[...])
                return (part, tally)
            }
            // The first half has room for all: the second is appended in place.
            var results = halves[0].0
            var tally = halves[0].1
            let tail = halves[1]
            halves.removeAll()
            results.append(contentsOf: tail.0)
            tally.merge(tail.1)
            return MatrixResult(
                matrix: matrix.source, provenance: matrix.provenance, manifest: manifest,
                rows: results, tally: tally)
        }
        let results = evaluate(
            rows[...], of: matrix, with: evaluator, capacity: rows.count, shared: nil)
        return MatrixResult(
            matrix: matrix.source, provenance: matrix.provenance, manifest: manifest, rows: results)
    }

    /// The fewest rows evaluated as two halves in parallel.
    static let parallelMinimumRows = 20_000

    /// The results of some rows of a matrix, in order, in an array with room for `capacity`.
    /// A signature this call has not seen is looked up in `shared` (the other half's
    /// evaluations so far) before it is evaluated.
    private static func evaluate(
        _ rows: ArraySlice<MatrixRow>, of matrix: DeviceMatrix, with evaluator: any RowEvaluator,
        capacity: Int, shared: SharedEvaluations?
    ) -> [MatrixRowResult] {
        var signatures = RowSignature(matrix: matrix, ids: evaluator.capabilityIDs)
        let builder = signatures.reportBuilder
        var cache: [RowSignature.Key: RowEvaluation] = [:]
        var signature = RowSignature.Key()
        var results: [MatrixRowResult] = []
        results.reserveCapacity(max(capacity, rows.count))
        for row in rows {
            signatures.write(row, into: &signature)
            let evaluation: RowEvaluation
            if let cached = cache[signature] {
                evaluation = cached
            } else if let known = shared?.evaluation(signature) {
                evaluation = known
                cache[signature] = evaluation
            } else {
                evaluation = evaluator.evaluate(builder.report(for: row))
                cache[signature] = evaluation
                shared?.add(evaluation, for: signature)
            }
            results.append(
                MatrixRowResult(
                    name: row.name, family: row.group, line: row.line, evaluation: evaluation))
        }
        return results
    }
}

/// The evaluations both halves of a parallel ``MatrixFilter/evaluate(_:with:manifest:)`` have
/// made, by signature: a half asks here on its own cache's miss, so a signature is mostly
/// evaluated once, not once per half. Two halves that miss at once both evaluate; an
/// evaluation depends on the signature alone, so either result is the same.
private final class SharedEvaluations: Sendable {
    private let storage = Mutex<[RowSignature.Key: RowEvaluation]>([:])

    func evaluation(_ signature: RowSignature.Key) -> RowEvaluation? {
        storage.withLock { $0[signature] }
    }

    func add(_ evaluation: RowEvaluation, for signature: RowSignature.Key) {
        storage.withLock { $0[signature] = evaluation }
    }
}

/// A matrix filtered through a manifest: one verdict per row, summaries per family.
public struct MatrixResult: Sendable, Hashable, Codable {
    /// The JSON schema version of this document.
    public static let currentSchema = 1

    /// The schema version.
    public var schema: Int
    /// The matrix source: a path or `builtin:NAME`.
    public var matrix: String
    /// The matrix's provenance lines (source, date).
    public var provenance: [String]
    /// The manifest path, if the caller set it.
    public var manifest: String?
    /// One result per row, in table order.
    public var rows: [MatrixRowResult]
    /// One summary per family, in order of first appearance.
    public var families: [FamilySummary]
    /// The summary over all rows (family `all`).
    public var totals: FamilySummary
    /// For a device catalog: counts by year or SDK level, and the keys that exclude rows.
    public var summary: CatalogSummary?
    /// For a device catalog: the answer in one sentence (how many devices can install the
    /// app), which every format shows first.
    public var answer: String?
    /// What applies to every row: filters the manifest could not feed, settings stated
    /// instead of read (nil when there is none).
    public var notes: [String]?

    /// Creates a result; summaries are computed from the rows.
    /// - Parameters:
    ///   - matrix: The matrix source.
    ///   - provenance: The provenance lines.
    ///   - manifest: The manifest path.
    ///   - rows: The row results in table order.
    package init(matrix: String, provenance: [String], manifest: String?, rows: [MatrixRowResult]) {
        var tally = FamilyTally()
        tally.add(rows[...])
        self.init(
            matrix: matrix, provenance: provenance, manifest: manifest, rows: rows, tally: tally)
    }

    /// Creates a result whose summaries were counted already (``FamilyTally``, over `rows`).
    init(
        matrix: String, provenance: [String], manifest: String?, rows: [MatrixRowResult],
        tally: FamilyTally
    ) {
        self.schema = Self.currentSchema
        self.matrix = matrix
        self.provenance = provenance
        self.manifest = manifest
        self.rows = rows
        self.families = tally.families
        self.totals = tally.totals
    }
}

/// Family summaries counted row by row, in order of first appearance; the tallies of a
/// table's two halves merge into the tally of the whole.
struct FamilyTally: Sendable {
    private(set) var families: [FamilySummary] = []
    private(set) var totals = FamilySummary(family: "all")
    /// Family name → its position in `families`.
    private var position: [String: Int] = [:]

    /// Counts rows.
    mutating func add(_ rows: ArraySlice<MatrixRowResult>) {
        for row in rows {
            // One hash look-up a row.
            if let index = position[row.family] {
                families[index].add(row.verdict)
            } else {
                position[row.family] = families.count
                var summary = FamilySummary(family: row.family)
                summary.add(row.verdict)
                families.append(summary)
            }
            totals.add(row.verdict)
        }
    }

    /// Counts the rows another tally counted, all after this one's: its families new here
    /// come after this one's, in its order.
    mutating func merge(_ other: FamilyTally) {
        for summary in other.families {
            if let index = position[summary.family] {
                families[index].merge(summary)
            } else {
                position[summary.family] = families.count
                families.append(summary)
            }
        }
        totals.merge(other.totals)
    }
}

/// The verdict on one matrix row, with the keys behind it.
public struct MatrixRowResult: Sendable, Hashable, Codable {
    /// The row name.
    public var name: String
    /// The row's family (the `Family` cell, else the row name).
    public var family: String
    /// The line the row came from.
    public var line: Int
    /// The file the row came from, for a fleet's machine (its snapshot's file name in the
    /// fleet directory, which tells two machines of one host or model apart); nil for a
    /// table's row.
    public var file: String?
    /// Eligible, excluded or undecided.
    public var verdict: RowVerdict
    /// The unsatisfied keys (why the row is excluded).
    public var failing: [RowIssue]
    /// The keys the row's cells cannot decide.
    public var unknown: [RowIssue]
    /// For a device catalog row: what the device is (brand, codename, SDK levels, newest OS).
    public var device: CatalogRowDetails?

    /// Creates a row result.
    package init(
        name: String, family: String, line: Int, file: String? = nil, evaluation: RowEvaluation
    ) {
        self.name = name
        self.family = family
        self.line = line
        self.file = file
        self.verdict = evaluation.verdict
        self.failing = evaluation.failing
        self.unknown = evaluation.unknown
    }
}

/// How many rows of one family a manifest admits.
public struct FamilySummary: Sendable, Hashable, Codable {
    /// The family name.
    public var family: String
    /// Rows in the family.
    public var total: Int
    /// Eligible rows.
    public var eligible: Int
    /// Excluded rows.
    public var excluded: Int
    /// Undecided rows.
    public var undecided: Int

    /// Creates an empty summary.
    /// - Parameter family: The family name.
    package init(family: String) {
        self.family = family
        self.total = 0
        self.eligible = 0
        self.excluded = 0
        self.undecided = 0
    }

    /// Adds another summary's counts (of the same family, or of other rows of the total).
    mutating func merge(_ other: FamilySummary) {
        total += other.total
        eligible += other.eligible
        excluded += other.excluded
        undecided += other.undecided
    }

    /// Counts one row.
    /// - Parameter verdict: The row's verdict.
    package mutating func add(_ verdict: RowVerdict) {
        total += 1
        switch verdict {
        case .eligible: eligible += 1
        case .excluded: excluded += 1
        case .undecided: undecided += 1
        }
    }

    /// `iPad 2: 2 of 2 eligible` (with excluded/undecided counts when there are any).
    public var sentence: String {
        var text = "\(family): \(eligible) of \(total) eligible"
        var rest: [String] = []
        if excluded > 0 { rest.append("\(excluded) excluded") }
        if undecided > 0 { rest.append("\(undecided) undecided") }
        if !rest.isEmpty { text += " (" + rest.joined(separator: ", ") + ")" }
        return text
    }
}

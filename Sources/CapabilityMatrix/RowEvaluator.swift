import CapabilityModel
import CapabilityManifest

/// Decides a matrix row from its synthetic ``CapabilityReport``: the seam between the
/// matrix and the manifest checker.
public protocol RowEvaluator: Sendable {
    /// The capability ids the evaluation reads, or nil when it may read any. Rows that give
    /// these ids equal findings share one evaluation (``RowSignature``), so the evaluation
    /// must read no other finding.
    var capabilityIDs: Set<CapabilityID>? { get }

    /// Evaluates one row.
    /// - Parameter report: The row's synthetic report: its cells as findings (yes is present,
    ///   no absent, blank unknown) and its value columns as details.
    /// - Returns: The verdict with failing and unknown keys.
    func evaluate(_ report: CapabilityReport) -> RowEvaluation
}

extension RowEvaluator {
    /// By default an evaluator may read any capability.
    public var capabilityIDs: Set<CapabilityID>? { nil }
}

/// What a manifest check says about one matrix row.
public struct RowEvaluation: Sendable, Hashable, Codable {
    /// Eligible, excluded or undecided.
    public var verdict: RowVerdict
    /// The unsatisfied requirements (the failing keys), sorted by key.
    public var failing: [RowIssue]
    /// The requirements the row's cells cannot decide, sorted by key.
    public var unknown: [RowIssue]

    /// Creates an evaluation; the verdict follows from the issues: any failing key
    /// excludes, else any unknown key leaves the row undecided, else it is eligible.
    /// - Parameters:
    ///   - failing: Unsatisfied requirements.
    ///   - unknown: Undecidable requirements.
    public init(failing: [RowIssue], unknown: [RowIssue]) {
        self.failing = failing.sorted()
        self.unknown = unknown.sorted()
        self.verdict = failing.isEmpty ? (unknown.isEmpty ? .eligible : .undecided) : .excluded
    }
}

/// The verdict on one matrix row against a manifest.
public enum RowVerdict: String, Sendable, Hashable, Codable, CaseIterable {
    /// Every requirement is satisfied: the store would offer the app.
    case eligible
    /// At least one requirement is unsatisfied: the store would hide the app.
    case excluded
    /// Nothing fails, but at least one requirement is unknown for this row.
    case undecided
}

/// One requirement that keeps a row from being eligible: unsatisfied or unknown.
public struct RowIssue: Sendable, Hashable, Codable, Comparable {
    /// The manifest key as written (`gyroscope`, `android.hardware.camera.front`).
    public var key: String
    /// The capability id it maps to, if any.
    public var capability: String?
    /// Whether the key is required (true) or forbidden (false).
    public var required: Bool
    /// The checker's reason.
    public var reason: String

    /// Creates an issue.
    /// - Parameters:
    ///   - key: The manifest key.
    ///   - capability: The capability id.
    ///   - required: Required (true) or forbidden (false).
    ///   - reason: The reason.
    public init(key: String, capability: String?, required: Bool = true, reason: String) {
        self.key = key
        self.capability = capability
        self.required = required
        self.reason = reason
    }

    /// Play Console's wording for an exclusion: "doesn't support required feature: X".
    package var playWording: String {
        required ? "doesn't support required feature: \(key)" : "has excluded feature: \(key)"
    }

    /// Orders by key.
    public static func < (lhs: RowIssue, rhs: RowIssue) -> Bool {
        (lhs.key, lhs.reason) < (rhs.key, rhs.reason)
    }
}

/// Decides matrix rows with the manifest checker: a row is excluded by any unsatisfied
/// requirement and undecided by any unknown one. Not-applicable and optional keys never
/// exclude (unless the options' `strict` makes not-applicable keys fail, as for a machine).
public struct ManifestRowEvaluator: RowEvaluator {
    /// The manifest.
    public let manifest: Manifest
    /// The check options (`unknownAs` is ignored: unknown cells never count as "no").
    public let options: CheckOptions
    private let checker = ManifestChecker()

    /// Creates an evaluator.
    /// - Parameters:
    ///   - manifest: The manifest.
    ///   - options: The check options.
    public init(manifest: Manifest, options: CheckOptions = .init()) {
        self.manifest = manifest
        var options = options
        options.unknownAs = nil
        self.options = options
    }

    /// The capability ids the manifest's requirements read.
    public var capabilityIDs: Set<CapabilityID>? {
        Set(manifest.requirements.flatMap { $0.target.capabilityIDs })
    }

    /// Checks the manifest against a row's synthetic report.
    /// - Parameter report: The report.
    /// - Returns: The failing and unknown keys.
    public func evaluate(_ report: CapabilityReport) -> RowEvaluation {
        let verification = checker.check(manifest, against: report, options: options)
        var failing: [RowIssue] = []
        var unknown: [RowIssue] = []
        for result in verification.requirements {
            let issue = RowIssue(
                key: result.key, capability: result.capability, required: result.wanted != .absent,
                reason: result.reason)
            switch result.verdict {
            case .unsatisfied: failing.append(issue)
            case .unknown: unknown.append(issue)
            case .satisfied, .notApplicable, .optional, .warning: break
            }
        }
        return RowEvaluation(failing: failing, unknown: unknown)
    }
}

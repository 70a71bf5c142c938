/// Decides matrix rows with the manifest checker: a row is excluded by any unsatisfied
/// requirement and undecided by any unknown one. Not-applicable and optional keys never
/// exclude (unless `strict` makes not-applicable keys fail, as in `verify --strict`).
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
    public var capabilityIDs: Set<String>? {
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

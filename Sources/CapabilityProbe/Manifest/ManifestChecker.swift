/// Checks a manifest against a capability report; pure, works on any report (live, recorded
/// or built from a device-matrix row with only statuses and details).
public struct ManifestChecker: Sendable {
    /// Creates a checker.
    public init() {}

    /// What the report says about one id after the `--assume` overlay.
    private struct Fact {
        var status: CapabilityStatus?
        var finding: CapabilityFinding?
        var assumed: Bool
    }

    /// Checks every requirement and decides the overall verdict.
    /// - Parameters:
    ///   - manifest: The manifest.
    ///   - report: The machine's findings (any source; only status, evidence and details are read).
    ///   - options: Strictness, `--unknown-as` and `--assume` facts.
    /// - Returns: The verification report.
    public func check(
        _ manifest: Manifest, against report: CapabilityReport, options: CheckOptions = .init()
    )
        -> VerificationReport
    {
        let results = manifest.requirements.map { check($0, report: report, options: options) }
        var verdict: OverallVerdict = .satisfied
        if results.contains(where: { $0.verdict == .unsatisfied }) {
            verdict = .unsatisfied
        } else if results.contains(where: { $0.verdict == .unknown }) {
            switch options.unknownAs {
            case .fail: verdict = .unsatisfied
            case .pass: verdict = .satisfied
            case nil: verdict = .undecided
            }
        }
        return VerificationReport(
            manifest: ManifestSummary(
                path: manifest.path, kind: manifest.kind, notes: manifest.notes,
                warnings: manifest.warnings.isEmpty ? nil : manifest.warnings),
            source: report.source, machine: report.machine, assumptions: options.assumptions,
            verdict: verdict, requirements: results)
    }

    /// Checks one requirement.
    /// - Parameters:
    ///   - requirement: The requirement.
    ///   - report: The machine's findings.
    ///   - options: Strictness and `--assume` facts.
    /// - Returns: Its verdict, reason and evidence.
    public func check(
        _ requirement: Requirement, report: CapabilityReport, options: CheckOptions = .init()
    )
        -> RequirementResult
    {
        var result = RequirementResult(
            key: requirement.key, source: requirement.source, capability: requirement.target.label,
            wanted: requirement.wanted, verdict: .unknown, reason: "", note: requirement.note)
        switch requirement.target {
        case .notApplicable(let reason):
            if options.strict, requirement.wanted != .optional {
                result.verdict = .unsatisfied
                result.reason = reason + " (--strict)"
            } else {
                result.verdict = .notApplicable
                result.reason =
                    reason + (requirement.wanted == .optional ? "" : " (use --strict to fail)")
            }
            return result

        case .unprobed(let reason):
            return decide(result, holds: nil, status: nil, text: reason, rule: "")

        case .capability(let id):
            let fact = self.fact(id, report: report, options: options)
            result.assumed = fact.assumed
            result.evidence = fact.finding?.evidence ?? []
            let text = describe(fact, id: id)
            var decided = decide(
                result, holds: holdsFor(fact.status), status: fact.status, text: text, rule: id,
                strict: options.strict)
            if decided.verdict == .unsatisfied, requirement.wanted == .present, !fact.assumed {
                decided.hint = RequirementHint.architecture(id)
            }
            return decided

        case .anyOf(let ids):
            let facts = ids.map { fact($0, report: report, options: options) }
            result.assumed = facts.contains { $0.assumed }
            let present = zip(ids, facts).filter { $0.1.status == .present }
            let status: CapabilityStatus?
            let text: String
            if !present.isEmpty {
                status = .present
                result.evidence = present.flatMap { $0.1.finding?.evidence ?? [] }.sorted()
                text = present.map { describe($0.1, id: $0.0) }.joined(separator: "; ")
            } else if facts.allSatisfy({ $0.status == .absent }) {
                status = .absent
                result.evidence = facts.flatMap { $0.finding?.evidence ?? [] }.sorted()
                text = zip(ids, facts).map { describe($0.1, id: $0.0) }.joined(separator: "; ")
            } else {
                status = facts.contains { $0.status == .unknown } ? .unknown : nil
                result.evidence = facts.flatMap { $0.finding?.evidence ?? [] }.sorted()
                text = zip(ids, facts).filter { $0.1.status != .absent }.map {
                    describe($0.1, id: $0.0)
                }
                .joined(separator: "; ")
            }
            return decide(
                result, holds: holdsFor(status), status: status, text: text,
                rule: ids.joined(separator: " or "), strict: options.strict)

        case .relation(let item):
            let checker = RelationItemChecker(
                report: report,
                fact: { id in
                    let fact = self.fact(id, report: report, options: options)
                    return (fact.status, fact.finding, fact.assumed)
                },
                describe: { id in
                    self.describe(self.fact(id, report: report, options: options), id: id)
                })
            let outcome = checker.evaluate(item)
            result.assumed = outcome.assumed
            result.evidence = outcome.evidence
            return decide(
                result, holds: outcome.holds, status: nil, text: outcome.text, rule: outcome.rule,
                strict: options.strict)

        case .predicate(let predicate):
            let id = predicate.subject.capability
            let fact = self.fact(id, report: report, options: options)
            result.assumed = fact.assumed
            result.evidence = fact.finding?.evidence ?? []
            switch fact.status {
            case .present:
                let outcome = predicate.evaluate(fact.finding?.details ?? [:])
                let prefix = fact.assumed ? "assumed present (--assume); " : ""
                return decide(
                    result, holds: outcome.holds, status: .present, text: prefix + outcome.actual,
                    rule: predicate.text, strict: options.strict)
            case .absent:
                return decide(
                    result, holds: false, status: .absent, text: describe(fact, id: id),
                    rule: predicate.text, strict: options.strict)
            case .unknown, nil:
                return decide(
                    result, holds: nil, status: fact.status, text: describe(fact, id: id),
                    rule: predicate.text, strict: options.strict)
            }
        }
    }

    private func holdsFor(_ status: CapabilityStatus?) -> Bool? {
        switch status {
        case .present: return true
        case .absent: return false
        case .unknown, nil: return nil
        }
    }

    /// Turns "does the thing hold" into a verdict for what is wanted.
    private func decide(
        _ base: RequirementResult, holds: Bool?, status: CapabilityStatus?, text: String,
        rule: String, strict: Bool = false
    ) -> RequirementResult {
        var result = base
        let shown = rule.isEmpty ? text : "\(text) (rule: \(rule))"
        switch base.wanted {
        case .optional:
            result.verdict = .optional
            let state = holds.map { $0 ? "met" : "not met" } ?? "unknown"
            result.reason = "optional, \(state): \(shown)"
        case .recommended:
            switch holds {
            case true?:
                result.verdict = .satisfied
                result.reason = shown
            case false?:
                result.verdict = strict ? .unsatisfied : .warning
                result.reason = "recommended, not met: \(shown)" + (strict ? " (--strict)" : "")
            case nil:
                result.verdict = strict ? .unknown : .warning
                result.reason = "recommended, unknown: \(shown)" + (strict ? " (--strict)" : "")
            }
        case .present:
            switch holds {
            case true?: result.verdict = .satisfied
            case false?: result.verdict = .unsatisfied
            case nil: result.verdict = .unknown
            }
            result.reason = shown
        case .absent:
            switch holds {
            case true?:
                result.verdict = .unsatisfied
                result.reason = "forbidden but present: \(shown)"
            case false?:
                result.verdict = .satisfied
                result.reason = "absent as required: \(shown)"
            case nil:
                result.verdict = .unknown
                result.reason = shown
            }
        }
        return result
    }

    private func fact(_ id: String, report: CapabilityReport, options: CheckOptions) -> Fact {
        let real = report.finding(id)
        guard let assumed = options.assumptions[id] else {
            return Fact(status: real?.status, finding: real, assumed: false)
        }
        let details = (assumed == .present && real?.status == .present) ? real?.details ?? [:] : [:]
        let finding = CapabilityFinding(
            id: id, status: assumed, count: assumed == .present ? max(real?.count ?? 0, 1) : 0,
            evidence: [Evidence(device: "--assume", reason: "assumed \(assumed.rawValue)")],
            details: details)
        return Fact(status: assumed, finding: finding, assumed: true)
    }

    /// The evidence in words: up to two reasons, or what the status means.
    private func describe(_ fact: Fact, id: String) -> String {
        if fact.assumed, let status = fact.status { return "assumed \(status.rawValue) (--assume)" }
        guard let finding = fact.finding, let status = fact.status else {
            return "capcheck has no probe result for \(id)"
        }
        var reasons: [String] = []
        for reason in finding.evidence.map(\.reason) where !reasons.contains(reason) {
            reasons.append(reason)
        }
        if !reasons.isEmpty {
            let shown = reasons.prefix(2).joined(separator: "; ")
            return reasons.count > 2 ? shown + "; …" : shown
        }
        if let reason = finding.details["reason"]?.stringValue { return reason }
        switch status {
        case .present: return "\(id) is present"
        case .absent: return "no device provides \(id)"
        case .unknown: return "\(id) could not be decided from this source"
        }
    }
}

/// How a manifest is checked against a report.
public struct CheckOptions: Sendable, Hashable {
    /// Not-applicable keys fail (`--strict`).
    public var strict: Bool
    /// What an undecided result becomes (`--unknown-as`); nil keeps it undecided.
    public var unknownAs: UnknownPolicy?
    /// Declared facts overlaid on the report (`--assume ID=present|absent`), shown as assumed.
    public var assumptions: [String: CapabilityStatus]

    /// Creates options.
    /// - Parameters:
    ///   - strict: Not-applicable keys fail.
    ///   - unknownAs: What an undecided result becomes.
    ///   - assumptions: Declared facts by capability id.
    public init(
        strict: Bool = false, unknownAs: UnknownPolicy? = nil,
        assumptions: [String: CapabilityStatus] = [:]
    ) {
        self.strict = strict
        self.unknownAs = unknownAs
        self.assumptions = assumptions
    }
}

/// What `--unknown-as` makes of an undecided manifest.
public enum UnknownPolicy: String, Codable, Sendable, Hashable, CaseIterable {
    /// Unknown required items make the manifest unsatisfied.
    case fail
    /// Unknown required items are let through.
    case pass
}

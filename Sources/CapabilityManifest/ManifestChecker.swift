import CapabilityModel

/// Checks a manifest against a capability report; pure, works on any report (live, recorded
/// or built from a device-matrix row with only statuses and details).
public struct ManifestChecker: Sendable {
    /// Creates a checker.
    public init() {}

    /// What the report says about one id after the assumptions are overlaid.
    private struct Fact {
        var status: CapabilityStatus?
        var finding: CapabilityFinding?
        var assumed: Bool
    }

    /// Checks every requirement and decides the overall verdict.
    /// - Parameters:
    ///   - manifest: The manifest.
    ///   - report: The machine's findings (any source; only status, evidence and details are read).
    ///   - options: Strictness, the unknown policy, assumed facts and option names.
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
    ///   - options: Strictness, assumed facts and option names.
    /// - Returns: Its verdict, reason and evidence.
    public func check(
        _ requirement: Requirement, report: CapabilityReport, options: CheckOptions = .init()
    )
        -> RequirementResult
    {
        let result = RequirementResult(
            key: requirement.key, source: requirement.source, capability: requirement.target.label,
            wanted: requirement.wanted, verdict: .unknown, reason: "", note: requirement.note)
        switch requirement.target {
        case .notApplicable(let reason):
            return notApplicable(result, reason: reason, options: options)
        case .unprobed(let reason):
            // An unprobed name is never made stricter: it stays a warning when recommended.
            var lenient = options
            lenient.strict = false
            return decide(result, holds: nil, text: reason, rule: "", options: lenient)
        case .capability(let id):
            return check(result, capability: id, report: report, options: options)
        case .anyOf(let ids):
            return check(result, anyOf: ids, report: report, options: options)
        case .relation(let item):
            return check(result, relation: item, report: report, options: options)
        case .predicate(let predicate):
            return check(result, predicate: predicate, report: report, options: options)
        case .anyGroup(let groups):
            return check(result, groups: groups, report: report, options: options)
        }
    }

    /// Android feature groups: met when every feature of one group holds, unmet when each
    /// group has an unmet feature, else unknown; the reason says how each group fared.
    ///
    /// A feature with no Linux meaning (not applicable) never holds inside a group: Play needs
    /// the device to declare every feature of the group, and a Linux machine cannot show one it
    /// has no interface for. Left out, it would make its group met on any machine.
    private func check(
        _ base: RequirementResult, groups: [[Requirement]], report: CapabilityReport,
        options: CheckOptions
    ) -> RequirementResult {
        var result = base
        var states: [Bool?] = []
        var texts: [String] = []
        for (index, group) in groups.enumerated() {
            let members = group.map { check($0, report: report, options: options) }
            if members.contains(where: \.assumed) { result.assumed = true }
            let failed = members.compactMap { member -> String? in
                switch member.verdict {
                case .unsatisfied: return member.key
                case .notApplicable: return member.key + " (no Linux meaning)"
                default: return nil
                }
            }
            let unknown = members.filter { $0.verdict == .unknown }.map(\.key)
            let holds: Bool? = !failed.isEmpty ? false : unknown.isEmpty ? true : nil
            states.append(holds)
            switch holds {
            case true?:
                texts.append("group \(index + 1) met")
                result.evidence += members.flatMap(\.evidence)
            case false?:
                texts.append("group \(index + 1) lacks " + failed.joined(separator: ", "))
            case nil:
                texts.append("group \(index + 1) unknown: " + unknown.joined(separator: ", "))
            }
        }
        let holds: Bool? =
            states.contains(true) ? true : states.allSatisfy { $0 == false } ? false : nil
        result.evidence.sort()
        return decide(
            result, holds: holds, text: texts.joined(separator: "; "),
            rule: "every feature of one <feature-group>", options: options)
    }

    /// A key with no Linux meaning: not applicable, or unsatisfied when strict (optional keys
    /// never fail).
    private func notApplicable(_ base: RequirementResult, reason: String, options: CheckOptions)
        -> RequirementResult
    {
        var result = base
        if options.strict, base.wanted != .optional {
            result.verdict = .unsatisfied
            result.reason = reason + " (\(options.names.strict))"
        } else {
            result.verdict = .notApplicable
            result.reason =
                reason
                + (base.wanted == .optional ? "" : " (use \(options.names.strict) to fail)")
        }
        return result
    }

    /// One capability's status decides; an unmet CPU architecture gets a hint.
    private func check(
        _ base: RequirementResult, capability id: CapabilityID, report: CapabilityReport,
        options: CheckOptions
    ) -> RequirementResult {
        var result = base
        let fact = self.fact(id, report: report, options: options)
        result.assumed = fact.assumed
        result.evidence = fact.finding?.evidence ?? []
        let text = describe(fact, id: id, names: options.names)
        result = decide(
            result, holds: holdsFor(fact.status), text: text, rule: id.rawValue, options: options)
        if result.verdict == .unsatisfied, base.wanted == .present, !fact.assumed {
            result.hint = RequirementHint.architecture(id)
        }
        return result
    }

    /// Alternatives: present when one is present (its evidence shown), absent when all are
    /// absent, else unknown (the undecided ones shown).
    private func check(
        _ base: RequirementResult, anyOf ids: [CapabilityID], report: CapabilityReport,
        options: CheckOptions
    ) -> RequirementResult {
        var result = base
        let facts = ids.map { fact($0, report: report, options: options) }
        result.assumed = facts.contains { $0.assumed }
        let present = zip(ids, facts).filter { $0.1.status == .present }
        let status: CapabilityStatus?
        let shown: [(CapabilityID, Fact)]
        if !present.isEmpty {
            status = .present
            shown = present
        } else if facts.allSatisfy({ $0.status == .absent }) {
            status = .absent
            shown = Array(zip(ids, facts))
        } else {
            status = facts.contains { $0.status == .unknown } ? .unknown : nil
            shown = zip(ids, facts).filter { $0.1.status != .absent }
        }
        let evidenceFrom = status == .present ? shown.map(\.1) : facts
        result.evidence = evidenceFrom.flatMap { $0.finding?.evidence ?? [] }.sorted()
        let text = shown.map { describe($0.1, id: $0.0, names: options.names) }
            .joined(separator: "; ")
        return decide(
            result, holds: holdsFor(status), text: text,
            rule: ids.map(\.rawValue).joined(separator: " or "),
            options: options)
    }

    /// An AppStream relation item, decided by ``RelationItemChecker`` over the same facts.
    private func check(
        _ base: RequirementResult, relation item: RelationItem, report: CapabilityReport,
        options: CheckOptions
    ) -> RequirementResult {
        var result = base
        let checker = RelationItemChecker(
            report: report,
            fact: { id in
                let fact = self.fact(id, report: report, options: options)
                return (fact.status, fact.finding, fact.assumed)
            },
            describe: { id in
                self.describe(
                    self.fact(id, report: report, options: options), id: id, names: options.names)
            })
        let outcome = checker.evaluate(item)
        result.assumed = outcome.assumed
        result.evidence = outcome.evidence
        return decide(
            result, holds: outcome.holds, text: outcome.text, rule: outcome.rule, options: options)
    }

    /// A predicate holds or not on a present capability's details; an absent capability
    /// fails it, an unknown one leaves it unknown.
    private func check(
        _ base: RequirementResult, predicate: Predicate, report: CapabilityReport,
        options: CheckOptions
    ) -> RequirementResult {
        var result = base
        let id = predicate.subject.capability
        let fact = self.fact(id, report: report, options: options)
        result.assumed = fact.assumed
        result.evidence = fact.finding?.evidence ?? []
        switch fact.status {
        case .present:
            let outcome = predicate.evaluate(fact.finding?.details ?? [:])
            let prefix = fact.assumed ? "assumed present (\(options.names.assume)); " : ""
            return decide(
                result, holds: outcome.holds, text: prefix + outcome.actual, rule: predicate.text,
                options: options)
        case .absent:
            return decide(
                result, holds: false, text: describe(fact, id: id, names: options.names),
                rule: predicate.text, options: options)
        case .unknown, nil:
            return decide(
                result, holds: nil, text: describe(fact, id: id, names: options.names),
                rule: predicate.text, options: options)
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
        _ base: RequirementResult, holds: Bool?, text: String, rule: String,
        options: CheckOptions
    ) -> RequirementResult {
        let strict = options.strict
        let strictMark = strict ? " (\(options.names.strict))" : ""
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
                result.reason = "recommended, not met: \(shown)" + strictMark
            case nil:
                result.verdict = strict ? .unknown : .warning
                result.reason = "recommended, unknown: \(shown)" + strictMark
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

    private func fact(_ id: CapabilityID, report: CapabilityReport, options: CheckOptions) -> Fact {
        let real = report.finding(id)
        guard let assumed = options.assumptions[id.rawValue] else {
            return Fact(status: real?.status, finding: real, assumed: false)
        }
        let details = (assumed == .present && real?.status == .present) ? real?.details ?? [:] : [:]
        let finding = CapabilityFinding(
            id: id, status: assumed,
            count: assumed == .present ? max(real?.count ?? 0, 1) : 0,
            evidence: [Evidence(.assumption, reason: "assumed \(assumed.rawValue)")],
            details: details)
        return Fact(status: assumed, finding: finding, assumed: true)
    }

    /// The evidence in words: up to two reasons, or what the status means.
    private func describe(_ fact: Fact, id: CapabilityID, names: OptionNames) -> String {
        if fact.assumed, let status = fact.status {
            return "assumed \(status.rawValue) (\(names.assume))"
        }
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
    /// Not-applicable keys (and unmet recommended items) fail.
    public var strict: Bool
    /// What an undecided result becomes; nil keeps it undecided.
    public var unknownAs: UnknownPolicy?
    /// Declared facts overlaid on the report (`ID=present|absent`), shown as assumed.
    public var assumptions: [String: CapabilityStatus]
    /// How reasons name these options when they point at one (the CLI passes its flags).
    public var names: OptionNames

    /// Creates options.
    /// - Parameters:
    ///   - strict: Not-applicable keys fail.
    ///   - unknownAs: What an undecided result becomes.
    ///   - assumptions: Declared facts by capability id.
    ///   - names: How reasons name the options.
    public init(
        strict: Bool = false, unknownAs: UnknownPolicy? = nil,
        assumptions: [String: CapabilityStatus] = [:], names: OptionNames = .swift
    ) {
        self.strict = strict
        self.unknownAs = unknownAs
        self.assumptions = assumptions
        self.names = names
    }
}

/// What an undecided manifest counts as (``CheckOptions/unknownAs``).
public enum UnknownPolicy: String, Codable, Sendable, Hashable, CaseIterable {
    /// Unknown required items make the manifest unsatisfied.
    case fail
    /// Unknown required items are let through.
    case pass
}

/// How a caller names the options that a reason, an error or a summary points the user at
/// ("use strict to fail"). The library never knows the command line: its own words are the
/// Swift names of the options (``swift``); the CLI passes its flag names.
public struct OptionNames: Sendable, Hashable {
    /// The option that makes not-applicable and recommended items fail (``CheckOptions/strict``).
    public var strict: String
    /// Where declared facts come from (``CheckOptions/assumptions``).
    public var assume: String
    /// What an undecided result counts as (``CheckOptions/unknownAs``).
    public var unknownAs: String
    /// The option that accepts unknown keys (``ManifestLoadOptions/allowUnknown``).
    public var allowUnknown: String
    /// The option that says which manifest kind a file is (the loader's `kind`).
    public var kind: String

    /// Creates names.
    /// - Parameters:
    ///   - strict: The strictness option.
    ///   - assume: The declared-facts option.
    ///   - unknownAs: The unknown-policy option.
    ///   - allowUnknown: The unknown-keys option.
    ///   - kind: The manifest-kind option.
    public init(
        strict: String, assume: String, unknownAs: String, allowUnknown: String, kind: String
    ) {
        self.strict = strict
        self.assume = assume
        self.unknownAs = unknownAs
        self.allowUnknown = allowUnknown
        self.kind = kind
    }

    /// The Swift names of the options (`strict`, `assumptions`, `unknownAs`, `allowUnknown`,
    /// `kind`).
    public static let swift = OptionNames(
        strict: "strict", assume: "assumptions", unknownAs: "unknownAs",
        allowUnknown: "allowUnknown", kind: "kind")
}

import CapabilityModel
import CapabilityManifest

/// Renders reports in the Prometheus text exposition format, for node_exporter's textfile
/// collector (`--collector.textfile.directory`).
///
/// Statuses and verdicts are state sets, as node_exporter writes systemd unit states: one
/// series per possible state, 1 for the one that holds and 0 for the others, so a series
/// never disappears when a state changes. Label values are escaped (`\\`, `\"`, `\n`) after
/// control characters became `?`; output is sorted and deterministic.
///
/// A machine's metrics (`capcheck list`) and a manifest check's (`capcheck verify`) can lie
/// in one collector folder: every family of a check is named `capcheck_verify_…` and carries
/// a `manifest` label, so no series of one file is a series of another (node_exporter
/// refuses a metric name and label set collected twice) and checks of several manifests sit
/// side by side.
public enum PrometheusRenderer {
    /// The metrics of one classified machine: `capcheck_machine_info`, `capcheck_capability`,
    /// `capcheck_capability_functions`, `capcheck_capabilities`, and with a system battery
    /// `capcheck_battery_level_ratio` and `capcheck_battery_state`.
    /// - Parameter report: The report.
    /// - Returns: Exposition text ending in a newline.
    public static func render(_ report: CapabilityReport) -> String {
        var out = machineInfo(report.machine, source: report.source, prefix: "capcheck")
        out += capabilities(report, prefix: "capcheck", labels: [], assumptions: [:])
        guard let battery = report.finding(.powerBattery), battery.status == .present else {
            return out
        }
        if let level = battery.details["level"]?.doubleValue, level >= 0 {
            out += family(
                "capcheck_battery_level_ratio",
                "System battery level, 0 to 1 (absent without a system battery).")
            out += sample("capcheck_battery_level_ratio", [], level)
        }
        if let state = battery.details["state"]?.stringValue {
            out += family(
                "capcheck_battery_state",
                "System battery state (UIDeviceBatteryState; absent without a system battery).")
            for candidate in BatteryState.allCases {
                out += sample(
                    "capcheck_battery_state", [("state", candidate.rawValue)],
                    candidate.rawValue == state ? 1 : 0)
            }
        }
        return out
    }

    /// The metrics of one manifest check, every family named `capcheck_verify_…` with a
    /// `manifest` label: `capcheck_verify_machine_info`, the machine's capabilities as the
    /// check saw them (`capcheck_verify_capability`, `capcheck_verify_capability_functions`,
    /// `capcheck_verify_capabilities`; assumed facts overlaid), `capcheck_verify_verdict`,
    /// `capcheck_verify_exit_code` and `capcheck_verify_requirement`.
    /// - Parameters:
    ///   - verification: The verification report.
    ///   - report: The classified machine the manifest was checked against.
    ///   - exitCode: The exit code `verify` returns for it.
    /// - Returns: Exposition text ending in a newline.
    public static func render(
        _ verification: VerificationReport, machine report: CapabilityReport, exitCode: Int32
    ) -> String {
        let manifest = ("manifest", verification.manifest.path)
        var out = machineInfo(
            verification.machine, source: verification.source, prefix: "capcheck_verify",
            labels: [manifest])
        out += capabilities(
            report, prefix: "capcheck_verify", labels: [manifest],
            assumptions: verification.assumptions)
        out += family(
            "capcheck_verify_verdict", "Overall verdict of the manifest: 1 for the verdict.")
        for verdict in OverallVerdict.allCases {
            out += sample(
                "capcheck_verify_verdict", [manifest, ("verdict", verdict.rawValue)],
                verification.verdict == verdict ? 1 : 0)
        }
        out += family("capcheck_verify_exit_code", "Exit code of capcheck verify.")
        out += sample("capcheck_verify_exit_code", [manifest], Double(exitCode))
        out += family(
            "capcheck_verify_requirement",
            "Verdict per requirement: 1 for the verdict, 0 for the others.")
        for result in verification.requirements {
            for verdict in RequirementVerdict.allCases {
                out += sample(
                    "capcheck_verify_requirement",
                    [
                        manifest, ("key", result.key), ("capability", result.capability ?? ""),
                        ("wanted", result.wanted.rawValue), ("source", result.source.rawValue),
                        ("verdict", verdict.rawValue),
                    ], result.verdict == verdict ? 1 : 0)
            }
        }
        return out
    }

    /// `PREFIX_capability`, `PREFIX_capability_functions` and `PREFIX_capabilities`, each
    /// sample with `labels` first; an assumed status replaces the one found.
    static func capabilities(
        _ report: CapabilityReport, prefix: String, labels: [(String, String)],
        assumptions: [String: CapabilityStatus]
    ) -> String {
        let findings = report.capabilities.map { finding in
            (finding, assumptions[finding.id.rawValue] ?? finding.status)
        }
        let capability = prefix + "_capability"
        var out = family(
            capability, "Capability status: 1 for the status found, 0 for the others.")
        for (finding, found) in findings {
            for status in CapabilityStatus.allCases {
                out += sample(
                    capability,
                    labels + [("id", finding.id.rawValue), ("status", status.rawValue)],
                    found == status ? 1 : 0)
            }
        }
        let functions = prefix + "_capability_functions"
        out += family(
            functions, "Physical functions providing a present capability (0 unless present).")
        for (finding, _) in findings {
            out += sample(functions, labels + [("id", finding.id.rawValue)], Double(finding.count))
        }
        let counts = prefix + "_capabilities"
        out += family(counts, "Number of capabilities per status.")
        for status in CapabilityStatus.allCases {
            out += sample(
                counts, labels + [("status", status.rawValue)],
                Double(findings.filter { $0.1 == status }.count))
        }
        return out
    }

    /// `PREFIX_machine_info{…} 1`: the identity as labels, after `labels`.
    static func machineInfo(
        _ machine: MachineIdentity, source: SourceInfo, prefix: String,
        labels: [(String, String)] = []
    ) -> String {
        var all =
            labels + [
                ("vendor", machine.vendor ?? ""), ("model", machine.model ?? ""),
                ("hostname", machine.hostname ?? ""), ("os", machine.os ?? ""),
                ("arch", machine.arch ?? ""), ("source", source.kind.rawValue),
            ]
        all.append(("complete", source.complete ? "true" : "false"))
        let name = prefix + "_machine_info"
        return family(name, "The machine and source capcheck read.") + sample(name, all, 1)
    }

    package static func family(_ name: String, _ help: String) -> String {
        "# HELP \(name) \(help)\n# TYPE \(name) gauge\n"
    }

    static func sample(_ name: String, _ labels: [(String, String)], _ value: Double) -> String {
        let set =
            labels.isEmpty
            ? "" : "{" + labels.map { "\($0.0)=\"\(escape($0.1))\"" }.joined(separator: ",") + "}"
        return name + set + " " + number(value) + "\n"
    }

    /// Escapes a label value: backslash, double quote and line feed, as the format requires;
    /// other control characters become `?` first.
    /// - Parameter value: Untrusted text.
    /// - Returns: The escaped value (without the quotes).
    public static func escape(_ value: String) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out += TerminalText.sanitize(String(scalar))
            }
        }
        return out
    }

    /// Integers without a fraction (`3`), others in Swift's shortest form (`0.57`).
    package static func number(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            return String(Int(value))
        }
        return String(value)
    }
}

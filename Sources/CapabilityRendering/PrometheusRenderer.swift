import CapabilityModel
import CapabilityManifest

/// Renders reports in the Prometheus text exposition format, for node_exporter's textfile
/// collector (`--collector.textfile.directory`).
///
/// Statuses and verdicts are state sets, as node_exporter writes systemd unit states: one
/// series per possible state, 1 for the one that holds and 0 for the others, so a series
/// never disappears when a state changes. Label values are escaped (`\\`, `\"`, `\n`) after
/// control characters became `?`; output is sorted and deterministic.
public enum PrometheusRenderer {
    /// The metrics of one classified machine.
    /// - Parameter report: The report.
    /// - Returns: Exposition text ending in a newline.
    public static func render(_ report: CapabilityReport) -> String {
        var out = machineInfo(report.machine, source: report.source)
        out += family(
            "capcheck_capability", "Capability status: 1 for the status found, 0 for the others.")
        for finding in report.capabilities {
            for status in CapabilityStatus.allCases {
                out += sample(
                    "capcheck_capability",
                    [("id", finding.id.rawValue), ("status", status.rawValue)],
                    finding.status == status ? 1 : 0)
            }
        }
        out += family(
            "capcheck_capability_functions",
            "Physical functions providing a present capability (0 unless present).")
        for finding in report.capabilities {
            out += sample(
                "capcheck_capability_functions", [("id", finding.id.rawValue)],
                Double(finding.count))
        }
        out += family("capcheck_capabilities", "Number of capabilities per status.")
        for status in CapabilityStatus.allCases {
            out += sample(
                "capcheck_capabilities", [("status", status.rawValue)],
                Double(report.capabilities.filter { $0.status == status }.count))
        }
        if let battery = report.finding(.powerBattery),
            let level = battery.details["level"]?.doubleValue, level >= 0
        {
            out += family(
                "capcheck_battery_level_ratio",
                "System battery level, 0 to 1 (absent without a system battery).")
            out += sample("capcheck_battery_level_ratio", [], level)
        }
        if let battery = report.finding(.powerBattery),
            let state = battery.details["state"]?.stringValue
        {
            out += family(
                "capcheck_battery_state", "System battery state (UIDeviceBatteryState).")
            for candidate in BatteryState.allCases {
                out += sample(
                    "capcheck_battery_state", [("state", candidate.rawValue)],
                    candidate.rawValue == state ? 1 : 0)
            }
        }
        return out
    }

    /// The metrics of one manifest check.
    /// - Parameters:
    ///   - report: The verification report.
    ///   - exitCode: The exit code `verify` returns for it.
    /// - Returns: Exposition text ending in a newline.
    public static func render(_ report: VerificationReport, exitCode: Int32) -> String {
        let manifest = ("manifest", report.manifest.path)
        var out = machineInfo(report.machine, source: report.source)
        out += family(
            "capcheck_verify_verdict", "Overall verdict of the manifest: 1 for the verdict.")
        for verdict in OverallVerdict.allCases {
            out += sample(
                "capcheck_verify_verdict", [manifest, ("verdict", verdict.rawValue)],
                report.verdict == verdict ? 1 : 0)
        }
        out += family("capcheck_verify_exit_code", "Exit code of capcheck verify.")
        out += sample("capcheck_verify_exit_code", [manifest], Double(exitCode))
        out += family(
            "capcheck_requirement", "Verdict per requirement: 1 for the verdict, 0 for the others.")
        for result in report.requirements {
            for verdict in RequirementVerdict.allCases {
                out += sample(
                    "capcheck_requirement",
                    [
                        manifest, ("key", result.key), ("capability", result.capability ?? ""),
                        ("wanted", result.wanted.rawValue), ("source", result.source.rawValue),
                        ("verdict", verdict.rawValue),
                    ], result.verdict == verdict ? 1 : 0)
            }
        }
        return out
    }

    /// `capcheck_machine_info{…} 1`: the identity as labels.
    static func machineInfo(_ machine: MachineIdentity, source: SourceInfo) -> String {
        var labels: [(String, String)] = [
            ("vendor", machine.vendor ?? ""), ("model", machine.model ?? ""),
            ("hostname", machine.hostname ?? ""), ("os", machine.os ?? ""),
            ("arch", machine.arch ?? ""), ("source", source.kind.rawValue),
        ]
        labels.append(("complete", source.complete ? "true" : "false"))
        return family("capcheck_machine_info", "The machine and source capcheck read.")
            + sample("capcheck_machine_info", labels, 1)
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

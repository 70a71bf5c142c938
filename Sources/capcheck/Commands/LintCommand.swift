import CapabilityProbe

/// `capcheck lint`: check a manifest's names, types and keys without probing anything.
struct LintCommand: Command {
    static let name = "lint"
    static let abstract =
        "Check a manifest's names, types and keys and show what it requires (no probing)"
    static let usage =
        "capcheck lint MANIFEST [--kind \(ManifestKind.choices)] [--allow-unknown] [--no-implied]\n"
        + "              [--strict]"
    static let arguments = [ManifestOptions.manifestArgument]
    static var table: OptionTable<Self> {
        OptionTable([
            ManifestOptions.kind(ManifestOptions.kindOption, check: .parsing, \.reading),
            .flag(
                OptionSpec(
                    "allow-unknown",
                    "Accept unknown Apple or native keys (shown as not-applicable); unknown Android features are always accepted, with a warning"
                ), \.reading.allowUnknown),
            .inverted(ManifestOptions.noImpliedOption, \.reading.implied),
            .flag(
                OptionSpec(
                    "strict",
                    "Fail (exit 65) when the manifest has warnings, such as an unknown Android feature"
                ), \.strict),
        ])
    }
    static var options: [OptionSpec] { table.specs }

    var manifestPath = ""
    var reading = ManifestOptions()
    var strict = false

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        try Self.table.parse(&arguments, into: &self)
        manifestPath = try ManifestOptions.singleManifest(
            arguments.positionals(), command: Self.name)
    }

    func run(in env: CommandEnvironment) -> ExitCode {
        let loaded = reading.load(manifestPath, env: env)
        let manifests: [Manifest]
        if let catalog = loaded.catalog {
            manifests = catalog.map(\.manifest)
        } else if let manifest = loaded.manifest {
            manifests = [manifest]
        } else {
            return loaded.code
        }
        for manifest in manifests {
            env.stdout.write(Self.render(manifest, width: env.terminalWidth))
        }
        let warnings = manifests.map(Self.warningCount).reduce(0, +)
        guard strict, warnings > 0 else { return .ok }
        return env.fail(
            "\(manifestPath): \(warnings) warning\(warnings == 1 ? "" : "s") (--strict)",
            .dataError)
    }

    /// The warnings `lint` counts for a manifest (and `--strict` fails): its warnings, and an
    /// AppStream document's notes.
    static func warningCount(_ manifest: Manifest) -> Int {
        manifest.warnings.count + (manifest.kind == .appstream ? manifest.notes.count : 0)
    }

    /// One line per requirement: what is wanted, the key, what it is checked as, and why; on
    /// a terminal (`width`) the last column, notes and warnings wrap under their column, and
    /// a key too long for its column has a line of its own.
    static func render(_ manifest: Manifest, width: Int? = nil) -> String {
        let rows = manifest.requirements
        let notApplicable = rows.filter { $0.notApplicableReason != nil }.count
        let implied = rows.filter { $0.source == .implied || $0.source == .default }.count
        var header =
            "\(TerminalText.sanitize(manifest.path)) (\(manifest.kind.rawValue)): "
            + "\(rows.count) requirement\(rows.count == 1 ? "" : "s")"
        if implied > 0 { header += ", \(implied) implied" }
        if notApplicable > 0 { header += ", \(notApplicable) not applicable" }
        let warnings = warningCount(manifest)
        var lines = [
            header + (warnings > 0 ? ", \(warnings) warning\(warnings == 1 ? "" : "s")" : ", OK")
        ]
        let keyWidth = VerificationTextRenderer.keyColumn(
            rows.map { TerminalText.sanitize($0.key) }, width: width)
        for row in rows {
            var wanted: String
            switch row.wanted {
            case .present: wanted = "required"
            case .absent: wanted = "forbidden"
            case .optional: wanted = "optional"
            case .recommended: wanted = "recommended"
            }
            if row.source == .implied { wanted += "*" }
            if row.source == .default { wanted += "+" }
            let checked: String
            switch row.target {
            case .notApplicable(let reason): checked = "not applicable: \(reason)"
            case .unprobed(let reason): checked = "unknown: \(reason)"
            default: checked = "→ " + (row.target.label ?? "")
            }
            let note = row.note.map { " [\($0)]" } ?? ""
            let wantedCell = "  " + TerminalText.pad(wanted, max(11, wanted.count + 1))
            let key = TerminalText.sanitize(row.key)
            let lead: String
            if TerminalText.characterCount(key) + 1 > keyWidth {
                lines += TerminalWrap.hanging(
                    wantedCell, leadWidth: wantedCell.count, key, width: width)
                lead = String(repeating: " ", count: wantedCell.count + keyWidth)
            } else {
                lead = wantedCell + TerminalText.pad(key + " ", keyWidth)
            }
            lines += TerminalWrap.hanging(
                lead, leadWidth: wantedCell.count + keyWidth,
                TerminalText.sanitize(checked + note), width: width)
        }
        if implied > 0 {
            // The marks' meaning depends on who implies: Android's rules or AppStream's spec.
            let hasDefault = rows.contains { $0.source == .default }
            lines.append(
                ManifestFormats.format(of: manifest.kind)?.impliedLegend(hasDefault: hasDefault)
                    ?? "(* implied" + (hasDefault ? ", + default" : "") + ")")
        }
        for note in manifest.notes {
            lines += TerminalWrap.hanging(
                "note: ", leadWidth: 6, TerminalText.sanitize(note), width: width)
        }
        for warning in manifest.warnings {
            lines += TerminalWrap.hanging(
                "warning: ", leadWidth: 9, TerminalText.sanitize(warning), width: width)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

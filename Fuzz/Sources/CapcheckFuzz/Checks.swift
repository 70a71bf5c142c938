import CapabilityProbe
import FoundationEssentials

/// Which of several outputs one input checks: rendering every format on every input would
/// spend most of an execution on renderers that saw the same report shapes before, so each
/// input renders one, chosen by its length and last byte (a mutation moves it to another).
func outputChoice(_ bytes: [UInt8], among count: Int) -> Int {
    (bytes.count &+ Int(bytes.last ?? 0)) % count
}

/// How many outputs ``checkReport(_:choice:)`` chooses among.
let reportOutputCount = FeatureTableRenderer.Format.allCases.count + 4

/// One output of a classified machine (``outputChoice(_:among:)``), with its invariant:
/// `list` text, `list --json` (the streamed snapshot) read back and classified alike, that
/// snapshot against `JSONEncoder`'s document, a `report` format, or `verify` text and JUnit.
func checkReport(_ report: CapabilityReport, choice: Int) {
    let formats = FeatureTableRenderer.Format.allCases
    switch choice % reportOutputCount {
    case 0:
        Invariant.terminalSafe(ListRenderer.render(report, showDevices: true), "list")
    case 1:
        guard let json = try? SnapshotJSONWriter.json(report) else {
            Invariant.fail("list --json could not encode")
        }
        Invariant.escaped(json, "list --json")
        guard
            let again = try? SnapshotDeviceSource(data: Data(json.utf8), path: "snapshot")
                .inventory()
        else {
            Invariant.fail("list --json does not read back")
        }
        let reread = CapabilityClassifier().classify(again)
        guard reread.capabilities == report.capabilities, reread.devices == report.devices else {
            Invariant.fail("list --json re-read classifies differently")
        }
    case 2:
        guard let manifest = Samples.gyroscope else { return }
        let verification = ManifestChecker().check(manifest, against: report)
        Invariant.terminalSafe(
            VerificationTextRenderer.render(verification, outcome: "exit 0"), "verify text")
        Invariant.wellFormedXML(JUnitRenderer.render(verification), "JUnit")
    case 3:
        // The streamed snapshot is JSONEncoder's bytes; both refuse the same numbers.
        guard (try? SnapshotJSONWriter.json(report)) == (try? JSONOutput.string(report)) else {
            Invariant.fail("list --json differs from JSONEncoder's document")
        }
    case let other:
        let format = formats[formats.index(formats.startIndex, offsetBy: other - 4)]
        let table = FeatureTable(machines: [("fuzz", report)])
        guard let text = try? FeatureTableRenderer.render(table, as: format) else {
            Invariant.fail("report \(format) could not render")
        }
        Invariant.escaped(text, "report \(format)")
    }
}

/// One output of a manifest checked against a machine with no devices
/// (``outputChoice(_:among:)``): `verify` text, JUnit, JSON or GitHub annotations.
func checkVerification(_ manifest: Manifest, choice: Int) {
    let verification = ManifestChecker().check(manifest, against: Samples.emptyReport)
    switch choice % 4 {
    case 0:
        Invariant.terminalSafe(
            VerificationTextRenderer.render(verification, outcome: "exit 0"), "verify text")
    case 1:
        Invariant.wellFormedXML(JUnitRenderer.render(verification), "JUnit")
    case 2:
        guard let json = try? JSONOutput.string(verification) else {
            Invariant.fail("verify --json could not encode")
        }
        Invariant.escaped(json, "verify --json")
    default:
        Invariant.escaped(GitHubAnnotationRenderer.render(verification), "verify --github")
    }
}

/// One output of a filtered matrix (``outputChoice(_:among:)``): text, JSON or CSV.
func checkMatrix(_ result: MatrixResult, choice: Int) {
    switch choice % 3 {
    case 0: Invariant.terminalSafe(MatrixRenderer.text(result), "matrix text")
    case 1:
        // The streamed rows are JSONEncoder's bytes.
        let written = try? MatrixJSONWriter.json(result)
        guard let written, written == (try? JSONOutput.string(result)) else {
            Invariant.fail("matrix JSON differs from JSONEncoder's document")
        }
        Invariant.escaped(written, "matrix JSON")
    default: _ = MatrixRenderer.csv(result)
    }
}

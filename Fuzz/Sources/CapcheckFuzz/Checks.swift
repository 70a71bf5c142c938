import CapabilityProbe
import FoundationEssentials

/// Every output of a classified machine, with their invariants.
func checkReport(_ report: CapabilityReport) {
    Invariant.terminalSafe(ListRenderer.render(report, showDevices: true), "list")
    guard let json = try? JSONOutput.string(report) else {
        Invariant.fail("list --json could not encode")
    }
    Invariant.escaped(json, "list --json")
    guard let again = try? SnapshotDeviceSource(data: Data(json.utf8), path: "snapshot").inventory()
    else {
        Invariant.fail("list --json does not read back")
    }
    let reread = CapabilityClassifier().classify(again)
    guard reread.capabilities == report.capabilities, reread.devices == report.devices else {
        Invariant.fail("list --json re-read classifies differently")
    }
    let table = FeatureTable(machines: [("fuzz", report)])
    for format in FeatureTableRenderer.Format.allCases {
        guard let text = try? FeatureTableRenderer.render(table, as: format) else {
            Invariant.fail("report \(format) could not render")
        }
        Invariant.escaped(text, "report \(format)")
    }
    if let manifest = Samples.gyroscope {
        let verification = ManifestChecker().check(manifest, against: report)
        Invariant.terminalSafe(
            VerificationTextRenderer.render(verification, outcome: "exit 0"), "verify text")
        Invariant.wellFormedXML(JUnitRenderer.render(verification), "JUnit")
    }
}

/// Every output of a manifest checked against a machine with no devices.
func checkVerification(_ manifest: Manifest) {
    let verification = ManifestChecker().check(manifest, against: Samples.emptyReport)
    Invariant.terminalSafe(
        VerificationTextRenderer.render(verification, outcome: "exit 0"), "verify text")
    Invariant.wellFormedXML(JUnitRenderer.render(verification), "JUnit")
    guard let json = try? JSONOutput.string(verification) else {
        Invariant.fail("verify --json could not encode")
    }
    Invariant.escaped(json, "verify --json")
    Invariant.escaped(GitHubAnnotationRenderer.render(verification), "verify --github")
}

/// Every output of a filtered matrix.
func checkMatrix(_ result: MatrixResult) {
    Invariant.terminalSafe(MatrixRenderer.text(result), "matrix text")
    Invariant.escaped(MatrixJSONWriter.json(result), "matrix JSON")
    _ = MatrixRenderer.csv(result)
}

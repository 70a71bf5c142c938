import CapabilityProbe
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One fuzz entry point: bytes in; an invariant broken → `Invariant.fail`, which aborts.
struct FuzzTarget: Sendable {
    let name: String
    let summary: String
    let run: @Sendable ([UInt8]) -> Void
}

/// A broken output invariant: print it and abort, so libFuzzer keeps the input.
enum Invariant {
    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("invariant broken: \(message)\n".utf8))
        abort()
    }

    /// Terminal text holds no control characters but newline, and nothing deceptive.
    static func terminalSafe(_ text: String, _ what: String) {
        if let bad = text.unicodeScalars.first(where: {
            ($0.value < 0x20 && $0 != "\n") || TerminalText.isDeceptive($0)
        }) {
            fail("\(what): raw U+\(String(bad.value, radix: 16)) in terminal text")
        }
    }

    /// Machine formats carry no raw deceptive characters either.
    static func escaped(_ text: String, _ what: String) {
        if let bad = text.unicodeScalars.first(where: TerminalText.isDeceptive) {
            fail("\(what): raw U+\(String(bad.value, radix: 16))")
        }
    }

    /// An XML document FoundationXML reads to the end.
    static func wellFormedXML(_ text: String, _ what: String) {
        let parser = XMLParser(data: Data(text.utf8))
        if !parser.parse() || parser.parserError != nil { fail("\(what) is not well-formed XML") }
    }
}

/// The machines and manifests the targets check against.
enum Samples {
    static let source = SourceInfo(
        kind: .snapshot, udevDatabase: false, attributes: false, complete: true)
    static let emptyReport = CapabilityClassifier().classify(
        DeviceInventory(source: source, machine: MachineIdentity(), devices: []))
    static let gyroscope: Manifest? = try? ManifestLoader.load(
        data: Data(#"{"version": 1, "require": ["sensor.gyroscope", "location.gnss"]}"#.utf8),
        path: "m.json")
}

/// Every target; `CAPCHECK_FUZZ_TARGET` picks one.
let targets: [FuzzTarget] = [
    FuzzTarget(
        name: "recording",
        summary: "format detection + udevadm/umockdev/snapshot, classify, every renderer"
    ) {
        bytes in
        guard let inventory = try? RecordedSource.inventory(Data(bytes), path: "fuzz") else {
            return
        }
        checkReport(CapabilityClassifier().classify(inventory))
    },
    FuzzTarget(
        name: "manifest",
        summary: "Info.plist (XML/binary), AndroidManifest.xml, JSON manifest; check and render"
    ) {
        bytes in
        guard
            let manifest = try? ManifestLoader.load(
                data: Data(bytes), path: "fuzz", options: .init(allowUnknown: true))
        else { return }
        checkVerification(manifest)
    },
    FuzzTarget(
        name: "predicate",
        summary: "one native-manifest predicate (the input is the predicate text)"
    ) { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        guard let quoted = try? JSONEncoder().encode(text),
            let manifest = try? ManifestLoader.load(
                data: Data(#"{"version": 1, "require": ["#.utf8) + quoted + Data("]}".utf8),
                path: "fuzz")
        else { return }
        checkVerification(manifest)
    },
    FuzzTarget(
        name: "matrix", summary: "matrix CSV/Markdown/JSON, filtered by a manifest, every output"
    ) { bytes in
        guard let matrix = try? MatrixParser.parse(bytes, path: "fuzz"),
            let manifest = Samples.gyroscope
        else { return }
        let result = MatrixFilter.evaluate(matrix, with: ManifestRowEvaluator(manifest: manifest))
        Invariant.terminalSafe(MatrixRenderer.text(result), "matrix text")
        Invariant.escaped(MatrixJSONWriter.json(result), "matrix JSON")
        _ = MatrixRenderer.csv(result)
    },
    FuzzTarget(name: "edid", summary: "EDID decoding") { bytes in
        _ = try? EDID(bytes: bytes)
        _ = try? EDIDHexText.bytes(from: String(decoding: bytes, as: UTF8.self))
    },
]

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

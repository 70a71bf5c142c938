import CapabilityManifest
import CapabilityManifestFiles
import CapabilityProbe
import CapabilityRecordings
import FoundationEssentials

/// Every target; `CAPCHECK_FUZZ_TARGET` picks one. The reader targets call one reader
/// each (no detection, no rendering), so they run fast; `pipeline`, `manifest`, `predicate`,
/// `matrix` and `fleet` go from bytes through detection, classification or checking to one
/// output per input and check its invariants.
let targets: [FuzzTarget] = recordingTargets + manifestTargets + tableTargets

/// Device recordings: one target per reader, and the whole pipeline.
let recordingTargets: [FuzzTarget] = [
    FuzzTarget(name: "dump", summary: "udevadm --export-db reader") { bytes in
        _ = try? UdevadmDumpSource(bytes: .data(Data(bytes)), path: "fuzz").inventory()
    },
    FuzzTarget(name: "umockdev", summary: "umockdev-record reader") { bytes in
        _ = try? UmockdevRecordingSource(bytes: .data(Data(bytes)), path: "fuzz").inventory()
    },
    FuzzTarget(name: "snapshot", summary: "JSON snapshot reader (structure check, scanner)") {
        bytes in
        _ = try? SnapshotDeviceSource(data: Data(bytes), path: "fuzz").inventory()
    },
    FuzzTarget(
        name: "capture",
        summary: "Android and iOS phone captures, the captured device, list text, redaction"
    ) { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        if let capture = try? AndroidCapture(parsing: text) {
            _ = capture.playDevice
            Invariant.terminalSafe(
                ListRenderer.render(capture.report(path: "fuzz"), showDevices: false),
                "capture list")
            guard let again = try? AndroidCapture(parsing: AndroidCapture.redacted(text)),
                again.features == capture.features, again.libraries == capture.libraries
            else {
                Invariant.fail("a redacted capture reads to other features or libraries")
            }
        }
        if let capture = try? IOSCapture(parsing: text) {
            _ = capture.batteryState
            _ = IOSCapture.redacted(text)
        }
    },
    FuzzTarget(
        name: "pipeline",
        summary: "format detection, any recording, classify, every renderer"
    ) { bytes in
        guard let inventory = try? RecordedSource.inventory(Data(bytes), path: "fuzz") else {
            return
        }
        checkReport(
            CapabilityClassifier().classify(inventory),
            choice: outputChoice(bytes, among: reportOutputCount))
    },
]

/// Manifests: one target per reader, and detection through checking and rendering.
let manifestTargets: [FuzzTarget] = [
    FuzzTarget(name: "plist", summary: "Info.plist reader (XML and binary)") { bytes in
        _ = try? PlistManifestReader(path: "fuzz", options: Samples.lenient).read(Data(bytes))
    },
    FuzzTarget(name: "android", summary: "AndroidManifest.xml text reader") { bytes in
        _ = try? AndroidManifestReader(path: "fuzz", options: Samples.lenient).read(Data(bytes))
    },
    FuzzTarget(name: "axml", summary: "Android binary XML (APK manifest) decoder") { bytes in
        guard let root = try? BinaryXMLDecoder(bytes).decode() else { return }
        _ = AndroidManifestReader(path: "fuzz", options: Samples.lenient).read(root: root)
    },
    FuzzTarget(name: "proto", summary: "aapt2 protobuf XML (.aab manifest) decoder") { bytes in
        guard let root = try? ProtoXMLDecoder(bytes).decode() else { return }
        _ = AndroidManifestReader(path: "fuzz", options: Samples.lenient).read(root: root)
    },
    FuzzTarget(name: "zip", summary: "built apps: zip entries through libzip, the manifest inside")
    { bytes in
        _ = try? AppArtifactReader(path: "fuzz", options: Samples.lenient).read(zip: Data(bytes))
    },
    FuzzTarget(name: "appstream", summary: "AppStream metainfo and XML catalogs") { bytes in
        _ = try? ManifestLoader.loadAppStreamComponents(
            data: Data(bytes), path: "fuzz", options: Samples.lenient)
    },
    FuzzTarget(name: "dep11", summary: "DEP-11 YAML catalogs (libyaml)") { bytes in
        _ = try? ManifestLoader.loadAppStreamComponents(
            data: Data(bytes), path: "fuzz", options: Samples.lenient)
    },
    FuzzTarget(
        name: "yaml",
        summary: "DEP-11 reader on any bytes: libyaml events, documents, duplicate keys, limits"
    ) { bytes in
        // `dep11` reaches libyaml only for bytes that look like YAML; here every input does.
        _ = try? DEP11Reader(path: "fuzz").components(bytes)
    },
    FuzzTarget(name: "gzip", summary: "gzip catalogs: inflate with a bound, then read") { bytes in
        // Every input is gzip to the reader: the fuzzer mutates the compressed stream.
        let data = Data([0x1F, 0x8B]) + Data(bytes)
        _ = try? GzipInflater.inflate(data, limit: 1 << 20)
        _ = try? ManifestLoader.loadAppStreamComponents(
            data: data, path: "fuzz", options: Samples.lenient)
    },
    FuzzTarget(name: "json", summary: "JSON manifest reader") { bytes in
        _ = try? JSONManifestReader(path: "fuzz", options: Samples.lenient).read(Data(bytes))
    },
    FuzzTarget(
        name: "manifest",
        summary: "detection by content, any manifest or built app, check and every output"
    ) { bytes in
        guard
            let manifest = try? ManifestLoader.load(
                data: Data(bytes), path: "fuzz", options: Samples.lenient)
        else { return }
        checkVerification(manifest, choice: outputChoice(bytes, among: 4))
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
        checkVerification(manifest, choice: outputChoice(bytes, among: 4))
    },
]

/// Tables, fleets and EDIDs.
let tableTargets: [FuzzTarget] = [
    FuzzTarget(
        name: "matrix", summary: "matrix CSV/Markdown/JSON, filtered by a manifest, every output"
    ) { bytes in
        guard let matrix = try? MatrixParser.parse(bytes, path: "fuzz"),
            let manifest = Samples.gyroscope
        else { return }
        let result = MatrixFilter.evaluate(matrix, with: ManifestRowEvaluator(manifest: manifest))
        checkMatrix(result, choice: outputChoice(bytes, among: 3))
    },
    FuzzTarget(
        name: "catalog",
        summary:
            "a manifest (any kind) filtered by the built-in apple and android catalogs as the stores do, every output"
    ) { bytes in
        guard
            let manifest = try? ManifestLoader.load(
                data: Data(bytes), path: "fuzz", options: Samples.lenient)
        else { return }
        for catalog in Samples.catalogs {
            guard let result = try? catalog.evaluate(manifest, path: "fuzz") else { continue }
            checkMatrix(result, choice: outputChoice(bytes, among: 3))
            Invariant.escaped(MatrixDocumentRenderer.html(result), "catalog HTML")
        }
    },
    FuzzTarget(
        name: "fleet",
        summary: "a fleet folder (the input split at lines '--8<--' into up to 4 files), matrix"
    ) { bytes in
        FleetFolder.shared.write(bytes)
        guard let fleet = try? Fleet.load(directory: FleetFolder.shared.path),
            let manifest = Samples.gyroscope
        else { return }
        checkMatrix(
            fleet.evaluate(with: ManifestRowEvaluator(manifest: manifest), manifest: "fuzz"),
            choice: outputChoice(bytes, among: 3))
    },
    FuzzTarget(name: "edid", summary: "EDID decoding") { bytes in
        _ = try? EDID(bytes: bytes)
        _ = try? EDIDHexText.bytes(from: String(decoding: bytes, as: UTF8.self))
    },
]

import CapabilityProbe
import FoundationEssentials

/// The machines and manifests the targets check against.
enum Samples {
    static let source = SourceInfo(
        kind: .snapshot, udevDatabase: false, attributes: false, complete: true)
    static let emptyReport = CapabilityClassifier().classify(
        DeviceInventory(source: source, machine: MachineIdentity(), devices: []))
    static let gyroscope: Manifest? = try? ManifestLoader.load(
        data: Data(#"{"version": 1, "require": ["sensor.gyroscope", "location.gnss"]}"#.utf8),
        path: "m.json")
    /// The built-in device catalogs, read once.
    static let catalogs: [DeviceCatalog] = ["apple", "android"].compactMap {
        try? BuiltinMatrices.catalog($0)
    }
    /// Readers that name unknown keys instead of refusing them, as `lint` reads.
    static let lenient = ManifestLoadOptions(allowUnknown: true)
}

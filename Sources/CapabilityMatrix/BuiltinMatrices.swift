/// The device matrices shipped with capcheck, loaded by name.
public enum BuiltinMatrices {
    /// One built-in matrix: its name and what it holds.
    public struct Entry: Sendable, Hashable {
        /// The name ``BuiltinMatrices/load(_:)`` takes.
        public var name: String
        /// One line saying what it holds.
        public var summary: String
        /// Where its rows come from, and when they were read.
        public var origin: String
        /// `devices`, `models` or `rows`.
        public var unit: String
    }

    /// The built-in matrix that joins the seed's camera table (Table 2-1) to its device table.
    static let seedCameraJoin = "ios-2011"

    /// Every built-in matrix and catalog, sorted by name.
    public static let all: [Entry] = [
        Entry(
            name: "android",
            summary:
                "real Android phones, tablets and TVs with the features their device trees declare to PackageManager; checked as Google Play filters",
            origin:
                "LineageOS device trees and wiki (repository @ commit per row; one row per device and LineageOS branch), read 2026-12-06",
            unit: "devices"),
        Entry(
            name: "apple",
            summary:
                "every iPhone, iPad, iPod touch, Apple TV (from HD) and Apple Vision Pro model x UIRequiredDeviceCapabilities keys; checked as the App Store filters",
            origin:
                "Apple's key reference and required-capabilities page, public device-identifier tables, 2017 Apple matrix; read 2026-12-01",
            unit: "models"),
        Entry(
            name: seedCameraJoin,
            summary:
                "iPhone, iPod touch and iPad models of 2011 (seed Table 1-1), joined with the camera table (Table 2-1)",
            origin: "seed book 'Basic Sensors in iOS' (O'Reilly), 2011-07", unit: "rows"),
    ]

    /// Loads a built-in device catalog.
    /// - Parameter name: `apple` or `android`.
    /// - Returns: The catalog, or nil for a name that is not a catalog (a matrix, or unknown).
    /// - Throws: ``MatrixError`` when the embedded text does not parse (a build defect).
    public static func catalog(_ name: String) throws(MatrixError) -> DeviceCatalog? {
        switch name {
        case "apple":
            return .apple(
                try AppleCatalog.parse(text: BuiltinCatalogText.apple, path: "builtin:apple"))
        case "android":
            return .android(
                try AndroidCatalog.parse(text: BuiltinCatalogText.android, path: "builtin:android"))
        default:
            return nil
        }
    }

    /// How many rows a built-in holds.
    /// - Parameter name: Its name.
    /// - Returns: The row count, or nil for an unknown name.
    public static func rowCount(_ name: String) -> Int? {
        if let catalog = try? catalog(name) { return catalog.count }
        return (try? load(name))?.rows.count
    }

    /// Loads a built-in matrix.
    /// - Parameter name: The name (`ios-2011`).
    /// - Returns: The matrix, its source `builtin:NAME`.
    /// - Throws: ``MatrixError/unknownBuiltin(name:known:)`` for an unknown name.
    public static func load(_ name: String) throws(MatrixError) -> DeviceMatrix {
        switch name {
        case seedCameraJoin:
            let source = "builtin:" + seedCameraJoin
            let devices = try MatrixParser.parse(
                text: BuiltinMatrixText.seedDeviceMatrix, path: source, format: .csv)
            let cameras = try CameraTable.parse(
                text: BuiltinMatrixText.seedCameraTable, path: source + " (camera table)")
            return try cameras.join(into: devices)
        default:
            throw .unknownBuiltin(name: name, known: all.map(\.name))
        }
    }
}

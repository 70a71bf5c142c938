@testable import CapabilityMatrix

extension BuiltinMatrices {
    /// The embedded text of a built-in table, for the tests that pin it to `Fixtures/data/`.
    /// - Parameter file: `seed-device-matrix.csv` or `seed-camera-table.csv`.
    /// - Returns: The text, or nil for another name.
    static func embeddedText(_ file: String) -> String? {
        switch file {
        case "seed-device-matrix.csv": return BuiltinMatrixText.seedDeviceMatrix
        case "seed-camera-table.csv": return BuiltinMatrixText.seedCameraTable
        default: return nil
        }
    }
}

/// The device matrices shipped with capcheck, loaded by name.
public enum BuiltinMatrices {
    /// One built-in matrix: its name and what it holds.
    public struct Entry: Sendable, Hashable {
        /// The name ``BuiltinMatrices/load(_:)`` takes.
        public var name: String
        /// One line saying what it holds.
        public var summary: String
    }

    /// The built-in matrix that joins the seed's camera table (Table 2-1) to its device table.
    static let seedCameraJoin = "ios-2011"

    /// Every built-in matrix, sorted by name.
    public static let all: [Entry] = [
        Entry(
            name: seedCameraJoin,
            summary:
                "iPhone, iPod touch and iPad models of 2011 (seed Table 1-1), joined with the camera table (Table 2-1)"
        )
    ]

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

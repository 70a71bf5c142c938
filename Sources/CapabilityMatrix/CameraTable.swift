import CapabilitySupport
import FoundationEssentials
import CapabilityModel

/// A camera table in the seed's Table 2-1 form: one row per camera, joined to a device
/// matrix by row name or, when no camera row names the device, by its family.
///
/// Columns: `Model`, `Camera` (rear/back, front, external), `Focus` (Fixed/Autofocus),
/// `Flash` (`no` or a flash kind), `StillMegapixels`, `StillWidth`, `StillHeight`,
/// `VideoWidth`, `VideoHeight`, `VideoMode`; other columns (`Notes`, `VideoMegapixels`) are kept
/// out of the join.
package struct CameraTable: Sendable, Hashable {
    /// One camera of one model.
    package struct Camera: Sendable, Hashable {
        /// The model (device row name or family) it belongs to.
        package var model: String
        /// `front`, `back` or `external`.
        package var facing: String
        /// Whether it autofocuses.
        package var autofocus: Bool
        /// Whether it has a flash.
        package var flash: Bool
        /// Still size in megapixels, if printed.
        package var megapixels: Double?
        /// The video mode, if it records video.
        package var videoMode: MatrixValueParser.VideoMode?
        /// The line it came from.
        package var line: Int
    }

    /// The cameras, in table order.
    package var cameras: [Camera]
    /// The provenance lines.
    package var provenance: [String]
    /// The file name.
    package var source: String

    private static let required = ["model", "camera", "focus", "flash"]

    /// Whether a header is a camera table's (it has `Model`, `Camera`, `Focus` and `Flash`).
    /// - Parameter header: The header fields as written.
    /// - Returns: True for a camera-table header.
    static func isCameraTableHeader(_ header: [String]) -> Bool {
        let names = Set(
            header.map { MatrixHeaders.normalized($0.trimming(.whitespaces)) })
        return required.allSatisfy(names.contains)
    }

    /// Parses a camera table (CSV).
    /// - Parameters:
    ///   - text: The CSV text.
    ///   - path: The file name for messages.
    /// - Returns: The table.
    /// - Throws: ``MatrixError/malformed(path:line:reason:)`` for a missing column or bad cell.
    package static func parse(text: String, path: String) throws(MatrixError) -> CameraTable {
        var reader = CSVReader(bytes: Array(text.utf8), path: path)
        var provenance: [String] = []
        var header: [String: Int]?
        var cameras: [Camera] = []
        while let record = try reader.next() {
            switch record {
            case .comment(let text, _):
                if !text.isEmpty { provenance.append(text) }
            case .fields(let fields, let line):
                guard let columns = header else {
                    var map: [String: Int] = [:]
                    for (index, name) in fields.enumerated() {
                        map[MatrixHeaders.normalized(name.trimming(.whitespaces))] =
                            index
                    }
                    if let missing = required.first(where: { map[$0] == nil }) {
                        throw .malformed(
                            path: path, line: line,
                            reason: "camera table has no '\(missing)' column")
                    }
                    header = map
                    continue
                }
                cameras.append(try camera(fields, columns: columns, line: line, path: path))
            }
        }
        return CameraTable(cameras: cameras, provenance: provenance, source: path)
    }

    private static func camera(
        _ fields: [String], columns: [String: Int], line: Int, path: String
    ) throws(MatrixError) -> Camera {
        func cell(_ name: String) -> String {
            guard let index = columns[name], index < fields.count else { return "" }
            return fields[index].trimming(.whitespaces)
        }
        let facing: String
        switch cell("camera").lowercased() {
        case "rear", "back": facing = "back"
        case "front": facing = "front"
        case "external": facing = "external"
        default:
            throw .malformed(
                path: path, line: line,
                reason: "column 'Camera': '\(cell("camera"))' is not rear, front or external")
        }
        do {
            let width = try MatrixValueParser.dimension(cell("videowidth"))
            let height = try MatrixValueParser.dimension(cell("videoheight"))
            var megapixels = try MatrixValueParser.number(cell("stillmegapixels"))
            if megapixels == nil, let w = try MatrixValueParser.number(cell("stillwidth")),
                let h = try MatrixValueParser.number(cell("stillheight"))
            {
                megapixels = w * h / 1e6
            }
            let flash = cell("flash").lowercased()
            return Camera(
                model: cell("model"), facing: facing,
                autofocus: cell("focus").lowercased().hasPrefix("auto"),
                flash: !(flash.isEmpty || flash == "no" || flash == "none"), megapixels: megapixels,
                videoMode: try MatrixValueParser.videoMode(
                    cell("videomode"), width: width, height: height), line: line)
        } catch {
            throw .malformed(path: path, line: line, reason: error.reason)
        }
    }

    /// Joins the cameras into a device matrix: adds `camera.front`, `camera.back`,
    /// `camera.autofocus`, `camera.flash` columns (unless the matrix has them) and
    /// `StillMegapixels`/`VideoModes` value columns. A device with camera rows gets yes/no
    /// from them; a device without any keeps unknown (its `Camera` cell decides by
    /// implication).
    /// - Parameter matrix: The device matrix.
    /// - Returns: The joined matrix; provenance lines of both tables.
    /// - Throws: ``MatrixError/malformed(path:line:reason:)`` when a camera row names neither a
    ///   row nor a family of the matrix.
    func join(into matrix: DeviceMatrix) throws(MatrixError) -> DeviceMatrix {
        let names = Set(matrix.rows.map(\.name))
        let families = Set(matrix.rows.compactMap(\.family))
        if let stray = cameras.first(where: {
            !names.contains($0.model) && !families.contains($0.model)
        }) {
            throw .malformed(
                path: source, line: stray.line,
                reason: "model '\(stray.model)' is neither a row nor a family of \(matrix.source)")
        }
        var byModel: [String: [Camera]] = [:]
        for camera in cameras { byModel[camera.model, default: []].append(camera) }
        let existing = Set(matrix.capabilityIDs)
        let added: [(CapabilityID, String, ([Camera]) -> Bool)] = [
            (
                .cameraFront, "Front camera (camera table)",
                { $0.contains { $0.facing == "front" } }
            ),
            (.cameraBack, "Back camera (camera table)", { $0.contains { $0.facing == "back" } }),
            (.cameraAutofocus, "Autofocus (camera table)", { $0.contains(where: \.autofocus) }),
            (.cameraFlash, "Flash (camera table)", { $0.contains(where: \.flash) }),
        ].filter { !existing.contains($0.0) }
        var joined = matrix
        joined.source = matrix.source
        joined.provenance = matrix.provenance + provenance
        joined.capabilityColumns += added.map {
            MatrixColumn(header: $0.1, role: .capability($0.0))
        }
        joined.valueColumns += [
            MatrixColumn(header: "StillMegapixels (camera table)", role: .value(.stillMegapixels)),
            MatrixColumn(header: "VideoModes (camera table)", role: .value(.videoModes)),
        ]
        for index in joined.rows.indices {
            let row = joined.rows[index]
            let own = byModel[row.name] ?? row.family.flatMap { byModel[$0] } ?? []
            joined.rows[index].cells += added.map {
                own.isEmpty ? .unknown : ($0.2(own) ? .yes : .no)
            }
            let megapixels = own.compactMap(\.megapixels).max()
            let modes = Array(Set(own.compactMap(\.videoMode))).sorted(by: >).map(\.text)
            joined.rows[index].values += [
                megapixels.map { String($0) } ?? "", modes.joined(separator: " "),
            ]
        }
        return joined
    }
}

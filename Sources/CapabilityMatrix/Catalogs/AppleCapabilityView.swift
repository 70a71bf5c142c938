import CapabilityModel
import CapabilitySupport

extension AppleCatalog {
    /// The catalog as a device × capability table, for manifests that name capabilities
    /// rather than App Store keys (a capcheck JSON manifest: `camera.megapixels >= 12`, the
    /// seed's Table 1-1 and 2-1 questions on current devices). Each key column that means one
    /// capability becomes that capability's column (the first one wins, after `Cellular`);
    /// the camera megapixels (the larger of the rear and front camera), RAM and display scale
    /// become value columns; the family is the device kind, as in the App Store view.
    /// - Returns: The table, its source `builtin:apple`.
    /// - Throws: ``MatrixError`` when the table does not parse (a build defect).
    public func capabilityMatrix() throws(MatrixError) -> DeviceMatrix {
        var taken: Set<CapabilityID> = []
        var columns: [String] = []
        for header in ["Cellular"] + keyColumns {
            guard case .capability(let id)? = MatrixHeaders.role(of: header),
                taken.insert(id).inserted
            else { continue }
            columns.append(header)
        }
        var lines = provenance.filter { !$0.hasPrefix("rule:") }.map { "# " + $0 }
        lines.append(
            (["Device", "Family"] + columns + ["Megapixels", "RAM", "Scale"]).map(Self.field)
                .joined(separator: ","))
        for device in devices {
            let megapixels =
                ["Rear Camera MP", "Front Camera MP"].compactMap { name in
                    device.facts.first { $0.name == name }.flatMap { Double($0.value) }
                }.max() ?? 0
            let ram = device.facts.first { $0.name == "RAM GB" }?.value ?? ""
            let scale = device.facts.first { $0.name == "Display Scale" }?.value ?? ""
            let cells =
                [device.name, device.group]
                + columns.map { header in
                    header == "Cellular"
                        ? device.facts.first { $0.name == "Cellular" }?.value ?? "unknown"
                        : device.keys[header]?.rawValue ?? "unknown"
                }
                + [
                    megapixels > 0 ? CheckedNumber.formatted(megapixels) : "",
                    ram.isEmpty ? "" : ram + " GB", scale,
                ]
            lines.append(cells.map(Self.field).joined(separator: ","))
        }
        return try MatrixParser.parse(
            text: lines.joined(separator: "\n") + "\n", path: "builtin:apple", format: .csv)
    }

    /// A CSV field, quoted when it holds a comma or a quote.
    private static func field(_ text: String) -> String {
        guard text.contains(",") || text.contains("\"") else { return text }
        return "\"" + text.replacingLiteral("\"", with: "\"\"") + "\""
    }
}

extension AppleCatalog {
    /// One row's cells by capability: each key column (and `Cellular`) that means one
    /// capability, the first one winning as in ``capabilityMatrix()``.
    /// - Parameter device: The row.
    /// - Returns: The capability, the column it comes from and the cell, in column order.
    public func capabilityCells(of device: Device) -> [(
        id: CapabilityID, column: String, cell: CatalogCell
    )] {
        var taken: Set<CapabilityID> = []
        var cells: [(id: CapabilityID, column: String, cell: CatalogCell)] = []
        for header in ["Cellular"] + keyColumns {
            guard case .capability(let id)? = MatrixHeaders.role(of: header),
                taken.insert(id).inserted
            else { continue }
            let cell: CatalogCell
            if header == "Cellular" {
                cell =
                    CatalogCell(
                        rawValue: device.facts.first { $0.name == "Cellular" }?.value ?? "")
                    ?? .unknown
            } else {
                cell = device.keys[header] ?? .unknown
            }
            cells.append((id, header, cell))
        }
        return cells
    }
}

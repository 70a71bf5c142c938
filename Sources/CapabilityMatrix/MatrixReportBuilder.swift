import CapabilityModel

/// Turns a matrix row into a synthetic ``CapabilityReport`` that the manifest checker reads
/// like a probed machine.
///
/// Cells become findings (yes → present, no → absent, unknown/blank → unknown); value
/// columns become the contract's details (`camera.any` `megapixels`, `camera.video` `modes`,
/// `memory.total` `bytes`, `display` `scale`/`dpi`, `input.touchscreen` `points`). A
/// capability with no column gets no finding (the checker says unknown), except where a
/// definite cell implies it: a present sub-capability implies its parent (`camera.front` ⇒
/// `camera.any`, `location.gnss` ⇒ `location.any`), an absent parent implies absent
/// sub-capabilities (`camera.any` = no ⇒ `camera.front` absent).
package struct MatrixReportBuilder: Sendable {
    /// Parent → sub-capabilities, for implications (``CapabilityID/Definition/parent``).
    package static let children: [(parent: CapabilityID, children: [CapabilityID])] =
        CapabilityID.allCases.compactMap { id in
            let children = id.children
            return children.isEmpty ? nil : (id, children)
        }

    /// Every id in the order reports keep their findings.
    private static let sortedIDs = CapabilityID.allCases.sorted()

    /// The matrix whose rows are turned into reports.
    package let matrix: DeviceMatrix
    /// The capability columns reports read: (column index, its id).
    private let columns: [(index: Int, id: CapabilityID)]
    private let kinds: [MatrixValueKind]
    /// The ids reports are limited to, or nil for every id.
    private let only: Set<CapabilityID>?
    /// The parent/sub-capability groups reports apply (those of `only`, else all).
    private let groups: [(parent: CapabilityID, children: [CapabilityID])]
    /// Per column of `columns`, the evidence for each cell value (written once, not per row).
    private let evidence: [[MatrixCell: Evidence]]
    private let source: SourceInfo

    /// Creates a builder for a matrix.
    /// - Parameters:
    ///   - matrix: The matrix.
    ///   - only: Limits reports to these ids (the findings of the others are left out), or
    ///     nil for every id. The set must hold every group (``children``) it meets, so the
    ///     implications among its ids are the same as in a whole report.
    init(matrix: DeviceMatrix, only: Set<CapabilityID>? = nil) {
        self.matrix = matrix
        let columnIDs = matrix.capabilityIDs
        self.columns = columnIDs.indices.compactMap { index in
            only.map { $0.contains(columnIDs[index]) } ?? true ? (index, columnIDs[index]) : nil
        }
        self.kinds = matrix.valueKinds
        self.only = only
        self.groups = Self.children.filter { only?.contains($0.parent) ?? true }
        self.evidence = columns.map { matrix.capabilityColumns[$0.index] }.map { column in
            Dictionary(
                uniqueKeysWithValues: MatrixCell.allCases.map { cell in
                    (
                        cell,
                        Evidence(
                            .matrixColumn(column.header),
                            reason: "the table says \(cell.word)")
                    )
                })
        }
        self.source = SourceInfo(
            kind: .snapshot, path: matrix.source, udevDatabase: false, attributes: false,
            complete: false, notes: ["synthetic report from a device matrix row"])
    }

    /// The synthetic report of one row. It names no row, so equal rows give equal reports.
    /// - Parameter row: The row.
    /// - Returns: A report with one finding per capability the row decides.
    package func report(for row: MatrixRow) -> CapabilityReport {
        var findings: [CapabilityID: CapabilityFinding] = [:]
        findings.reserveCapacity(columns.count + 4)
        for (position, column) in columns.enumerated() {
            let cell = row.cells[column.index]
            findings[column.id] = CapabilityFinding(
                id: column.id, status: cell.status, count: cell == .yes ? 1 : 0,
                evidence: evidence[position][cell].map { [$0] } ?? [])
        }
        addDetails(row, to: &findings)
        applyImplications(to: &findings)
        // In id order already, so the report's sort only confirms it.
        return CapabilityReport(
            source: source, machine: MachineIdentity(),
            capabilities: Self.sortedIDs.compactMap { findings[$0] }, devices: [])
    }

    /// Adds the details the row's value columns give, in three steps: read each value
    /// cell, derive the camera details (megapixels from width × height, modes from the mode
    /// text and the video size), and merge them into the findings.
    private func addDetails(_ row: MatrixRow, to findings: inout [CapabilityID: CapabilityFinding])
    {
        var values = RowValues()
        for (index, kind) in kinds.enumerated() {
            let text = row.values[index]
            guard !text.isEmpty else { continue }
            values.read(text, as: kind)
        }
        var details = values.details
        if let only { details = details.filter { only.contains($0.key) } }
        Self.merge(details, into: &findings)
    }

    /// The ids the given value columns of a row give details to (what ``addDetails(_:to:)``
    /// would merge from those columns alone).
    /// - Parameters:
    ///   - row: The row.
    ///   - columns: Value column indices.
    /// - Returns: The ids with details.
    func detailIDs(_ row: MatrixRow, columns: [Int]) -> Set<CapabilityID> {
        var values = RowValues()
        for index in columns where !row.values[index].isEmpty {
            values.read(row.values[index], as: kinds[index])
        }
        return Set(values.details.keys)
    }

    /// Merges details into the findings; a capability the row has no cell for becomes
    /// present, with the value columns as its evidence.
    private static func merge(
        _ details: [CapabilityID: [String: JSONValue]],
        into findings: inout [CapabilityID: CapabilityFinding]
    ) {
        for (id, values) in details {
            var finding =
                findings[id]
                ?? CapabilityFinding(
                    id: id, status: .present, count: 1,
                    evidence: [
                        Evidence(
                            .matrixValues,
                            reason:
                                "the table gives \(values.keys.sorted().joined(separator: ", "))")
                    ])
            finding.details.merge(values) { _, new in new }
            findings[id] = finding
        }
    }

    private func applyImplications(to findings: inout [CapabilityID: CapabilityFinding]) {
        for (parent, children) in groups {
            let current = findings[parent]?.status
            if current == nil || current == .unknown,
                let child = children.first(where: { findings[$0]?.status == .present })
            {
                var finding = findings[parent] ?? CapabilityFinding(id: parent, status: .present)
                finding.status = .present
                finding.count = max(finding.count, 1)
                finding.evidence = [
                    Evidence(.matrixImplication, reason: "implied by \(child) = yes")
                ]
                findings[parent] = finding
            }
            guard findings[parent]?.status == .absent else { continue }
            for child in children
            where findings[child] == nil || findings[child]?.status == .unknown {
                findings[child] = CapabilityFinding(
                    id: child, status: .absent,
                    evidence: [
                        Evidence(.matrixImplication, reason: "implied by \(parent) = no")
                    ])
            }
        }
    }
}

/// The value cells of one row as they are read, before the camera details are derived.
private struct RowValues {
    var megapixels: Double?
    var stillWidth: Double?
    var stillHeight: Double?
    var videoWidth: Int?
    var videoHeight: Int?
    /// Mode texts, read once the video size is known (a mode may name only a rate).
    var modeText: [String] = []
    var modes: [MatrixValueParser.VideoMode] = []
    /// Details that need no other column, per capability id.
    var plain: [CapabilityID: [String: JSONValue]] = [:]

    /// Reads one non-blank value cell; a cell that does not parse adds nothing (the table
    /// was validated when read).
    mutating func read(_ text: String, as kind: MatrixValueKind) {
        switch kind {
        case .stillMegapixels:
            if let value = try? MatrixValueParser.number(text) {
                megapixels = max(megapixels ?? 0, value)
            }
        case .stillWidth: stillWidth = try? MatrixValueParser.number(text)
        case .stillHeight: stillHeight = try? MatrixValueParser.number(text)
        case .videoWidth: videoWidth = (try? MatrixValueParser.dimension(text)) ?? nil
        case .videoHeight: videoHeight = (try? MatrixValueParser.dimension(text)) ?? nil
        case .videoMode: modeText.append(text)
        case .videoModes: modes += (try? MatrixValueParser.videoModes(text)) ?? []
        case .memoryBytes:
            if let bytes = try? MatrixValueParser.bytes(text) { set(.memoryTotal, .int(bytes)) }
        case .displayScale:
            if let value = try? MatrixValueParser.number(text) {
                set(.displayScale, .int(Int(value)))
            }
        case .displayDPI:
            if let value = try? MatrixValueParser.number(text) { set(.displayDPI, .double(value)) }
        case .touchPoints:
            if let value = try? MatrixValueParser.number(text) {
                set(.touchscreenPoints, .int(Int(value)))
            }
        case .notes: break
        }
    }

    /// Stores a quantity under its finding and detail key (``Quantity/Definition``).
    private mutating func set(_ quantity: Quantity, _ value: JSONValue) {
        plain[quantity.capability, default: [:]][quantity.detailKey] = value
    }

    /// Every detail: the plain ones, `camera.any` megapixels (else width × height / 10⁶) and
    /// the distinct `camera.video` modes, largest first.
    var details: [CapabilityID: [String: JSONValue]] {
        var details = plain
        var modes = modes
        for text in modeText {
            if let mode = try? MatrixValueParser.videoMode(
                text, width: videoWidth, height: videoHeight)
            {
                modes.append(mode)
            }
        }
        var megapixels = megapixels
        if megapixels == nil, let stillWidth, let stillHeight {
            megapixels = stillWidth * stillHeight / 1e6
        }
        if let megapixels {
            let quantity = Quantity.cameraMegapixels
            details[quantity.capability, default: [:]][quantity.detailKey] = .double(megapixels)
        }
        if !modes.isEmpty {
            let sorted = Array(Set(modes)).sorted(by: >)
            let quantity = Quantity.cameraVideo
            details[quantity.capability, default: [:]][quantity.detailKey] = .array(
                sorted.map { .string($0.text) })
        }
        return details
    }
}

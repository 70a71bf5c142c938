/// What `DRM_IOCTL_MODE_GETCONNECTOR` tells about one connector, stored in
/// ``KernelFacts/drm``: the physical size the kernel knows (from the EDID, or from the
/// panel driver / device tree `width-mm` for DSI panels that have no EDID).
public struct DRMConnectorFacts: Sendable, Hashable {
    /// `DRM_IOCTL_MODE_GETCONNECTOR` = `DRM_IOWR(0xA7, struct drm_mode_get_connector)`.
    package static let request: UInt = 0xc050_64a7
    /// The size of `struct drm_mode_get_connector`.
    package static let size = 80

    /// The connector object id.
    public var connectorID: UInt32
    /// `connected`, `disconnected` or `unknown`.
    public var connection: String
    /// Width in mm (0 = unknown).
    public var widthMM: Int
    /// Height in mm (0 = unknown).
    public var heightMM: Int
    /// Number of modes the kernel has for the connector.
    public var modeCount: Int

    /// Creates facts.
    /// - Parameters:
    ///   - connectorID: The connector id.
    ///   - connection: The connection state.
    ///   - widthMM: Width in mm.
    ///   - heightMM: Height in mm.
    ///   - modeCount: Number of modes.
    package init(
        connectorID: UInt32, connection: String, widthMM: Int, heightMM: Int, modeCount: Int
    ) {
        self.connectorID = connectorID
        self.connection = connection
        self.widthMM = widthMM
        self.heightMM = heightMM
        self.modeCount = modeCount
    }

    /// The request asking for `connectorID` with every array pointer null and count 0, so
    /// the kernel copies no arrays (and, for a non-master, triggers no re-probe).
    /// - Parameter connectorID: The connector id (sysfs `connector_id`).
    /// - Returns: 80 bytes.
    package static func request(connectorID: UInt32) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: size)
        ByteLayout.set(connectorID, in: &bytes, at: 48)
        return bytes
    }

    /// Parses the reply (4 u64 pointers, count_modes at 32, count_props, count_encoders,
    /// encoder_id, connector_id at 48, connector_type, connector_type_id, connection at 60,
    /// mm_width at 64, mm_height at 68, subpixel, pad).
    /// - Parameter bytes: At least 80 bytes.
    package init?(bytes: [UInt8]) {
        guard bytes.count >= Self.size else { return nil }
        let connection: String
        switch ByteLayout.uint32(bytes, at: 60) {
        case 1: connection = "connected"
        case 2: connection = "disconnected"
        default: connection = "unknown"
        }
        self.init(
            connectorID: ByteLayout.uint32(bytes, at: 48), connection: connection,
            widthMM: Int(ByteLayout.uint32(bytes, at: 64)),
            heightMM: Int(ByteLayout.uint32(bytes, at: 68)),
            modeCount: Int(ByteLayout.uint32(bytes, at: 32)))
    }
}

extension DRMConnectorFacts: Codable {
    /// The JSON keys under `drm` in a snapshot record's `facts`.
    package enum CodingKeys: String, CodingKey {
        case connectorID = "connector_id", connection, widthMM = "width_mm"
        case heightMM = "height_mm", modeCount = "modes"
    }

    /// Encodes `connector_id`, `connection`, `width_mm`, `height_mm` and `modes`.
    /// - Parameter encoder: The encoder.
    /// - Throws: `EncodingError` from the encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Int(connectorID), forKey: .connectorID)
        try container.encode(connection, forKey: .connection)
        try container.encode(widthMM, forKey: .widthMM)
        try container.encode(heightMM, forKey: .heightMM)
        try container.encode(modeCount, forKey: .modeCount)
    }

    /// Reads recorded facts leniently; `width_mm` and `height_mm` are needed.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when the value is not an object or lacks a side.
    public init(from decoder: any Decoder) throws {
        let fields = try FactFields(decoder, keys: CodingKeys.self)
        guard let width = fields.int(.widthMM), let height = fields.int(.heightMM) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "no width_mm or height_mm"))
        }
        self.init(
            connectorID: UInt32(clamping: fields.int(.connectorID) ?? 0),
            connection: fields.string(.connection) ?? "unknown", widthMM: width,
            heightMM: height, modeCount: fields.int(.modeCount) ?? 0)
    }
}

import FoundationEssentials

/// What the kernel probes found for one device record (``Device/facts``), kept in snapshots so
/// probers re-classify offline.
///
/// In JSON this is one object, one key per probe: `v4l2` (``CameraFacts``), `v4l2_subdev`
/// (``V4L2SubdeviceFacts``), `drm` (``DRMConnectorFacts``), `hci`
/// (``BluetoothControllerFacts``), `evdev` (``EvdevFacts``), `alsa` (``ALSAPCMInfo``), and
/// `unreadable` (files the live source saw but could not read, with why). A probe that could
/// not answer is stored as `{"error": reason}`.
///
/// Reading is lenient, as real snapshots need: a field of the wrong type reads as missing, a
/// known probe whose object cannot be read becomes `unknown` ("recorded V4L2 facts are
/// malformed"), and keys this version does not know are kept as they were
/// (``unrecognized``) and written back unchanged. Only a `facts` value that is not an object
/// at all fails to decode.
public struct KernelFacts: Codable, Sendable, Hashable {
    /// `VIDIOC_QUERYCAP` and the enumerations of a `videoN` node.
    public var v4l2: KernelProbeResult<CameraFacts>?
    /// The controls of a `v4l-subdevN` node.
    public var v4l2Subdevice: KernelProbeResult<V4L2SubdeviceFacts>?
    /// `DRM_IOCTL_MODE_GETCONNECTOR` of a connector without an EDID.
    public var drm: KernelProbeResult<DRMConnectorFacts>?
    /// `HCIGETDEVINFO` of an `hciN` controller.
    public var hci: KernelProbeResult<BluetoothControllerFacts>?
    /// The evdev ioctls of an `eventN` node (a failed open is one of its ``EvdevFacts/errors``).
    public var evdev: EvdevFacts?
    /// ALSA's procfs name of a PCM.
    public var alsa: ALSAPCMInfo?
    /// Attributes (or `uevent`) the source listed but could not read, with the reason
    /// (`permission denied`).
    public var unreadable: [String: String]
    /// Keys this version does not know, as recorded; never written over a known key.
    public var unrecognized: [String: JSONValue]

    /// Creates facts.
    /// - Parameters:
    ///   - v4l2: Video node facts.
    ///   - v4l2Subdevice: Sub-device facts.
    ///   - drm: DRM connector facts.
    ///   - hci: Bluetooth controller facts.
    ///   - evdev: Input event node facts.
    ///   - alsa: ALSA PCM names.
    ///   - unreadable: Unreadable files and why.
    ///   - unrecognized: Unknown keys to keep.
    public init(
        v4l2: KernelProbeResult<CameraFacts>? = nil,
        v4l2Subdevice: KernelProbeResult<V4L2SubdeviceFacts>? = nil,
        drm: KernelProbeResult<DRMConnectorFacts>? = nil,
        hci: KernelProbeResult<BluetoothControllerFacts>? = nil, evdev: EvdevFacts? = nil,
        alsa: ALSAPCMInfo? = nil, unreadable: [String: String] = [:],
        unrecognized: [String: JSONValue] = [:]
    ) {
        self.v4l2 = v4l2
        self.v4l2Subdevice = v4l2Subdevice
        self.drm = drm
        self.hci = hci
        self.evdev = evdev
        self.alsa = alsa
        self.unreadable = unreadable
        self.unrecognized = unrecognized
    }

    /// Whether no probe stored anything.
    public var isEmpty: Bool {
        // Field by field, as `== KernelFacts()` compares, without building and destroying an
        // empty value for every record read.
        v4l2 == nil && v4l2Subdevice == nil && drm == nil && hci == nil && evdev == nil
            && alsa == nil && unreadable.isEmpty && unrecognized.isEmpty
    }

    /// Takes every fact `newer` has, keeping the others.
    /// - Parameter newer: Facts probed later (a watch event's).
    public mutating func merge(_ newer: KernelFacts) {
        v4l2 = newer.v4l2 ?? v4l2
        v4l2Subdevice = newer.v4l2Subdevice ?? v4l2Subdevice
        drm = newer.drm ?? drm
        hci = newer.hci ?? hci
        evdev = newer.evdev ?? evdev
        alsa = newer.alsa ?? alsa
        unreadable = newer.unreadable.isEmpty ? unreadable : newer.unreadable
        unrecognized.merge(newer.unrecognized) { _, new in new }
    }

    /// The JSON keys, one per probe.
    package enum Key: String {
        case v4l2, v4l2Subdevice = "v4l2_subdev", drm, hci, evdev, alsa, unreadable
    }

    /// Decodes the facts object leniently (see the type's description).
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError.typeMismatch` when `facts` is not an object.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: FactKey.self)
        self.init()
        for key in container.allKeys {
            guard let known = Key(rawValue: key.stringValue) else {
                unrecognized[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
                continue
            }
            let fact = try container.superDecoder(forKey: key)
            switch known {
            case .v4l2:
                v4l2 = .recorded(fact, malformed: "recorded V4L2 facts are malformed")
            case .v4l2Subdevice:
                v4l2Subdevice = .recorded(
                    fact, malformed: "recorded V4L2 sub-device facts are malformed")
            case .drm: drm = .recorded(fact, malformed: "recorded DRM facts are malformed")
            case .hci:
                // A controller that was never powered stores its facts and an `error` saying
                // why LE is unknown: the facts win.
                hci = .recorded(
                    fact, malformed: "recorded HCI facts are malformed", errorFirst: false)
            case .evdev: evdev = (try? EvdevFacts(from: fact)) ?? EvdevFacts()
            case .alsa: alsa = try? ALSAPCMInfo(from: fact)
            case .unreadable:
                let reasons = (try? [String: JSONValue](from: fact)) ?? [:]
                unreadable = reasons.compactMapValues(\.stringValue)
            }
        }
    }

    /// Encodes the facts object: known probes under their keys, then the unrecognized keys.
    /// - Parameter encoder: The encoder.
    /// - Throws: `EncodingError` from the encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FactKey.self)
        for (key, value) in unrecognized where Key(rawValue: key) == nil {
            try container.encode(value, forKey: FactKey(key))
        }
        try container.encodeIfPresent(v4l2, forKey: FactKey(Key.v4l2.rawValue))
        try container.encodeIfPresent(v4l2Subdevice, forKey: FactKey(Key.v4l2Subdevice.rawValue))
        try container.encodeIfPresent(drm, forKey: FactKey(Key.drm.rawValue))
        try container.encodeIfPresent(hci, forKey: FactKey(Key.hci.rawValue))
        try container.encodeIfPresent(evdev, forKey: FactKey(Key.evdev.rawValue))
        try container.encodeIfPresent(alsa, forKey: FactKey(Key.alsa.rawValue))
        if !unreadable.isEmpty {
            try container.encode(unreadable, forKey: FactKey(Key.unreadable.rawValue))
        }
    }
}

/// A JSON object key of a recorded fact.
package struct FactKey: CodingKey, Hashable {
    package var stringValue: String
    package var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    package init?(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) { nil }
}

/// The fields of one recorded fact object, read leniently: a field of the wrong type reads as
/// missing, so one odd value never makes a snapshot unreadable.
package struct FactFields<Key: CodingKey> {
    private let container: KeyedDecodingContainer<Key>

    /// Opens the object.
    /// - Throws: `DecodingError` when the value is not an object.
    init(_ decoder: any Decoder, keys: Key.Type = Key.self) throws {
        container = try decoder.container(keyedBy: Key.self)
    }

    /// A field of any decodable type, `nil` when missing or of another type.
    package func value<T: Decodable>(_ type: T.Type, _ key: Key) -> T? {
        try? container.decodeIfPresent(type, forKey: key)
    }

    /// A string field.
    package func string(_ key: Key) -> String? { value(String.self, key) }

    /// A Boolean field.
    package func bool(_ key: Key) -> Bool? { value(Bool.self, key) }

    /// A whole number (written as an integer or a float), `nil` when out of `Int` range.
    package func int(_ key: Key) -> Int? { value(Double.self, key).flatMap(CheckedNumber.int) }

    /// The strings of an array field (other items skipped).
    package func strings(_ key: Key) -> [String] {
        (value([JSONValue].self, key) ?? []).compactMap(\.stringValue)
    }

    /// An object field as JSON values.
    package func object(_ key: Key) -> [String: JSONValue]? { value([String: JSONValue].self, key) }
}

extension KernelProbeResult where Value: Decodable {
    /// Reads a recorded probe: `{"error": reason}` is `unknown` with that reason, an object
    /// the value type can read is the value, anything else is `unknown` with `malformed`.
    /// - Parameters:
    ///   - decoder: The fact's decoder.
    ///   - malformed: The reason for an object that is neither.
    ///   - errorFirst: Whether an `error` key wins over readable facts.
    package static func recorded(_ decoder: any Decoder, malformed: String, errorFirst: Bool = true)
        -> KernelProbeResult<Value>
    {
        let error = (try? FactFields(decoder, keys: FactKey.self))?.string(FactKey("error"))
        if errorFirst, let error { return .unknown(reason: error) }
        if let value = try? Value(from: decoder) { return .value(value) }
        return .unknown(reason: error ?? malformed)
    }
}

extension KernelProbeResult: Encodable where Value: Encodable {
    /// Encodes the value, or `{"error": reason}` when unknown.
    /// - Parameter encoder: The encoder.
    /// - Throws: `EncodingError` from the encoder.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .value(let value):
            try value.encode(to: encoder)
        case .unknown(let reason):
            var container = encoder.container(keyedBy: FactKey.self)
            try container.encode(reason, forKey: FactKey("error"))
        }
    }
}

extension JSONValue {
    /// The JSON tree of an encodable value: what `JSONDecoder` reads from the text
    /// `JSONEncoder` writes for it (a snapshot holds that text).
    /// - Parameter value: The value.
    /// - Throws: What the value's `encode(to:)` throws.
    package init(encoding value: some Encodable) throws {
        self = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
    }
}

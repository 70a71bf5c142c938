/// V4L2 ioctl numbers, capability bits and control ids (Linux UAPI `videodev2.h`,
/// `v4l2-controls.h`; numbers as computed in `detection.md`).
package enum V4L2 {
    /// `VIDIOC_QUERYCAP`, struct v4l2_capability (104 bytes).
    package static let queryCapability: UInt = 0x8068_5600
    /// `VIDIOC_ENUM_FMT`, struct v4l2_fmtdesc (64 bytes).
    package static let enumerateFormat: UInt = 0xc040_5602
    /// `VIDIOC_ENUM_FRAMESIZES`, struct v4l2_frmsizeenum (44 bytes).
    package static let enumerateFrameSizes: UInt = 0xc02c_564a
    /// `VIDIOC_ENUM_FRAMEINTERVALS`, struct v4l2_frmivalenum (52 bytes).
    package static let enumerateFrameIntervals: UInt = 0xc034_564b
    /// `VIDIOC_QUERYCTRL`, struct v4l2_queryctrl (68 bytes).
    package static let queryControl: UInt = 0xc044_5624

    /// `V4L2_CAP_VIDEO_CAPTURE`.
    package static let capVideoCapture: UInt32 = 0x1
    /// `V4L2_CAP_VIDEO_OUTPUT`.
    package static let capVideoOutput: UInt32 = 0x2
    /// `V4L2_CAP_VIDEO_CAPTURE_MPLANE`.
    package static let capVideoCaptureMultiplanar: UInt32 = 0x1000
    /// `V4L2_CAP_VIDEO_M2M_MPLANE`.
    package static let capVideoMemoryToMemoryMultiplanar: UInt32 = 0x4000
    /// `V4L2_CAP_VIDEO_M2M`.
    package static let capVideoMemoryToMemory: UInt32 = 0x8000
    /// `V4L2_CAP_META_CAPTURE`.
    static let capMetaCapture: UInt32 = 0x0080_0000
    /// `V4L2_CAP_TOUCH`: touch sensors exposed as video (not cameras).
    static let capTouch: UInt32 = 0x1000_0000
    /// `V4L2_CAP_DEVICE_CAPS`: `device_caps` is valid.
    static let capDeviceCaps: UInt32 = 0x8000_0000

    /// `V4L2_BUF_TYPE_VIDEO_CAPTURE`.
    package static let bufferVideoCapture: UInt32 = 1
    /// `V4L2_BUF_TYPE_VIDEO_CAPTURE_MPLANE`.
    package static let bufferVideoCaptureMultiplanar: UInt32 = 9

    /// `V4L2_CTRL_FLAG_NEXT_CTRL`: ask for the next control after the id.
    package static let controlFlagNext: UInt32 = 0x8000_0000
    /// `V4L2_CTRL_FLAG_DISABLED`.
    static let controlFlagDisabled: UInt32 = 0x1

    /// `V4L2_CID_FOCUS_AUTO` (continuous autofocus, UVC).
    package static let controlFocusAuto: UInt32 = 0x009a_090c
    /// `V4L2_CID_AUTO_FOCUS_START` (one-shot autofocus, sensor/VCM drivers).
    package static let controlAutoFocusStart: UInt32 = 0x009a_091c
    /// `V4L2_CID_CAMERA_ORIENTATION`: 0 front, 1 back, 2 external.
    package static let controlCameraOrientation: UInt32 = 0x009a_0922
    /// `V4L2_CID_FLASH_LED_MODE`: 0 none, 1 flash, 2 torch.
    package static let controlFlashLEDMode: UInt32 = 0x009c_0901
}

/// `struct v4l2_capability`, the reply of `VIDIOC_QUERYCAP`.
package struct V4L2Capability: Sendable, Equatable {
    /// The struct size in bytes.
    package static let size = 104

    /// The driver name (`uvcvideo`).
    package var driver: String
    /// The card name (`Integrated Camera: Integrated C`).
    package var card: String
    /// The bus location (`usb-0000:00:14.0-8`).
    package var busInfo: String
    /// The driver version.
    package var version: UInt32
    /// Capabilities of the whole physical device.
    package var capabilities: UInt32
    /// Capabilities of this node; valid when `capabilities` has `V4L2_CAP_DEVICE_CAPS`.
    var deviceCapabilities: UInt32

    /// Creates a capability record.
    /// - Parameters:
    ///   - driver: The driver name.
    ///   - card: The card name.
    ///   - busInfo: The bus location.
    ///   - version: The driver version.
    ///   - capabilities: The physical device's capability bits.
    ///   - deviceCapabilities: This node's capability bits.
    package init(
        driver: String, card: String, busInfo: String, version: UInt32 = 0,
        capabilities: UInt32, deviceCapabilities: UInt32
    ) {
        self.driver = driver
        self.card = card
        self.busInfo = busInfo
        self.version = version
        self.capabilities = capabilities
        self.deviceCapabilities = deviceCapabilities
    }

    /// Parses the struct (driver[16] card[32] bus_info[32] version capabilities
    /// device_caps reserved[3]).
    /// - Parameter bytes: At least 104 bytes.
    package init?(bytes: [UInt8]) {
        guard bytes.count >= Self.size else { return nil }
        driver = ByteLayout.string(bytes, at: 0, length: 16)
        card = ByteLayout.string(bytes, at: 16, length: 32)
        busInfo = ByteLayout.string(bytes, at: 48, length: 32)
        version = ByteLayout.uint32(bytes, at: 80)
        capabilities = ByteLayout.uint32(bytes, at: 84)
        deviceCapabilities = ByteLayout.uint32(bytes, at: 88)
    }

    /// Encodes the struct as the kernel would write it (tests and replays).
    package var bytes: [UInt8] {
        var bytes = [UInt8](repeating: 0, count: Self.size)
        for (offset, length, text) in [(0, 16, driver), (16, 32, card), (48, 32, busInfo)] {
            for (index, byte) in text.utf8.prefix(length - 1).enumerated() {
                bytes[offset + index] = byte
            }
        }
        ByteLayout.set(version, in: &bytes, at: 80)
        ByteLayout.set(capabilities, in: &bytes, at: 84)
        ByteLayout.set(deviceCapabilities, in: &bytes, at: 88)
        return bytes
    }

    /// The capabilities of this node: `device_caps` when valid, else `capabilities`.
    package var effectiveCapabilities: UInt32 {
        capabilities & V4L2.capDeviceCaps != 0 ? deviceCapabilities : capabilities
    }

    /// Whether the node captures video (single- or multi-planar).
    package var capturesVideo: Bool {
        effectiveCapabilities & (V4L2.capVideoCapture | V4L2.capVideoCaptureMultiplanar) != 0
    }

    /// Whether the node is a memory-to-memory device (codec, scaler), not a camera.
    package var isMemoryToMemory: Bool {
        effectiveCapabilities
            & (V4L2.capVideoMemoryToMemory | V4L2.capVideoMemoryToMemoryMultiplanar)
            != 0
    }

    /// Whether the node is a touch sensor (`V4L2_CAP_TOUCH`); such nodes are not cameras.
    package var isTouch: Bool { effectiveCapabilities & V4L2.capTouch != 0 }

    /// Whether the node only carries metadata (UVC's second node per function).
    package var isMetadataOnly: Bool {
        effectiveCapabilities & V4L2.capMetaCapture != 0 && !capturesVideo
    }
}

/// `struct v4l2_queryctrl`, the reply of `VIDIOC_QUERYCTRL`.
package struct V4L2Control: Sendable, Equatable {
    /// The struct size in bytes.
    package static let size = 68

    /// The control id (`V4L2_CID_*`).
    package var id: UInt32
    /// The control type.
    package var type: UInt32
    /// The control name (`Focus, Automatic Continuous`).
    package var name: String
    /// The default value (e.g. the fixed `CAMERA_ORIENTATION`).
    package var defaultValue: Int32
    /// Control flags.
    package var flags: UInt32

    /// Creates a control description.
    /// - Parameters:
    ///   - id: The control id.
    ///   - type: The control type.
    ///   - name: The name.
    ///   - defaultValue: The default value.
    ///   - flags: Flags.
    package init(
        id: UInt32, type: UInt32 = 1, name: String, defaultValue: Int32 = 0, flags: UInt32 = 0
    ) {
        self.id = id
        self.type = type
        self.name = name
        self.defaultValue = defaultValue
        self.flags = flags
    }

    /// Parses the struct (id type name[32] minimum maximum step default_value flags
    /// reserved[2]).
    /// - Parameter bytes: At least 68 bytes.
    package init?(bytes: [UInt8]) {
        guard bytes.count >= Self.size else { return nil }
        id = ByteLayout.uint32(bytes, at: 0)
        type = ByteLayout.uint32(bytes, at: 4)
        name = ByteLayout.string(bytes, at: 8, length: 32)
        defaultValue = ByteLayout.int32(bytes, at: 52)
        flags = ByteLayout.uint32(bytes, at: 56)
    }

    /// The request struct for control `id` (OR `V4L2_CTRL_FLAG_NEXT_CTRL` to ask for the
    /// next one).
    /// - Parameter id: The id to ask for.
    /// - Returns: 68 bytes.
    package static func request(id: UInt32) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: size)
        ByteLayout.set(id, in: &bytes, at: 0)
        return bytes
    }

    /// Encodes the struct as the kernel would write it.
    package var bytes: [UInt8] {
        var bytes = Self.request(id: id)
        ByteLayout.set(type, in: &bytes, at: 4)
        for (offset, byte) in name.utf8.prefix(31).enumerated() { bytes[8 + offset] = byte }
        ByteLayout.set(UInt32(bitPattern: defaultValue), in: &bytes, at: 52)
        ByteLayout.set(flags, in: &bytes, at: 56)
        return bytes
    }

    /// Whether the driver reports the control as disabled.
    package var isDisabled: Bool { flags & V4L2.controlFlagDisabled != 0 }
}

/// `struct v4l2_fmtdesc`, one reply of `VIDIOC_ENUM_FMT`.
package struct V4L2FormatDescription: Sendable, Equatable {
    /// The struct size in bytes.
    package static let size = 64

    /// The enumeration index.
    package var index: UInt32
    /// The buffer type (1 capture, 9 multi-planar capture, 13 metadata).
    package var bufferType: UInt32
    /// Format flags.
    package var flags: UInt32
    /// The driver's description (`YUYV 4:2:2`).
    package var description: String
    /// The FourCC pixel format.
    package var pixelFormat: UInt32

    /// Creates a format description.
    /// - Parameters:
    ///   - index: The enumeration index.
    ///   - bufferType: The buffer type.
    ///   - flags: Format flags.
    ///   - description: The description.
    ///   - pixelFormat: The FourCC code.
    package init(
        index: UInt32, bufferType: UInt32, flags: UInt32 = 0, description: String,
        pixelFormat: UInt32
    ) {
        self.index = index
        self.bufferType = bufferType
        self.flags = flags
        self.description = description
        self.pixelFormat = pixelFormat
    }

    /// Parses the struct (index type flags description[32] pixelformat mbus_code reserved[3]).
    /// - Parameter bytes: At least 64 bytes.
    package init?(bytes: [UInt8]) {
        guard bytes.count >= Self.size else { return nil }
        index = ByteLayout.uint32(bytes, at: 0)
        bufferType = ByteLayout.uint32(bytes, at: 4)
        flags = ByteLayout.uint32(bytes, at: 8)
        description = ByteLayout.string(bytes, at: 12, length: 32)
        pixelFormat = ByteLayout.uint32(bytes, at: 44)
    }

    /// The request struct for enumeration index `index` of buffer type `bufferType`.
    /// - Parameters:
    ///   - index: The index to ask for.
    ///   - bufferType: The buffer type.
    /// - Returns: 64 bytes with index and type set.
    package static func request(index: UInt32, bufferType: UInt32) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: size)
        ByteLayout.set(index, in: &bytes, at: 0)
        ByteLayout.set(bufferType, in: &bytes, at: 4)
        return bytes
    }

    /// Encodes the struct as the kernel would write it.
    package var bytes: [UInt8] {
        var bytes = Self.request(index: index, bufferType: bufferType)
        ByteLayout.set(flags, in: &bytes, at: 8)
        for (offset, byte) in description.utf8.prefix(31).enumerated() { bytes[12 + offset] = byte }
        ByteLayout.set(pixelFormat, in: &bytes, at: 44)
        return bytes
    }

    /// The FourCC as text (`YUYV`, `MJPG`), trailing spaces removed.
    package var fourcc: String {
        var text = ByteLayout.fourcc(pixelFormat)
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}

/// `struct v4l2_frmivalenum`, one reply of `VIDIOC_ENUM_FRAMEINTERVALS`, as frames per second.
package struct V4L2FrameInterval: Sendable, Equatable {
    /// The struct size in bytes.
    package static let size = 52

    /// The highest frame rate of this entry (a discrete rate, or the fastest of a range).
    package var framesPerSecond: Double

    /// Creates an interval from a frame rate.
    /// - Parameter framesPerSecond: Frames per second.
    package init(framesPerSecond: Double) {
        self.framesPerSecond = framesPerSecond
    }

    /// Parses the struct (index pixel_format width height type union{fract; stepwise}
    /// reserved[2]); an interval is numerator/denominator seconds.
    /// - Parameter bytes: At least 52 bytes.
    package init?(bytes: [UInt8]) {
        guard bytes.count >= Self.size else { return nil }
        // discrete: {numerator, denominator}; stepwise: min {n, d}, max, step — min is fastest.
        let numerator = ByteLayout.uint32(bytes, at: 20)
        let denominator = ByteLayout.uint32(bytes, at: 24)
        guard [1, 2, 3].contains(ByteLayout.uint32(bytes, at: 16)), numerator > 0, denominator > 0
        else {
            return nil
        }
        framesPerSecond = Double(denominator) / Double(numerator)
    }

    /// The request struct for `index` of a format and size.
    /// - Parameters:
    ///   - index: The index to ask for.
    ///   - pixelFormat: The FourCC.
    ///   - width: The frame width.
    ///   - height: The frame height.
    /// - Returns: 52 bytes.
    package static func request(index: UInt32, pixelFormat: UInt32, width: UInt32, height: UInt32)
        -> [UInt8]
    {
        var bytes = [UInt8](repeating: 0, count: size)
        ByteLayout.set(index, in: &bytes, at: 0)
        ByteLayout.set(pixelFormat, in: &bytes, at: 4)
        ByteLayout.set(width, in: &bytes, at: 8)
        ByteLayout.set(height, in: &bytes, at: 12)
        return bytes
    }
}

/// `struct v4l2_frmsizeenum`, one reply of `VIDIOC_ENUM_FRAMESIZES`.
package enum V4L2FrameSize: Sendable, Equatable {
    /// The struct size in bytes.
    package static let size = 44

    /// One fixed size (`V4L2_FRMSIZE_TYPE_DISCRETE` = 1).
    case discrete(width: UInt32, height: UInt32)
    /// A range (`CONTINUOUS` = 2 or `STEPWISE` = 3); only the largest size is kept.
    case stepwise(maxWidth: UInt32, maxHeight: UInt32)

    /// Parses the struct (index pixel_format type union{discrete; stepwise} reserved[2]).
    /// - Parameter bytes: At least 44 bytes.
    package init?(bytes: [UInt8]) {
        guard bytes.count >= Self.size else { return nil }
        switch ByteLayout.uint32(bytes, at: 8) {
        case 1:
            self = .discrete(
                width: ByteLayout.uint32(bytes, at: 12), height: ByteLayout.uint32(bytes, at: 16))
        case 2, 3:
            // stepwise: min_width max_width step_width min_height max_height step_height
            self = .stepwise(
                maxWidth: ByteLayout.uint32(bytes, at: 16),
                maxHeight: ByteLayout.uint32(bytes, at: 28))
        default:
            return nil
        }
    }

    /// The request struct for `index` of `pixelFormat`.
    /// - Parameters:
    ///   - index: The index to ask for.
    ///   - pixelFormat: The FourCC.
    /// - Returns: 44 bytes.
    package static func request(index: UInt32, pixelFormat: UInt32) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: size)
        ByteLayout.set(index, in: &bytes, at: 0)
        ByteLayout.set(pixelFormat, in: &bytes, at: 4)
        return bytes
    }

    /// The width and height (the maximum for a range).
    package var dimensions: (width: UInt32, height: UInt32) {
        switch self {
        case .discrete(let width, let height): return (width, height)
        case .stepwise(let width, let height): return (width, height)
        }
    }
}

/// One detailed timing from an EDID: a base-block or CTA-861 DTD, or a DisplayID type I
/// / type VII detailed timing.
public struct EDIDTiming: Sendable, Equatable {
    /// Where the timing was found.
    public enum Origin: String, Sendable, Equatable {
        /// A detailed timing descriptor of the base block.
        case base
        /// A DTD in a CTA-861 extension block.
        case cta
        /// A DisplayID detailed timing (type I or VII) in an extension block.
        case displayID = "displayid"
    }

    /// Active pixels per line.
    public var width: Int
    /// Active lines.
    public var height: Int
    /// The pixel clock in kHz.
    public var pixelClockKHz: Int
    /// The refresh rate in Hz (frames per second; fields for interlaced modes).
    public var refreshHz: Double
    /// The image width in mm from the descriptor (0 = not given).
    public var widthMM: Int
    /// The image height in mm from the descriptor (0 = not given).
    public var heightMM: Int
    /// Whether the timing is flagged preferred (DisplayID) or is the base block's first DTD.
    public var preferred: Bool
    /// Where it was found.
    public var origin: Origin

    /// Creates a timing.
    /// - Parameters:
    ///   - width: Active pixels per line.
    ///   - height: Active lines.
    ///   - pixelClockKHz: Pixel clock in kHz.
    ///   - refreshHz: Refresh rate.
    ///   - widthMM: Image width in mm.
    ///   - heightMM: Image height in mm.
    ///   - preferred: Preferred flag.
    ///   - origin: Where it was found.
    public init(
        width: Int, height: Int, pixelClockKHz: Int, refreshHz: Double, widthMM: Int = 0,
        heightMM: Int = 0,
        preferred: Bool = false, origin: Origin = .base
    ) {
        self.width = width
        self.height = height
        self.pixelClockKHz = pixelClockKHz
        self.refreshHz = refreshHz
        self.widthMM = widthMM
        self.heightMM = heightMM
        self.preferred = preferred
        self.origin = origin
    }

    /// The mode as `WxH@Hz`, the rate rounded to an integer.
    public var mode: String { "\(width)x\(height)@\(Int(refreshHz.rounded()))" }

    /// Parses an 18-byte detailed timing descriptor (EDID 1.3/1.4 layout).
    /// - Parameters:
    ///   - bytes: The EDID bytes.
    ///   - offset: Where the descriptor starts.
    ///   - origin: The block kind.
    /// - Returns: The timing, or `nil` for a display descriptor (pixel clock 0) or an empty mode.
    static func descriptor(_ bytes: [UInt8], at offset: Int, origin: Origin) -> EDIDTiming? {
        guard offset + 18 <= bytes.count else { return nil }
        let b = { (index: Int) in Int(bytes[offset + index]) }
        let clock = (b(0) | b(1) << 8) * 10
        guard clock > 0 else { return nil }
        let width = b(2) | (b(4) & 0xF0) << 4
        let horizontalBlank = b(3) | (b(4) & 0x0F) << 8
        let height = b(5) | (b(7) & 0xF0) << 4
        let verticalBlank = b(6) | (b(7) & 0x0F) << 8
        let widthMM = b(12) | (b(14) & 0xF0) << 4
        let heightMM = b(13) | (b(14) & 0x0F) << 8
        let interlaced = b(17) & 0x80 != 0
        let total = (width + horizontalBlank) * (height + verticalBlank)
        guard width > 0, height > 0, total > 0 else { return nil }
        let refresh = Double(clock) * 1000 / Double(total)  // field rate when interlaced
        return EDIDTiming(
            width: width, height: interlaced ? height * 2 : height, pixelClockKHz: clock,
            refreshHz: refresh,
            widthMM: widthMM, heightMM: heightMM, origin: origin)
    }

    /// Parses a 20-byte DisplayID detailed timing (type I: clock in 10 kHz; type VII: in
    /// 1 kHz); every field is stored minus one.
    /// - Parameters:
    ///   - bytes: The EDID bytes.
    ///   - offset: Where the descriptor starts.
    ///   - clockUnitKHz: 10 for type I, 1 for type VII.
    /// - Returns: The timing, or `nil` when out of range.
    static func displayID(_ bytes: [UInt8], at offset: Int, clockUnitKHz: Int) -> EDIDTiming? {
        guard offset + 20 <= bytes.count else { return nil }
        let b = { (index: Int) in Int(bytes[offset + index]) }
        let clock = ((b(0) | b(1) << 8 | b(2) << 16) + 1) * clockUnitKHz
        let width = (b(4) | b(5) << 8) + 1
        let horizontalBlank = (b(6) | b(7) << 8) + 1
        let height = (b(12) | b(13) << 8) + 1
        let verticalBlank = (b(14) | b(15) << 8) + 1
        let total = (width + horizontalBlank) * (height + verticalBlank)
        let refresh = Double(clock) * 1000 / Double(total)
        return EDIDTiming(
            width: width, height: height, pixelClockKHz: clock, refreshHz: refresh,
            preferred: b(3) & 0x80 != 0, origin: .displayID)
    }
}

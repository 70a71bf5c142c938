/// A phone or tablet on USB that capcheck can ask about itself: an Android device with
/// USB debugging on (an interface of class `ff`, subclass `42`, protocol `01`, the one `adb`
/// talks to) or an iPhone, iPad or iPod touch (Apple's vendor `05ac` with the `usbmux`
/// interface `ff`/`fe`/`02` that `usbmuxd` and libimobiledevice use). Read from the device
/// records alone: nothing is run.
public struct ConnectedPhone: Sendable, Hashable {
    /// Which tool asks it.
    public enum Kind: String, Sendable, Hashable {
        /// `adb`.
        case android
        /// libimobiledevice's `ideviceinfo`.
        case apple
    }

    /// Which tool asks it.
    public var kind: Kind
    /// The maker as the device or the USB database names it (`Google`, `Apple, Inc.`).
    public var vendor: String?
    /// The model as the device or the USB database names it (`Pixel 3 XL`).
    public var model: String?
    /// The USB `vendor:product` id (`18d1:4ee7`).
    public var usbID: String?
    /// The interface that shows it (`ff/42/01`, `ff/fe/02`).
    public var interface: String
    /// The device's USB serial (adb's serial, or the iPhone's UDID): shown only on request.
    public var serial: String?

    /// A phone or tablet.
    /// - Parameters:
    ///   - kind: Which tool asks it.
    ///   - vendor: The maker.
    ///   - model: The model.
    ///   - usbID: The USB `vendor:product` id.
    ///   - interface: The interface that shows it.
    ///   - serial: The USB serial.
    public init(
        kind: Kind, vendor: String?, model: String?, usbID: String?, interface: String,
        serial: String?
    ) {
        self.kind = kind
        self.vendor = vendor
        self.model = model
        self.usbID = usbID
        self.interface = interface
        self.serial = serial
    }
}

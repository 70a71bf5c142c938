/// What to watch and how often to poll what raises no uevent.
public struct WatchOptions: Sendable {
    /// The subsystems the monitor receives: every subsystem the probers classify.
    public static let subsystems = [
        "bluetooth", "drm", "gnss", "iio", "input", "net", "nfc", "power_supply", "rfkill", "sound",
        "usb", "video4linux", "wwan",
    ]

    /// The event kinds to report (default: all).
    public var kinds: Set<WatchKind>
    /// The uevent source; nil picks one with ``EventSource/detect(controlSocket:)``.
    public var source: EventSource?
    /// Seconds between battery polls while the battery is watched (default 5 s).
    ///
    /// `capacity` often changes without a uevent (many fuel gauges only emit one on status
    /// changes), so `capacity`/`status` are re-read this often, like upower does. 5 s keeps
    /// 1 % steps timely (a laptop drains 1 % in about a minute) at the cost of a few small
    /// sysfs reads.
    public var batteryPollInterval: Double
    /// Seconds between proximity polls while proximity is watched (default 0.5 s).
    ///
    /// IIO proximity channels and input switches raise no uevent when the value changes;
    /// 2 Hz notices a hand or an ear within half a second for one small read per sensor.
    public var proximityPollInterval: Double
    /// Seconds without an `add`/`remove` uevent before capabilities are re-classified
    /// (default 0.5 s).
    ///
    /// A device arrives as a burst of uevents (a USB headset: device, interfaces, sound
    /// card, then its PCMs); classifying in the middle would report passing states such as
    /// "sound card without PCMs → unknown". Waiting for the burst to settle reports the
    /// change once.
    public var settleInterval: Double
    /// The probers used to re-classify after devices come and go.
    public var probers: [any CapabilityProber]
    /// The sysfs mount point (umockdev redirects `/sys` in tests).
    public var sysfsRoot: String

    /// Creates options.
    /// - Parameters:
    ///   - kinds: The kinds to report.
    ///   - source: The uevent source, or nil to detect.
    ///   - batteryPollInterval: Seconds between battery polls.
    ///   - proximityPollInterval: Seconds between proximity polls.
    ///   - settleInterval: Quiet seconds before capabilities are re-classified.
    ///   - probers: Probers for capability changes.
    ///   - sysfsRoot: The sysfs mount point.
    public init(
        kinds: Set<WatchKind> = Set(WatchKind.allCases), source: EventSource? = nil,
        batteryPollInterval: Double = 5, proximityPollInterval: Double = 0.5,
        settleInterval: Double = 0.5, probers: [any CapabilityProber] = Probers.all,
        sysfsRoot: String = "/sys"
    ) {
        self.kinds = kinds
        self.source = source
        self.batteryPollInterval = batteryPollInterval
        self.proximityPollInterval = proximityPollInterval
        self.settleInterval = settleInterval
        self.probers = probers
        self.sysfsRoot = sysfsRoot
    }
}

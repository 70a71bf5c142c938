/// What the machine is: vendor, model, host name, OS, kernel and architecture.
public struct MachineIdentity: Codable, Sendable, Hashable {
    /// The system vendor (DMI `sys_vendor`), if known and not a placeholder.
    public var vendor: String?
    /// The product name (DMI `product_name` or device-tree `model`).
    public var model: String?
    /// The host name (live only).
    public var hostname: String?
    /// The OS `PRETTY_NAME` from os-release (live only).
    public var os: String?
    /// The kernel release (live only).
    public var kernel: String?
    /// The kernel architecture (`uname -m`), if known.
    public var arch: String?
    /// The chassis kind (`laptop`, `desktop`, `vm`, …), if known.
    public var chassis: String?
    /// Installed RAM in bytes (live only): the sum of the DMI memory-device sizes when
    /// readable, otherwise `MemTotal` rounded up to the next GiB.
    public var memoryBytes: Int?
    /// Where ``memoryBytes`` came from: a pseudo path such as `/proc/meminfo` or
    /// `/sys/firmware/dmi/entries`.
    public var memorySource: String?
    /// Whether 32-bit ARM code runs on this 64-bit ARM machine (live only, by
    /// ``CPUArchitecture``: `aarch32_el0` or 32-bit `/proc/cpuinfo` features); `nil` when
    /// the machine is not aarch64 or did not tell.
    public var runs32BitARM: Bool?
    /// The installed graphics userspace (live only): Vulkan ICDs and `libGLESv2`; `nil` when
    /// the source did not look (recordings).
    public var graphics: GraphicsUserspace?
    /// The interface of a default route (live only: `/proc/net/route`, `/proc/net/ipv6_route`);
    /// nil when there is none or the source is a recording.
    public var defaultRoute: String?
    /// What ModemManager said over the system D-Bus (live only, and only when the source asked
    /// it): the modems with their SMS and location interfaces, or why it could not be asked;
    /// `nil` for recordings (a snapshot of a live machine keeps it).
    public var modemManager: ModemManagerFacts?

    /// Creates an identity.
    public init(
        vendor: String? = nil, model: String? = nil, hostname: String? = nil,
        os: String? = nil, kernel: String? = nil, arch: String? = nil, chassis: String? = nil,
        memoryBytes: Int? = nil, memorySource: String? = nil, runs32BitARM: Bool? = nil,
        graphics: GraphicsUserspace? = nil
    ) {
        self.graphics = graphics
        self.vendor = vendor
        self.model = model
        self.hostname = hostname
        self.os = os
        self.kernel = kernel
        self.arch = arch
        self.chassis = chassis
        self.memoryBytes = memoryBytes
        self.memorySource = memorySource
        self.runs32BitARM = runs32BitARM
    }
}

extension MachineIdentity {
    /// Vendor and model as one name (`LENOVO 2355CTO`); the vendor is left out when the model
    /// already starts with it (`HP EliteBook 835 …`, not `HP HP EliteBook …`); nil when neither
    /// is known.
    package var vendorAndModel: String? {
        switch (vendor, model) {
        case (nil, nil): return nil
        case (let vendor?, nil): return vendor
        case (nil, let model?): return model
        case (let vendor?, let model?):
            let lowered = model.lowercased()
            let prefix = vendor.lowercased()
            if lowered == prefix || lowered.hasPrefix(prefix + " ") { return model }
            return vendor + " " + model
        }
    }
}

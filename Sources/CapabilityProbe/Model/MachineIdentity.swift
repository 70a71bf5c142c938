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

    /// Creates an identity.
    public init(
        vendor: String? = nil, model: String? = nil, hostname: String? = nil,
        os: String? = nil, kernel: String? = nil, arch: String? = nil, chassis: String? = nil
    ) {
        self.vendor = vendor
        self.model = model
        self.hostname = hostname
        self.os = os
        self.kernel = kernel
        self.arch = arch
        self.chassis = chassis
    }
}

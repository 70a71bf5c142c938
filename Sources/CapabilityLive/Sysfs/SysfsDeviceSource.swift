import CapabilitySupport
import FoundationEssentials
import CapabilityModel

/// The live machine, read from sysfs directly: one pass over `/sys/devices` with every call
/// relative to an open directory (``DirectoryDescriptor``).
///
/// Each device directory is listed once; `uevent` is read once; `subsystem` and `driver`
/// are read with one `readlinkat` each, only when the listing has them; of the attributes
/// only those the probers use (``LiveAttributes/names``) are opened, and only when the
/// listing shows them. libudev stays for what only it does: the udev database (properties
/// and links, when `/run/udev/data` exists) and the hwdb (names without udevd); libpci is
/// opened only for a PCI name the hwdb lacks. The records are the ones a libudev
/// enumeration makes, field for field (the tests compare both in umockdev test beds). The
/// watch reads hot-plugged devices with the same reader (``SysfsRecordReader/read(id:)``).
///
/// A device is a directory below `/sys/devices` with a `uevent` file and a `subsystem` link,
/// which is the set libudev enumerates from `/sys/bus/*/devices` and `/sys/class/*`.
public struct SysfsDeviceSource: DeviceSource {
    /// The sysfs root; `/sys` (umockdev redirects it in tests).
    public let sysfsRoot: String
    /// The root the host's files other than sysfs are read under: procfs, `/etc/os-release`,
    /// the udev database and the graphics userspace (``GraphicsUserspace``). `/` on the
    /// running machine; a umockdev test bed's root, or `X` for a sysfs root `X/sys`, when
    /// none was given, so a test bed never mixes in the host.
    public let userspaceRoot: String
    /// Whether ModemManager is asked over the system D-Bus (``MachineIdentity/modemManager``):
    /// SMS and a modem's GNSS are visible only there.
    public let asksModemManager: Bool

    /// Creates the live source.
    /// - Parameters:
    ///   - sysfsRoot: The sysfs mount point.
    ///   - userspaceRoot: The root the host's other files (procfs, os-release, the udev
    ///     database, Vulkan ICDs and `libGLESv2`) are read under; `nil` follows the sysfs root
    ///     (see ``userspaceRoot``).
    ///   - asksModemManager: Whether to ask ModemManager on the system bus (the one
    ///     `DBUS_SYSTEM_BUS_ADDRESS` names, else the standard socket); `nil` asks when the
    ///     host's files are read under `/` or `DBUS_SYSTEM_BUS_ADDRESS` is set, so a test bed
    ///     never mixes in the host's modems unless a bus was named for it.
    public init(
        sysfsRoot: String = "/sys", userspaceRoot: String? = nil, asksModemManager: Bool? = nil
    ) {
        let environment = ProcessInfo.processInfo.environment
        self.sysfsRoot = sysfsRoot
        self.userspaceRoot = HostRoot.resolve(
            userspaceRoot, sysfsRoot: sysfsRoot, environment: environment)
        self.asksModemManager =
            asksModemManager
            ?? (self.userspaceRoot == "/" || environment["DBUS_SYSTEM_BUS_ADDRESS"] != nil)
    }

    /// Reads every device.
    /// - Returns: The inventory of the running machine.
    /// - Throws: ``SourceError/sysfsUnreadable(reason:)`` when `/sys/devices` cannot be
    ///   opened.
    public func inventory() throws(SourceError) -> DeviceInventory {
        let root: DirectoryDescriptor
        switch DirectoryDescriptor.open(sysfsRoot + "/devices") {
        case .success(let directory): root = directory
        case .failure(let error):
            throw .sysfsUnreadable(
                reason:
                    "\(sysfsRoot)/devices cannot be listed (\(KernelCallError.message(error.errno)))"
            )
        }
        let udev = try? UdevContext()
        var reader = SysfsRecordReader(
            sysfsRoot: sysfsRoot, hwdb: udev.flatMap { try? UdevHwdb(context: $0) },
            database: LiveMachine.hasUdevDatabase(hostRoot: userspaceRoot) ? udev : nil)
        reader.walk(root, id: "/devices", isRoot: true)
        let devices = DeviceTree.linkParents(reader.devices)
        return LiveMachine.inventory(
            devices: devices, udevDatabase: reader.initialized && reader.database != nil,
            hasHwdb: reader.hwdb != nil, unreadable: reader.unreadable, sysfsRoot: sysfsRoot,
            userspaceRoot: userspaceRoot,
            modemManager: asksModemManager ? ModemManagerClient.live() : nil)
    }
}

/// The walk behind ``SysfsDeviceSource``: turns device directories into records.
package struct SysfsRecordReader {
    package let sysfsRoot: String
    package let hwdb: UdevHwdb?
    /// The udev context to read the udev database through, when there is one.
    let database: UdevContext?
    private(set) var devices: [Device] = []
    /// Device directories that are listed but cannot be opened, with the reason.
    private(set) var unreadable: [String] = []
    /// Whether udevd processed any device (libudev's `is_initialized`).
    private(set) var initialized = false
    private var pci: PCINames??
    /// Scratch buffers for directory listings and file reads, reused for every call.
    private var listing: [UInt8] = []
    private var scratch: [UInt8] = []

    /// A reader.
    /// - Parameters:
    ///   - sysfsRoot: The sysfs mount point.
    ///   - hwdb: The hwdb for names udevd did not give, if it opened.
    ///   - database: The udev context to read udevd's database through, when udevd runs.
    package init(sysfsRoot: String, hwdb: UdevHwdb?, database: UdevContext?) {
        self.sysfsRoot = sysfsRoot
        self.hwdb = hwdb
        self.database = database
    }

    /// Reads one device directory (a device the watch was told about), as the walk reads it.
    /// - Parameter id: The device id (its devpath, `/devices/…`).
    /// - Returns: The record, or nil when the directory is gone or is not a device.
    package mutating func read(id: String) -> Device? {
        guard case .success(let directory) = DirectoryDescriptor.open(sysfsRoot + id) else {
            return nil
        }
        let entries = directory.entries(buffer: &listing)
        guard entries.contains(where: { $0.name == "uevent" && $0.kind == .regular }),
            entries.contains(where: { $0.name == "subsystem" && $0.kind == .symlink }),
            let subsystem = directory.linkTargetName("subsystem")
        else { return nil }
        var kinds: [String: DirectoryDescriptor.Kind] = [:]
        for entry in entries { kinds[entry.name] = entry.kind }
        return record(directory, id: id, subsystem: subsystem, kinds: kinds)
    }

    /// Reads a directory and everything below it (symlinks are never followed).
    mutating func walk(_ directory: DirectoryDescriptor, id: String, isRoot: Bool = false) {
        let entries = directory.entries(buffer: &listing)
        let isDevice =
            !isRoot && entries.contains { $0.name == "uevent" && $0.kind == .regular }
            && entries.contains { $0.name == "subsystem" && $0.kind == .symlink }
        if isDevice, let subsystem = directory.linkTargetName("subsystem") {
            var kinds: [String: DirectoryDescriptor.Kind] = [:]
            kinds.reserveCapacity(entries.count)
            for entry in entries { kinds[entry.name] = entry.kind }
            devices.append(record(directory, id: id, subsystem: subsystem, kinds: kinds))
        }
        for entry in entries where entry.kind == .directory {
            var failure: Errno?
            guard let child = directory.directory(entry.name, failure: &failure) else {
                // Listed but not openable (a mode of 000, a security module): what is below
                // is unknown, and absence cannot be claimed any more.
                if let failure, failure != .noSuchFile {
                    unreadable.append("\(id)/\(entry.name) (\(failure.lowercasedDescription))")
                }
                continue
            }
            walk(child, id: id + "/" + entry.name)
        }
    }

    private mutating func record(
        _ directory: DirectoryDescriptor, id: String, subsystem: String,
        kinds: [String: DirectoryDescriptor.Kind]
    ) -> Device {
        let known = Subsystem(rawValue: subsystem)
        var unreadableFiles: [String: String] = [:]
        var failure: Errno?
        let uevent = Self.uevent(
            directory.read("uevent", buffer: &scratch, failure: &failure) ?? [])
        if let failure, failure != .noSuchFile {
            unreadableFiles["uevent"] = failure.lowercasedDescription
        }
        var properties = uevent.properties
        properties["DEVPATH"] = id
        properties["SUBSYSTEM"] = subsystem
        var devnode = uevent.devnode
        var links: [String] = []
        if let database, let udev = try? UdevDevice(syspath: sysfsRoot + id, context: database) {
            // udevd's view (ID_* properties, links) through libudev, which owns the format.
            properties = udev.properties
            links = udev.links
            devnode = udev.devnode
            if udev.isInitialized { initialized = true }
        }
        var attributes: [String: String] = [:]
        for (name, kind) in kinds where kind == .regular {
            guard
                LiveAttributes.names.contains(name)
                    || LiveAttributes.isSensorAttribute(name, known)
            else { continue }
            if let value = directory.read(name, buffer: &scratch, failure: &failure) {
                attributes[name] = Self.libudevValue(value).trimming(.newlines)
            } else if let failure, failure != .noSuchFile {
                unreadableFiles[name] = failure.lowercasedDescription
            }
        }
        for name in known.flatMap({ LiveAttributes.nested[$0] }) ?? [] {
            guard let folder = name.split(separator: "/").first, kinds[String(folder)] == .directory
            else { continue }
            if let value = directory.read(name, buffer: &scratch) {
                attributes[name] = Self.libudevValue(value).trimming(.newlines)
            }
        }
        if known == .iio, kinds["scan_elements"] == .directory,
            let elements = directory.directory("scan_elements")
        {
            for entry in elements.entries(buffer: &listing) where entry.name.hasSuffix("_en") {
                attributes["scan_elements/" + entry.name] =
                    elements.read(entry.name, buffer: &scratch).map(Self.libudevValue) ?? ""
            }
        }
        var binary: [String: Data] = [:]
        if known == .drm, kinds["edid"] != nil,
            let edid = directory.read("edid", whole: true, buffer: &scratch),
            !edid.isEmpty
        {
            binary["edid"] = Data(edid)
        }
        LiveAttributes.addNames(
            to: &properties, attributes: attributes, subsystem: known, hwdb: hwdb,
            pci: { pciNames() })
        let driver = kinds["driver"] == .symlink ? directory.linkTargetName("driver") : nil
        // Files the listing shows but this user may not read: probers say unknown for what
        // they decide (the battery's level and state, for instance), never absent.
        let facts = KernelFacts(unreadable: unreadableFiles)
        return Device(
            id: id, subsystem: subsystem, devtype: uevent.properties["DEVTYPE"], driver: driver,
            devnode: devnode, properties: properties, attributes: attributes,
            binaryAttributes: binary, links: links, facts: facts)
    }

    /// libpci, set up on first use.
    private mutating func pciNames() -> PCINames? {
        if let pci { return pci }
        let names = PCINames()
        pci = .some(names)
        return names
    }

    /// A sysfs value as libudev returns it: cut at the first NUL, trailing newlines dropped.
    static func libudevValue(_ bytes: [UInt8]) -> String {
        var end = bytes.firstIndex(of: 0) ?? bytes.endIndex
        while end > 0, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r")
        {
            end -= 1
        }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// The properties of a `uevent` file as libudev lists them without udevd: `KEY=VALUE`
    /// lines, `DEVNAME` under `/dev/`.
    package static func uevent(_ bytes: [UInt8]) -> (properties: [String: String], devnode: String?)
    {
        var properties: [String: String] = [:]
        var devnode: String?
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            guard let equals = line.firstIndex(of: UInt8(ascii: "=")), equals > line.startIndex
            else { continue }
            let key = String(decoding: line[..<equals], as: UTF8.self)
            var value = String(decoding: line[(equals + 1)...], as: UTF8.self)
            if key == "DEVNAME" {
                if !value.hasPrefix("/") { value = "/dev/" + value }
                devnode = value
            }
            properties[key] = value
        }
        return (properties, devnode)
    }
}

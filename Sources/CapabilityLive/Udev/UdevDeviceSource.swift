import Foundation
import CapabilityModel

/// The live machine, enumerated through libudev.
///
/// Works without udevd: properties then come from each device's uevent only (no `ID_*`),
/// names are looked up in the hwdb, and the sysfs attributes the probers need are read
/// directly, so classification still works. The wrappers live and die inside
/// ``inventory()`` on the calling thread.
public struct UdevDeviceSource: DeviceSource {
    /// Top-level sysfs attributes copied into each record when the device has them.
    static let attributeNames: Set<String> = [
        // generic
        "name", "type", "label", "location", "modalias", "removable", "index", "product",
        "manufacturer", "number", "id",
        // pci
        "class", "vendor", "device", "subsystem_vendor", "subsystem_device", "boot_vga",
        // usb
        "idVendor", "idProduct", "bDeviceClass", "bInterfaceClass", "bInterfaceSubClass",
        "bInterfaceProtocol", "interface", "bNumInterfaces",
        // power_supply
        "scope", "status", "capacity", "capacity_level", "present", "online", "energy_now",
        "energy_full", "energy_full_design", "charge_now", "charge_full", "charge_full_design",
        "voltage_now", "voltage_min_design", "model_name", "technology", "power_now", "current_now",
        // drm connectors
        "enabled", "modes", "dpms", "connector_id",
        // input
        "phys", "properties",
        // sound (HDA codecs: GPU HDMI codecs make a card display-only)
        "pcm_class", "chip_name", "vendor_id",
        // rfkill
        "soft", "hard", "state",
        // net
        "operstate", "ifindex", "addr_assign_type",
        // leds
        "brightness", "max_brightness",
        // dmi
        "sys_vendor", "product_name", "product_version", "product_family", "board_vendor",
        "board_name", "chassis_type", "bios_version", "bios_vendor", "bios_release", "product_sku",
    ]

    /// Attributes in subdirectories, read when the subsystem matches.
    static let nestedAttributes: [Subsystem: [String]] = [
        .input: [
            "capabilities/ev", "capabilities/abs", "capabilities/key", "capabilities/sw",
            "capabilities/ff", "capabilities/rel", "capabilities/msc", "id/bustype", "id/vendor",
            "id/product",
        ]
    ]

    /// The sysfs root; `/sys` (umockdev redirects it in tests).
    public let sysfsRoot: String
    /// The root the host's files other than sysfs are read under: procfs, `/etc/os-release`,
    /// the udev database and the graphics userspace (``GraphicsUserspace``). `/` on the
    /// running machine; a umockdev test bed's root, or `X` for a sysfs root `X/sys`, when
    /// none was given, so a test bed never mixes in the host.
    public let userspaceRoot: String

    /// Creates the live source.
    /// - Parameters:
    ///   - sysfsRoot: The sysfs mount point.
    ///   - userspaceRoot: The root the host's other files (procfs, os-release, the udev
    ///     database, Vulkan ICDs and `libGLESv2`) are read under; `nil` follows the sysfs root
    ///     (see ``userspaceRoot``).
    public init(sysfsRoot: String = "/sys", userspaceRoot: String? = nil) {
        self.sysfsRoot = sysfsRoot
        self.userspaceRoot = HostRoot.resolve(
            userspaceRoot, sysfsRoot: sysfsRoot,
            environment: ProcessInfo.processInfo.environment)
    }

    /// Enumerates every device.
    /// - Returns: The inventory of the running machine.
    /// - Throws: ``SourceError/sysfsUnreadable(reason:)`` when `/sys/devices` cannot be
    ///   listed, ``SourceError/udev(function:errno:)`` when libudev fails.
    public func inventory() throws(SourceError) -> DeviceInventory {
        guard (try? FileManager.default.contentsOfDirectory(atPath: sysfsRoot + "/devices")) != nil
        else {
            throw .sysfsUnreadable(reason: "\(sysfsRoot)/devices cannot be listed")
        }
        do {
            return try enumerate()
        } catch {
            throw error.sourceError
        }
    }

    private func enumerate() throws(UdevError) -> DeviceInventory {
        let context = try UdevContext()
        let enumerator = try UdevEnumerator(context: context)
        let hwdb = try? UdevHwdb(context: context)
        let pci = PCINames()
        var devices: [Device] = []
        var initialized = false
        for syspath in try enumerator.scan() {
            guard let udevDevice = try? UdevDevice(syspath: syspath, context: context) else {
                continue
            }
            if udevDevice.isInitialized { initialized = true }
            devices.append(record(udevDevice, syspath: syspath, hwdb: hwdb, pci: pci))
        }
        devices = DeviceTree.linkParents(devices)
        return LiveMachine.inventory(
            devices: devices,
            udevDatabase: initialized && LiveMachine.hasUdevDatabase(hostRoot: userspaceRoot),
            hasHwdb: hwdb != nil, unreadable: [], sysfsRoot: sysfsRoot,
            userspaceRoot: userspaceRoot)
    }

    /// One device record; also used by the watcher for devices received from a monitor.
    package func record(_ udev: UdevDevice, syspath: String, hwdb: UdevHwdb?, pci: PCINames?)
        -> Device
    {
        let id = udev.devpath ?? String(syspath.dropFirst(sysfsRoot.count))
        var properties = udev.properties
        var attributes: [String: String] = [:]
        let subsystem = udev.subsystem
        let kind = subsystem.flatMap(Subsystem.init(rawValue:))
        for name in udev.attributeNames
        where Self.attributeNames.contains(name) || Self.isSensorAttribute(name, kind) {
            if let value = udev.attribute(name) {
                attributes[name] = value.trimmingCharacters(in: .newlines)
            }
        }
        for name in kind.flatMap({ Self.nestedAttributes[$0] }) ?? [] {
            if let value = udev.attribute(name) {
                attributes[name] = value.trimmingCharacters(in: .newlines)
            }
        }
        if kind == .iio {
            let elements = syspath + "/scan_elements"
            for name in (try? FileManager.default.contentsOfDirectory(atPath: elements)) ?? []
            where name.hasSuffix("_en") {
                attributes["scan_elements/" + name] = udev.attribute("scan_elements/" + name) ?? ""
            }
        }
        var binary: [String: Data] = [:]
        if kind == .drm,
            let edid = try? Data(contentsOf: URL(fileURLWithPath: syspath + "/edid")),
            !edid.isEmpty
        {
            binary["edid"] = edid
        }
        Self.addNames(
            to: &properties, attributes: attributes, subsystem: kind, hwdb: hwdb, pci: { pci })
        return Device(
            id: id, subsystem: subsystem, devtype: udev.devtype, driver: udev.driver,
            devnode: udev.devnode, properties: properties, attributes: attributes,
            binaryAttributes: binary, links: udev.links)
    }

    /// Without udevd there are no `*_FROM_DATABASE` names: asks the hwdb for the modalias,
    /// then libpci for a PCI function's vendor and device (`pci` is called only then, so
    /// libpci loads pci.ids only when the hwdb lacks a name).
    static func addNames(
        to properties: inout [String: String], attributes: [String: String], subsystem: Subsystem?,
        hwdb: UdevHwdb?, pci: () -> PCINames?
    ) {
        if let modalias = properties["MODALIAS"] ?? attributes["modalias"], let hwdb {
            for (key, value) in hwdb.properties(modalias: modalias) where properties[key] == nil {
                properties[key] = value
            }
        }
        guard subsystem == .pci, let ids = properties["PCI_ID"] else { return }
        let parts = ids.split(separator: ":").compactMap { UInt32($0, radix: 16) }
        guard parts.count == 2 else { return }
        if properties["ID_VENDOR_FROM_DATABASE"] == nil, let name = pci()?.vendor(parts[0]) {
            properties["ID_VENDOR_FROM_DATABASE"] = name
        }
        if properties["ID_MODEL_FROM_DATABASE"] == nil,
            let name = pci()?.device(parts[0], parts[1])
        {
            properties["ID_MODEL_FROM_DATABASE"] = name
        }
    }

    /// IIO channel attributes (`in_accel_x_raw`, …) and sensor-ish names probers use.
    static func isSensorAttribute(_ name: String, _ subsystem: Subsystem?) -> Bool {
        subsystem == .iio && (name.hasPrefix("in_") || name == "sampling_frequency")
    }
}

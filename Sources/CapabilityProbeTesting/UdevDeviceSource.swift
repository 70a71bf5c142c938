import Foundation
import CapabilityLive
import CapabilityModel

/// The live machine, enumerated through libudev: the test oracle ``SysfsDeviceSource`` is
/// compared with, record for record, in umockdev test beds and on the host.
///
/// Works without udevd: properties then come from each device's uevent only (no `ID_*`),
/// names are looked up in the hwdb, and the sysfs attributes the probers need are read
/// directly, so classification still works. The wrappers live and die inside
/// ``inventory()`` on the calling thread.
public struct UdevDeviceSource: DeviceSource {
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
        return try enumerate()
    }

    private func enumerate() throws(SourceError) -> DeviceInventory {
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
        where LiveAttributes.names.contains(name)
            || LiveAttributes.isSensorAttribute(name, kind)
        {
            if let value = udev.attribute(name) {
                attributes[name] = value.trimmingCharacters(in: .newlines)
            }
        }
        for name in kind.flatMap({ LiveAttributes.nested[$0] }) ?? [] {
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
        LiveAttributes.addNames(
            to: &properties, attributes: attributes, subsystem: kind, hwdb: hwdb, pci: { pci })
        return Device(
            id: id, subsystem: subsystem, devtype: udev.devtype, driver: udev.driver,
            devnode: udev.devnode, properties: properties, attributes: attributes,
            binaryAttributes: binary, links: udev.links)
    }
}

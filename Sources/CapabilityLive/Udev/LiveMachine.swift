import CapabilitySupport
import FoundationEssentials
import CapabilityModel

/// The running machine's identity: DMI or device tree, host name, os-release, uname.
package enum LiveMachine {
    /// The live inventory both live sources end with: kernel facts (V4L2, HCI, evdev) added to
    /// the records, the notes on what the source lacks, and the machine's identity.
    /// - Parameters:
    ///   - devices: The records, parents linked.
    ///   - udevDatabase: Whether udevd had processed the devices.
    ///   - hasHwdb: Whether the hwdb could be opened.
    ///   - unreadable: Device directories that could not be read, with the reason; then the
    ///     source is not complete (nothing is proven absent).
    ///   - sysfsRoot: The sysfs mount point.
    ///   - userspaceRoot: The root the host's other files are read under (``HostRoot``).
    ///   - modemManager: What ModemManager said, when the source asked it.
    package static func inventory(
        devices: [Device], udevDatabase: Bool, hasHwdb: Bool, unreadable: [String],
        sysfsRoot: String, userspaceRoot: String, modemManager: ModemManagerFacts? = nil
    ) -> DeviceInventory {
        let procRoot = HostRoot.path("/proc", under: userspaceRoot)
        let devices = KernelFactsCollector(procRoot: procRoot).addingFacts(to: devices)
        var notes: [String] = []
        for place in unreadable.prefix(20) { notes.append("cannot read \(place)") }
        if unreadable.count > 20 {
            notes.append("cannot read \(unreadable.count - 20) more device directories")
        }
        if !udevDatabase {
            notes.append("no udev database (udevd not running): classified from sysfs and the hwdb")
        }
        if !hasHwdb {
            notes.append("no hwdb (/usr/lib/udev/hwdb.bin): device names from libpci only")
        }
        let source = SourceInfo(
            kind: .live, path: nil, udevDatabase: udevDatabase, attributes: true,
            complete: unreadable.isEmpty, notes: notes)
        var machine = identity(sysfsRoot: sysfsRoot, hostRoot: userspaceRoot)
        let fromRecords = MachineIdentityReader.fromRecords(devices)
        machine.vendor = machine.vendor ?? fromRecords.vendor
        machine.model = machine.model ?? fromRecords.model
        machine.chassis = machine.chassis ?? fromRecords.chassis
        machine.graphics = GraphicsUserspace.live(root: userspaceRoot)
        machine.modemManager = modemManager
        return DeviceInventory(source: source, machine: machine, devices: devices)
    }

    /// Whether the host (or test bed) has a udev database: `/run/udev/data` under the root.
    /// - Parameter hostRoot: The root the host's files are read under.
    package static func hasUdevDatabase(hostRoot: String) -> Bool {
        DirectoryDescriptor.exists(HostRoot.path("/run/udev/data", under: hostRoot))
    }

    /// The machine's identity: DMI under the sysfs root; the device-tree model, procfs and
    /// os-release under the host root; the kernel's names from `uname` on the host itself, from
    /// the root's procfs under another root (``KernelNames``).
    /// - Parameters:
    ///   - sysfsRoot: The sysfs mount point.
    ///   - hostRoot: The root the host's other files are read under (``HostRoot``).
    /// - Returns: The identity.
    static func identity(sysfsRoot: String, hostRoot: String) -> MachineIdentity {
        var identity = MachineIdentity()
        func read(_ path: String, within root: String = "/") -> String? {
            guard let data = BoundedHostFile.read(path, within: root) else { return nil }
            let text = String(decoding: data, as: UTF8.self)
                .trimming { TrimmedCharacters.whitespacesAndNewlines.contains($0) || $0 == "\0" }
            return text.isEmpty ? nil : text
        }
        let dmi = sysfsRoot + "/class/dmi/id/"
        if let vendor = read(dmi + "sys_vendor"), !MachineIdentityReader.isPlaceholder(vendor) {
            identity.vendor = vendor
        }
        if let product = read(dmi + "product_name"), !MachineIdentityReader.isPlaceholder(product) {
            identity.model = product
        }
        if let type = read(dmi + "chassis_type"), let code = Int(type) {
            identity.chassis = MachineIdentityReader.chassisName(code)
        }
        let procRoot = HostRoot.path("/proc", under: hostRoot)
        if identity.model == nil,
            let model = read(procRoot + "/device-tree/model", within: hostRoot)
        {
            identity.model = model
        }
        let kernel = KernelNames.live(hostRoot: hostRoot)
        identity.kernel = kernel.release
        identity.arch = kernel.machine
        identity.hostname = kernel.hostname
        if let memory = MemoryTotal.live(sysfsRoot: sysfsRoot, procRoot: procRoot) {
            identity.memoryBytes = memory.bytes
            identity.memorySource =
                memory.source == .dmi ? "/sys/firmware/dmi/entries" : "/proc/meminfo"
        }
        identity.defaultRoute = DefaultRoute.live(procRoot: procRoot)
        if let machine = kernel.machine {
            let cpu = CPUArchitecture.live(
                machine: machine, sysfsRoot: sysfsRoot, procRoot: procRoot)
            if cpu.name == "arm64" { identity.runs32BitARM = cpu.runs32BitARM.value }
        }
        for path in ["/etc/os-release", "/usr/lib/os-release"] {
            guard let text = read(HostRoot.path(path, under: hostRoot), within: hostRoot) else {
                continue
            }
            for line in text.split(separator: "\n") where line.hasPrefix("PRETTY_NAME=") {
                identity.os = String(line.dropFirst("PRETTY_NAME=".count))
                    .trimming(.characters(in: "\"'"))
            }
            break
        }
        return identity
    }
}

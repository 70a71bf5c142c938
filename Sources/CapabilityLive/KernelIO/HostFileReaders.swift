import CapabilitySupport
import FoundationEssentials
import Glibc
import CapabilityModel

// Readers of the running machine's procfs, sysfs and file-system files, each through an injected
// root. The decoders they feed live in `Decoding/`; probers use those decoders and never these
// readers.

/// The root the live sources read the host's files under, other than sysfs: procfs (`/proc`),
/// `/etc/os-release`, the udev database (`/run/udev/data`) and the graphics userspace.
///
/// Given none, it follows where the devices come from, so a test bed never mixes in the host:
/// 1. a sysfs root `X/sys` other than `/sys`: the machine under `X`;
/// 2. inside a umockdev test bed (`UMOCKDEV_DIR` set and umockdev's preload library mapped
///    into this process, as `umockdev-run` does), the test bed's root: the preload library
///    redirects `/sys`, but lets `/proc` paths the test bed lacks reach the host and never
///    redirects `/etc`. `UMOCKDEV_DIR` alone (`UMOCKDEV_DIR=/tmp/x capcheck list` as root)
///    is ignored;
/// 3. otherwise `/`.
package enum HostRoot {
    /// The root to read through.
    /// - Parameters:
    ///   - root: The root the caller gave, if any.
    ///   - sysfsRoot: The sysfs mount point in use.
    ///   - environment: The process environment (`UMOCKDEV_DIR`).
    ///   - inTestbed: Whether umockdev's preload library is really loaded
    ///     (``umockdevPreloadIsLoaded``).
    /// - Returns: An absolute path (`/` for the host itself).
    package static func resolve(
        _ root: String?, sysfsRoot: String, environment: [String: String],
        inTestbed: Bool = umockdevPreloadIsLoaded
    ) -> String {
        if let root { return root }
        if sysfsRoot != "/sys", sysfsRoot.hasSuffix("/sys") { return String(sysfsRoot.dropLast(4)) }
        if inTestbed, let testbed = environment["UMOCKDEV_DIR"], testbed.hasPrefix("/") {
            return testbed
        }
        return "/"
    }

    /// Whether umockdev's preload library is mapped into this process (`/proc/self/maps`):
    /// what makes `UMOCKDEV_DIR` a test bed rather than a variable anyone can set.
    package static let umockdevPreloadIsLoaded =
        NativeLibraries.mappedFile(named: "libumockdev-preload") != nil

    /// An absolute host path under a root (`/proc/meminfo` under `/tmp/tb` →
    /// `/tmp/tb/proc/meminfo`).
    /// - Parameters:
    ///   - path: The absolute path on a real machine.
    ///   - root: The root.
    /// - Returns: The path to read.
    package static func path(_ path: String, under root: String) -> String {
        var base = root
        while base.hasSuffix("/") { base.removeLast() }
        return base + path
    }
}

/// The running kernel's names, as `uname` gives them: release (`uname -r`), machine
/// (`uname -m`) and host name (`uname -n`).
///
/// `uname(2)` answers for the kernel this process runs on, which under a sysfs root or in a
/// umockdev test bed is the host's, not the machine's under the root. So only the root `/`
/// asks `uname`; any other root answers from the procfs copies it holds
/// (`proc/sys/kernel/osrelease`, `proc/sys/kernel/arch`, `proc/sys/kernel/hostname`), and a
/// name the root does not hold stays unknown rather than being the host's.
package struct KernelNames: Sendable, Hashable {
    /// The kernel release (`6.1.0-18-amd64`), if known.
    package var release: String?
    /// The kernel machine (`x86_64`, `aarch64`), if known.
    package var machine: String?
    /// The host name, if known.
    package var hostname: String?

    /// The names of the kernel this process runs on, from `uname(2)`.
    /// - Returns: The names; all unknown when the call fails.
    package static func host() -> KernelNames {
        var names = utsname()
        guard uname(&names) == 0 else { return KernelNames() }
        func text<T>(_ field: inout T) -> String {
            withUnsafeBytes(of: &field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return KernelNames(
            release: text(&names.release), machine: text(&names.machine),
            hostname: text(&names.nodename))
    }

    /// The names of the machine under a root: `uname` for `/`, else the root's procfs copies.
    /// - Parameter hostRoot: The root the host's files are read under (``HostRoot``).
    /// - Returns: The names; each unknown when the root does not hold it.
    package static func live(hostRoot: String) -> KernelNames {
        if HostRoot.path("/", under: hostRoot) == "/" { return host() }
        func read(_ name: String) -> String? {
            let path = HostRoot.path("/proc/sys/kernel/" + name, under: hostRoot)
            guard let data = BoundedHostFile.read(path, within: hostRoot) else { return nil }
            let text = String(decoding: data, as: UTF8.self).trimming(.whitespacesAndNewlines)
            return text.isEmpty ? nil : text
        }
        return KernelNames(
            release: read("osrelease"), machine: read("arch"), hostname: read("hostname"))
    }
}

extension CPUArchitecture {
    /// Reads the running machine (`uname`, `/proc/cpuinfo`, `aarch32_el0`).
    /// - Parameters:
    ///   - sysfsRoot: The sysfs mount point.
    ///   - procRoot: The procfs mount point.
    /// - Returns: The architecture.
    package static func live(sysfsRoot: String = "/sys", procRoot: String = "/proc")
        -> CPUArchitecture
    {
        live(machine: KernelNames.host().machine ?? "", sysfsRoot: sysfsRoot, procRoot: procRoot)
    }

    /// Reads the CPU files of a machine whose kernel machine name is known.
    /// - Parameters:
    ///   - machine: The kernel machine (`uname -m`, or a root's `proc/sys/kernel/arch`).
    ///   - sysfsRoot: The sysfs mount point.
    ///   - procRoot: The procfs mount point.
    /// - Returns: The architecture.
    package static func live(machine: String, sysfsRoot: String, procRoot: String)
        -> CPUArchitecture
    {
        let read = { (path: String, root: String) in
            BoundedHostFile.read(path, within: root).map { String(decoding: $0, as: UTF8.self) }
        }
        return CPUArchitecture(
            machine: machine, cpuinfo: read(procRoot + "/cpuinfo", procRoot),
            aarch32CPUs: read(sysfsRoot + "/devices/system/cpu/aarch32_el0", "/"))
    }
}

extension MemoryTotal {
    /// Reads the running machine: `/sys/firmware/dmi/entries/17-*/raw`, then `/proc/meminfo`.
    /// - Parameters:
    ///   - sysfsRoot: The sysfs mount point.
    ///   - procRoot: The procfs mount point.
    /// - Returns: The total, or `nil` when nothing is readable.
    package static func live(sysfsRoot: String = "/sys", procRoot: String = "/proc") -> MemoryTotal?
    {
        let entries = sysfsRoot + "/firmware/dmi/entries"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: entries)) ?? []).filter {
            $0.hasPrefix("17-")
        }
        var raws: [[UInt8]] = []
        for name in names.sorted() {
            guard let data = FileManager.default.contents(atPath: "\(entries)/\(name)/raw") else {
                raws = []  // one unreadable entry makes the DMI sum incomplete
                break
            }
            raws.append([UInt8](data))
        }
        let meminfo = BoundedHostFile.read(procRoot + "/meminfo", within: procRoot).map {
            String(decoding: $0, as: UTF8.self)
        }
        return installed(dmiDevices: raws, meminfo: meminfo)
    }
}

extension DefaultRoute {
    /// The running machine's default-route interface, if it has one.
    /// - Parameter procRoot: The procfs mount point.
    /// - Returns: The interface name.
    package static func live(procRoot: String = "/proc") -> String? {
        func read(_ path: String) -> String? {
            BoundedHostFile.read(path, within: procRoot).map {
                String(decoding: $0, as: UTF8.self)
            }
        }
        if let text = read(procRoot + "/net/route"), let name = ipv4Interface(text) {
            return name
        }
        if let text = read(procRoot + "/net/ipv6_route"), let name = ipv6Interface(text) {
            return name
        }
        return nil
    }
}

extension ALSAPCMInfo {
    /// Reads the info of a PCM from procfs.
    /// - Parameters:
    ///   - sysname: The PCM's sysfs name (`pcmC0D0p`).
    ///   - root: The ALSA procfs folder (`/proc/asound`).
    /// - Returns: The info, or `nil` when ALSA's procfs is not there.
    package static func read(pcm sysname: String, root: String = "/proc/asound") -> ALSAPCMInfo? {
        guard let (card, device, direction) = numbers(ofPCMNamed: sysname),
            let data = BoundedHostFile.read(
                "\(root)/card\(card)/pcm\(device)\(direction)/info", within: root)
        else { return nil }
        return parse(String(decoding: data, as: UTF8.self))
    }
}

extension GraphicsUserspace {
    /// The folders the Vulkan loader reads ICD manifests from (its Linux defaults).
    static let icdFolders = [
        "/etc/vulkan/icd.d", "/usr/local/share/vulkan/icd.d", "/usr/share/vulkan/icd.d",
    ]

    /// Library folders searched for `libGLESv2.so*` (the dynamic linker's usual paths,
    /// multiarch ones included).
    static let libraryFolders = [
        "/lib", "/lib64", "/usr/lib", "/usr/lib64", "/usr/local/lib",
        "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib/arm-linux-gnueabihf",
        "/usr/lib/i386-linux-gnu", "/usr/lib/riscv64-linux-gnu",
    ]

    /// Reads the installed userspace under a root (`/` on the live machine).
    /// - Parameter root: The file-system root to read through.
    /// - Returns: The facts.
    package static func live(root: String = "/") -> GraphicsUserspace {
        let base = root.hasSuffix("/") ? String(root.dropLast()) : root
        let files = FileManager.default
        var drivers: [VulkanDriver] = []
        for folder in icdFolders {
            let names = (try? files.contentsOfDirectory(atPath: base + folder)) ?? []
            for name in names.sorted() where name.hasSuffix(".json") {
                let path = folder + "/" + name
                // ICD manifests are a few hundred bytes: skip anything large unread.
                let size = (try? files.attributesOfItem(atPath: base + path)[.size] as? Int) ?? 0
                guard size < 1 << 20 else { continue }
                if let data = files.contents(atPath: base + path),
                    let driver = driver(json: data, manifest: path)
                {
                    drivers.append(driver)
                }
            }
        }
        var libraries: Set<String> = []
        for folder in libraryFolders {
            let names = (try? files.contentsOfDirectory(atPath: base + folder)) ?? []
            for name in names where name.hasPrefix("libGLESv2.so") {
                libraries.insert(folder + "/" + name)
            }
        }
        return GraphicsUserspace(vulkanDrivers: drivers, glesLibraries: Array(libraries))
    }
}

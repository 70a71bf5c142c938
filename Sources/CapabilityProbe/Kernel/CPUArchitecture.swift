import Foundation

/// The CPU architecture in Apple-style names, and which instruction sets the machine runs.
///
/// `uname -m` names the kernel: aarch64 → `arm64`, armv7l/armv8l → `armv7`, armv6l →
/// `armv6`, x86_64 → `x86_64`. Whether 32-bit ARM code runs on an aarch64 kernel
/// (`cpu.arch.armv7`) is detectable only in some cases, in this order:
/// 1. `/sys/devices/system/cpu/aarch32_el0` lists CPUs (kernels with asymmetric AArch32) → yes;
/// 2. `/proc/cpuinfo` shows `CPU architecture: 7` or 32-bit-only `Features` (`half`, `thumb`,
///    `vfpv3`, `edsp`; what a 32-bit compat process sees) → yes;
/// 3. otherwise unknown: a 64-bit process sees only AArch64 features, and AArch32 EL0
///    support (ID_AA64PFR0_EL1.EL0) is not exported (Apple M-series, Cortex-X/A715 and
///    newer lack it). `AT_HWCAP` of a 64-bit process does not say either.
/// ARMv7 runs ARMv6 code, so `armv6` follows `armv7`.
public struct CPUArchitecture: Sendable, Equatable {
    /// The kernel machine (`uname -m`).
    public var machine: String
    /// Whether 32-bit ARM code runs, or why that is unknown.
    public var runs32BitARM: KernelProbeResult<Bool>

    /// Features only the 32-bit ARM ABI reports.
    static let arm32Features: Set<String> = [
        "half", "thumb", "fastmult", "vfp", "edsp", "vfpv3", "vfpv4", "thumbee",
    ]

    /// Decides from the machine and what the running system exposes.
    /// - Parameters:
    ///   - machine: `uname -m`.
    ///   - cpuinfo: `/proc/cpuinfo` text, if readable.
    ///   - aarch32CPUs: `/sys/devices/system/cpu/aarch32_el0` text, if it exists.
    public init(machine: String, cpuinfo: String?, aarch32CPUs: String? = nil) {
        let listed = aarch32CPUs?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty == false
        let shown = cpuinfo.map(Self.shows32BitARM) ?? false
        self.init(machine: machine, recorded32BitARM: listed || shown ? true : nil)
    }

    /// Decides from the machine and a recorded answer (``MachineIdentity/runs32BitARM``, as
    /// the live source stores it so snapshots re-classify offline).
    /// - Parameters:
    ///   - machine: `uname -m`.
    ///   - recorded32BitARM: `true` when the running system showed that 32-bit ARM code
    ///     runs (aarch32_el0 or 32-bit cpuinfo features); `nil` when it did not tell.
    public init(machine: String, recorded32BitARM: Bool?) {
        self.machine = machine
        switch machine {
        case "armv7l", "armv8l", "armv7", "armv6l", "armv6", "arm":
            runs32BitARM = .value(true)
        case "aarch64", "arm64", "aarch64_be":
            if let recorded32BitARM {
                runs32BitARM = .value(recorded32BitARM)
            } else {
                runs32BitARM = .unknown(
                    reason: "aarch64: AArch32 EL0 support is not exposed to a 64-bit process "
                        + "(no /sys/devices/system/cpu/aarch32_el0, no 32-bit features in /proc/cpuinfo)"
                )
            }
        default:
            runs32BitARM = .value(false)
        }
    }

    /// Whether `/proc/cpuinfo` describes a 32-bit ARM view of the CPU.
    static func shows32BitARM(_ cpuinfo: String) -> Bool {
        for line in cpuinfo.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let key = parts[0].trimmingCharacters(in: .whitespaces)
            let value = parts[1].trimmingCharacters(in: .whitespaces)
            if key == "CPU architecture", value == "7" { return true }
            if key == "Features",
                !Set(value.split(separator: " ").map(String.init)).isDisjoint(with: arm32Features)
            {
                return true
            }
        }
        return false
    }

    /// The Apple-style name of the kernel architecture (`arm64`, `armv7`, `x86_64`, or the
    /// machine itself).
    public var name: String {
        switch machine {
        case "aarch64", "arm64", "aarch64_be": return "arm64"
        case "x86_64", "amd64": return "x86_64"
        case "armv7l", "armv8l", "armv7": return "armv7"
        case "armv6l", "armv6": return "armv6"
        default: return machine
        }
    }

    /// The derived keys `cpu.arch.armv6`, `cpu.arch.armv7`, `cpu.arch.arm64`,
    /// `cpu.arch.x86_64`: whether each instruction set runs here, or why unknown. A 32-bit
    /// ARMv7 kernel leaves `arm64` unknown: it may run on a 64-bit core.
    public var keys: [CapabilityID: KernelProbeResult<Bool>] {
        let armv7: KernelProbeResult<Bool>
        switch name {
        case "armv7", "arm64": armv7 = runs32BitARM
        default: armv7 = .value(false)
        }
        let armv6: KernelProbeResult<Bool> = name == "armv6" ? .value(true) : armv7
        return [
            .cpuArchARMv6: armv6, .cpuArchARMv7: armv7,
            .cpuArchARM64: name == "armv7"
                ? .unknown(
                    reason:
                        "\(machine): a 32-bit ARM kernel does not tell whether the core runs AArch64"
                )
                : .value(name == "arm64"),
            .cpuArchX86_64: .value(name == "x86_64"),
        ]
    }

    /// Reads the running machine (`uname`, `/proc/cpuinfo`, `aarch32_el0`).
    /// - Parameters:
    ///   - sysfsRoot: The sysfs mount point.
    ///   - procRoot: The procfs mount point.
    /// - Returns: The architecture.
    public static func live(sysfsRoot: String = "/sys", procRoot: String = "/proc")
        -> CPUArchitecture
    {
        var names = utsname()
        uname(&names)
        let machine = withUnsafeBytes(of: &names.machine) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        let read = { (path: String) in
            FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
        }
        return CPUArchitecture(
            machine: machine, cpuinfo: read(procRoot + "/cpuinfo"),
            aarch32CPUs: read(sysfsRoot + "/devices/system/cpu/aarch32_el0"))
    }
}

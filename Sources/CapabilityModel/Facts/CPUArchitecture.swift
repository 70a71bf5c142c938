import CapabilitySupport
import FoundationEssentials

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
package struct CPUArchitecture: Sendable, Equatable {
    /// The Apple-style architecture keys, with the instruction set each names.
    package static let keys: [(id: CapabilityID, isa: String)] = [
        (.cpuArchARMv6, "armv6"), (.cpuArchARMv7, "armv7"), (.cpuArchARM64, "arm64"),
        (.cpuArchX86_64, "x86_64"),
    ]

    /// The kernel machine (`uname -m`).
    package var machine: String
    /// Whether 32-bit ARM code runs, or why that is unknown.
    package var runs32BitARM: KernelProbeResult<Bool>

    /// Features only the 32-bit ARM ABI reports.
    static let arm32Features: Set<String> = [
        "half", "thumb", "fastmult", "vfp", "edsp", "vfpv3", "vfpv4", "thumbee",
    ]

    /// Decides from the machine and what the running system exposes.
    /// - Parameters:
    ///   - machine: `uname -m`.
    ///   - cpuinfo: `/proc/cpuinfo` text, if readable.
    ///   - aarch32CPUs: `/sys/devices/system/cpu/aarch32_el0` text, if it exists.
    package init(machine: String, cpuinfo: String?, aarch32CPUs: String? = nil) {
        let listed = aarch32CPUs?.trimming(.whitespacesAndNewlines).isEmpty == false
        let shown = cpuinfo.map(Self.shows32BitARM) ?? false
        self.init(machine: machine, recorded32BitARM: listed || shown ? true : nil)
    }

    /// Decides from the machine and a recorded answer (``MachineIdentity/runs32BitARM``, as
    /// the live source stores it so snapshots re-classify offline).
    /// - Parameters:
    ///   - machine: `uname -m`.
    ///   - recorded32BitARM: `true` when the running system showed that 32-bit ARM code
    ///     runs (aarch32_el0 or 32-bit cpuinfo features); `nil` when it did not tell.
    package init(machine: String, recorded32BitARM: Bool?) {
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
            let key = parts[0].trimming(.whitespaces)
            let value = parts[1].trimming(.whitespaces)
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
    package var name: String {
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
    package var keys: [CapabilityID: KernelProbeResult<Bool>] {
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
}

/// The `MODALIAS` of a `/devices/system/cpu/cpuN` record: the CPU type the running kernel
/// names and the feature bits it found.
///
/// Forms: `cpu:type:x86,ven0000fam0006mod008E:feature:,0000,0001,…` (kernels since 3.3),
/// `x86cpu:vendor:0000:family:0006:model:002A:feature:,…` (older x86), and
/// `cpu:type:aarch64:feature:,…` / `cpu:type:v7l:feature:,…` on ARM (the type is the
/// kernel's `ELF_PLATFORM`). x86 feature numbers are `word * 32 + bit` of the kernel's
/// `cpufeatures.h`.
package struct CPUModalias: Sendable, Hashable {
    /// `x86`, `aarch64`, `v7l`, `v6l`, …
    package var type: String
    /// The feature numbers listed.
    package var features: Set<Int>

    /// x86 `X86_FEATURE_LM` (1*32+29): the CPU has long mode, i.e. can run x86-64 code.
    static let longMode = 0x3D
    /// x86 `X86_FEATURE_SYSCALL32` (3*32+14) and `X86_FEATURE_SYSENTER32` (3*32+15): set only
    /// by a 64-bit kernel (AMD/Hygon and Intel/Centaur/Zhaoxin respectively), for its 32-bit
    /// compatibility system calls.
    package static let sixtyFourBitKernelFeatures: Set<Int> = [0x6E, 0x6F]

    /// Parses a modalias; `nil` when it is not a CPU modalias.
    /// - Parameter modalias: The `MODALIAS` value.
    package init?(_ modalias: String) {
        let type: String
        if modalias.hasPrefix("x86cpu:") {
            type = "x86"
        } else if modalias.hasPrefix("cpu:type:") {
            let rest = modalias.dropFirst("cpu:type:".count)
            type = String(rest.prefix { $0 != "," && $0 != ":" })
        } else {
            return nil
        }
        guard !type.isEmpty, let range = modalias.literalRange(of: ":feature:") else { return nil }
        self.type = type
        features = Set(
            modalias[range.upperBound...].split(separator: ",").compactMap { Int($0, radix: 16) })
    }

    /// The kernel machine (`uname -m`) this modalias proves, or `nil` when it does not tell:
    /// x86 with a 64-bit-kernel feature → `x86_64`; x86 without long mode → `i686` (the CPU
    /// cannot run a 64-bit kernel); x86 with long mode only → `nil` (a 32-bit kernel may run
    /// on a 64-bit CPU); `aarch64` → `aarch64`; `v7l` → `armv7l`, `v6l` → `armv6l`,
    /// `v8l` → `armv8l`; an s390 machine type (`z13`) → `s390x`.
    package var kernelMachine: String? {
        switch type {
        case "x86":
            if !features.isDisjoint(with: Self.sixtyFourBitKernelFeatures) { return "x86_64" }
            return features.contains(Self.longMode) ? nil : "i686"
        case "aarch64", "aarch64_be": return type
        case "v6l", "v7l", "v8l": return "arm" + type
        default:
            // s390 CPU types are machine generations (`z13`, `z15`); the kernel has been
            // 64-bit only since Linux 4.1, before s390 wrote CPU modaliases.
            if type.first == "z", type.count > 1, type.dropFirst().allSatisfy(\.isNumber) {
                return "s390x"
            }
            return nil
        }
    }
}

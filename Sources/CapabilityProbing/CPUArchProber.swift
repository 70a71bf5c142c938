import CapabilitySupport
import FoundationEssentials
import CapabilityModel

/// Decides `cpu.arch` and the Apple-style keys `cpu.arch.armv6|armv7|arm64|x86_64`
/// (detection.md §19).
///
/// The names and keys are ``CPUArchitecture``'s: the kernel architecture (`uname -m`) maps
/// to x86_64, arm64 (aarch64), armv7 (armv7l/armv8l), armv6 (armv6l), or stays as it is
/// (i686, riscv64, …). A key means "can run code for that instruction set":
/// - x86_64 → x86_64 present, the ARM keys absent.
/// - arm64 → arm64 present; armv7/armv6 present when the live source recorded that 32-bit
///   ARM runs (``MachineIdentity/runs32BitARM``), else `unknown` (AArch32 support differs
///   between cores).
/// - armv7 → armv7 and armv6 present; arm64 `unknown` (a 64-bit core may run a 32-bit kernel).
/// - armv6 → armv6 present, the others absent.
/// Dumps and recordings carry no `uname`: ``RecordedCPU`` reads the CPU records instead (a
/// CPU `MODALIAS` shows the running kernel: x86 feature 006E/006F only under a 64-bit
/// kernel, `cpu:type:aarch64`, `cpu:type:v7l`; an ARMv7 core allows only 32-bit kernels).
/// A CPU of another family (a POWER device-tree CPU node, the s390 channel subsystem) makes
/// every key `absent` even when the word size is not recorded (``RecordedCPU``).
/// What they do not show stays `unknown`, with a family hint (`x86` for ACPI/i8042
/// machines, `arm` for device-tree SoCs) in `details["hint"]`; a PCI chipset does not tell
/// a 64-bit CPU from a 32-bit one (the Atom N270 is 32-bit only).
package struct CPUArchProber: CapabilityProber {
    /// Creates the prober.
    init() {}

    /// The Apple-style architecture keys (``CPUArchitecture/keys``).
    package static var keys: [(id: CapabilityID, isa: String)] { CPUArchitecture.keys }

    /// `cpu.arch` and its keys.
    package var ids: [CapabilityID] { [.cpuArch] + Self.keys.map(\.id) }

    /// Classifies the records.
    /// - Parameter context: The records.
    /// - Returns: The findings.
    package func evaluate(_ context: ProbeContext) -> [CapabilityFinding] {
        if let kernel = context.inventory.machine.arch {
            return Self.findings(
                machine: kernel, source: .uname, reason: "uname machine \(kernel)",
                recorded32BitARM: context.inventory.machine.runs32BitARM)
        }
        let recorded = RecordedCPU.read(context)
        if let recorded, let machine = recorded.machine {
            return Self.findings(
                machine: machine, source: .device(recorded.device), reason: recorded.reason,
                recorded32BitARM: nil, overrides: recorded.overrides)
        }
        var details: [String: JSONValue] = [:]
        if let hint = recorded?.family ?? Self.familyHint(context) {
            details["hint"] = .string(hint)
        }
        var evidence = [Evidence(.uname, reason: "the source records no architecture")]
        if let recorded {
            evidence.append(Evidence(device: recorded.device, reason: recorded.reason))
        }
        return [
            CapabilityFinding(
                id: .cpuArch, status: .unknown, evidence: evidence, details: details)
        ]
            + Self.keys.map { id, isa in
                guard let recorded, let decided = recorded.overrides[id] else {
                    return CapabilityFinding(id: id, status: .unknown, evidence: evidence)
                }
                return Self.keyFinding(
                    id: id, isa: isa, decided, source: .device(recorded.device),
                    reason: recorded.reason)
            }
    }

    /// The findings for a known kernel machine.
    package static func findings(
        machine: String, source: Evidence.Source, reason: String, recorded32BitARM: Bool?,
        overrides: [CapabilityID: KernelProbeResult<Bool>] = [:]
    ) -> [CapabilityFinding] {
        let cpu = CPUArchitecture(machine: machine, recorded32BitARM: recorded32BitARM)
        var findings = [
            CapabilityFinding(
                id: .cpuArch, status: .present, count: 1,
                evidence: [Evidence(source, reason: reason)],
                details: ["arch": .string(cpu.name), "kernelArch": .string(machine)])
        ]
        let keys = cpu.keys
        for (id, isa) in Self.keys {
            findings.append(
                keyFinding(
                    id: id, isa: isa, overrides[id] ?? keys[id] ?? .value(false), source: source,
                    reason: reason))
        }
        return findings
    }

    /// One key's finding.
    static func keyFinding(
        id: CapabilityID, isa key: String, _ result: KernelProbeResult<Bool>,
        source: Evidence.Source, reason: String
    ) -> CapabilityFinding {
        let status: CapabilityStatus
        let why: String
        switch result {
        case .value(true):
            status = .present
            why = reason + ": runs \(key) code"
        case .value(false):
            status = .absent
            why = reason + ": cannot run \(key) code"
        case .unknown(let unknown):
            status = .unknown
            why = unknown
        }
        return CapabilityFinding(
            id: id, status: status, count: status == .present ? 1 : 0,
            evidence: [Evidence(source, reason: why)])
    }

    /// The processor family suggested by the records (never decisive).
    static func familyHint(_ context: ProbeContext) -> String? {
        if context.devices.contains(where: {
            $0.id.hasPrefix("/devices/LNXSYSTM:00") || $0.id == "/devices/platform/i8042"
        }) {
            return "x86 (ACPI/i8042 devices; 32- or 64-bit not recorded)"
        }
        if context.devices.contains(where: {
            $0.property("OF_COMPATIBLE_0")?.hasPrefix("ibm,power") == true
        }) {
            return "powerpc (IBM POWER device tree; word size not recorded)"
        }
        if context.devices.contains(where: {
            $0.property("OF_COMPATIBLE_0") != nil || $0.id.hasPrefix("/devices/platform/soc")
        }) {
            return "arm or another device-tree platform (word size not recorded)"
        }
        return nil
    }
}

/// What a recording's CPU records say about the architecture when it carries no `uname`:
/// the `MODALIAS` of `/devices/system/cpu/cpuN` (``CPUModalias``), else the ARM core named
/// by the device tree (`OF_COMPATIBLE` `arm,cortex-a53` on a CPU node, `arm,armv8-pmuv3` or
/// `arm,cortex-a7-pmu` on the PMU node).
///
/// Only the running kernel decides which code runs: a 64-bit CPU under a 32-bit kernel runs
/// no 64-bit code. So a key is decided only where the records show the kernel (a CPU
/// modalias) or where the core allows a single kernel (an ARMv7 core runs only 32-bit ARM
/// kernels); else it stays `unknown` with the reason.
package struct RecordedCPU: Sendable {
    /// The kernel machine the records prove (`x86_64`, `i686`, `aarch64`, `armv7l`), if any.
    package var machine: String?
    /// The record that shows it.
    package var device: String
    /// The rule in words.
    package var reason: String
    /// Keys decided apart from (or instead of) ``machine``'s.
    var overrides: [CapabilityID: KernelProbeResult<Bool>] = [:]
    /// The family in words, when ``machine`` is `nil`.
    package var family: String?

    /// ARM cores by instruction set (Arm's core names; `cortex-a32` is ARMv8 without AArch64).
    static let armv8Cores: Set<String> = [
        "cortex-a34", "cortex-a35", "cortex-a53", "cortex-a55", "cortex-a57", "cortex-a65",
        "cortex-a72", "cortex-a73", "cortex-a75", "cortex-a76", "cortex-a77", "cortex-a78",
        "cortex-a510", "cortex-a520", "cortex-a710", "cortex-a715", "cortex-a720", "cortex-x1",
        "cortex-x2", "cortex-x3", "cortex-x4", "neoverse-n1", "neoverse-n2", "neoverse-v1",
        "armv8",
    ]
    /// ARMv7-A cores (no AArch64).
    static let armv7Cores: Set<String> = [
        "cortex-a5", "cortex-a7", "cortex-a8", "cortex-a9", "cortex-a12", "cortex-a15",
        "cortex-a17", "cortex-a32", "armv7",
    ]
    /// ARMv6 cores.
    static let armv6Cores: Set<String> = ["arm1136", "arm1176", "arm11mpcore"]

    /// Reads the records; `nil` when none tells anything.
    package static func read(_ context: ProbeContext) -> RecordedCPU? {
        let cpus = context.devices.filter { device in
            device.id.hasPrefix("/devices/system/cpu/cpu") && device.sysname.hasPrefix("cpu")
                && device.sysname.dropFirst(3).allSatisfy(\.isNumber) && device.sysname.count > 3
        }
        var longModeOnly: Device?
        for cpu in cpus {
            guard let text = cpu.property("MODALIAS"), let modalias = CPUModalias(text) else {
                continue
            }
            if let machine = modalias.kernelMachine {
                return RecordedCPU(
                    machine: machine, device: cpu.id, reason: Self.words(modalias, machine))
            }
            if modalias.type == "x86" { longModeOnly = longModeOnly ?? cpu }
        }
        if let cpu = longModeOnly {
            let arm = KernelProbeResult<Bool>.value(false)
            return RecordedCPU(
                machine: nil, device: cpu.id,
                reason: "x86 CPU with long mode (feature 003D); no 64-bit kernel feature recorded",
                overrides: [
                    .cpuArchX86_64: .unknown(
                        reason:
                            "the CPU has long mode but the recording does not show a 64-bit kernel"),
                    .cpuArchARM64: arm, .cpuArchARMv7: arm, .cpuArchARMv6: arm,
                ], family: "x86 (64-bit CPU; kernel word size not recorded)")
        }
        return armCore(context, cpus: cpus) ?? otherFamily(context, cpus: cpus)
    }

    /// A CPU family that is neither x86 nor ARM, from the records alone: a device-tree CPU
    /// node named `PowerPC,…` (IBM POWER, `OF_NAME=PowerPC,POWER7+`), or the s390 channel
    /// subsystem (`/devices/css0`). The word size stays unrecorded, so `cpu.arch` stays
    /// `unknown`; but such a machine runs none of the x86 and ARM instruction sets, so every
    /// Apple-style key is `absent`.
    private static func otherFamily(_ context: ProbeContext, cpus: [Device]) -> RecordedCPU? {
        let no = KernelProbeResult<Bool>.value(false)
        let none: [CapabilityID: KernelProbeResult<Bool>] = [
            .cpuArchX86_64: no, .cpuArchARM64: no, .cpuArchARMv7: no, .cpuArchARMv6: no,
        ]
        if let cpu = cpus.first(where: {
            $0.property("OF_NAME")?.lowercased().hasPrefix("powerpc,") == true
        }) {
            let name = cpu.property("OF_NAME") ?? "PowerPC"
            return RecordedCPU(
                machine: nil, device: cpu.id,
                reason: "device-tree CPU node \(name): a PowerPC CPU, neither x86 nor ARM",
                overrides: none, family: "powerpc (\(name); word size not recorded)")
        }
        if let channel = context.devices.first(where: { $0.id.hasPrefix("/devices/css0") }) {
            return RecordedCPU(
                machine: nil, device: channel.id,
                reason: "s390 channel subsystem (css0): an IBM Z machine, neither x86 nor ARM",
                overrides: none, family: "s390 (channel subsystem; word size not recorded)")
        }
        return nil
    }

    /// The ARM core named by a CPU node or the PMU node.
    private static func armCore(_ context: ProbeContext, cpus: [Device]) -> RecordedCPU? {
        let pmus = context.devices.filter { device in
            let compatibles = BusFacts.compatibles(device, first: 4)
            // No compatible at all (most records): no OF_COMPATIBLE_0 either.
            guard !compatibles.isEmpty else { return false }
            return compatibles.contains { $0.hasSuffix("pmu") }
                || device.property("OF_COMPATIBLE_0")?.hasSuffix("pmuv3") == true
        }
        for device in cpus + pmus {
            for key in BusFacts.compatibleKeys.prefix(4) {
                guard let compatible = device.property(key),
                    compatible.hasPrefix("arm,")
                else { continue }
                var core = String(compatible.dropFirst("arm,".count))
                for suffix in ["-pmuv3", "-pmu"] where core.hasSuffix(suffix) {
                    core.removeLast(suffix.count)
                }
                let seen = "OF_COMPATIBLE \(compatible)"
                if armv7Cores.contains(core) {
                    return RecordedCPU(
                        machine: "armv7l", device: device.id,
                        reason: "\(seen): an ARMv7 core, which runs only 32-bit ARM kernels",
                        overrides: [
                            .cpuArchARM64: .value(false)
                        ])
                }
                if armv6Cores.contains(core) {
                    return RecordedCPU(
                        machine: "armv6l", device: device.id,
                        reason: "\(seen): an ARMv6 core")
                }
                if armv8Cores.contains(core) {
                    let why =
                        "\(seen): an ARMv8 core runs 64- or 32-bit kernels; the recording does not show which"
                    return RecordedCPU(
                        machine: nil, device: device.id, reason: "\(seen): an ARMv8 core",
                        overrides: [
                            .cpuArchX86_64: .value(false),
                            .cpuArchARM64: .unknown(reason: why),
                            .cpuArchARMv7: .unknown(reason: why),
                            .cpuArchARMv6: .unknown(reason: why),
                        ], family: "arm (ARMv8 core; kernel word size not recorded)")
                }
            }
        }
        return nil
    }

    /// The evidence of a deciding modalias.
    private static func words(_ modalias: CPUModalias, _ machine: String) -> String {
        switch machine {
        case "x86_64":
            let feature =
                modalias.features.intersection(CPUModalias.sixtyFourBitKernelFeatures)
                .sorted().first.map { $0.hexDigits(width: 4) } ?? "?"
            return
                "CPU modalias: long mode and feature \(feature) (set only by a 64-bit kernel): \(machine)"
        case "i686":
            return "CPU modalias: x86 without long mode (feature 003D): a 32-bit CPU"
        default:
            return "CPU modalias type \(modalias.type): a \(machine) kernel"
        }
    }
}

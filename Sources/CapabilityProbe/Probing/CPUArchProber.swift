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
/// What they do not show stays `unknown`, with a family hint (`x86` for ACPI/i8042
/// machines, `arm` for device-tree SoCs) in `details["hint"]`; a PCI chipset does not tell
/// a 64-bit CPU from a 32-bit one (the Atom N270 is 32-bit only).
struct CPUArchProber: CapabilityProber {
    /// Creates the prober.
    init() {}

    /// The Apple-style architecture keys, with the instruction set each names.
    static let keys: [(id: CapabilityID, isa: String)] = [
        (.cpuArchARMv6, "armv6"), (.cpuArchARMv7, "armv7"), (.cpuArchARM64, "arm64"),
        (.cpuArchX86_64, "x86_64"),
    ]

    /// `cpu.arch` and its keys.
    var ids: [CapabilityID] { [.cpuArch] + Self.keys.map(\.id) }

    /// Classifies the records.
    /// - Parameter context: The records.
    /// - Returns: The findings.
    func evaluate(_ context: ProbeContext) -> [CapabilityFinding] {
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
    static func findings(
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

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
/// Dumps and recordings carry no architecture: everything is `unknown`, with a family hint
/// (`x86` for ACPI/i8042 machines, `arm` for device-tree SoCs) in `details["hint"]`; a PCI
/// chipset does not tell a 64-bit CPU from a 32-bit one (the Atom N270 is 32-bit only).
public struct CPUArchProber: CapabilityProber {
    /// Creates the prober.
    public init() {}

    /// The Apple-style architecture keys.
    static let keys = ["armv6", "armv7", "arm64", "x86_64"]

    /// `cpu.arch` and its keys.
    public var ids: [String] { ["cpu.arch"] + Self.keys.map { "cpu.arch." + $0 } }

    /// Classifies the records.
    /// - Parameter context: The records.
    /// - Returns: The findings.
    public func evaluate(_ context: ProbeContext) -> [CapabilityFinding] {
        guard let kernel = context.inventory.machine.arch else {
            var details: [String: JSONValue] = [:]
            if let hint = Self.familyHint(context) { details["hint"] = .string(hint) }
            let evidence = [Evidence(device: "uname", reason: "the source records no architecture")]
            return [
                CapabilityFinding(
                    id: "cpu.arch", status: .unknown, evidence: evidence, details: details)
            ]
                + Self.keys.map {
                    CapabilityFinding(id: "cpu.arch." + $0, status: .unknown, evidence: evidence)
                }
        }
        let cpu = CPUArchitecture(
            machine: kernel, recorded32BitARM: context.inventory.machine.runs32BitARM)
        let reason = "uname machine \(kernel)"
        var findings = [
            CapabilityFinding(
                id: "cpu.arch", status: .present, count: 1,
                evidence: [Evidence(device: "uname", reason: reason)],
                details: ["arch": .string(cpu.name), "kernelArch": .string(kernel)])
        ]
        let keys = cpu.keys
        for key in Self.keys {
            let status: CapabilityStatus
            let why: String
            switch keys["cpu.arch." + key] ?? .value(false) {
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
            findings.append(
                CapabilityFinding(
                    id: "cpu.arch." + key, status: status, count: status == .present ? 1 : 0,
                    evidence: [Evidence(device: "uname", reason: why)]))
        }
        return findings
    }

    /// The processor family suggested by the records (never decisive).
    static func familyHint(_ context: ProbeContext) -> String? {
        if context.devices.contains(where: {
            $0.id.hasPrefix("/devices/LNXSYSTM:00") || $0.id == "/devices/platform/i8042"
        }) {
            return "x86 (ACPI/i8042 devices; 32- or 64-bit not recorded)"
        }
        if context.devices.contains(where: {
            $0.property("OF_COMPATIBLE_0") != nil || $0.id.hasPrefix("/devices/platform/soc")
        }) {
            return "arm or another device-tree platform (word size not recorded)"
        }
        return nil
    }
}

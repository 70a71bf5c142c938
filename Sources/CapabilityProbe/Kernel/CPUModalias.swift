/// The `MODALIAS` of a `/devices/system/cpu/cpuN` record: the CPU type the running kernel
/// names and the feature bits it found.
///
/// Forms: `cpu:type:x86,ven0000fam0006mod008E:feature:,0000,0001,…` (kernels since 3.3),
/// `x86cpu:vendor:0000:family:0006:model:002A:feature:,…` (older x86), and
/// `cpu:type:aarch64:feature:,…` / `cpu:type:v7l:feature:,…` on ARM (the type is the
/// kernel's `ELF_PLATFORM`). x86 feature numbers are `word * 32 + bit` of the kernel's
/// `cpufeatures.h`.
public struct CPUModalias: Sendable, Hashable {
    /// `x86`, `aarch64`, `v7l`, `v6l`, …
    public var type: String
    /// The feature numbers listed.
    public var features: Set<Int>

    /// x86 `X86_FEATURE_LM` (1*32+29): the CPU has long mode, i.e. can run x86-64 code.
    public static let longMode = 0x3D
    /// x86 `X86_FEATURE_SYSCALL32` (3*32+14) and `X86_FEATURE_SYSENTER32` (3*32+15): set only
    /// by a 64-bit kernel (AMD/Hygon and Intel/Centaur/Zhaoxin respectively), for its 32-bit
    /// compatibility system calls.
    public static let sixtyFourBitKernelFeatures: Set<Int> = [0x6E, 0x6F]

    /// Parses a modalias; `nil` when it is not a CPU modalias.
    /// - Parameter modalias: The `MODALIAS` value.
    public init?(_ modalias: String) {
        let type: String
        if modalias.hasPrefix("x86cpu:") {
            type = "x86"
        } else if modalias.hasPrefix("cpu:type:") {
            let rest = modalias.dropFirst("cpu:type:".count)
            type = String(rest.prefix { $0 != "," && $0 != ":" })
        } else {
            return nil
        }
        guard !type.isEmpty, let range = modalias.range(of: ":feature:") else { return nil }
        self.type = type
        features = Set(
            modalias[range.upperBound...].split(separator: ",").compactMap { Int($0, radix: 16) })
    }

    /// The kernel machine (`uname -m`) this modalias proves, or `nil` when it does not tell:
    /// x86 with a 64-bit-kernel feature → `x86_64`; x86 without long mode → `i686` (the CPU
    /// cannot run a 64-bit kernel); x86 with long mode only → `nil` (a 32-bit kernel may run
    /// on a 64-bit CPU); `aarch64` → `aarch64`; `v7l` → `armv7l`, `v6l` → `armv6l`,
    /// `v8l` → `armv8l`; an s390 machine type (`z13`) → `s390x`.
    public var kernelMachine: String? {
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

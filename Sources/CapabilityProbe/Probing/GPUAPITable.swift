/// What a GPU's hardware generation allows for one graphics API.
enum GPUAPILevel: Sendable, Hashable {
    /// The highest version its open driver exposes (`[3, 2]`).
    case version([Int])
    /// No driver for this API exists for the hardware.
    case none
    /// The table does not decide (why in words).
    case undecided(String)
}

/// The OpenGL ES and Vulkan levels of a GPU by its kernel driver and generation.
///
/// Sources: Mesa's `docs/features.txt` (the "all DONE: <driver>" lines of GLES 3.0/3.1/3.2)
/// and driver pages (docs.mesa3d.org: ANV, hasvk, RADV, NVK, v3dv, Panfrost, Lima,
/// Freedreno/Turnip, Etnaviv), as summarised by mesamatrix.net; Intel generations by PCI
/// device id from the kernel's `include/drm/intel/i915_pciids.h`, NVIDIA families by id
/// range (nouveau's `CodeNames` wiki page). Levels are those of current Mesa releases
/// (24.x): a newer Mesa may expose more, never less. Where a version depends on something
/// the table cannot see (the host of a virtual GPU, proprietary drivers, generations whose
/// Vulkan driver is not conformant), the level is undecided.
enum GPUAPITable {
    /// The row for one GPU.
    struct Row: Sendable, Hashable {
        /// The generation in words (`Intel Gen9 (Skylake … Comet Lake)`).
        var generation: String
        /// OpenGL ES.
        var gles: GPUAPILevel
        /// Vulkan.
        var vulkan: GPUAPILevel
    }

    /// The row for a GPU function: its kernel driver, PCI `vendor:device` id and
    /// device-tree compatibles.
    /// - Parameters:
    ///   - driver: The kernel driver bound to the GPU.
    ///   - pciID: `8086:5916`, lower case.
    ///   - compatibles: `OF_COMPATIBLE_*` of the GPU device.
    /// - Returns: The row, or `nil` for an unlisted GPU.
    static func row(driver: String?, pciID: String?, compatibles: [String]) -> Row? {
        let device = pciID.flatMap { $0.split(separator: ":").last }.flatMap { Int($0, radix: 16) }
        switch driver {
        case "i915", "i915_bpo", "xe":
            // i915_bpo: Ubuntu's backported i915 (Cherry Trail/Skylake era).
            return device.flatMap(intel)
        case "amdgpu":
            return Row(
                generation: "AMD GCN or later (amdgpu)", gles: .version([3, 2]),
                vulkan: .version([1, 3]))
        case "radeon":
            return Row(
                generation: "AMD/ATI on the radeon kernel driver",
                gles: .undecided("the radeon driver spans R100 to GCN 1; family not in the table"),
                vulkan: .none)
        case "nouveau":
            return device.flatMap(nvidia)
        case "vc4", "vc4-drm":
            return Row(
                generation: "Broadcom VideoCore IV (vc4)", gles: .version([2, 0]), vulkan: .none)
        case "v3d":
            return Row(
                generation: "Broadcom VideoCore VI/VII (v3d)", gles: .version([3, 1]),
                vulkan: .version([1, 2]))
        case "lima":
            return Row(generation: "Arm Mali Utgard (lima)", gles: .version([2, 0]), vulkan: .none)
        case "panfrost":
            return mali(compatibles)
        case "msm":
            return adreno(compatibles)
        case "etnaviv":
            return Row(generation: "Vivante GC (etnaviv)", gles: .version([2, 0]), vulkan: .none)
        case "virtio_gpu", "vmwgfx":
            let why = "a virtual GPU: the level is the host renderer's (virgl/venus, SVGA3D)"
            return Row(
                generation: "virtual GPU (\(driver ?? ""))", gles: .undecided(why),
                vulkan: .undecided(why))
        default:
            return nil
        }
    }

    /// Intel generations by PCI device id.
    static func intel(_ id: Int) -> Row? {
        let high = id >> 8
        func row(_ name: String, _ gles: [Int], _ vulkan: GPUAPILevel) -> Row {
            Row(generation: "Intel " + name, gles: .version(gles), vulkan: vulkan)
        }
        let notConformant = GPUAPILevel.undecided(
            "Mesa's hasvk driver for this generation is not in the table (not conformant)")
        let gen3: Set<Int> = [
            0x2582, 0x258A, 0x2592, 0x2772, 0x27A2, 0x27AE, 0x29B2, 0x29C2, 0x29D2, 0xA001,
            0xA011,
        ]
        let gen4: Set<Int> = [
            0x2972, 0x2982, 0x2992, 0x29A2, 0x2A02, 0x2A12, 0x2A42, 0x2E02, 0x2E12, 0x2E22,
            0x2E32, 0x2E42, 0x2E92,
        ]
        let gen6: Set<Int> = [0x0102, 0x0106, 0x010A, 0x0112, 0x0116, 0x0122, 0x0126]
        let gen7: Set<Int> = [
            0x0152, 0x0156, 0x015A, 0x0162, 0x0166, 0x016A, 0x0155, 0x0157, 0x0F30, 0x0F31,
            0x0F32, 0x0F33,
        ]
        let broxton: Set<Int> = [0x0A84, 0x1A84, 0x1A85, 0x5A84, 0x5A85, 0x3184, 0x3185]
        if gen3.contains(id) { return row("Gen3 (i915g)", [2, 0], .none) }
        if gen4.contains(id) { return row("Gen4 (crocus)", [2, 0], .none) }
        if id == 0x0042 || id == 0x0046 { return row("Gen5 Ironlake (crocus)", [2, 0], .none) }
        if gen6.contains(id) { return row("Gen6 Sandy Bridge (crocus)", [3, 0], .none) }
        if gen7.contains(id) {
            return row("Gen7 Ivy Bridge/Bay Trail (crocus)", [3, 0], notConformant)
        }
        if broxton.contains(id) {
            return row("Gen9 Apollo/Gemini Lake (iris, ANV)", [3, 2], .version([1, 3]))
        }
        switch high {
        case 0x04, 0x0A, 0x0C, 0x0D:
            return row("Gen7.5 Haswell (crocus)", [3, 1], notConformant)
        case 0x16, 0x22:
            return row("Gen8 Broadwell/Cherry Trail (iris)", [3, 1], notConformant)
        case 0x19, 0x59, 0x3E, 0x9B, 0x87:
            return row("Gen9 Skylake … Comet Lake (iris, ANV)", [3, 2], .version([1, 3]))
        case 0x8A, 0x4E, 0x45:
            return row("Gen11 Ice/Elkhart/Jasper Lake (iris, ANV)", [3, 2], .version([1, 3]))
        case 0x9A, 0x4C, 0x46, 0xA7, 0x49, 0x56, 0x7D, 0x64, 0xE2:
            return row("Gen12 / Xe (iris, ANV)", [3, 2], .version([1, 3]))
        default:
            return nil
        }
    }

    /// NVIDIA families on nouveau by PCI device id range.
    static func nvidia(_ id: Int) -> Row? {
        switch id {
        case 0x0040...0x03FF:
            return Row(
                generation: "NVIDIA Curie NV40 (nouveau nv30)", gles: .version([2, 0]),
                vulkan: .none)
        case 0x0400...0x06BF, 0x06E0...0x087F, 0x0A20...0x0A7F, 0x0CA0...0x0CBF:
            return Row(
                generation: "NVIDIA Tesla (nouveau nv50)", gles: .version([3, 0]), vulkan: .none)
        case 0x1E00...0x2FFF:
            return Row(
                generation: "NVIDIA Turing or later (nouveau nvc0, NVK)", gles: .version([3, 2]),
                vulkan: .version([1, 3]))
        case 0x0DC0...0x1DFF:
            return Row(
                generation: "NVIDIA Fermi … Volta (nouveau nvc0)", gles: .version([3, 2]),
                vulkan: .undecided("NVK before Turing is not in the table (not conformant)"))
        default:
            return nil
        }
    }

    /// Arm Mali on panfrost by compatible.
    static func mali(_ compatibles: [String]) -> Row? {
        for compatible in compatibles {
            switch compatible {
            case "arm,mali-t720":
                return Row(
                    generation: "Arm Mali-T720 (Midgard)", gles: .version([2, 0]), vulkan: .none)
            case "arm,mali-t760", "arm,mali-t820", "arm,mali-t830", "arm,mali-t860",
                "arm,mali-t880":
                return Row(
                    generation: "Arm Mali Midgard (panfrost)", gles: .version([3, 0]),
                    vulkan: .none)
            case "arm,mali-bifrost", "arm,mali-valhall-jm", "arm,mali-valhall-csf":
                return Row(
                    generation: "Arm Mali Bifrost/Valhall (panfrost)", gles: .version([3, 1]),
                    vulkan: .undecided("PanVK is not in the table (not conformant on all GPUs)"))
            default:
                continue
            }
        }
        return nil
    }

    /// Qualcomm Adreno on msm by `qcom,adreno-630.2`.
    static func adreno(_ compatibles: [String]) -> Row? {
        for compatible in compatibles where compatible.hasPrefix("qcom,adreno-") {
            let digits = compatible.dropFirst("qcom,adreno-".count).prefix(while: \.isNumber)
            guard let model = Int(digits) else { continue }
            let name = "Qualcomm Adreno \(model) (freedreno)"
            switch model / 100 {
            case 2: return Row(generation: name, gles: .version([2, 0]), vulkan: .none)
            case 3, 4: return Row(generation: name, gles: .version([3, 0]), vulkan: .none)
            case 5: return Row(generation: name, gles: .version([3, 1]), vulkan: .none)
            case 6, 7:
                return Row(
                    generation: name + ", Turnip", gles: .version([3, 2]), vulkan: .version([1, 3]))
            default: continue
            }
        }
        return nil
    }

    /// `1.3.255` → `[1, 3, 255]`; `nil` unless every part is a number.
    static func parseVersion(_ text: String) -> [Int]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard !parts.isEmpty, parts.count <= 4, parts.allSatisfy({ ($0 ?? -1) >= 0 }) else {
            return nil
        }
        return parts.compactMap { $0 }
    }
}

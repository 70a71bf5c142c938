/// What a GPU's hardware generation allows for one graphics API.
package enum GPUAPILevel: Sendable, Hashable {
    /// The highest version its open driver exposes (`[3, 2]`).
    case version([Int])
    /// No driver for this API exists for the hardware.
    case none
    /// The table does not decide (why in words).
    case undecided(String)
}

/// The OpenGL ES and Vulkan levels of a GPU by its kernel driver and generation.
///
/// Checked line by line against Mesa's `docs/features.txt` as three mirrors store it: a
/// 24.x-era tree (KiritakeKumi/mesa-pvr-zink-24, commit 1893a920), a 25.x development tree
/// (bminor/mesa-mesa, commit 0034fec7) and a 26.1 development tree (sailfishos-mirror/mesa,
/// commit 009af15a). The file has no "GLES 3.0" line: OpenGL ES 3.0 comes with
/// `GL_ARB_ES3_compatibility`, done for every driver with GLSL 3.30, so a driver in the
/// "GL 3.3 -- all DONE" line has ES 3.0; ES 3.1 and 3.2 are the drivers of the
/// "GLES3.1"/"GLES3.2 -- all DONE" lines, Vulkan those of "Vulkan 1.x -- all DONE". Where the
/// file cannot decide (a driver it never lists, a generation inside a driver), the driver's
/// page in `docs/drivers/` (Panfrost's table of models) or Mesa's code decides, as a comment
/// at the row says. Intel generations by PCI device id from the kernel's
/// `include/drm/intel/i915_pciids.h`, NVIDIA families by device id as hwdata's `pci.ids`
/// (2023.04.10) names the chips. Levels are those of Mesa 24.x, the oldest release the
/// table speaks for: a newer Mesa may expose more (25.x lists Vulkan 1.4 for anv, nvk,
/// radv on GFX8+ and turnip on a7xx), never less. Where a version depends on something the
/// table cannot see (the host of a virtual GPU, proprietary drivers, generations whose
/// Vulkan driver is not conformant), the level is undecided.
package enum GPUAPITable {
    /// The row for one GPU.
    package struct Row: Sendable, Hashable {
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
    package static func row(driver: String?, pciID: String?, compatibles: [String]) -> Row? {
        let device = pciID.flatMap { $0.split(separator: ":").last }.flatMap { Int($0, radix: 16) }
        switch driver {
        case "i915", "i915_bpo", "xe":
            // i915_bpo: Ubuntu's backported i915 (Cherry Trail/Skylake era).
            return device.flatMap(intel)
        case "amdgpu":
            // radeonsi in "GLES3.2 -- all DONE", radv in "Vulkan 1.3 -- all DONE".
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
            // vc4, lima and etnaviv are in no "all DONE" line (ES 2.0); features.txt cannot
            // tell which Vivante cores newer etnaviv releases take further.
            return Row(
                generation: "Broadcom VideoCore IV (vc4)", gles: .version([2, 0]), vulkan: .none)
        case "v3d":
            // v3d is in the "GLES3.1 -- all DONE" line but not the 3.2 one; v3dv is in the
            // "Vulkan 1.3 -- all DONE" line of every tree read (24.x to 26.x).
            return Row(
                generation: "Broadcom VideoCore VI/VII (v3d)", gles: .version([3, 1]),
                vulkan: .version([1, 3]))
        case "lima":
            return Row(generation: "Arm Mali Utgard (lima)", gles: .version([2, 0]), vulkan: .none)
        case "panfrost", "panthor":
            // panthor: the kernel driver of the CSF Malis (Valhall v10 and later), which
            // Mesa's panfrost drives as it does the job-manager ones.
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
        // hasvk (Gen7 to Gen8) is in none of features.txt's "Vulkan 1.x -- all DONE" lines.
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
        // Gen3 to Gen5 are in no "GL 3.x -- all DONE" line (crocus/gen6+ starts there): ES 2.0.
        // Gen6 and Gen7 have GL 3.3 (ES 3.0); "GLES3.1 -- all DONE" starts at crocus/gen7.5+.
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
        // "GLES3.2 -- all DONE" names crocus/gen7.5+ and iris (Gen8 and later): both are
        // ES 3.2, the ASTC they lack in hardware given by st/mesa's decompressing fallback.
        case 0x04, 0x0A, 0x0C, 0x0D:
            return row("Gen7.5 Haswell (crocus)", [3, 2], notConformant)
        case 0x16, 0x22:
            return row("Gen8 Broadwell/Cherry Trail (iris)", [3, 2], notConformant)
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
    ///
    /// The ranges hold the GPUs that `pci.ids` names by chip: NV3x/NV4x/G7x and the C51, C61,
    /// C67/C68 and C73 IGPs on nv30; G80 to GT21x and the C77/C79/MCP89 IGPs on nv50; GF100
    /// to GV100 and from TU102 on nvc0. GeForce 256 to GeForce4 (NV1x/NV2x) have no Mesa
    /// driver today and are left out. nv30 is in no "GL 3.0 -- all DONE" line (ES 2.0), nv50
    /// is in the GL 3.3 line and not the GLES3.1 one (ES 3.0). nvc0 has every ES 3.2 piece
    /// but ASTC, which st/mesa's decompressing fallback (`allow_compressed_fallback`, on by
    /// default) gives, though the "GLES3.2 -- all DONE" line omits nvc0. NVK is in the
    /// "Vulkan 1.3 -- all DONE" line and conformant from Turing on.
    static func nvidia(_ id: Int) -> Row? {
        let rankineCurie: [ClosedRange<Int>] = [
            0x0040...0x009F, 0x00C0...0x00FE, 0x0140...0x014F, 0x0160...0x016F, 0x01D0...0x01DF,
            0x0210...0x024F, 0x0290...0x029F, 0x02E0...0x02EF, 0x0300...0x03FF, 0x0530...0x053F,
            0x07E0...0x07EF,
        ]
        let tesla: [ClosedRange<Int>] = [
            0x0190...0x019F, 0x0400...0x04FF, 0x05E0...0x05FF, 0x0600...0x06BF, 0x06E0...0x06FF,
            0x0840...0x087F, 0x08A0...0x08AF, 0x0A20...0x0A7F, 0x0CA0...0x0CBF, 0x10C0...0x10DF,
        ]
        let fermiToVolta: [ClosedRange<Int>] = [0x06C0...0x06DF, 0x0DC0...0x10BF, 0x10E0...0x1DFF]
        if rankineCurie.contains(where: { $0.contains(id) }) {
            return Row(
                generation: "NVIDIA NV30/NV40 family (nouveau nv30)", gles: .version([2, 0]),
                vulkan: .none)
        }
        if tesla.contains(where: { $0.contains(id) }) {
            return Row(
                generation: "NVIDIA Tesla (nouveau nv50)", gles: .version([3, 0]), vulkan: .none)
        }
        if fermiToVolta.contains(where: { $0.contains(id) }) {
            return Row(
                generation: "NVIDIA Fermi … Volta (nouveau nvc0)", gles: .version([3, 2]),
                vulkan: .undecided("NVK before Turing is not in the table (not conformant)"))
        }
        if (0x1E00...0x2FFF).contains(id) {
            return Row(
                generation: "NVIDIA Turing or later (nouveau nvc0, NVK)", gles: .version([3, 2]),
                vulkan: .version([1, 3]))
        }
        return nil
    }

    /// Arm Mali on panfrost or panthor by compatible.
    ///
    /// panfrost is in the "GLES3.1 -- all DONE" line and not the 3.2 one; Panfrost's page
    /// (`docs/drivers/panfrost.rst`) keeps the Midgard v4 GPUs (T600, T620, T720) at ES 2.0.
    /// PanVK is conformant on Mali-G610 only, its level varying by generation and release.
    static func mali(_ compatibles: [String]) -> Row? {
        for compatible in compatibles {
            switch compatible {
            case "arm,mali-t604", "arm,mali-t624", "arm,mali-t628", "arm,mali-t720":
                return Row(
                    generation: "Arm Mali Midgard v4 (panfrost)", gles: .version([2, 0]),
                    vulkan: .none)
            case "arm,mali-t760", "arm,mali-t820", "arm,mali-t830", "arm,mali-t860",
                "arm,mali-t880":
                return Row(
                    generation: "Arm Mali Midgard v5 (panfrost)", gles: .version([3, 1]),
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
            // freedreno is in the GL 3.3 line (ES 3.0; a2xx kept at ES 2.0, which the file
            // cannot tell), "GLES3.1 -- all DONE" from a5xx, "GLES3.2" from a6xx (that driver
            // runs a7xx too); turnip is in "Vulkan 1.3 -- all DONE".
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
    package static func parseVersion(_ text: String) -> [Int]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard !parts.isEmpty, parts.count <= 4, parts.allSatisfy({ ($0 ?? -1) >= 0 }) else {
            return nil
        }
        return parts.compactMap { $0 }
    }
}

import CapabilitySupport
import FoundationEssentials
import CapabilityModel

/// Decides `gpu`, `gpu.gles` and `gpu.vulkan` (detection.md §16).
///
/// - A DRM render node (`renderD128`+) makes its parent device a GPU (`vgem`/`vkms` are
///   virtual and skipped). Raspberry Pi: the render node sits under the vc4 or v3d device.
/// - A PCI display controller (class 0x03) without a render node counts when a 3D driver is
///   bound (`i915`, `amdgpu`, `radeon`, `nouveau`, `nvidia`, proprietary `fglrx_pci`): kernels
///   before 3.17 created no render nodes and proprietary drivers none at all. A VGA/3D
///   function of Intel, AMD or NVIDIA with no driver bound is a GPU too (evidence says so).
/// - Display-only drivers (`simpledrm`, `efifb`, `cirrus`, `bochs-drm`, `omapdrm`, …) give a
///   card node without a render node: not a GPU.
/// - `gpu.gles`/`gpu.vulkan`: the level each GPU's kernel driver and generation allow
///   (``GPUAPITable``), in `details["version"]` (the highest over the GPUs). On the live
///   machine the installed userspace (``GraphicsUserspace``: `libGLESv2`, a Vulkan ICD for
///   that driver, whose `api_version` caps the level) must be there too, else `unknown`;
///   recordings carry no userspace and the evidence says the verdict rests on the hardware
///   generation alone. A GPU not in the table stays `unknown`; one whose generation has no
///   driver for the API (vc4 Vulkan) gives `absent` when no other GPU decides.
///
/// `count` counts GPU functions (PCI functions or platform devices).
package struct GPUProber: CapabilityProber {
    /// Creates the prober.
    init() {}

    /// `gpu`, `gpu.gles`, `gpu.vulkan`.
    package var ids: [CapabilityID] { [.gpu, .gpuGLES, .gpuVulkan] }

    /// Kernel drivers of render-capable GPUs (including proprietary ones without render nodes).
    static let gpuDrivers: Set<String> = [
        "i915", "i915_bpo", "xe", "amdgpu", "radeon", "nouveau", "nvidia", "fglrx", "fglrx_pci",
        "gma500",
        "gma500_gfx", "vmwgfx", "virtio_gpu", "msm", "panfrost", "lima", "etnaviv",
        "v3d", "vc4", "vc4-drm", "asahi", "powervr", "mali",
    ]

    /// Drivers that only scan out a framebuffer (no 3D engine).
    static let displayOnlyDrivers: Set<String> = [
        "simpledrm", "simple-framebuffer", "efifb", "vesafb", "cirrus", "cirrus-qemu", "bochs",
        "bochs-drm", "qxl", "ast", "mgag200", "hyperv_drm", "hyperv_fb", "vboxvideo", "omapdrm",
        "udl", "gm12u320", "tidss", "sun4i-drm", "vgem", "vkms",
    ]

    /// PCI vendors whose VGA/3D functions are GPUs: Intel, AMD/ATI, NVIDIA.
    static let gpuVendors: Set<String> = ["8086", "1002", "1022", "10de"]

    /// Classifies the records.
    /// - Parameter context: The records.
    /// - Returns: The three GPU findings.
    package func evaluate(_ context: ProbeContext) -> [CapabilityFinding] {
        var functions: [String: Evidence] = [:]
        var devices: [String: [String: JSONValue]] = [:]
        var unsure: [Evidence] = []
        for node in context.devices(in: .drm) where node.sysname.hasPrefix("renderD") {
            let owner = context.parent(of: node) ?? node
            if let driver = owner.driver, driver == "vgem" || driver == "vkms" { continue }
            if owner.id.hasPrefix("/devices/virtual/") { continue }
            functions[owner.id] =
                functions[owner.id] ?? Evidence(device: node.id, reason: "DRM render node")
            devices[owner.id] = Self.describe(
                owner, renderNode: node.devnode ?? "/dev/dri/" + node.sysname)
        }
        for device in context.devices(in: .pci) where functions[device.id] == nil {
            guard let pciClass = Self.pciClass(device), pciClass >> 16 == 0x03 else { continue }
            let vendor = Self.pciVendor(device)
            if let driver = device.driver {
                if Self.gpuDrivers.contains(driver) {
                    functions[device.id] = Evidence(
                        device: device.id,
                        reason:
                            "GPU driver \(driver) bound, no render node (kernel before 3.17 or proprietary driver)"
                    )
                    devices[device.id] = Self.describe(device, renderNode: nil)
                } else if !Self.displayOnlyDrivers.contains(driver) {
                    unsure.append(
                        Evidence(
                            device: device.id,
                            reason: "display controller with driver \(driver) and no render node"))
                }
            } else if pciClass >> 8 == 0x0300 || pciClass >> 8 == 0x0302,
                vendor.map(Self.gpuVendors.contains) ?? false
            {
                functions[device.id] = Evidence(
                    device: device.id, reason: "GPU PCI function, no driver bound")
                var detail = Self.describe(device, renderNode: nil)
                detail["access"] = "no driver bound"
                devices[device.id] = detail
            }
        }
        let gpu: CapabilityStatus
        var evidence = Array(functions.values)
        if !functions.isEmpty {
            gpu = .present
        } else if !unsure.isEmpty {
            gpu = .unknown
            evidence = unsure
        } else {
            gpu = context.noCandidateStatus
        }
        var details: [String: JSONValue] = [:]
        if !devices.isEmpty {
            details["devices"] = .array(
                devices.keys.sorted().compactMap { devices[$0].map(JSONValue.object) })
        }
        let userspace = context.inventory.machine.graphics
        let owners = functions.keys.sorted().compactMap { context.device($0) }
        return [
            CapabilityFinding(
                id: .gpu, status: gpu, count: gpu == .present ? functions.count : 0,
                evidence: evidence, details: details),
            Self.apiFinding(
                .gles, gpus: owners, gpu: gpu, userspace: userspace, context: context),
            Self.apiFinding(
                .vulkan, gpus: owners, gpu: gpu, userspace: userspace, context: context),
        ]
    }

    /// The two graphics APIs.
    package enum API {
        case gles
        case vulkan

        /// The capability the API's finding is about.
        package var id: CapabilityID { self == .gles ? .gpuGLES : .gpuVulkan }

        package var name: String { self == .gles ? "OpenGL ES" : "Vulkan" }
    }

    /// One GPU's verdict on one API.
    package enum APIVerdict {
        case supported([Int], String)
        case none(String)
        case undecided(String)
    }

    /// `gpu.gles` or `gpu.vulkan` from ``GPUAPITable`` and, on the live machine, the installed
    /// userspace (``GraphicsUserspace``). `details["version"]` is the highest level over the
    /// GPUs; while another GPU is undecided, or a partial source may hide one, it is
    /// `details["versionAtLeast"]` instead.
    static func apiFinding(
        _ api: API, gpus: [Device], gpu: CapabilityStatus, userspace: GraphicsUserspace?,
        context: ProbeContext
    ) -> CapabilityFinding {
        guard gpu != .absent else { return CapabilityFinding(id: api.id, status: .absent) }
        var supported: [(Device, [Int], String)] = []
        var none: [Evidence] = []
        var undecided: [Evidence] = []
        var devices: [JSONValue] = []
        for device in gpus {
            let verdict = apiVerdict(api, device, userspace: userspace)
            var detail: [String: JSONValue] = ["device": .string(device.id)]
            switch verdict {
            case .supported(let version, let reason):
                supported.append((device, version, reason))
                detail["version"] = .string(Self.text(version))
                detail["basis"] = .string(reason)
            case .none(let reason):
                none.append(Evidence(device: device.id, reason: reason))
                detail["basis"] = .string(reason)
            case .undecided(let reason):
                undecided.append(Evidence(device: device.id, reason: reason))
                detail["basis"] = .string(reason)
            }
            devices.append(.object(detail))
        }
        var details: [String: JSONValue] = [:]
        if !devices.isEmpty { details["devices"] = .array(devices) }
        if let top = supported.map(\.1).max(by: { DottedVersion.compare($0, $1) < 0 }) {
            // Exact only when every GPU is decided and the source lists them all.
            let exact = undecided.isEmpty && gpu == .present && context.source.complete
            details[exact ? "version" : "versionAtLeast"] = .string(Self.text(top))
            return CapabilityFinding(
                id: api.id, status: .present, count: supported.count,
                evidence: supported.map { Evidence(device: $0.0.id, reason: $0.2) }
                    + undecided, details: details)
        }
        if !undecided.isEmpty || gpu == .unknown {
            let reason = "needs a GPU with a known \(api.name) level"
            let evidence =
                undecided.isEmpty
                ? gpus.map { Evidence(device: $0.id, reason: reason) } : undecided + none
            return CapabilityFinding(
                id: api.id, status: .unknown, evidence: evidence, details: details)
        }
        return CapabilityFinding(
            id: api.id, status: context.noCandidateStatus, evidence: none, details: details)
    }

    /// One GPU's level for one API: the hardware generation's, then (live) the userspace.
    static func apiVerdict(_ api: API, _ device: Device, userspace: GraphicsUserspace?)
        -> APIVerdict
    {
        let driver = device.driver ?? "its driver"
        let compatibles = BusFacts.compatibles(device, first: 8)
        guard
            let row = GPUAPITable.row(
                driver: device.driver, pciID: pciID(device), compatibles: compatibles)
        else {
            let what = [pciID(device) ?? compatibles.first, device.driver.map { "driver \($0)" }]
                .compactMap { $0 }.joined(separator: ", ")
            return .undecided(
                "GPU \(what.isEmpty ? "of unknown kind" : what): not in the \(api.name) table")
        }
        let level = api == .gles ? row.gles : row.vulkan
        let hardware = "\(row.generation): \(api.name)"
        switch level {
        case .none:
            return .none("\(hardware) not supported by any driver (hardware generation)")
        case .undecided(let why):
            return .undecided("\(hardware) undecided: \(why)")
        case .version(let version):
            let supported = "\(hardware) \(text(version)) (hardware generation"
            guard let userspace else {
                return .supported(version, supported + "; userspace not recorded)")
            }
            switch api {
            case .gles:
                guard let library = userspace.glesLibraries.first else {
                    return .undecided(
                        supported + "), but no libGLESv2 is installed (userspace)")
                }
                return .supported(version, supported + "; userspace \(library))")
            case .vulkan:
                let icds = userspace.vulkanDrivers.filter {
                    $0.kernelDrivers.contains(device.driver ?? "")
                }
                guard let icd = icds.first else {
                    return .undecided(
                        supported
                            + "), but no Vulkan driver (ICD) for \(driver) is installed (userspace)"
                    )
                }
                let installed = icds.compactMap { $0.apiVersion.flatMap(GPUAPITable.parseVersion) }
                    .map { Array($0.prefix(2)) }.max { DottedVersion.compare($0, $1) < 0 }
                let level =
                    installed.map { DottedVersion.compare($0, version) < 0 ? $0 : version }
                    ?? version
                return .supported(
                    level,
                    supported + "; userspace \(icd.manifest)"
                        + (installed.map { " api \(text($0))" } ?? "") + ")")
            }
        }
    }

    /// `3.2`.
    package static func text(_ version: [Int]) -> String {
        version.map(String.init).joined(separator: ".")
    }

    /// The lower-case PCI `vendor:device` id.
    static func pciID(_ device: Device) -> String? {
        if let ids = device.property("PCI_ID") { return ids.lowercased() }
        guard let vendor = device.attribute("vendor"), let product = device.attribute("device")
        else { return nil }
        return vendor.lowercased().replacingLiteral("0x", with: "") + ":"
            + product.lowercased().replacingLiteral("0x", with: "")
    }

    /// The 24-bit PCI class (`class` attribute `0x030000`, or `PCI_CLASS=30000`).
    static func pciClass(_ device: Device) -> Int? {
        guard var text = device.value(attribute: "class", property: "PCI_CLASS") else { return nil }
        if text.hasPrefix("0x") { text.removeFirst(2) }
        return Int(text, radix: 16)
    }

    /// The lower-case PCI vendor id (`vendor` attribute or `PCI_ID`).
    package static func pciVendor(_ device: Device) -> String? {
        if let vendor = device.attribute("vendor") {
            return String(vendor.lowercased().dropFirst(vendor.hasPrefix("0x") ? 2 : 0))
        }
        return device.property("PCI_ID")?.split(separator: ":").first.map { $0.lowercased() }
    }

    /// The per-GPU detail object.
    package static func describe(_ device: Device, renderNode: String?) -> [String: JSONValue] {
        var detail: [String: JSONValue] = ["device": .string(device.id)]
        if let driver = device.driver { detail["driver"] = .string(driver) }
        if let renderNode { detail["renderNode"] = .string(renderNode) }
        if let ids = device.property("PCI_ID") {
            detail["pciID"] = .string(ids.lowercased())
        } else if let vendor = device.attribute("vendor"), let product = device.attribute("device")
        {
            detail["pciID"] = .string(
                vendor.lowercased().replacingLiteral("0x", with: "") + ":"
                    + product.lowercased().replacingLiteral("0x", with: ""))
        }
        if let name = device.property("ID_MODEL_FROM_DATABASE") { detail["name"] = .string(name) }
        if let bootVGA = device.attribute("boot_vga") { detail["bootVGA"] = .bool(bootVGA == "1") }
        return detail
    }
}

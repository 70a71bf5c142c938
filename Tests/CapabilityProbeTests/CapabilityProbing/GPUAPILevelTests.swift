import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityManifest
@testable import CapabilityManifestFiles
@testable import CapabilityMatrix
@testable import CapabilityModel
@testable import CapabilityProbing
@testable import CapabilityRecordings
@testable import CapabilityRendering

/// OpenGL ES and Vulkan levels from the GPU's driver and generation, and the userspace.
@Suite struct GPUAPILevelTests {
    static let gpu = "/devices/pci0000:00/0000:00:02.0"

    /// An Intel GPU with its render node.
    static func intel(_ device: String, driver: String = "i915") -> [Device] {
        pci("8086:\(device)", driver: driver)
    }

    /// A PCI GPU with its render node.
    static func pci(_ pciID: String, driver: String) -> [Device] {
        [
            Device(
                id: gpu, subsystem: "pci", driver: driver,
                properties: ["PCI_CLASS": "30000", "PCI_ID": pciID]),
            Device(id: gpu + "/drm/renderD128", subsystem: "drm", devnode: "/dev/dri/renderD128"),
        ]
    }

    /// `3.2` present with that version, `absent`, or `nil` unknown.
    static func expect(
        _ finding: CapabilityFinding?, _ level: String?, _ label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        switch level {
        case nil: #expect(finding?.status == .unknown, "\(label)", sourceLocation: sourceLocation)
        case "absent":
            #expect(finding?.status == .absent, "\(label)", sourceLocation: sourceLocation)
        case let level?:
            #expect(
                finding?.details["version"]?.stringValue == level, "\(label)",
                sourceLocation: sourceLocation)
        }
    }

    static func report(
        _ devices: [Device], graphics: GraphicsUserspace? = nil, complete: Bool = true
    ) -> CapabilityReport {
        let source = SourceInfo(
            kind: graphics == nil ? .udevadm : .live, udevDatabase: true,
            attributes: graphics != nil, complete: complete)
        return CapabilityClassifier().classify(
            DeviceInventory(
                source: source, machine: MachineIdentity(arch: "x86_64", graphics: graphics),
                devices: DeviceTree.linkParents(devices)))
    }

    static let mesa = GraphicsUserspace(
        vulkanDrivers: [
            .init(
                manifest: "/usr/share/vulkan/icd.d/intel_icd.x86_64.json",
                library: "libvulkan_intel.so", apiVersion: "1.3.255"),
            .init(
                manifest: "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json",
                library: "libvulkan_lvp.so", apiVersion: "1.3.255"),
        ], glesLibraries: ["/usr/lib/x86_64-linux-gnu/libGLESv2.so.2"])

    @Test func decidesFromTheHardwareGenerationWhenTheRecordingHasNoUserspace() throws {
        let report = Self.report(Self.intel("5916"))
        let gles = try #require(report.finding("gpu.gles"))
        #expect(gles.status == .present)
        #expect(gles.details["version"] == "3.2")
        #expect(
            gles.evidence.map(\.reason) == [
                "Intel Gen9 Skylake … Comet Lake (iris, ANV): OpenGL ES 3.2 (hardware generation; userspace not recorded)"
            ])
        #expect(report.finding("gpu.vulkan")?.details["version"] == "1.3")
    }

    @Test func namesTheInstalledUserspaceOnTheLiveMachine() throws {
        let report = Self.report(Self.intel("9a49"), graphics: Self.mesa)
        let gles = try #require(report.finding("gpu.gles"))
        #expect(gles.status == .present)
        #expect(
            gles.evidence.first?.reason.contains(
                "userspace /usr/lib/x86_64-linux-gnu/libGLESv2.so.2") == true)
        let vulkan = try #require(report.finding("gpu.vulkan"))
        #expect(vulkan.details["version"] == "1.3")
        #expect(vulkan.evidence.first?.reason.contains("intel_icd.x86_64.json") == true)
    }

    @Test func keepsTheUserspaceFactsInASnapshot() throws {
        let live = Self.report(Self.intel("9a49"), graphics: Self.mesa)
        let data = try JSONOutput.encoder().encode(live)
        let again = CapabilityClassifier().classify(
            try SnapshotDeviceSource(data: data, path: "snapshot.json").inventory())
        #expect(again.machine.graphics == Self.mesa)
        #expect(again.finding("gpu.vulkan") == live.finding("gpu.vulkan"))
    }

    @Test func leavesTheAPIUnknownWhenItsUserspaceIsMissing() throws {
        let bare = GraphicsUserspace(vulkanDrivers: [Self.mesa.vulkanDrivers[1]], glesLibraries: [])
        let report = Self.report(Self.intel("9a49"), graphics: bare)
        let gles = try #require(report.finding("gpu.gles"))
        #expect(gles.status == .unknown)
        #expect(
            gles.evidence.first?.reason.hasSuffix("but no libGLESv2 is installed (userspace)")
                == true)
        // lavapipe is software rendering: not a driver for the GPU.
        let vulkan = try #require(report.finding("gpu.vulkan"))
        #expect(vulkan.status == .unknown)
        #expect(vulkan.evidence.first?.reason.contains("no Vulkan driver (ICD) for i915") == true)
    }

    @Test func capsTheVulkanLevelAtTheInstalledDriversAPIVersion() throws {
        let old = GraphicsUserspace(
            vulkanDrivers: [
                .init(
                    manifest: "/usr/share/vulkan/icd.d/intel_icd.x86_64.json", apiVersion: "1.2.131"
                )
            ], glesLibraries: ["/usr/lib/libGLESv2.so.2"])
        let report = Self.report(Self.intel("5916"), graphics: old)
        #expect(report.finding("gpu.vulkan")?.details["version"] == "1.2")
    }

    @Test func saysAbsentForAGenerationWithoutAVulkanDriver() throws {
        let report = Self.report(Self.intel("0126"))
        #expect(report.finding("gpu.gles")?.details["version"] == "3.0")
        let vulkan = try #require(report.finding("gpu.vulkan"))
        #expect(vulkan.status == .absent)
        #expect(vulkan.evidence.first?.reason.contains("not supported by any driver") == true)
        // A partial recording may hide another GPU: unknown, not absent, and the GL ES
        // level known only from below.
        let partial = Self.report(Self.intel("0126"), complete: false)
        #expect(partial.finding("gpu.vulkan")?.status == .unknown)
        #expect(partial.finding("gpu.gles")?.details["version"] == nil)
        #expect(partial.finding("gpu.gles")?.details["versionAtLeast"] == "3.0")
    }

    @Test func readsUbuntusBackportedI915LikeI915() throws {
        // EMMC_AS_MAIN_DRIVE (Checkbox): Cherry Trail 8086:22b1 on i915_bpo.
        let report = Self.report(Self.intel("22b1", driver: "i915_bpo"))
        #expect(report.finding("gpu.gles")?.details["version"] == "3.2")
    }

    @Test func leavesAnUnlistedGPUUnknown() throws {
        var devices = Self.intel("ffff")
        devices[0].driver = "nvidia"
        devices[0].properties["PCI_ID"] = "10DE:2484"
        let report = Self.report(devices)
        let gles = try #require(report.finding("gpu.gles"))
        #expect(gles.status == .unknown)
        #expect(
            gles.evidence.map(\.reason) == [
                "GPU 10de:2484, driver nvidia: not in the OpenGL ES table"
            ])
    }

    @Test(arguments: [
        ("qcom,adreno-630.2", "msm", "3.2", "1.3"), ("qcom,adreno-506.0", "msm", "3.1", nil),
        ("arm,mali-t628", "panfrost", "2.0", nil), ("arm,mali-t720", "panfrost", "2.0", nil),
        ("arm,mali-t860", "panfrost", "3.1", nil), ("arm,mali-bifrost", "panfrost", "3.1", "?"),
        ("arm,mali-valhall-csf", "panthor", "3.1", "?"), ("qcom,adreno-306.0", "msm", "3.0", nil),
        ("qcom,adreno-750.1", "msm", "3.2", "1.3"),
        ("arm,mali-450", "lima", "2.0", nil), ("brcm,2711-v3d", "v3d", "3.1", "1.3"),
        ("brcm,2712-v3d", "v3d", "3.1", "1.3"),
        ("fsl,imx8mq-gpu", "etnaviv", "2.0", nil),
    ])
    func readsPlatformGPUsByCompatible(
        compatible: String, driver: String, gles: String, vulkan: String?
    )
        throws
    {
        let owner = "/devices/platform/soc/3d00000.gpu"
        let report = Self.report([
            Device(
                id: owner, subsystem: "platform", driver: driver,
                properties: ["OF_COMPATIBLE_0": compatible, "OF_COMPATIBLE_N": "1"]),
            Device(id: owner + "/drm/renderD128", subsystem: "drm"),
        ])
        #expect(report.finding("gpu.gles")?.details["version"]?.stringValue == gles)
        let finding = try #require(report.finding("gpu.vulkan"))
        switch vulkan {
        case nil: #expect(finding.status == .absent)
        case "?": #expect(finding.status == .unknown)
        case let version?: #expect(finding.details["version"]?.stringValue == version)
        }
    }

    /// Intel generations as Mesa's `docs/features.txt` places their drivers: crocus/gen6+ in
    /// the GL 3.3 line (ES 3.0), crocus/gen7.5+ and iris in the GLES3.2 line, anv in the
    /// Vulkan 1.3 line, hasvk (Gen7 to Gen8) in no Vulkan line.
    @Test(
        arguments: [
            ("2a42", "2.0", "absent"), ("0046", "2.0", "absent"), ("0126", "3.0", "absent"),
            ("0166", "3.0", nil), ("0f31", "3.0", nil), ("0412", "3.2", nil), ("0a16", "3.2", nil),
            ("1616", "3.2", nil), ("22b0", "3.2", nil), ("5a85", "3.2", "1.3"),
            ("5916", "3.2", "1.3"),
            ("8a52", "3.2", "1.3"), ("9a49", "3.2", "1.3"), ("56a0", "3.2", "1.3"),
        ] as [(String, String?, String?)])
    func placesIntelGenerationsAsMesaFeaturesTxtDoes(
        device: String, gles: String?, vulkan: String?
    ) {
        let report = Self.report(Self.intel(device))
        Self.expect(report.finding("gpu.gles"), gles, "8086:\(device) gles")
        Self.expect(report.finding("gpu.vulkan"), vulkan, "8086:\(device) vulkan")
    }

    /// NVIDIA device ids as hwdata's `pci.ids` (2023.04.10) names their chips: NV3x/NV4x,
    /// G7x and the C51/C61/C67/C68/C73 IGPs on nv30 (ES 2.0), G80 to GT21x and the
    /// C77/C79/MCP89 IGPs on nv50 (ES 3.0), GF100 and later on nvc0 (ES 3.2), NVK from
    /// Turing (Vulkan 1.3); GeForce 256 to GeForce4, with no Mesa driver today, unknown.
    static let nvidiaChips: [(String, String?, String?)] = [
        ("0040", "2.0", "absent"),  // NV40 [GeForce 6800 Ultra]
        ("0091", "2.0", "absent"),  // G70 [GeForce 7800 GTX]
        ("00fb", "2.0", "absent"),  // NV35 [GeForce PCX 5900]
        ("0241", "2.0", "absent"),  // C51 [GeForce 6150 LE]
        ("03d0", "2.0", "absent"),  // C61 [GeForce 6150SE nForce 430]
        ("053a", "2.0", "absent"),  // C68 [GeForce 7050 PV / nForce 630a]
        ("07e1", "2.0", "absent"),  // C73 [GeForce 7100 / nForce 630i]
        ("0110", nil, nil),  // NV11 [GeForce2 MX/MX 400]
        ("0253", nil, nil),  // NV25 [GeForce4 Ti 4200]
        ("00ff", nil, nil),  // NV19 [GeForce PCX 4300]
        ("0191", "3.0", "absent"),  // G80 [GeForce 8800 GTX]
        ("0402", "3.0", "absent"),  // G84 [GeForce 8600 GT]
        ("05e2", "3.0", "absent"),  // GT200 [GeForce GTX 260]
        ("0866", "3.0", "absent"),  // C79 [GeForce 9400M G]
        ("08a0", "3.0", "absent"),  // MCP89 [GeForce 320M]
        ("0a65", "3.0", "absent"),  // GT218 [GeForce 210]
        ("10c3", "3.0", "absent"),  // GT218 [GeForce 8400 GS Rev. 3]
        ("06c0", "3.2", nil),  // GF100 [GeForce GTX 480]
        ("0fd5", "3.2", nil),  // GK107M [GeForce GT 650M Mac Edition]
        ("1380", "3.2", nil),  // GM107 [GeForce GTX 750 Ti]
        ("1b80", "3.2", nil),  // GP104 [GeForce GTX 1080]
        ("1e87", "3.2", "1.3"),  // TU104 [GeForce RTX 2080 Rev. A]
        ("2484", "3.2", "1.3"),  // GA104 [GeForce RTX 3070]
        ("2684", "3.2", "1.3"),  // AD102 [GeForce RTX 4090]
    ]

    @Test(arguments: nvidiaChips)
    func placesNVIDIAChipsByTheirPciIdsNames(device: String, gles: String?, vulkan: String?) {
        let report = Self.report(Self.pci("10de:\(device)", driver: "nouveau"))
        Self.expect(report.finding("gpu.gles"), gles, "10de:\(device) gles")
        Self.expect(report.finding("gpu.vulkan"), vulkan, "10de:\(device) vulkan")
    }

    @Test func readsICDManifestsAndLibrariesUnderARoot() throws {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("capcheck-gfx-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let icd = root.appendingPathComponent("usr/share/vulkan/icd.d")
        let lib = root.appendingPathComponent("usr/lib/x86_64-linux-gnu")
        try FileManager.default.createDirectory(at: icd, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: lib, withIntermediateDirectories: true)
        try Data(
            #"{"file_format_version": "1.0.0", "ICD": {"library_path": "libvulkan_radeon.so", "api_version": "1.3.289"}}"#
                .utf8
        ).write(to: icd.appendingPathComponent("radeon_icd.x86_64.json"))
        try Data("not json".utf8).write(to: icd.appendingPathComponent("broken.json"))
        try Data().write(to: lib.appendingPathComponent("libGLESv2.so.2"))
        let facts = GraphicsUserspace.live(root: root.path)
        #expect(
            facts.vulkanDrivers == [
                .init(
                    manifest: "/usr/share/vulkan/icd.d/radeon_icd.x86_64.json",
                    library: "libvulkan_radeon.so", apiVersion: "1.3.289")
            ])
        #expect(facts.vulkanDrivers.first?.kernelDrivers == ["amdgpu"])
        #expect(facts.glesLibraries == ["/usr/lib/x86_64-linux-gnu/libGLESv2.so.2"])
    }

    @Test(arguments: [
        (">=", "3.0", true as Bool?), (">=", "3.1", true), (">=", "3.2", nil), (">", "3.0", true),
        ("<=", "3.2", nil), ("==", "3.1", nil),
    ])
    func decidesOnlyWhatALowerBoundProves(op: String, wanted: String, holds: Bool?) throws {
        let predicate = try Predicate.parse("gpu.gles \(op) \(wanted)", path: "m", place: nil)
        #expect(predicate.evaluate(["versionAtLeast": "3.1"]).holds == holds)
    }

    @Test(arguments: [
        ("0x00030001", "CAPTURE_METADATA", OverallVerdict.satisfied),
        ("0x00030002", "LENOVO_T430S", .unsatisfied), ("0x00020000", "RPI3B", .satisfied),
        ("0x00030000", "RPI3B", .unsatisfied), ("0x00030000", "HOME_MADE", .undecided),
    ])
    func checksAndroidGLEsVersionAgainstTheDecidedLevel(
        glEs: String, dump: String, expected: OverallVerdict
    ) throws {
        let xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="a.b">
              <uses-feature android:glEsVersion="\(glEs)" android:required="true" />
            </manifest>
            """
        let manifest = try ManifestLoader.load(
            data: Data(xml.utf8), path: "AndroidManifest.xml",
            options: ManifestLoadOptions(implied: false))
        let report = try Fixtures.report("udevadm/\(dump).txt")
        #expect(ManifestChecker().check(manifest, against: report).verdict == expected)
    }
}

import FoundationEssentials

/// The graphics userspace installed on the live machine: Vulkan ICD manifests and OpenGL ES
/// libraries. Read by the live source (through an injectable root) and kept in the machine
/// identity, so a snapshot re-classifies offline; recordings carry none.
public struct GraphicsUserspace: Codable, Sendable, Hashable {
    /// One Vulkan installable client driver manifest (`/usr/share/vulkan/icd.d/*.json`).
    public struct VulkanDriver: Codable, Sendable, Hashable {
        /// The manifest path.
        public var manifest: String
        /// `ICD.library_path`.
        public var library: String?
        /// `ICD.api_version` (`1.3.255`).
        public var apiVersion: String?

        /// Creates an entry.
        package init(manifest: String, library: String? = nil, apiVersion: String? = nil) {
            self.manifest = manifest
            self.library = library
            self.apiVersion = apiVersion
        }

        /// The kernel drivers the ICD serves, by Mesa's and the vendors' manifest names
        /// (`intel_icd` → i915/xe, `radeon_icd` → amdgpu, `lvp_icd` → none: software).
        package var kernelDrivers: Set<String> {
            let name = URL(fileURLWithPath: manifest).lastPathComponent.lowercased()
            let table: [(String, Set<String>)] = [
                ("intel_hasvk_icd", ["i915", "i915_bpo"]),
                ("intel_icd", ["i915", "i915_bpo", "xe"]),
                ("radeon_icd", ["amdgpu"]), ("amd_icd", ["amdgpu"]), ("nouveau_icd", ["nouveau"]),
                ("nvidia_icd", ["nvidia"]), ("broadcom_icd", ["v3d"]),
                ("panfrost_icd", ["panfrost"]), ("freedreno_icd", ["msm"]),
                ("virtio_icd", ["virtio_gpu"]), ("asahi_icd", ["asahi"]),
                ("powervr_mesa_icd", ["powervr"]),
            ]
            return table.first { name.hasPrefix($0.0) }?.1 ?? []
        }
    }

    /// The Vulkan drivers found, sorted by manifest path.
    public var vulkanDrivers: [VulkanDriver]
    /// The `libGLESv2.so*` files found, sorted.
    public var glesLibraries: [String]

    /// Creates facts.
    package init(vulkanDrivers: [VulkanDriver] = [], glesLibraries: [String] = []) {
        self.vulkanDrivers = vulkanDrivers.sorted { $0.manifest < $1.manifest }
        self.glesLibraries = glesLibraries.sorted()
    }

    /// Reads one ICD manifest's text (`{"ICD": {"library_path": …, "api_version": …}}`).
    /// - Parameters:
    ///   - data: The JSON bytes.
    ///   - manifest: The manifest path.
    /// - Returns: The entry, or `nil` when it is not an ICD manifest.
    package static func driver(json data: Data, manifest: String) -> VulkanDriver? {
        guard data.count < 1 << 20, let file = try? JSONDecoder().decode(ICDFile.self, from: data)
        else { return nil }
        return VulkanDriver(
            manifest: manifest, library: file.icd.libraryPath, apiVersion: file.icd.apiVersion)
    }
}

/// An ICD manifest as far as it is read: a value of another type than expected reads as absent,
/// not as a broken manifest.
private struct ICDFile: Decodable {
    struct Entry: Decodable {
        let libraryPath: String?
        let apiVersion: String?

        enum CodingKeys: String, CodingKey {
            case libraryPath = "library_path"
            case apiVersion = "api_version"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            libraryPath = try? container.decodeIfPresent(String.self, forKey: .libraryPath)
            apiVersion = try? container.decodeIfPresent(String.self, forKey: .apiVersion)
        }
    }

    let icd: Entry

    enum CodingKeys: String, CodingKey {
        case icd = "ICD"
    }
}

import CapabilityManifest
import FoundationEssentials

/// The AppStream catalogs a distribution has installed: XML and DEP-11 YAML collections in
/// the places libappstream reads them (`/var/lib/swcatalog`, its older name
/// `/var/lib/app-info`, and the same under `/usr/share`), found under a root so a test can
/// hand over a tree of its own.
public enum InstalledCatalogs {
    /// The folders searched, relative to the root, in the order their catalogs are read (the
    /// first catalog that names a component id wins over a later one).
    public static let folders = [
        "var/lib/swcatalog/xml", "var/lib/swcatalog/yaml",
        "var/lib/app-info/xml", "var/lib/app-info/yaml",
        "usr/share/swcatalog/xml", "usr/share/swcatalog/yaml",
        "usr/share/app-info/xml", "usr/share/app-info/yaml",
    ]

    /// The file name endings of catalogs (plain or gzip).
    static let suffixes = [".xml", ".xml.gz", ".yml", ".yml.gz", ".yaml", ".yaml.gz"]

    /// The catalog files under `root`: every regular file (or link to one) with a catalog
    /// ending in the searched folders, by folder order and then by name; a file reached twice
    /// (`/var/lib/app-info` is often a link to `/var/lib/swcatalog`) is listed once.
    /// - Parameter root: The root the folders are under (`/` for this machine).
    /// - Returns: The paths.
    public static func find(root: String = "/") -> [String] {
        let manager = FileManager.default
        var seen: Set<String> = []
        var found: [String] = []
        for folder in folders {
            let directory = join(root, folder)
            guard let names = try? manager.contentsOfDirectory(atPath: directory) else { continue }
            for name in names.sorted() where suffixes.contains(where: { name.hasSuffix($0) }) {
                let path = join(directory, name)
                var isDirectory = false
                guard manager.fileExists(atPath: path, isDirectory: &isDirectory),
                    !isDirectory
                else { continue }
                let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
                if seen.insert(real).inserted { found.append(path) }
            }
        }
        return found
    }

    /// What reading the installed catalogs gave.
    public struct Loaded: Sendable {
        /// Every catalog read, with its component count, or the reason it could not be read.
        public var catalogs: [InstalledAppsSummary.Catalog]
        /// The components, the first of each id only, in catalog order.
        public var components: [AppStreamComponentManifest]
        /// How many components were dropped because an earlier catalog had their id.
        public var duplicates: Int
    }

    /// Reads the catalogs; one that cannot be read is kept with its reason and does not stop
    /// the others.
    /// - Parameters:
    ///   - paths: The catalog files (``find(root:)``).
    ///   - options: Implied-relation handling.
    /// - Returns: The catalogs, the components and the duplicates dropped.
    public static func load(_ paths: [String], options: ManifestLoadOptions = .init()) -> Loaded {
        var loaded = Loaded(catalogs: [], components: [], duplicates: 0)
        var ids: Set<String> = []
        for path in paths {
            do throws(ManifestError) {
                let components = try ManifestLoader.loadAppStreamComponents(
                    data: try ManifestLoader.bytes(path: path), path: path, options: options)
                loaded.catalogs.append(
                    InstalledAppsSummary.Catalog(path: path, components: components.count))
                for component in components {
                    if ids.insert(component.id).inserted {
                        loaded.components.append(component)
                    } else {
                        loaded.duplicates += 1
                    }
                }
            } catch {
                // The catalog line names the file already.
                let text = error.description
                let reason =
                    text.hasPrefix(path + ": ") ? String(text.dropFirst(path.count + 2)) : text
                loaded.catalogs.append(
                    InstalledAppsSummary.Catalog(path: path, components: 0, problem: reason))
            }
        }
        return loaded
    }

    /// `root` and `relative` joined by one slash.
    private static func join(_ root: String, _ relative: String) -> String {
        root.hasSuffix("/") ? root + relative : root + "/" + relative
    }
}

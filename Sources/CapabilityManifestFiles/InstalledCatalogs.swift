import CapabilityInput
import CapabilityManifest
import FoundationEssentials
import Glibc

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

    /// The most components read from all the catalogs together: twice the largest real
    /// set (Debian's main, contrib and non-free with Flathub hold about 100 000).
    public static let maximumComponentsInAll = 200_000

    /// What a search of the catalog folders found.
    public struct Found: Sendable {
        /// The catalog files, as real paths inside the root, each file once.
        public var paths: [String]
        /// Catalog folders that exist but cannot be listed (permission denied), with the
        /// reason: what they hold is missing from the summary.
        public var unreadableFolders: [(path: String, reason: String)]
    }

    /// The catalog files under `root`: every regular file (or link to one) with a catalog
    /// ending in the searched folders, by folder order and then by name. Every path is
    /// resolved inside the root (``RootedPath``: a link, absolute or relative, never leads to
    /// the host's files), and a file reached twice (`/var/lib/app-info` is often a link to
    /// `/var/lib/swcatalog`; one file hard-linked under many names) is listed once, by its
    /// device and inode.
    /// - Parameter root: The root the folders are under (`/` for this machine).
    /// - Returns: The real paths of the files.
    public static func find(root: String = "/") -> [String] {
        search(root: root).paths
    }

    /// The catalog files under `root` as ``find(root:)`` finds them, and the catalog folders
    /// that could not be listed.
    /// - Parameter root: The root the folders are under (`/` for this machine).
    /// - Returns: The files and the unreadable folders.
    public static func search(root: String = "/") -> Found {
        var seen: Set<FileIdentity> = []
        var found = Found(paths: [], unreadableFolders: [])
        for folder in folders {
            guard let directory = RootedPath.resolve(folder, under: root),
                InputFile.kind(of: directory) == .directory
            else { continue }
            let names: [String]
            switch InputFile.names(in: directory) {
            case .success(let listed): names = listed
            case .failure(let reason):
                found.unreadableFolders.append((join(root, folder), reason.reason))
                continue
            }
            for name in names.sorted() where suffixes.contains(where: { name.hasSuffix($0) }) {
                guard let path = RootedPath.resolve(folder + "/" + name, under: root) else {
                    continue
                }
                var status = stat()
                guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
                    continue
                }
                let identity = FileIdentity(
                    device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
                if seen.insert(identity).inserted { found.paths.append(path) }
            }
        }
        return found
    }

    /// A file as the kernel tells files apart: its device and inode.
    private struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
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

    /// Reads what a search found: each unreadable folder is kept as a catalog line with its
    /// reason, then the catalogs are read as ``load(_:options:)`` reads them.
    /// - Parameters:
    ///   - found: The search (``search(root:)``).
    ///   - options: Implied-relation handling.
    /// - Returns: The catalogs, the components and the duplicates dropped.
    public static func load(_ found: Found, options: ManifestLoadOptions = .init()) -> Loaded {
        var loaded = load(found.paths, options: options)
        loaded.catalogs.insert(
            contentsOf: found.unreadableFolders.map {
                InstalledAppsSummary.Catalog(
                    path: $0.path, components: 0,
                    problem: "a catalog folder that cannot be listed (\($0.reason))")
            }, at: 0)
        return loaded
    }

    /// Reads the catalogs; one that cannot be read is kept with its reason and does not stop
    /// the others. Each is opened without following a link (``find(root:)`` gives real
    /// paths) and must be a regular file; once ``maximumComponentsInAll`` components are
    /// read, the catalogs left are named but not read.
    /// - Parameters:
    ///   - paths: The catalog files (``find(root:)``).
    ///   - options: Implied-relation handling.
    /// - Returns: The catalogs, the components and the duplicates dropped.
    public static func load(_ paths: [String], options: ManifestLoadOptions = .init()) -> Loaded {
        var loaded = Loaded(catalogs: [], components: [], duplicates: 0)
        var ids: Set<String> = []
        var total = 0
        for path in paths {
            guard total <= maximumComponentsInAll else {
                loaded.catalogs.append(
                    InstalledAppsSummary.Catalog(
                        path: path, components: 0,
                        problem:
                            "skipped: the catalogs before it hold more than "
                            + "\(maximumComponentsInAll) components (the most capcheck reads)"))
                continue
            }
            do throws(ManifestError) {
                let components = try ManifestLoader.loadAppStreamComponents(
                    data: try ManifestLoader.bytes(path: path, regularFileOnly: true), path: path,
                    options: options)
                total += components.count
                guard total <= maximumComponentsInAll else {
                    loaded.catalogs.append(
                        InstalledAppsSummary.Catalog(
                            path: path, components: 0,
                            problem:
                                "more than \(maximumComponentsInAll) components in all catalogs "
                                + "with this one (the most capcheck reads)"))
                    continue
                }
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

import CapabilityProbe

/// The kinds of catalog `--catalog PATH` reads, each declared once: what its help says, how
/// a path is recognised as one, and how it loads.
enum CatalogKind: CaseIterable {
    /// A Play Console device-catalog export (a CSV file).
    case playExport
    /// A folder of phone captures (`capcheck capture android|ios -o FILE`), one row each.
    case captureFolder

    /// How the option's help names it.
    var help: String {
        switch self {
        case .playExport:
            return
                "A Play Console device-catalog export (CSV); rows take their features from the built-in android catalog where it has the same device"
        case .captureFolder:
            return
                "a folder of phone captures ('capture android|ios -o FILE'), one row each, filtered as Google Play or the App Store does"
        }
    }

    /// The kind a path names: a directory is a capture folder, anything else an export.
    /// - Parameter path: The `--catalog` value.
    /// - Returns: The kind.
    static func of(_ path: String) -> CatalogKind {
        CaptureFolder.isFolder(path) ? .captureFolder : .playExport
    }

    /// Loads the catalog, reporting failures in one line: an unreadable one exit 66, a bad
    /// one (or a folder without a capture) 65. A folder's files that are no captures are
    /// warnings on standard error, each naming the file.
    /// - Parameters:
    ///   - path: The file or folder.
    ///   - env: The command environment.
    /// - Returns: The catalog, or the exit code of the reported failure.
    func load(_ path: String, env: CommandEnvironment) -> MatrixInputs.Loaded<DeviceCatalog?> {
        switch self {
        case .playExport:
            do {
                return .value(.play(try PlayConsoleCatalog.parse(contentsOf: path), path: path))
            } catch {
                return .failed(env.fail(error))
            }
        case .captureFolder:
            let loaded: CaptureFolder.Loaded
            do {
                loaded = try CaptureFolder.load(directory: path)
            } catch {
                return .failed(env.fail(error))
            }
            for warning in loaded.warnings {
                env.stderr.line("capcheck: warning: " + TerminalText.sanitize(warning))
            }
            guard !loaded.catalog.entries.isEmpty else {
                return .failed(
                    env.fail(
                        "\(path): no Android or iOS capture in the folder "
                            + "(capcheck capture android|ios -o FILE writes one)", .dataError))
            }
            return .value(.captures(loaded.catalog, path: path))
        }
    }
}

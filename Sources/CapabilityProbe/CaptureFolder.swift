import CapabilityInput
import CapabilityMatrix
import CapabilityModel
import CapabilityRecordings
import CapabilitySupport
import FoundationEssentials

/// A folder of phone captures (`capcheck capture android|ios -o FILE`) read as a device
/// catalog: every regular, non-hidden file that opens with a capture header is a row; a file
/// that is no capture, or that cannot be read, is a warning naming it (and the line), never a
/// failure of the whole folder.
public enum CaptureFolder {
    /// The largest capture file read (a real one is well under 1 MiB).
    public static let fileLimit = 64 << 20

    /// What a folder gave: the catalog and the files set aside, one line each.
    public struct Loaded: Sendable {
        /// The captures as a catalog (empty when the folder holds none).
        public var catalog: CaptureCatalog
        /// One line per file set aside or per capture with odd lines (`FILE: line 3: …`).
        public var warnings: [String]
    }

    /// Whether a path names a directory (a capture folder rather than a catalog file).
    /// - Parameter path: The `--catalog` value.
    /// - Returns: True for a directory.
    public static func isFolder(_ path: String) -> Bool {
        InputFile.isDirectory(path)
    }

    /// Reads a folder's captures in file-name order.
    /// - Parameter directory: The folder.
    /// - Returns: The catalog and the warnings.
    /// - Throws: ``SourceError/unreadable(path:reason:)`` when the folder cannot be listed.
    public static func load(directory: String) throws(SourceError) -> Loaded {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw .unreadable(path: directory, reason: "cannot list the directory")
        }
        var entries: [CaptureCatalog.Entry] = []
        var warnings: [String] = []
        var apple: AppleCatalog?
        for name in names.filter({ !$0.hasPrefix(".") }).sorted() {
            let path = PathText.appending(name, to: directory)
            guard InputFile.isRegularFile(path) else { continue }
            let text: String
            do {
                let reader = try InputFile.Reader(path, regularFileOnly: true)
                guard reader.size <= fileLimit else {
                    warnings.append("\(path): \(reader.size) bytes, more than a capture's")
                    continue
                }
                text = String(decoding: try reader.readAll(), as: UTF8.self)
            } catch {
                warnings.append("\(path): \(error.reason)")
                continue
            }
            let head = text.prefix(256)
            do throws(InputProblem) {
                if IOSCapture.looksLikeCapture(head) {
                    let capture = try IOSCapture(parsing: text)
                    warnings += capture.warnings.prefix(1).map { "\(path): \($0)" }
                    entries.append(
                        .apple(
                            CaptureCatalog.AppleDevice(
                                file: name, productType: capture.productType,
                                installed: capture.productVersion.flatMap { OSVersion($0) })))
                    if apple == nil,
                        case .apple(let catalog)? = try? BuiltinMatrices.catalog("apple")
                    {
                        apple = catalog
                    }
                } else {
                    // Anything else is read as an Android capture, whose reader names the line
                    // that shows it is none.
                    let capture = try AndroidCapture(parsing: text)
                    warnings += capture.warnings.prefix(1).map { "\(path): \($0)" }
                    entries.append(.android(file: name, device: capture.playDevice))
                }
            } catch {
                warnings.append("\(path): \(error)")
            }
        }
        var catalog = CaptureCatalog(entries: entries)
        catalog.appleCatalog = apple
        return Loaded(catalog: catalog, warnings: warnings)
    }
}

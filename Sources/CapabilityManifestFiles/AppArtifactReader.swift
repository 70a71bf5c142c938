import CapabilitySupport
import FoundationEssentials
import CapabilityInput
import CapabilityManifest
import CapabilityModel

/// Reads the manifest inside a built app: an `.apk` (binary XML `AndroidManifest.xml`), an
/// `.aab` (protobuf `base/manifest/AndroidManifest.xml`), an `.ipa`
/// (`Payload/*.app/Info.plist`) or an `.app` bundle directory. Detected by content; entries
/// are read into memory with size and ratio bounds, never extracted.
package struct AppArtifactReader {
    /// The kinds of built app.
    package enum Kind: String, Sendable {
        case apk = "APK"
        case appBundle = "Android App Bundle"
        case ipa = "IPA"
        case appDirectory = ".app bundle"
    }

    /// The file name used in messages.
    package let path: String
    /// Unknown-key and implied-feature handling.
    package let options: ManifestLoadOptions

    /// A reader.
    /// - Parameters:
    ///   - path: The file name used in messages.
    ///   - options: Unknown-key and implied-feature handling.
    package init(path: String, options: ManifestLoadOptions) {
        self.path = path
        self.options = options
    }

    /// The largest manifest or Info.plist read from an archive.
    static let maxManifestBytes = 8 * 1024 * 1024
    static let apkManifest = "AndroidManifest.xml"
    static let bundleManifest = "base/manifest/AndroidManifest.xml"

    /// Whether the bytes are a zip archive (local file header or an empty archive's end record).
    static func isZip(_ data: Data) -> Bool {
        data.starts(with: [0x50, 0x4b, 0x03, 0x04]) || data.starts(with: [0x50, 0x4b, 0x05, 0x06])
    }

    /// Reads the manifest of a zipped app.
    /// - Parameter data: The archive's bytes.
    /// - Returns: The manifest, with a note saying where it came from.
    /// - Throws: ``ManifestError/malformed(path:place:reason:)`` for a damaged archive, a zip
    ///   bomb, an entry name that escapes the archive, no manifest inside, or a bad manifest.
    package func read(zip data: Data) throws(ManifestError) -> Manifest {
        let archive: ZipArchive
        do {
            archive = try ZipArchive(data: data)
        } catch {
            throw describe(error)
        }
        return try read(archive)
    }

    /// Reads the manifest of a zipped app from a file, which libzip reads in place.
    /// - Parameter file: The archive's path.
    /// - Returns: The manifest, with a note saying where it came from.
    /// - Throws: ``ManifestError`` as ``read(zip:)`` does.
    package func read(zipAt file: String) throws(ManifestError) -> Manifest {
        let archive: ZipArchive
        do {
            archive = try ZipArchive(path: file)
        } catch {
            throw describe(error)
        }
        return try read(archive)
    }

    /// Reads an `AndroidManifest.xml` already taken out of an APK (binary XML on its own).
    /// - Parameter data: The binary XML.
    /// - Returns: The manifest.
    /// - Throws: ``ManifestError`` naming the byte offset and defect.
    package func read(binaryXML data: Data) throws(ManifestError) -> Manifest {
        let root: AndroidXMLElement
        do {
            root = try BinaryXMLDecoder(Array(data)).decode()
        } catch {
            throw .malformed(path: path, error)
        }
        return try checkedAndroid(root, entry: nil)
    }

    private func read(_ archive: ZipArchive) throws(ManifestError) -> Manifest {
        let entries: [ZipArchive.Entry]
        do {
            entries = try archive.entries()
        } catch {
            throw describe(error)
        }
        for entry in entries where Self.escapes(entry.name) {
            throw .malformed(
                path: path, place: nil,
                reason:
                    "entry '\(entry.name)' escapes the archive (path traversal); not a valid app archive"
            )
        }
        if let entry = entries.first(where: { $0.name == Self.apkManifest }) {
            let bytes = try read(entry, from: archive)
            var manifest = try android(bytes, entry: entry.name, kind: .apk)
            manifest.store.nativeABIs = Self.nativeABIs(entries, under: "lib/")
            return manifest
        }
        if let entry = entries.first(where: { $0.name == Self.bundleManifest }) {
            let bytes = try read(entry, from: archive)
            let root: AndroidXMLElement
            do {
                root = try ProtoXMLDecoder(Array(bytes)).decode()
            } catch {
                throw .malformed(
                    path: path, place: entry.name,
                    reason:
                        "\(error.reason) (\(error.place?.description ?? "") of the protobuf XML)")
            }
            var manifest = finish(
                try checkedAndroid(root, entry: entry.name), kind: .appBundle, entry: entry.name)
            manifest.store.nativeABIs = Self.nativeABIs(entries, under: "base/lib/")
            return manifest
        }
        let plists = entries.filter { Self.isPayloadInfoPlist($0.name) }.sorted {
            $0.name < $1.name
        }
        if let entry = plists.first {
            let bytes = try read(entry, from: archive)
            var manifest: Manifest
            do {
                manifest = try PlistManifestReader(path: path, options: options).read(bytes)
            } catch {
                throw Self.inEntry(error, entry.name)
            }
            if plists.count > 1 {
                manifest.warnings.append(
                    "\(plists.count) apps under Payload/; capcheck read \(entry.name)")
            }
            return finish(manifest, kind: .ipa, entry: entry.name)
        }
        throw .malformed(
            path: path, place: nil,
            reason:
                "a zip archive without \(Self.apkManifest), \(Self.bundleManifest) or Payload/*.app/Info.plist: not an APK, app bundle or IPA"
        )
    }

    /// A reader's error about an archive entry, its place led by the entry's name (as the
    /// APK's errors are), so the message names the archive, the entry and the defect.
    private static func inEntry(_ error: ManifestError, _ entry: String) -> ManifestError {
        func place(_ inner: String?) -> String { inner.map { "\(entry): \($0)" } ?? entry }
        switch error {
        case .malformed(let path, let inner, let reason):
            return .malformed(path: path, place: place(inner), reason: reason)
        case .unknownKey(let path, let inner, let key, let suggestion):
            return .unknownKey(path: path, place: place(inner), key: key, suggestion: suggestion)
        case .unreadable:
            return error
        }
    }

    /// Reads an `.app` bundle directory's Info.plist (`Info.plist` or `Contents/Info.plist`).
    /// - Returns: The manifest.
    /// - Throws: ``ManifestError`` when the directory has no readable Info.plist.
    func readDirectory() throws(ManifestError) -> Manifest {
        for relative in ["Info.plist", "Contents/Info.plist"] {
            let candidate = PathText.appending(relative, to: path)
            guard FileManager.default.fileExists(atPath: candidate) else { continue }
            let data: Data
            do {
                data = try InputFile.read(candidate, limit: InputFile.maximumBytes)
            } catch {
                throw .unreadable(path: candidate, reason: error.reason)
            }
            let manifest = try PlistManifestReader(path: path, options: options).read(data)
            return finish(manifest, kind: .appDirectory, entry: relative)
        }
        throw .malformed(
            path: path, place: nil,
            reason: "a directory without Info.plist or Contents/Info.plist: not an .app bundle")
    }

    // MARK: - Helpers

    private func android(_ bytes: Data, entry: String, kind: Kind) throws(ManifestError)
        -> Manifest
    {
        let raw = Array(bytes)
        guard BinaryXMLDecoder.looksLikeBinaryXML(raw) else {
            // `aapt2 link --proto-format` writes the manifest as protobuf XML, as in an app
            // bundle; a hand-made archive may hold the text manifest.
            let first = raw.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
            if first != UInt8(ascii: "<"), let root = try? ProtoXMLDecoder(raw).decode() {
                return finish(try checkedAndroid(root, entry: entry), kind: kind, entry: entry)
            }
            let manifest = try AndroidManifestReader(path: path, options: options).read(bytes)
            return finish(manifest, kind: kind, entry: entry)
        }
        let root: AndroidXMLElement
        do {
            root = try BinaryXMLDecoder(raw).decode()
        } catch {
            throw .malformed(
                path: path, place: entry,
                reason: "\(error.reason) (\(error.place?.description ?? "") of the binary XML)")
        }
        return finish(try checkedAndroid(root, entry: entry), kind: kind, entry: entry)
    }

    private func checkedAndroid(_ root: AndroidXMLElement, entry: String?) throws(ManifestError)
        -> Manifest
    {
        guard root.name == "manifest" else {
            throw .malformed(
                path: path, place: entry,
                reason:
                    "the root element is <\(root.name)>, expected <manifest>"
            )
        }
        return AndroidManifestReader(path: path, options: options).read(root: root)
    }

    private func finish(_ manifest: Manifest, kind: Kind, entry: String) -> Manifest {
        var result = manifest
        result.notes.insert("read from the \(kind.rawValue)'s \(entry)", at: 0)
        return result
    }

    private func read(_ entry: ZipArchive.Entry, from archive: ZipArchive) throws(ManifestError)
        -> Data
    {
        do {
            return try archive.read(entry, limit: Self.maxManifestBytes)
        } catch {
            throw describe(error)
        }
    }

    private func describe(_ problem: InputProblem) -> ManifestError {
        problem.isUnreadable
            ? .unreadable(path: path, reason: problem.reason) : .malformed(path: path, problem)
    }

    /// Whether an entry name would leave the directory it is unpacked in (absolute, a `..`
    /// component, a backslash path or a drive letter).
    static func escapes(_ name: String) -> Bool {
        if name.hasPrefix("/") || name.hasPrefix("\\") { return true }
        if name.count >= 2, name.dropFirst().first == ":" { return true }
        let components = name.split(whereSeparator: { $0 == "/" || $0 == "\\" })
        return components.contains("..")
    }

    /// The names directly under a folder of the archive (`lib/` of an APK, `base/lib/` of an
    /// app bundle), sorted: aapt's `native-code:` and `alt-native-code:` together, which list
    /// what the APK's `lib/` folder holds (its ABI folders).
    static func nativeABIs(_ entries: [ZipArchive.Entry], under folder: String) -> [String] {
        var names: Set<String> = []
        for entry in entries where entry.name.hasPrefix(folder) {
            let rest = entry.name.dropFirst(folder.count)
            guard let name = rest.split(separator: "/", omittingEmptySubsequences: false).first,
                !name.isEmpty
            else { continue }
            names.insert(String(name))
        }
        return names.sorted()
    }

    /// `Payload/<name>.app/Info.plist`, exactly one level under Payload/.
    static func isPayloadInfoPlist(_ name: String) -> Bool {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 3 && parts[0] == "Payload" && parts[1].hasSuffix(".app")
            && parts[1].count > 4 && parts[2] == "Info.plist"
    }
}

import FoundationEssentials
import CapabilityInput
import CapabilityManifest
import CapabilityModel

/// Reads a manifest file of any supported kind, detected by content unless given.
public enum ManifestLoader {
    /// Reads a manifest from disk: a manifest file, a built app (`.apk`, `.aab`, `.ipa`, by
    /// content) or an `.app` bundle directory.
    /// - Parameters:
    ///   - path: The file path.
    ///   - kind: The format, or nil to detect it by content.
    ///   - options: Unknown-key and implied-feature handling.
    /// - Returns: The manifest.
    /// - Throws: ``ManifestError/unreadable(path:reason:)`` for a missing file, otherwise
    ///   ``ManifestError`` naming the place and reason (quoting nothing of a file reached
    ///   through a symbolic link another user owns).
    public static func load(
        path: String, kind: ManifestKind? = nil, options: ManifestLoadOptions = .init()
    )
        throws(ManifestError) -> Manifest
    {
        do {
            return try loadQuoting(path: path, kind: kind, options: options)
        } catch {
            throw InputFile.mayQuoteContent(of: path) ? error : error.quotingNothing()
        }
    }

    /// Whether a message about `path` may quote the file (a key, a value, an id): not when
    /// the path passes through a symbolic link another user owns, which may point at a file
    /// only the invoking user can read (``ManifestError/quotingNothing()`` is thrown then).
    /// - Parameter path: The path as given.
    /// - Returns: False for a path through another user's link.
    public static func mayQuoteContent(of path: String) -> Bool {
        InputFile.mayQuoteContent(of: path)
    }

    private static func loadQuoting(
        path: String, kind: ManifestKind?, options: ManifestLoadOptions
    ) throws(ManifestError) -> Manifest {
        if isDirectory(path) {
            return try AppArtifactReader(path: path, options: options).readDirectory()
        }
        if isZip(path) {
            // Read by path: libzip seeks in the file, so a large APK is never held in memory.
            return try checked(
                AppArtifactReader(path: path, options: options).read(zipAt: path), kind: kind)
        }
        return try load(data: bytes(path: path), path: path, kind: kind, options: options)
    }

    /// Whether a path is a built app that ``load(path:kind:options:)`` reads in place (an
    /// `.app` directory or a zip: `.apk`, `.aab`, `.ipa`), rather than as manifest bytes. A
    /// FIFO or pipe is never looked into here (its first bytes would be gone): its bytes are
    /// read once, and a zip among them is read from memory.
    /// - Parameter path: The file path.
    /// - Returns: True for a directory or a regular file that starts like a zip.
    public static func isBuiltApp(path: String) -> Bool {
        isDirectory(path) || isZip(path)
    }

    /// Whether bytes already read (from a pipe, say) are a built app (a zip: `.apk`,
    /// `.aab`, `.ipa`), which ``load(data:path:kind:options:)`` reads from memory.
    /// - Parameter data: The bytes.
    /// - Returns: True for bytes that start like a zip.
    public static func isBuiltApp(data: Data) -> Bool {
        AppArtifactReader.isZip(data)
    }

    private static func isDirectory(_ path: String) -> Bool {
        InputFile.kind(of: path) == .directory
    }

    private static func isZip(_ path: String) -> Bool {
        guard InputFile.kind(of: path) == .regular, let reader = try? InputFile.Reader(path)
        else { return false }
        var head: [UInt8] = []
        guard (try? reader.read(into: &head, upTo: 4)) != nil else { return false }
        return AppArtifactReader.isZip(Data(head))
    }

    /// Reads a manifest from bytes.
    /// - Parameters:
    ///   - data: The bytes.
    ///   - path: The file name used in messages.
    ///   - kind: The format, or nil to detect it by content.
    ///   - options: Unknown-key and implied-feature handling.
    /// - Returns: The manifest.
    /// - Throws: ``ManifestError`` naming the file, place and reason.
    public static func load(
        data: Data, path: String, kind: ManifestKind? = nil, options: ManifestLoadOptions = .init()
    ) throws(ManifestError) -> Manifest {
        if AppArtifactReader.isZip(data) {
            return try checked(
                AppArtifactReader(path: path, options: options).read(zip: data), kind: kind)
        }
        if BinaryXMLDecoder.looksLikeBinaryXML(Array(data.prefix(8))) {
            return try checked(
                AppArtifactReader(path: path, options: options).read(binaryXML: data), kind: kind)
        }
        let resolved: ManifestKind
        if let kind {
            resolved = kind
        } else {
            resolved = try detect(data, path: path, names: options.names)
        }
        guard let format = ManifestFormats.format(of: resolved) else {
            throw .malformed(path: path, place: nil, reason: "no reader for \(resolved.rawValue)")
        }
        let bytes = format.inflatesGzip ? try inflatedIfNeeded(data, path: path) : data
        return try format.read(bytes, path: path, options: options)
    }

    /// A built app is detected by content; a kind asked for must be the one it holds.
    private static func checked(_ manifest: Manifest, kind: ManifestKind?) throws(ManifestError)
        -> Manifest
    {
        guard let kind, kind != manifest.kind else { return manifest }
        throw .malformed(
            path: manifest.path, place: nil,
            reason:
                "a built app whose manifest is \(manifest.kind.rawValue), not \(kind.rawValue)")
    }

    /// Detects the manifest kind by content, asking each of ``ManifestFormats/all`` in turn:
    /// first for a binary signature, then for its XML root element, then for its text form
    /// (the `.plist` extension only breaks the tie between JSON and OpenStep text, so that
    /// OpenStep is rejected by name).
    /// - Parameters:
    ///   - data: The bytes.
    ///   - path: The file name.
    ///   - names: How the message names the option that gives the kind.
    /// - Returns: The kind.
    /// - Throws: ``ManifestError/malformed(path:place:reason:)`` when nothing fits.
    public static func detect(_ data: Data, path: String, names: OptionNames = .swift)
        throws(ManifestError) -> ManifestKind
    {
        guard !data.isEmpty else {
            throw .malformed(path: path, place: nil, reason: "the file is empty")
        }
        let formats = ManifestFormats.all
        let bytes = ManifestContent(data: data, path: path)
        if let format = formats.first(where: { $0.recognisesBytes(bytes) }) { return format.kind }
        if XMLInputGuard.looksLikeUTF16WithoutBOM(data) {
            throw .malformed(path: path, place: nil, reason: XMLInputGuard.utf16WithoutBOM)
        }
        let text = Self.leadingText(data)
        let content = ManifestContent(
            data: data, path: path, text: text.drop { $0.isWhitespace || $0 == "\u{FEFF}" },
            failsJSONSyntax: { JSONCheck.problem(in: data)?.isSyntax == true })
        if content.text.hasPrefix("<") {
            let roots = formats.compactMap { format in format.xmlRoot.map { (format, $0) } }
            for (format, root) in roots where content.text.contains("<" + root.element) {
                return format.kind
            }
            let named = roots.map { "\($0.1.name) (<\($0.1.element)>)" }
            throw .malformed(
                path: path, place: nil, reason: "XML that is not \(ManifestFormats.listed(named))")
        }
        if let format = formats.first(where: { $0.recognisesText(content) }) { return format.kind }
        throw .malformed(
            path: path, place: nil,
            reason:
                "not \(ManifestFormats.listed(formats.map(\.recognised))) "
                + "(use \(names.kind) to say which)"
        )
    }

    /// The first few KiB as text: UTF-16 when a byte-order mark says so, else UTF-8.
    static func leadingText(_ data: Data) -> String {
        let head = Array(data.prefix(4096))
        guard head.count >= 2 else { return String(decoding: head, as: UTF8.self) }
        let littleEndian: Bool
        switch (head[0], head[1]) {
        case (0xFF, 0xFE): littleEndian = true
        case (0xFE, 0xFF): littleEndian = false
        default: return String(decoding: head, as: UTF8.self)
        }
        return String(
            decoding: XMLInputGuard.utf16Units(head, littleEndian: littleEndian), as: UTF16.self)
    }
}

extension ManifestLoader {
    /// Reads a manifest file's bytes: a regular file, or a FIFO or pipe read once to its
    /// end; at most 256 MiB either way.
    /// - Parameter path: The file path.
    /// - Returns: The bytes.
    /// - Throws: ``ManifestError/unreadable(path:reason:)`` for a missing or unreadable file,
    ///   ``ManifestError/malformed(path:place:reason:)`` for one larger than the bound.
    public static func bytes(path: String) throws(ManifestError) -> Data {
        try bytes(path: path, regularFileOnly: false)
    }

    /// A manifest file's bytes as ``bytes(path:)`` reads them; with `regularFileOnly`, a
    /// link, FIFO or device is refused without being followed or waited on.
    static func bytes(path: String, regularFileOnly: Bool) throws(ManifestError) -> Data {
        do {
            return try InputFile.read(
                path, limit: InputFile.maximumBytes, regularFileOnly: regularFileOnly)
        } catch {
            if !error.isUnreadable {
                throw .malformed(path: path, place: nil, reason: error.reason)
            }
            throw .unreadable(path: path, reason: error.reason)
        }
    }

    /// Reads every component of an AppStream metainfo file or catalog (plain or gzip).
    /// - Parameters:
    ///   - data: The bytes.
    ///   - path: The file name used in messages.
    ///   - options: Implied-relation handling.
    /// - Returns: One manifest per component, in document order.
    /// - Throws: ``ManifestError`` naming the file, place and reason.
    public static func loadAppStreamComponents(
        data: Data, path: String, options: ManifestLoadOptions = .init()
    ) throws(ManifestError) -> [AppStreamComponentManifest] {
        try AppStreamReader(path: path, options: options).readAll(
            inflatedIfNeeded(data, path: path))
    }
}

extension ManifestLoader {
    /// The most a gzip catalog may inflate to: twice the largest real catalog (Flathub's,
    /// about 60 MiB); the inflated document is held in memory while it is parsed.
    static let maximumInflatedBytes = 128 * 1024 * 1024

    /// Whether the bytes are gzip-compressed (magic 1f 8b).
    static func isGzip(_ data: Data) -> Bool { data.starts(with: [0x1F, 0x8B]) }

    /// The bytes inflated when they are gzip (a compressed AppStream catalog), else as they are.
    static func inflatedIfNeeded(_ data: Data, path: String) throws(ManifestError) -> Data {
        guard isGzip(data) else { return data }
        do {
            return try GzipInflater.inflate(data, limit: maximumInflatedBytes)
        } catch {
            throw .malformed(path: path, error)
        }
    }
}

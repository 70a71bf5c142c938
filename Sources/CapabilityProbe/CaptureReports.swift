import CapabilityInput
import CapabilityMatrix
import CapabilityModel
import CapabilityRecordings
import FoundationEssentials

/// A phone capture read where a machine recording is (`report --from`, a fleet folder,
/// `list --from -`): sniffed by its header line, and classified as `list --from` lists it
/// (``AndroidCapture/report(path:)``, ``IOSCapture/report(path:catalog:)``).
public enum CaptureReports {
    /// The report of a text that opens with a capture header, or nil for any other text.
    /// - Parameters:
    ///   - text: The whole input.
    ///   - path: Where it came from, for the report and errors.
    /// - Returns: The report, or nil when the text is no capture.
    /// - Throws: ``SourceError/malformed(path:line:reason:)`` for a capture of another version,
    ///   or an iOS capture whose model the built-in catalog does not hold.
    public static func report(text: String, path: String) throws(SourceError) -> CapabilityReport? {
        let head = text.prefix(256)
        if AndroidCapture.looksLikeCapture(head) {
            do {
                return try AndroidCapture(parsing: text).report(path: path)
            } catch {
                throw .malformed(path: path, line: error.place?.line, reason: error.reason)
            }
        }
        guard IOSCapture.looksLikeCapture(head) else { return nil }
        let capture: IOSCapture
        do {
            capture = try IOSCapture(parsing: text)
        } catch {
            throw .malformed(path: path, line: error.place?.line, reason: error.reason)
        }
        guard case .apple(let catalog)? = try? BuiltinMatrices.catalog("apple"),
            let report = capture.report(path: path, catalog: catalog)
        else {
            let model = capture.productType ?? "the capture's model (no ProductType)"
            throw .malformed(
                path: path, line: nil, reason: "\(model) is not in the built-in apple catalog")
        }
        return report
    }

    /// Whether the first bytes of an input open with a capture header.
    /// - Parameter head: The input's first bytes (256 are enough).
    /// - Returns: True for an Android or iOS capture.
    public static func looksLikeCapture(_ head: some Collection<UInt8>) -> Bool {
        let text = String(decoding: head.prefix(256), as: UTF8.self)[...]
        return AndroidCapture.looksLikeCapture(text) || IOSCapture.looksLikeCapture(text)
    }

    /// The report of a file that opens with a capture header, or nil for any other file
    /// (only its first bytes are read then).
    /// - Parameter path: The file.
    /// - Returns: The report, or nil when the file is no capture (or cannot be opened: the
    ///   recording readers report that).
    /// - Throws: ``SourceError`` for a capture that cannot be read.
    public static func report(contentsOf path: String) throws(SourceError) -> CapabilityReport? {
        guard let reader = try? InputFile.Reader(path, regularFileOnly: true) else { return nil }
        var head: [UInt8] = []
        guard (try? reader.read(into: &head, upTo: 256)) != nil else { return nil }
        guard looksLikeCapture(head) else { return nil }
        guard reader.size <= CaptureFolder.fileLimit else {
            throw .malformed(
                path: path, line: nil,
                reason: "\(reader.size) bytes, more than a capture's \(CaptureFolder.fileLimit)")
        }
        let bytes: [UInt8]
        do {
            let whole = try InputFile.Reader(path, regularFileOnly: true)
            bytes = try whole.readAll()
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
        return try report(text: String(decoding: bytes, as: UTF8.self), path: path)
    }
}

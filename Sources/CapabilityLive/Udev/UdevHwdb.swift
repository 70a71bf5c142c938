import CapabilitySupport
import CUdev
import CapabilityModel

/// The hwdb: names and quirks for modaliases without udevd, read through libudev's
/// `udev_hwdb` (udev_hwdb_new(3)), which this owns and frees in `deinit`.
///
/// Each modalias is looked up once: many devices share one (bridges, hubs, the functions of
/// one chip), and a dictionary look-up costs far less than a walk of hwdb.bin's trie.
/// Not shared between threads (the answers are cached in place).
package final class UdevHwdb {
    private let pointer: OpaquePointer
    /// Kept so the context outlives the hwdb that refers to it.
    private let context: UdevContext
    /// The answers given so far, by modalias.
    private var answers: [String: [String: String]] = [:]

    /// This machine's hwdb (`udev_hwdb_new(3)`).
    /// - Parameter context: The libudev context.
    /// - Throws: When libudev finds no hwdb.bin it can read.
    package init(context: UdevContext) throws(SourceError) {
        guard let pointer = udev_hwdb_new(context.pointer) else {
            throw .udev(function: "udev_hwdb_new", errno: Errno.noSuchFile.code)
        }
        self.pointer = pointer
        self.context = context
    }

    deinit { udev_hwdb_unref(pointer) }

    /// The properties of a modalias (`udev_hwdb_get_properties_list_entry`).
    package func properties(modalias: String) -> [String: String] {
        if let known = answers[modalias] { return known }
        var result: [String: String] = [:]
        let first = udev_hwdb_get_properties_list_entry(pointer, modalias, 0)
        for (name, value) in UdevContext.pairs(first) { result[name] = value ?? "" }
        answers[modalias] = result
        return result
    }
}

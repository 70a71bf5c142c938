import CUdev
import CapabilityModel

/// The hwdb: names and quirks for modaliases without udevd. Read by our own code
/// (``HwdbFile``) when this machine's hwdb.bin is one it knows, else through libudev's
/// `udev_hwdb` (udev_hwdb_new(3)), which this then owns and frees in `deinit`.
package final class UdevHwdb {
    /// Which reader answers.
    private enum Reader {
        case file(HwdbFile)
        case library(OpaquePointer, UdevContext)
    }
    private let reader: Reader

    /// This machine's hwdb: ``HwdbFile/system()``, else `udev_hwdb_new(3)`.
    /// - Parameter context: The libudev context, used only when libudev must read the file.
    /// - Throws: When there is no hwdb.bin (`/usr/lib/udev/hwdb.bin`) libudev can read.
    package convenience init(context: UdevContext) throws(UdevError) {
        if let file = HwdbFile.system() {
            self.init(file: file)
        } else {
            try self.init(libudev: context)
        }
    }

    /// A hwdb read by our own code.
    /// - Parameter file: The mapped database.
    package init(file: HwdbFile) {
        reader = .file(file)
    }

    /// libudev's own reader (`udev_hwdb_new(3)`): the reference HwdbFileTests compares with.
    /// - Parameter context: The libudev context.
    /// - Throws: When libudev finds no hwdb.bin.
    package init(libudev context: UdevContext) throws(UdevError) {
        guard let pointer = udev_hwdb_new(context.pointer) else {
            throw .call("udev_hwdb_new", .noSuchFile)
        }
        reader = .library(pointer, context)
    }

    deinit {
        if case .library(let pointer, _) = reader { udev_hwdb_unref(pointer) }
    }

    /// The properties of a modalias (`udev_hwdb_get_properties_list_entry`).
    package func properties(modalias: String) -> [String: String] {
        switch reader {
        case .file(let file):
            return file.properties(modalias: modalias)
        case .library(let pointer, _):
            var result: [String: String] = [:]
            let first = udev_hwdb_get_properties_list_entry(pointer, modalias, 0)
            for (name, value) in UdevContext.pairs(first) { result[name] = value ?? "" }
            return result
        }
    }
}

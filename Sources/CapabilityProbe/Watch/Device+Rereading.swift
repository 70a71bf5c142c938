import Foundation

extension Device {
    /// The record with some sysfs attributes read again (the watcher polls values that
    /// change without a uevent); an attribute whose file is missing drops out.
    /// - Parameters:
    ///   - names: Attribute names, relative to the device directory.
    ///   - sysfsRoot: The sysfs mount point.
    /// - Returns: The refreshed record.
    func rereading(_ names: [String], sysfsRoot: String) -> Device {
        var device = self
        for name in names {
            let path = sysfsRoot + id + "/" + name
            if let data = FileManager.default.contents(atPath: path) {
                device.attributes[name] = String(decoding: data, as: UTF8.self)
                    .trimmingCharacters(in: .newlines)
            } else {
                device.attributes[name] = nil
            }
        }
        return device
    }
}

/// Small record helpers shared by the probers.
extension Device {
    /// The sysfs attribute when recorded, else the udev property (dumps have only properties).
    /// - Parameters:
    ///   - attribute: The sysfs attribute name.
    ///   - property: The udev property name.
    /// - Returns: The trimmed non-empty value.
    func value(attribute: String, property: String) -> String? {
        if let value = self.attribute(attribute), !value.isEmpty { return value }
        return self.property(property)
    }

    /// A kernel bitmap from an attribute (`capabilities/ev`) or its uevent property (`EV`).
    /// - Parameters:
    ///   - attribute: The sysfs attribute.
    ///   - property: The uevent property.
    ///   - wordBits: The kernel `long` size.
    /// - Returns: The bitmap, if recorded and well formed.
    func bitmask(attribute: String, property: String, wordBits: Int) -> Bitmask? {
        value(attribute: attribute, property: property).flatMap { Bitmask($0, wordBits: wordBits) }
    }

    /// The input device name (`name` attribute, else the quoted `NAME` property).
    var inputName: String? {
        guard let raw = value(attribute: "name", property: "NAME") else { return nil }
        var name = Substring(raw)
        if name.count >= 2, name.first == "\"", name.last == "\"" {
            name = name.dropFirst().dropLast()
        }
        return name.isEmpty ? nil : String(name)
    }

    /// Whether this is an `inputN` device (not an `eventN`/`mouseN`/`jsN` node child).
    var isInputDevice: Bool {
        guard subsystem == "input", sysname.hasPrefix("input") else { return false }
        return sysname.dropFirst("input".count).allSatisfy(\.isNumber) && sysname.count > 5
    }

    /// The input bus type (`id/bustype` attribute, else the first field of `PRODUCT`).
    var inputBusType: Int? {
        if let text = attribute("id/bustype"), let value = Int(text, radix: 16) { return value }
        if let product = property("PRODUCT"), let first = product.split(separator: "/").first {
            return Int(first, radix: 16)
        }
        return nil
    }

    /// A flag property equal to `1`.
    /// - Parameter key: The property name.
    /// - Returns: `true` when set to `1`.
    func flag(_ key: String) -> Bool { property(key) == "1" }
}

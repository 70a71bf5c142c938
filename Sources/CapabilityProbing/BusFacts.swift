import CapabilitySupport
import FoundationEssentials
import CapabilityModel

/// Bus-level facts read from device records the same way whatever the source: PCI class and
/// ids, USB ids and interface classes, and the physical function a class device hangs off.
///
/// Each reader tries the udev property first (dumps, live with udevd), then the uevent
/// property (live without udevd), then the sysfs attribute (recordings, live).
package enum BusFacts {
    /// `OF_COMPATIBLE_0` … `OF_COMPATIBLE_15`, the device-tree compatible properties, written
    /// once: probers read them on every record, where a key built for each look-up cost more
    /// than the look-up.
    static let compatibleKeys = (0..<16).map { "OF_COMPATIBLE_\($0)" }

    /// The values of `OF_COMPATIBLE_0` … `OF_COMPATIBLE_<count - 1>` a record has, in that
    /// order. Most records (every one of a PC) have none: one search for the keys' common
    /// prefix finds that, instead of one search a key.
    /// - Parameters:
    ///   - device: The record.
    ///   - count: How many of the numbered keys to read (at most 16).
    /// - Returns: The compatibles found, skipping a missing number.
    static func compatibles(_ device: Device, first count: Int) -> [String] {
        guard !device.propertyList.pairs(withPrefix: "OF_COMPATIBLE_").isEmpty else { return [] }
        return compatibleKeys.prefix(count).compactMap { device.property($0) }
    }

    /// The 24-bit PCI class of a PCI function (`0x028000` for Wi-Fi), if recorded.
    static func pciClass(_ device: Device) -> Int? {
        guard device.is(.pci) else { return nil }
        if let value = device.property("PCI_CLASS"), let number = Int(value, radix: 16) {
            return number
        }
        if let value = device.attribute("class") { return hexNumber(value) }
        return nil
    }

    /// The `vendor:device` id of a PCI function in lower case (`8086:0085`), if recorded.
    static func pciID(_ device: Device) -> String? {
        guard device.is(.pci) else { return nil }
        if let value = device.property("PCI_ID") { return value.lowercased() }
        if let vendor = device.attribute("vendor").flatMap(hexNumber),
            let product = device.attribute("device").flatMap(hexNumber)
        {
            return hex4(vendor) + ":" + hex4(product)
        }
        return nil
    }

    /// The `vendor:product` id of a USB device or interface in lower case (`0e8d:763f`).
    static func usbID(_ device: Device) -> String? {
        if let vendor = device.property("ID_VENDOR_ID"), let model = device.property("ID_MODEL_ID")
        {
            return vendor.lowercased() + ":" + model.lowercased()
        }
        if let product = device.property("PRODUCT") {
            // uevent `PRODUCT=bda/58f5/7331` (hex without leading zeros).
            let parts = product.split(separator: "/").compactMap { Int($0, radix: 16) }
            if parts.count >= 2 { return hex4(parts[0]) + ":" + hex4(parts[1]) }
        }
        if let vendor = device.attribute("idVendor").flatMap(hexNumber),
            let product = device.attribute("idProduct").flatMap(hexNumber)
        {
            return hex4(vendor) + ":" + hex4(product)
        }
        return nil
    }

    /// The class, subclass and protocol of a USB interface, if recorded.
    static func usbInterfaceClass(_ device: Device) -> (Int, Int, Int)? {
        if let value = device.property("INTERFACE") {
            let parts = value.split(separator: "/").compactMap { Int($0) }
            if parts.count == 3 { return (parts[0], parts[1], parts[2]) }
        }
        if let klass = device.attribute("bInterfaceClass").flatMap(hexNumber),
            let sub = device.attribute("bInterfaceSubClass").flatMap(hexNumber),
            let proto = device.attribute("bInterfaceProtocol").flatMap(hexNumber)
        {
            return (klass, sub, proto)
        }
        return nil
    }

    /// Whether a record is a USB interface.
    static func isUSBInterface(_ device: Device) -> Bool {
        device.devtype == "usb_interface" || isUSBInterfaceName(device.sysname)
    }

    /// Whether a record is a USB device (not an interface).
    static func isUSBDevice(_ device: Device) -> Bool {
        device.devtype == "usb_device"
            || (device.is(.usb) && isUSBDeviceName(device.sysname))
    }

    /// The id of the physical function a device belongs to: the nearest USB device
    /// (`wholeUSBDevice`) or USB interface, else the nearest PCI function, else the device
    /// the class directory hangs off. Works from the path alone, so partial sources too.
    static func physicalFunction(of id: String, wholeUSBDevice: Bool) -> String {
        let parts = id.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var usbInterface: Int?
        var usbDevice: Int?
        var pci: Int?
        for (index, part) in parts.enumerated() {
            if isUSBInterfaceName(part) { usbInterface = index }
            if isUSBDeviceName(part) { usbDevice = index }
            if isPCIName(part) { pci = index }
        }
        let chosen: Int?
        if wholeUSBDevice, let usbDevice, usbDevice > (pci ?? -1) {
            chosen = usbDevice
        } else if let usbInterface, usbInterface > (pci ?? -1) {
            chosen = usbInterface
        } else {
            chosen = pci
        }
        if let chosen { return parts[0...chosen].joined(separator: "/") }
        return classParent(of: id)
    }

    /// The device a class device hangs off: the path before its class directory
    /// (`…/0000:02:00.0` for `…/0000:02:00.0/net/wlan0`), else the parent path.
    static func classParent(of id: String) -> String {
        var parts = id.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 2 else { return id }
        parts.removeLast()
        if let last = parts.last.flatMap(Subsystem.init(rawValue:)),
            Subsystem.classDirectories.contains(last), parts.count > 2
        {
            parts.removeLast()
        }
        return parts.joined(separator: "/")
    }

    /// A human-readable name for a device from the udev databases or sysfs.
    package static func name(_ device: Device) -> String? {
        device.property("ID_MODEL_FROM_DATABASE") ?? device.property("ID_V4L_PRODUCT")
            ?? device.attribute("product") ?? device.property("ID_MODEL_ENC").map(unescapeUdev)
            ?? device.property("ID_MODEL")
    }

    /// The nearest recorded name walking up from a device, never past the physical function
    /// it belongs to: a class device or USB interface takes its PCI function's or USB
    /// device's name, but a PCI function or USB device without a name of its own has none
    /// (it must not take its parent bridge's or hub's name).
    static func nearestName(_ device: Device, in context: ProbeContext) -> String? {
        if let name = name(device) { return name }
        if isPhysicalFunction(device) { return nil }
        for ancestor in context.ancestors(of: device) {
            if let name = name(ancestor) { return name }
            if isPhysicalFunction(ancestor) { return nil }
        }
        return nil
    }

    /// Whether a record is a PCI function or a USB device: where a name belongs.
    static func isPhysicalFunction(_ device: Device) -> Bool {
        device.is(.pci) || isUSBDevice(device)
    }

    /// The driver of a device or, failing that, the nearest ancestor's driver.
    static func nearestDriver(_ device: Device, in context: ProbeContext) -> String? {
        if let driver = device.driver { return driver }
        return context.ancestors(of: device).lazy.compactMap(\.driver).first
    }

    /// Parses `0x028000`, `028000` or `e0` as hexadecimal.
    static func hexNumber(_ text: String) -> Int? {
        var value = text.trimming(.whitespacesAndNewlines).lowercased()
        if value.hasPrefix("0x") { value.removeFirst(2) }
        return Int(value, radix: 16)
    }

    /// Formats a number as four lower-case hex digits.
    package static func hex4(_ value: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Undoes udev's `\x20` escapes in `*_ENC` properties.
    static func unescapeUdev(_ value: String) -> String {
        guard value.contains("\\x") else { return value }
        var bytes: [UInt8] = []
        var scalars = Array(value.utf8)[...]
        while let first = scalars.first {
            if first == UInt8(ascii: "\\"), scalars.count >= 4,
                scalars[scalars.startIndex + 1] == UInt8(ascii: "x"),
                let byte = UInt8(
                    String(
                        decoding: scalars[(scalars.startIndex + 2)..<(scalars.startIndex + 4)],
                        as: UTF8.self),
                    radix: 16)
            {
                bytes.append(byte)
                scalars = scalars.dropFirst(4)
            } else {
                bytes.append(first)
                scalars = scalars.dropFirst()
            }
        }
        return String(decoding: bytes, as: UTF8.self).trimming(.whitespaces)
    }

    /// `1-5:1.0`, `3-1.2:1.10`.
    static func isUSBInterfaceName(_ name: String) -> Bool {
        guard let colon = name.firstIndex(of: ":") else { return false }
        return isUSBDeviceName(String(name[..<colon]))
            && name[name.index(after: colon)...].allSatisfy { $0.isNumber || $0 == "." }
            && name[name.index(after: colon)...].contains(".")
    }

    /// `1-5`, `3-1.2` (not the root hub `usb1`).
    static func isUSBDeviceName(_ name: String) -> Bool {
        guard let dash = name.firstIndex(of: "-"), dash > name.startIndex else { return false }
        let bus = name[..<dash]
        let port = name[name.index(after: dash)...]
        return !port.isEmpty && bus.allSatisfy(\.isNumber)
            && port.allSatisfy { $0.isNumber || $0 == "." }
    }

    /// `0000:02:00.0`.
    static func isPCIName(_ name: String) -> Bool {
        let parts = name.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2 else { return false }
        let slot = parts[2].split(separator: ".", omittingEmptySubsequences: false)
        guard slot.count == 2, slot[0].count == 2, slot[1].count == 1 else { return false }
        return (parts[0] + parts[1] + slot[0] + slot[1]).allSatisfy(\.isHexDigit)
    }
}

/// Small record helpers shared by the probers.
extension Device {
    /// A flag property equal to `1`.
    /// - Parameter key: The property name.
    /// - Returns: `true` when set to `1`.
    package func flag(_ key: String) -> Bool { property(key) == "1" }
}

/// One physical radio function (PCI function, USB device or interface, SDIO function, UART)
/// found by the Wi-Fi, Bluetooth, cellular, NFC and GNSS probers.
package struct RadioFunction: Sendable {
    /// The function's device id.
    package var id: String
    /// The rules that matched, in words.
    package var reasons: [String] = []
    /// The product name.
    package var name: String?
    /// The driver.
    package var driver: String?
    /// The PCI `vendor:device` id.
    var pciID: String?
    /// The USB `vendor:product` id.
    var usbID: String?
    /// Network interfaces (`wlan0`, `wwan0`).
    package var interfaces: [String] = []
    /// wiphys (`phy0`).
    var phys: [String] = []
    /// Other class devices (`hci0`, `cdc-wdm0`, `wwan0at0`, `nfc0`, `gnss0`).
    package var nodes: [String] = []
    /// Whether the hardware is proven: a kernel class device, a bus that enumerated it, or
    /// a driver that bound to it. False only for a firmware declaration nothing confirmed.
    package var proven = true

    /// Creates a function, reading its name and ids from the record (or its nearest
    /// recorded ancestor) when present.
    init(id: String, context: ProbeContext) {
        self.id = id
        let record = context.deviceOrNearestAncestor(id)
        if let record {
            name = BusFacts.nearestName(record, in: context)
            driver = record.driver == "usb" ? nil : record.driver
            if let usb = context.nearest(from: record, where: BusFacts.isUSBDevice) {
                usbID = BusFacts.usbID(usb)
            } else {
                pciID = context.nearest(from: record) { $0.is(.pci) }.flatMap(
                    BusFacts.pciID)
            }
        }
    }

    /// The entry for `details["devices"]`.
    package var detail: JSONValue {
        var object: [String: JSONValue] = ["device": .string(id)]
        if let name { object["name"] = .string(name) }
        if let driver { object["driver"] = .string(driver) }
        if let pciID { object["pci"] = .string(pciID) }
        if let usbID { object["usb"] = .string(usbID) }
        if !interfaces.isEmpty {
            object["interfaces"] = .array(interfaces.sorted().map(JSONValue.string))
        }
        if !phys.isEmpty { object["phys"] = .array(phys.sorted().map(JSONValue.string)) }
        if !nodes.isEmpty { object["nodes"] = .array(nodes.sorted().map(JSONValue.string)) }
        return .object(object)
    }
}

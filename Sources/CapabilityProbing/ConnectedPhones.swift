import CapabilityModel

/// Finds the phones and tablets among a machine's device records (``ConnectedPhone``).
public enum ConnectedPhones {
    /// The adb interface: class, subclass, protocol.
    static let adb = (0xff, 0x42, 0x01)
    /// Apple's usbmux interface: class, subclass, protocol.
    static let usbmux = (0xff, 0xfe, 0x02)
    /// Apple's USB vendor id.
    static let appleVendor = "05ac"

    /// The phones and tablets, one per USB device, in record order: from their interface
    /// records, or from a USB device record's own interface list (`ID_USB_INTERFACES`) when
    /// its interfaces were not recorded.
    /// - Parameter devices: The machine's records.
    /// - Returns: The phones and tablets found.
    public static func find(in devices: [Device]) -> [ConnectedPhone] {
        var byID: [String: Device] = [:]
        for device in devices { byID[device.id] = device }
        var seen: Set<String> = []
        var phones: [ConnectedPhone] = []
        for device in devices {
            let usbDevice: Device
            let triple: (Int, Int, Int)
            if BusFacts.isUSBInterface(device), let found = BusFacts.usbInterfaceClass(device) {
                guard let parent = device.parentID.flatMap({ byID[$0] }) else { continue }
                usbDevice = parent
                triple = found
            } else if BusFacts.isUSBDevice(device),
                let list = device.property("ID_USB_INTERFACES")?.lowercased()
            {
                if list.contains(":ff4201:") {
                    triple = adb
                } else if list.contains(":fffe02:") {
                    triple = usbmux
                } else {
                    continue
                }
                usbDevice = device
            } else {
                continue
            }
            let vendorID = BusFacts.usbID(usbDevice)?.split(separator: ":").first.map(String.init)
            let kind: ConnectedPhone.Kind
            if triple == adb {
                kind = .android
            } else if triple == usbmux, vendorID == appleVendor {
                kind = .apple
            } else {
                continue
            }
            guard seen.insert(usbDevice.id).inserted else { continue }
            phones.append(
                ConnectedPhone(
                    kind: kind,
                    vendor: usbDevice.attribute("manufacturer")
                        ?? usbDevice.property("ID_VENDOR_FROM_DATABASE")
                        ?? usbDevice.property("ID_VENDOR_ENC").map(BusFacts.unescapeUdev),
                    model: usbDevice.attribute("product") ?? BusFacts.name(usbDevice),
                    usbID: BusFacts.usbID(usbDevice),
                    interface: [triple.0, triple.1, triple.2].map {
                        BusFacts.hex4($0).suffix(2)
                    }.joined(separator: "/"),
                    serial: usbDevice.property("ID_SERIAL_SHORT") ?? usbDevice.attribute("serial")))
        }
        return phones
    }
}

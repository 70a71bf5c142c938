/// One physical radio function (PCI function, USB device or interface, SDIO function, UART)
/// found by the Wi-Fi, Bluetooth, cellular, NFC and GNSS probers.
struct RadioFunction: Sendable {
    /// The function's device id.
    var id: String
    /// The rules that matched, in words.
    var reasons: [String] = []
    /// The product name.
    var name: String?
    /// The driver.
    var driver: String?
    /// The PCI `vendor:device` id.
    var pciID: String?
    /// The USB `vendor:product` id.
    var usbID: String?
    /// Network interfaces (`wlan0`, `wwan0`).
    var interfaces: [String] = []
    /// wiphys (`phy0`).
    var phys: [String] = []
    /// Other class devices (`hci0`, `cdc-wdm0`, `wwan0at0`, `nfc0`, `gnss0`).
    var nodes: [String] = []

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
                pciID = context.nearest(from: record) { $0.subsystem == "pci" }.flatMap(
                    BusFacts.pciID)
            }
        }
    }

    /// The entry for `details["devices"]`.
    var detail: JSONValue {
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

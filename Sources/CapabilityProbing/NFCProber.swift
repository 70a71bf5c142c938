import CapabilitySupport
import FoundationEssentials
import CapabilityModel

/// NFC: `nfc` (detection.md §13).
///
/// Present when a kernel NFC class device (`nfcN`) exists; one per controller. USB CCID
/// readers (class 0x0b) go through pcscd and are not kernel NFC, so they do not count.
///
/// A controller declared with no `nfcN` is still a radio, as for Wi-Fi, Bluetooth and
/// cellular (decisions.md: a radio without its class device is `present`, the evidence says
/// "no driver bound"): an ACPI device whose id is a known NFC controller (``acpiIDs``), a
/// device-tree node compatible with a kernel NFC driver (``deviceTreeCompatibles``), or a
/// USB device of a kernel NFC driver (``usbIDs``). An ACPI controller recorded both as its
/// ACPI node and as its I2C/SPI client counts once; an ACPI node whose recorded `status`
/// (`_STA`) has the present bit clear does not count.
package struct NFCProber: CapabilityProber {
    /// Creates the prober.
    init() {}

    /// ACPI ids of NFC controllers: NXP NCI (`nxp-nci`: NXP1001, NXP1002, NXP7471), PN544
    /// (`pn544_i2c`: NXP5440), and NXP5441 ("NXP NFC" in Intel's Bay Trail reference firmware,
    /// no Linux driver).
    static let acpiIDs: Set<String> = ["NXP1001", "NXP1002", "NXP7471", "NXP5440", "NXP5441"]

    /// Device-tree compatibles bound by the kernel NFC drivers (drivers/nfc).
    static let deviceTreeCompatibles: Set<String> = [
        "nxp,nxp-nci-i2c", "nxp,pn547", "nxp,pn544-i2c", "nxp,pn532", "nxp,pn533-i2c",
        "st,st21nfca-i2c", "st,st-nci-i2c", "st,st-nci-spi", "st,st95hf", "samsung,s3fwrn5-i2c",
        "samsung,s3fwrn82", "ti,trf7970a", "marvell,nfc-i2c", "marvell,nfc-spi",
        "marvell,nfc-uart",
    ]

    /// USB `vendor:product` ids of kernel NFC drivers: `pn533_usb` (SCM SCL3711, Sony
    /// RC-S360), `port100` (Sony RC-S380), `nfcmrvl` (Marvell NFC USB).
    static let usbIDs: Set<String> = [
        "04cc:2533", "054c:02e1", "054c:06c1", "054c:06c3", "1286:2046",
    ]

    /// The ACPI id of a record (`acpi:NXP5441:NXP5441:` → `NXP5441`), if it has one.
    static func acpiID(_ device: Device) -> String? {
        guard let modalias = device.property("MODALIAS"), modalias.hasPrefix("acpi:") else {
            return nil
        }
        // The first non-empty field after `acpi:`, found without splitting the whole alias.
        let id = modalias.dropFirst("acpi:".count).drop { $0 == ":" }.prefix { $0 != ":" }
        return id.isEmpty ? nil : String(id)
    }

    /// Controllers declared by firmware or a USB id that have no `nfcN` below them.
    static func declaredControllers(_ context: ProbeContext, nfc: [Device]) -> [RadioFunction] {
        var found: [String: RadioFunction] = [:]
        for device in context.devices {
            let what: String
            var key = device.id
            if let acpi = acpiID(device), acpiIDs.contains(acpi) {
                // ACPI `_STA` recorded with the present bit clear: the firmware says no chip.
                if let text = device.attribute("status"),
                    let status = Int(text.trimming(.whitespacesAndNewlines)),
                    status & 1 == 0
                {
                    continue
                }
                what = "NFC controller declared by firmware (ACPI \(acpi))"
                // The ACPI node `NXP1001:00` and its I2C client `i2c-NXP1001:00` are one chip.
                var instance = device.sysname
                for prefix in ["i2c-", "spi-", "serial-"] where instance.hasPrefix(prefix) {
                    instance.removeFirst(prefix.count)
                }
                key = "acpi:" + instance
                if nfc.contains(where: { $0.id.contains("-" + instance + "/") }) { continue }
            } else if let compatible = BusFacts.compatibles(device, first: 4).first(
                where: deviceTreeCompatibles.contains)
            {
                what = "NFC controller declared by the device tree (\(compatible))"
            } else if BusFacts.isUSBDevice(device), let usb = BusFacts.usbID(device),
                usbIDs.contains(usb)
            {
                what = "USB NFC controller \(usb)"
            } else {
                continue
            }
            if context.descendants(of: device).contains(where: { $0.is(.nfc) }) { continue }
            let bound =
                device.driver.map { ", driver \($0) bound but no nfc device recorded" }
                ?? ", no driver bound"
            if found[key] != nil {
                // Keep the record with a driver (the I2C client) over the bare ACPI node.
                if device.driver == nil { continue }
            }
            var controller = RadioFunction(id: device.id, context: context)
            controller.reasons = [what + bound]
            // The bus proves a USB controller; a bound driver's probe proves a declared one.
            // A firmware declaration alone proves nothing (boards declare chips they lack).
            controller.proven = BusFacts.isUSBDevice(device) || device.driver != nil
            found[key] = controller
        }
        return found.values.sorted { $0.id < $1.id }
    }

    /// The ids this prober decides.
    package var ids: [CapabilityID] { [.nfc] }

    /// Classifies NFC controllers.
    /// - Parameter context: The records.
    /// - Returns: The `nfc` finding.
    package func evaluate(_ context: ProbeContext) -> [CapabilityFinding] {
        var controllers: [String: RadioFunction] = [:]
        for device in context.devices(in: .nfc) {
            let key = BusFacts.physicalFunction(of: device.id, wholeUSBDevice: true)
            var controller = controllers[key] ?? RadioFunction(id: key, context: context)
            controller.reasons.append("NFC controller \(device.sysname) (kernel nfc class)")
            controller.nodes.append(device.sysname)
            controllers[key] = controller
        }
        let kernel = context.devices(in: .nfc)
        for declared in Self.declaredControllers(context, nfc: kernel)
        where controllers[declared.id] == nil {
            controllers[declared.id] = declared
        }
        let all = controllers.keys.sorted().compactMap { controllers[$0] }
        let sorted = all.filter(\.proven)
        let details: [String: JSONValue] = ["devices": .array(all.map(\.detail))]
        guard !sorted.isEmpty else {
            let declared = all.filter { !$0.proven }
            guard !declared.isEmpty else {
                return [
                    CapabilityFinding(
                        id: .nfc, status: context.noCandidateStatus, details: details)
                ]
            }
            // Firmware declares a controller that no driver has confirmed: the chip may or
            // may not be fitted.
            return [
                CapabilityFinding(
                    id: .nfc, status: .unknown,
                    evidence: declared.map {
                        Evidence(
                            device: $0.id,
                            reason: $0.reasons.joined(separator: "; ")
                                + " (a firmware declaration alone does not prove the chip is fitted)"
                        )
                    },
                    details: details)
            ]
        }
        return [
            CapabilityFinding(
                id: .nfc, status: .present, count: sorted.count,
                evidence: sorted.map {
                    Evidence(device: $0.id, reason: $0.reasons.joined(separator: "; "))
                },
                details: details)
        ]
    }
}

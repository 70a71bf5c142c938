import CapabilityModel
import CapabilitySupport

/// Devices that type like a keyboard but are not one a person types on: a security token
/// (YubiKey OTP), a bar code scanner, a card or badge reader. The kernel, udev and libinput
/// see a keyboard (`ID_INPUT_KEYBOARD=1`, a boot-protocol keyboard interface); an app that
/// requires a keyboard needs one to type on. Each rule reads a signal the device itself or
/// systemd's rules give, never a name:
///
/// - Security token: `ID_SECURITY_TOKEN=1` or `ID_FIDO_TOKEN=1` on a record of the same USB
///   device (systemd's `60-fido-id.rules` tags a FIDO function's hidraw node from its report
///   descriptor, Yubico's `69-yubikey.rules` tags every device of a YubiKey by its USB id, and
///   systemd's `70-uaccess.rules` grants access by `ID_SECURITY_TOKEN`). `ID_SMARTCARD_READER` alone is not enough: keyboards with a built-in card
///   reader exist.
/// - Bar code scanner: a HID report descriptor of the same USB interface or device names the
///   Bar Code Scanner usage page (0x8C, HID Point of Sale Usage Tables).
/// - Card or badge reader: its HID report descriptor declares keyboard usages but not one
///   letter (digits and Enter). Without a descriptor the key bits decide as udev does: a
///   device without the letter keys never gets `ID_INPUT_KEYBOARD`, so it is no candidate.
///
/// A reader whose descriptor declares a whole keyboard is a keyboard to the kernel, udev and
/// capcheck alike; no recorded signal tells it apart.
enum KeyboardLookalikes {
    /// Why a keyboard candidate is not a keyboard, or nil when nothing says so.
    /// - Parameters:
    ///   - device: The candidate: an `inputN` device, a USB interface or a USB device.
    ///   - context: The records.
    /// - Returns: The rule that matched, in words.
    static func reason(_ device: Device, in context: ProbeContext) -> String? {
        let usbDevice = BusFacts.physicalFunction(of: device.id, wholeUSBDevice: true)
        let usbInterface = BusFacts.physicalFunction(of: device.id, wholeUSBDevice: false)
        let onUSB = BusFacts.isUSBDeviceName(PathText.lastComponent(usbDevice))
        // The candidate and what it hangs off, up to its USB device, then every record of
        // that USB device (its other interfaces, their hid and hidraw devices).
        let above = ([device] + context.ancestors(of: device)).filter {
            !onUSB || $0.id.hasPrefix(usbDevice)
        }
        let related = above + (onUSB ? context.descendants(ofID: usbDevice) : [])
        for record in related {
            for key in ["ID_SECURITY_TOKEN", "ID_FIDO_TOKEN"] where record.flag(key) {
                return "security token (\(key) on \(record.sysname))"
            }
        }
        if descriptors(related).contains(where: \.declaresBarCodeScanner) {
            return "bar code scanner (HID usage page 0x8C in its report descriptor)"
        }
        // The candidate's own interface: the hid device above it or below the interface.
        let own = descriptors(above + (onUSB ? context.descendants(ofID: usbInterface) : []))
        if own.contains(where: \.declaresKeysWithoutLetters),
            !own.contains(where: { !$0.keyboardUsages.isEmpty && !$0.declaresKeysWithoutLetters })
        {
            return "card or badge reader (its HID report descriptor declares digits and Enter, "
                + "no letters)"
        }
        return nil
    }

    /// The decoded `report_descriptor` of each `hid` record.
    private static func descriptors(_ records: [Device]) -> [HIDReportDescriptor] {
        records.compactMap { record in
            guard record.is(.hid), let bytes = record.binaryAttributes["report_descriptor"]
            else { return nil }
            return HIDReportDescriptor([UInt8](bytes))
        }
    }
}

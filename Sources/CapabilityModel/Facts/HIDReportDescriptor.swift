/// What a HID report descriptor declares, read from its items (HID 1.11 §6.2.2): the usage
/// pages it names and the Keyboard/Keypad page (0x07) usages it can report.
///
/// The kernel turns these usages into an input device's key bits, so the descriptor says
/// what a device can type before any input device exists — a recording may hold the HID
/// device (`report_descriptor` attribute) without it. A point-of-sale bar code scanner names
/// the Bar Code Scanner page (0x8C, HID Point of Sale Usage Tables); a card or badge reader
/// that types numbers declares keyboard usages without the letters.
package struct HIDReportDescriptor: Sendable, Hashable {
    /// The Bar Code Scanner usage page (HID Usage Tables 1.4 §3; HID POS Usage Tables).
    package static let barCodeScannerPage: UInt32 = 0x8C
    /// The Keyboard/Keypad usage page.
    package static let keyboardPage: UInt32 = 0x07
    /// The letter keys of the Keyboard/Keypad page, Keyboard a and A … z and Z.
    package static let letters: ClosedRange<UInt32> = 0x04...0x1D

    /// Every usage page an item names: Usage Page items and the page half of 32-bit usages.
    package var usagePages: Set<UInt32> = []
    /// The Keyboard/Keypad page usages declared, single usages and minimum…maximum ranges.
    package var keyboardUsages: [ClosedRange<UInt32>] = []

    /// Reads the items; a truncated last item ends the reading.
    /// - Parameter bytes: The descriptor (the `report_descriptor` sysfs attribute).
    /// - Returns: nil when no item can be read.
    package init?(_ bytes: [UInt8]) {
        var index = 0
        var page: UInt32 = 0
        var minimum: UInt32?
        var items = 0
        while index < bytes.count {
            let prefix = bytes[index]
            if prefix == 0xFE {
                // A long item: size, tag, then its data; no usage lives in one.
                guard index + 1 < bytes.count else { break }
                index += 3 + Int(bytes[index + 1])
                continue
            }
            let size = [0, 1, 2, 4][Int(prefix & 0x03)]
            guard index + size < bytes.count else { break }
            var data: UInt32 = 0
            for offset in 0..<size {
                data |= UInt32(bytes[index + 1 + offset]) << (8 * offset)
            }
            index += 1 + size
            items += 1
            let kind = (prefix >> 2) & 0x03
            let tag = prefix >> 4
            switch (kind, tag) {
            case (1, 0):  // Global: Usage Page.
                page = data & 0xFFFF
                usagePages.insert(page)
            case (2, 0):  // Local: Usage (32 bits carry their own page).
                let usagePage = size == 4 ? data >> 16 : page
                if size == 4 { usagePages.insert(usagePage) }
                if usagePage == Self.keyboardPage {
                    keyboardUsages.append((data & 0xFFFF)...(data & 0xFFFF))
                }
            case (2, 1):  // Local: Usage Minimum.
                minimum = size == 4 ? data & 0xFFFF : data
            case (2, 2):  // Local: Usage Maximum.
                let usagePage = size == 4 ? data >> 16 : page
                if usagePage == Self.keyboardPage, let low = minimum {
                    let high = data & 0xFFFF
                    if low <= high { keyboardUsages.append(low...high) }
                }
            case (0, _):  // A Main item ends the local items before it.
                minimum = nil
            default:
                break
            }
        }
        guard items > 0 else { return nil }
    }

    /// Whether the descriptor names the Bar Code Scanner page.
    package var declaresBarCodeScanner: Bool { usagePages.contains(Self.barCodeScannerPage) }

    /// Whether the descriptor declares keyboard usages but not one letter: a device that types
    /// digits (and Enter), such as a card or badge reader.
    package var declaresKeysWithoutLetters: Bool {
        !keyboardUsages.isEmpty && !keyboardUsages.contains { $0.overlaps(Self.letters) }
    }
}

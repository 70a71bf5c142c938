import FoundationEssentials

/// Removes what identifies one machine or its owner from device records — serial numbers, MAC
/// and Bluetooth addresses, UUIDs, the host name — and keeps what classification reads
/// (subsystems, drivers, vendor/product ids, names, capabilities, modes), in the spirit of
/// `lshw -sanitize` and `inxi -z`. Classifying a redacted inventory gives the same statuses
/// and counts as the original.
public enum Redaction {
    /// What a removed value is replaced with (the key stays, so readers see it was there).
    public static let marker = "[REMOVED]"

    /// udev properties that carry serials, addresses or UUIDs.
    package static let properties: Set<String> = [
        "ID_SERIAL", "ID_SERIAL_SHORT", "ID_USB_SERIAL", "ID_USB_SERIAL_SHORT", "ID_WWN",
        "ID_WWN_WITH_EXTENSION", "ID_FS_UUID", "ID_FS_UUID_ENC", "ID_FS_UUID_SUB",
        "ID_FS_UUID_SUB_ENC", "ID_FS_LABEL", "ID_FS_LABEL_ENC", "ID_PART_ENTRY_UUID",
        "ID_PART_TABLE_UUID", "ID_PART_ENTRY_NAME", "ID_NET_NAME_MAC",
        "UNIQ", "HID_UNIQ", "ID_SCSI_SERIAL", "ID_MODEL_SERIAL", "SYNTH_ARG_UUID",
        "INTERFACE_MAC", "ID_BDADDR", "ID_MM_DEVICE_SERIAL",
    ]

    /// sysfs attributes that carry serials, addresses or UUIDs.
    package static let attributes: Set<String> = [
        "serial", "address", "perm_addr", "product_uuid", "product_serial", "board_serial",
        "chassis_serial", "board_asset_tag", "chassis_asset_tag", "uuid", "wwid", "unique_id",
        "id/serial", "device/serial", "bdaddr", "cid", "csd",
    ]

    /// Redacts an inventory.
    /// - Parameter inventory: The records as read.
    /// - Returns: The records with identifying values replaced by ``marker``.
    public static func redact(_ inventory: DeviceInventory) -> DeviceInventory {
        var machine = inventory.machine
        if machine.hostname != nil { machine.hostname = marker }
        var source = inventory.source
        source.notes.append("redacted: serial numbers, addresses, UUIDs and host name removed")
        return DeviceInventory(
            source: source, machine: machine, devices: inventory.devices.map(redact))
    }

    /// Removes the host name only: for an output that shows no device value (the feature
    /// table of `report` shows statuses, numbers and the machine's vendor and model), where
    /// redacting every record would change nothing it prints. Classifying the records as read
    /// gives the same statuses, counts and values as classifying ``redact(_:)-(DeviceInventory)``'s
    /// (`RedactionTests` holds that on every fixture).
    /// - Parameter inventory: The records as read.
    /// - Returns: The same records; the machine without its host name.
    public static func redactHostName(_ inventory: DeviceInventory) -> DeviceInventory {
        guard inventory.machine.hostname != nil else { return inventory }
        var inventory = inventory
        inventory.machine.hostname = marker
        return inventory
    }

    /// Redacts one record.
    /// - Parameter device: The record.
    /// - Returns: The record without identifying values.
    public static func redact(_ device: Device) -> Device {
        var device = device
        device.id = scrubInterfaceNames(device.id)
        device.parentID = device.parentID.map(scrubInterfaceNames)
        device.propertyList.updateValues { key, value in
            if properties.contains(key) { return marker }
            if key == "DEVLINKS" {
                return value.split(separator: " ").map {
                    "/dev/" + redactLink(String($0.hasPrefix("/dev/") ? $0.dropFirst(5) : $0))
                }.joined(separator: " ")
            }
            return scrubInterfaceNames(scrub(value))
        }
        for (key, value) in device.attributes {
            let redacted = attributes.contains(key) ? marker : scrubInterfaceNames(scrub(value))
            // Most values stay as they are: written back only when changed.
            if redacted != value { device.attributes[key] = redacted }
        }
        device.links = Array(Set(device.links.map(redactLink))).sorted()
        if let edid = device.binaryAttributes["edid"] {
            device.binaryAttributes["edid"] = redactEDID(edid)
        }
        return device
    }

    /// Link folders whose names are serials, UUIDs or labels (`disk/by-id/ata-…_S1234`).
    static let identifyingLinkFolders = [
        "disk/by-id/", "disk/by-uuid/", "disk/by-partuuid/", "disk/by-label/", "disk/by-partlabel/",
        "serial/by-id/", "v4l/by-id/", "input/by-id/", "snd/by-id/",
    ]

    /// A `/dev` link (without `/dev/`) with an identifying name replaced by ``marker``.
    static func redactLink(_ link: String) -> String {
        for folder in identifyingLinkFolders where link.hasPrefix(folder) { return folder + marker }
        return scrubInterfaceNames(scrub(link))
    }

    /// Replaces the MAC address inside network interface names that systemd derives from it
    /// (`enx001a2b3c4d5e`, `wlx001a2b3c4d5e`: the prefix and twelve hex digits, not inside a
    /// longer word), wherever the name appears: the device id, `DEVPATH`, `INTERFACE`,
    /// `ID_NET_NAME`, `SYSTEMD_ALIAS`. The prefix stays (`enx[REMOVED]`).
    /// - Parameter value: An id, property or attribute value.
    /// - Returns: The value with those addresses replaced by ``marker``.
    static func scrubInterfaceNames(_ value: String) -> String {
        let length = 15
        guard value.utf8.count >= length else { return value }
        // Most values hold no `enx`/`wlx` at all: found without copying, they cost no array.
        let mayHold =
            value.utf8.withContiguousStorageIfAvailable { bytes in
                var index = 1
                while index + 1 < bytes.count {
                    if bytes[index + 1] == UInt8(ascii: "x"),
                        (bytes[index] == UInt8(ascii: "n") && bytes[index - 1] == UInt8(ascii: "e"))
                            || (bytes[index] == UInt8(ascii: "l")
                                && bytes[index - 1] == UInt8(ascii: "w"))
                    {
                        return true
                    }
                    index += 1
                }
                return false
            } ?? true
        guard mayHold else { return value }
        let bytes = Array(value.utf8)
        func isWordByte(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F, 0x80...: return true
            default: return false
            }
        }
        func isHexByte(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x30...0x39, 0x41...0x46, 0x61...0x66: return true
            default: return false
            }
        }
        let prefixes: [[UInt8]] = [Array("enx".utf8), Array("wlx".utf8)]
        var out: [UInt8] = []
        var start = 0
        var index = 0
        while index + length <= bytes.count {
            let end = index + length
            guard prefixes.contains(where: { bytes[index..<index + 3].elementsEqual($0) }),
                index == 0 || !isWordByte(bytes[index - 1]),
                end == bytes.count || !isWordByte(bytes[end]),
                bytes[(index + 3)..<end].allSatisfy(isHexByte)
            else {
                index += 1
                continue
            }
            out.append(contentsOf: bytes[start..<(index + 3)])
            out.append(contentsOf: marker.utf8)
            index = end
            start = end
        }
        guard start > 0 else { return value }
        out.append(contentsOf: bytes[start...])
        return String(decoding: out, as: UTF8.self)
    }

    /// Replaces MAC-style addresses (`00:1a:2b:3c:4d:5e`, `-` too) and UUIDs inside a value.
    ///
    /// The rules are those of two regular expressions, applied one after the other (UUIDs
    /// first), with ICU's word boundaries: `\b[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-`
    /// `[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}\b` and `\b[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}`
    /// `(\1[0-9A-Fa-f]{2}){4}\b`. They are matched by hand: `NSRegularExpression` cost a
    /// `report` over 38 dumps a quarter of its time (`RedactionTests` compares the two).
    /// - Parameter value: A property or attribute value.
    /// - Returns: The value with those replaced by ``marker``.
    static func scrub(_ value: String) -> String {
        guard value.utf8.count >= 17,
            value.utf8.contains(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "-") })
        else {
            return value
        }
        // Most values are ASCII: scanned as their bytes in place, they cost no copy.
        let changed: [Unicode.Scalar]?
        if value.utf8.allSatisfy({ $0 < 0x80 }),
            let ascii = value.utf8.withContiguousStorageIfAvailable({
                scrubbed($0.lazy.map { Unicode.Scalar($0) })
            })
        {
            changed = ascii
        } else {
            changed = scrubbed(Array(value.unicodeScalars))
        }
        guard let changed else { return value }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: changed)
        return String(text)
    }

    /// UUIDs replaced, then addresses in the result; nil when there was neither.
    private static func scrubbed<Scalars: RandomAccessCollection<Unicode.Scalar>>(
        _ scalars: Scalars
    ) -> [Unicode.Scalar]? where Scalars.Index == Int {
        guard let withoutUUIDs = replacing(in: scalars, length: 36, where: { isUUID($0) }) else {
            return replacing(in: scalars, length: 17, where: { isAddress($0) })
        }
        return replacing(in: withoutUUIDs, length: 17, where: isAddress) ?? withoutUUIDs
    }

    /// Every non-overlapping run of `length` scalars, leftmost first, that `matches` and has
    /// a word boundary on both sides, replaced by ``marker``; nil when there is none.
    private static func replacing<Scalars: RandomAccessCollection<Unicode.Scalar>>(
        in scalars: Scalars, length: Int, where matches: (Scalars.SubSequence) -> Bool
    ) -> [Unicode.Scalar]? where Scalars.Index == Int {
        var out: [Unicode.Scalar] = []
        var changed = false
        var start = 0
        var index = 0
        while index + length <= scalars.count {
            let end = index + length
            guard matches(scalars[index..<end]),
                isBoundary(scalars, at: index), isBoundary(scalars, at: end)
            else {
                index += 1
                continue
            }
            out.append(contentsOf: scalars[start..<index])
            out.append(contentsOf: marker.unicodeScalars)
            changed = true
            index = end
            start = end
        }
        guard changed else { return nil }
        out.append(contentsOf: scalars[start...])
        return out
    }

    private static func isHex(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x46, 0x61...0x66: return true
        default: return false
        }
    }

    /// `8-4-4-4-12` hex digits.
    private static func isUUID<Run: Collection<Unicode.Scalar>>(_ run: Run) -> Bool {
        for (offset, scalar) in zip(0..., run) {
            let dash = offset == 8 || offset == 13 || offset == 18 || offset == 23
            if dash ? scalar != "-" : !isHex(scalar) { return false }
        }
        return true
    }

    /// Six pairs of hex digits, one separator (`:` or `-`) between them throughout.
    private static func isAddress<Run: Collection<Unicode.Scalar>>(_ run: Run) -> Bool {
        let separator = run[run.index(run.startIndex, offsetBy: 2)]
        guard separator == ":" || separator == "-" else { return false }
        for (offset, scalar) in zip(0..., run) {
            if offset % 3 == 2 ? scalar != separator : !isHex(scalar) { return false }
        }
        return true
    }

    /// ICU's `\b` between `position - 1` and `position`: a word character on one side only,
    /// where a combining or format character right after is never a boundary and such
    /// characters before are skipped.
    private static func isBoundary<Scalars: RandomAccessCollection<Unicode.Scalar>>(
        _ scalars: Scalars, at position: Int
    ) -> Bool where Scalars.Index == Int {
        var after = false
        if position < scalars.count {
            if isCombining(scalars[position]) { return false }
            after = isWordCharacter(scalars[position])
        }
        var before = false
        var index = position - 1
        while index >= 0 {
            if !isCombining(scalars[index]) {
                before = isWordCharacter(scalars[index])
                break
            }
            index -= 1
        }
        return after != before
    }

    /// ICU's `\w`: alphabetic, marks, decimal digits, connector punctuation, ZWNJ and ZWJ.
    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            switch scalar.value {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F: return true
            default: return false
            }
        }
        if scalar.value == 0x200C || scalar.value == 0x200D { return true }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber,
            .connectorPunctuation:
            return true
        default:
            return properties.isAlphabetic
        }
    }

    /// Grapheme-extending or format characters, which ICU's `\b` looks through.
    private static func isCombining(_ scalar: Unicode.Scalar) -> Bool {
        guard !scalar.isASCII else { return false }
        return scalar.properties.isGraphemeExtend || scalar.properties.generalCategory == .format
    }

    /// An EDID with its serial number (bytes 12–15) and any serial-string descriptor (tag
    /// 0xFF) blanked, checksums recomputed, so the display decodes as before.
    static func redactEDID(_ data: Data) -> Data {
        var bytes = [UInt8](data)
        guard bytes.count >= 128 else { return data }
        for index in 12..<16 { bytes[index] = 0 }
        for offset in stride(from: 54, to: 126, by: 18)
        where bytes[offset] == 0 && bytes[offset + 1] == 0 && bytes[offset + 3] == 0xFF {
            for index in (offset + 5)..<(offset + 18) { bytes[index] = 0x20 }
            bytes[offset + 5] = 0x0A
        }
        let sum = bytes[0..<127].reduce(0) { ($0 + Int($1)) & 0xFF }
        bytes[127] = UInt8((256 - sum) & 0xFF)
        return Data(bytes)
    }
}

import Foundation

/// Removes what identifies one machine or its owner from device records — serial numbers, MAC
/// and Bluetooth addresses, UUIDs, the host name — and keeps what classification reads
/// (subsystems, drivers, vendor/product ids, names, capabilities, modes), in the spirit of
/// `lshw -sanitize` and `inxi -z`. Classifying a redacted inventory gives the same statuses
/// and counts as the original.
public enum Redaction {
    /// What a removed value is replaced with (the key stays, so readers see it was there).
    public static let marker = "[REMOVED]"

    /// udev properties that carry serials, addresses or UUIDs.
    static let properties: Set<String> = [
        "ID_SERIAL", "ID_SERIAL_SHORT", "ID_USB_SERIAL", "ID_USB_SERIAL_SHORT", "ID_WWN",
        "ID_WWN_WITH_EXTENSION", "ID_FS_UUID", "ID_FS_UUID_ENC", "ID_FS_UUID_SUB",
        "ID_FS_UUID_SUB_ENC", "ID_FS_LABEL", "ID_FS_LABEL_ENC", "ID_PART_ENTRY_UUID",
        "ID_PART_TABLE_UUID", "ID_PART_ENTRY_NAME", "ID_NET_NAME_MAC",
        "UNIQ", "HID_UNIQ", "ID_SCSI_SERIAL", "ID_MODEL_SERIAL", "SYNTH_ARG_UUID",
        "INTERFACE_MAC", "ID_BDADDR", "ID_MM_DEVICE_SERIAL",
    ]

    /// sysfs attributes that carry serials, addresses or UUIDs.
    static let attributes: Set<String> = [
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

    /// Redacts one record.
    /// - Parameter device: The record.
    /// - Returns: The record without identifying values.
    public static func redact(_ device: Device) -> Device {
        var device = device
        // Changed in a copy and stored once: each store re-sorts the record's properties.
        var redacted = device.properties
        for (key, value) in redacted {
            if properties.contains(key) {
                redacted[key] = marker
            } else if key == "DEVLINKS" {
                redacted[key] = value.split(separator: " ").map {
                    "/dev/" + redactLink(String($0.hasPrefix("/dev/") ? $0.dropFirst(5) : $0))
                }.joined(separator: " ")
            } else {
                redacted[key] = scrub(value)
            }
        }
        device.properties = redacted
        for (key, value) in device.attributes {
            device.attributes[key] = attributes.contains(key) ? marker : scrub(value)
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
        return scrub(link)
    }

    /// Replaces MAC-style addresses (`00:1a:2b:3c:4d:5e`, `-` too) and UUIDs inside a value.
    /// - Parameter value: A property or attribute value.
    /// - Returns: The value with those replaced by ``marker``.
    static func scrub(_ value: String) -> String {
        guard value.count >= 17, value.contains(where: { $0 == ":" || $0 == "-" }) else {
            return value
        }
        var result = value
        for pattern in patterns {
            result = pattern.stringByReplacingMatches(
                in: result, range: NSRange(result.startIndex..., in: result), withTemplate: marker)
        }
        return result
    }

    private static let patterns: [NSRegularExpression] = [
        #"\b[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}\b"#,
        #"\b[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(\1[0-9A-Fa-f]{2}){4}\b"#,
    ].compactMap { try? NSRegularExpression(pattern: $0) }

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

import CapabilitySupport
import FoundationEssentials

/// Microsoft's Computer Hardware IDs (CHIDs) of a machine, computed from its DMI fields the
/// way fwupd does (`fwupdtool hwids`): each id is a version-5 UUID (SHA-1, namespace
/// `70ffd812-4c7f-4c7d-0000-000000000000`) of the UTF-16LE text of its fields joined by `&`.
/// An id whose fields are not all known is not computed, as in fwupd.
package struct ComputerHardwareIDs: Sendable, Hashable {
    /// The DMI fields fwupd names (`Manufacturer`, `ProductSku`, …), in fwupd's spelling.
    package enum Field: String, Sendable, Hashable, CaseIterable {
        /// The system vendor (SMBIOS type 1, sysfs `sys_vendor`).
        case manufacturer = "Manufacturer"
        /// The product family (`product_family`).
        case family = "Family"
        /// The product name (`product_name`).
        case productName = "ProductName"
        /// The SKU (`product_sku`).
        case productSku = "ProductSku"
        /// The BIOS vendor (`bios_vendor`).
        case biosVendor = "BiosVendor"
        /// The BIOS version string (`bios_version`).
        case biosVersion = "BiosVersion"
        /// The BIOS major release, two hex digits (`bios_release` before the dot).
        case biosMajorRelease = "BiosMajorRelease"
        /// The BIOS minor release, two hex digits (`bios_release` after the dot).
        case biosMinorRelease = "BiosMinorRelease"
        /// The chassis type, in hex as fwupd reads it from SMBIOS (`chassis_type`).
        case enclosureKind = "EnclosureKind"
        /// The board vendor (`board_vendor`).
        case baseboardManufacturer = "BaseboardManufacturer"
        /// The board name (`board_name`).
        case baseboardProduct = "BaseboardProduct"
    }

    /// The fields of HardwareID-00 … HardwareID-14 (Microsoft's CHIDs, from fwupd's docs) and
    /// the three that `fwupdtool hwids` 2.0 adds after them (15–17, with the BIOS vendor), in
    /// order: one table.
    package static let recipes: [[Field]] = [
        [
            .manufacturer, .family, .productName, .productSku, .biosVendor, .biosVersion,
            .biosMajorRelease, .biosMinorRelease,
        ],
        [
            .manufacturer, .family, .productName, .biosVendor, .biosVersion, .biosMajorRelease,
            .biosMinorRelease,
        ],
        [
            .manufacturer, .productName, .biosVendor, .biosVersion, .biosMajorRelease,
            .biosMinorRelease,
        ],
        [
            .manufacturer, .family, .productName, .productSku, .baseboardManufacturer,
            .baseboardProduct,
        ],
        [.manufacturer, .family, .productName, .productSku],
        [.manufacturer, .family, .productName],
        [.manufacturer, .productSku, .baseboardManufacturer, .baseboardProduct],
        [.manufacturer, .productSku],
        [.manufacturer, .productName, .baseboardManufacturer, .baseboardProduct],
        [.manufacturer, .productName],
        [.manufacturer, .family, .baseboardManufacturer, .baseboardProduct],
        [.manufacturer, .family],
        [.manufacturer, .enclosureKind],
        [.manufacturer, .baseboardManufacturer, .baseboardProduct],
        [.manufacturer],
        [.manufacturer, .family, .productName, .productSku, .biosVendor],
        [.manufacturer, .family, .productName, .biosVendor],
        [.manufacturer, .biosVendor],
    ]

    /// One computed id.
    package struct Entry: Sendable, Hashable {
        /// The HardwareID number (0…14).
        package var index: Int
        /// The GUID, lower case, without braces.
        package var guid: String
    }

    /// The field values used.
    package var values: [Field: String]
    /// Whether every field was known (sysfs attributes with all eleven values, not only the
    /// modalias); when false, ids that could not be computed may still exist.
    package var complete: Bool
    /// The ids whose fields are all known (HardwareID-12 twice when the enclosure kind has
    /// two spellings).
    package var entries: [Entry]
    /// The record the fields came from.
    package var device: String

    /// Computes the ids from field values.
    /// - Parameters:
    ///   - values: Field values (trimmed; release numbers as two hex digits, enclosure in hex).
    ///   - complete: Whether missing fields are really missing on the machine.
    ///   - device: The record's id, for evidence.
    ///   - enclosureAlias: A second spelling of the enclosure kind: fwupd hashes the SMBIOS
    ///     byte in hex (`a`) when it can read the tables (as root) and the sysfs text (`10`)
    ///     when it cannot, so a machine has either HardwareID-12.
    package init(
        values: [Field: String], complete: Bool, device: String, enclosureAlias: String? = nil
    ) {
        self.values = values
        self.complete = complete
        self.device = device
        var entries: [Entry] = []
        for (index, fields) in Self.recipes.enumerated() {
            var spellings = [values]
            if fields.contains(.enclosureKind), let enclosureAlias,
                enclosureAlias != values[.enclosureKind]
            {
                var alias = values
                alias[.enclosureKind] = enclosureAlias
                spellings.append(alias)
            }
            for spelling in spellings {
                let parts = fields.compactMap { spelling[$0] }
                guard parts.count == fields.count else { continue }
                entries.append(Entry(index: index, guid: Self.guid(parts.joined(separator: "&"))))
            }
        }
        self.entries = entries
    }

    /// Reads the DMI record (`/devices/virtual/dmi/id`): its sysfs attributes when recorded
    /// (live, umockdev), else the fields the kernel puts in its `dmi:` modalias (no family,
    /// and `:` removed from values, so such ids are marked incomplete).
    /// - Parameter devices: The machine's records.
    /// - Returns: The ids, or nil without a DMI record (device-tree machines).
    package static func read(_ devices: [Device]) -> ComputerHardwareIDs? {
        guard let dmi = devices.first(where: { $0.id == "/devices/virtual/dmi/id" }) else {
            return nil
        }
        var values: [Field: String] = [:]
        func put(_ field: Field, _ raw: String?) {
            guard let raw else { return }
            let trimmed = raw.trimming(.whitespacesAndNewlines)
            if !trimmed.isEmpty { values[field] = trimmed }
        }
        if dmi.attribute("sys_vendor") != nil {
            put(.manufacturer, dmi.attribute("sys_vendor"))
            put(.family, dmi.attribute("product_family"))
            put(.productName, dmi.attribute("product_name"))
            put(.productSku, dmi.attribute("product_sku"))
            put(.biosVendor, dmi.attribute("bios_vendor"))
            put(.biosVersion, dmi.attribute("bios_version"))
            put(.baseboardManufacturer, dmi.attribute("board_vendor"))
            put(.baseboardProduct, dmi.attribute("board_name"))
            putRelease(dmi.attribute("bios_release"), into: &values)
            put(.enclosureKind, dmi.attribute("chassis_type").flatMap(hexEnclosure))
            // A field the kernel does not show (empty string, BIOS release 0xFF) may still be in
            // the SMBIOS table fwupd reads as root, so only a full set proves an id absent.
            return ComputerHardwareIDs(
                values: values, complete: values.count == Field.allCases.count, device: dmi.id,
                enclosureAlias: dmi.attribute("chassis_type").map {
                    $0.trimming(.whitespacesAndNewlines)
                })
        }
        guard let modalias = dmi.property("MODALIAS") ?? dmi.attribute("modalias"),
            modalias.hasPrefix("dmi:")
        else { return ComputerHardwareIDs(values: [:], complete: false, device: dmi.id) }
        let codes: [(String, Field)] = [
            ("bvn", .biosVendor), ("bvr", .biosVersion), ("svn", .manufacturer),
            ("pn", .productName), ("rvn", .baseboardManufacturer), ("rn", .baseboardProduct),
            ("sku", .productSku),
        ]
        var chassis: String?
        for part in modalias.split(separator: ":").dropFirst() {
            let text = String(part)
            if text.hasPrefix("br") {
                putRelease(String(text.dropFirst(2)), into: &values)
            } else if text.hasPrefix("ct") {
                chassis = String(text.dropFirst(2))
                put(.enclosureKind, chassis.flatMap(hexEnclosure))
            } else if let (code, field) = codes.first(where: { text.hasPrefix($0.0) }) {
                put(field, String(text.dropFirst(code.count)))
            }
        }
        return ComputerHardwareIDs(
            values: values, complete: false, device: dmi.id, enclosureAlias: chassis)
    }

    /// `2.25` (sysfs `bios_release`, decimal) → major `02`, minor `19` (fwupd prints hex).
    private static func putRelease(_ text: String?, into values: inout [Field: String]) {
        guard let parts = text?.split(separator: "."), parts.count == 2,
            let major = UInt8(parts[0]), let minor = UInt8(parts[1])
        else { return }
        values[.biosMajorRelease] = hex(major, width: 2)
        values[.biosMinorRelease] = hex(minor, width: 2)
    }

    /// sysfs `chassis_type` (decimal) → fwupd's hex spelling (`10` → `a`).
    private static func hexEnclosure(_ text: String) -> String? {
        UInt8(text.trimming(.whitespaces)).map { hex($0, width: 1) }
    }

    private static func hex(_ value: UInt8, width: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// The version-5 UUID fwupd computes for one joined field text.
    /// - Parameter text: Field values joined by `&`.
    /// - Returns: The GUID in lower case.
    package static func guid(_ text: String) -> String {
        let namespace: [UInt8] =
            [0x70, 0xFF, 0xD8, 0x12, 0x4C, 0x7F, 0x4C, 0x7D]
            + [UInt8](
                repeating: 0, count: 8)
        var utf16: [UInt8] = []
        for unit in text.utf16 {
            utf16.append(UInt8(truncatingIfNeeded: unit))
            utf16.append(UInt8(truncatingIfNeeded: unit >> 8))
        }
        var hash = Array(SHA1.digest(namespace + utf16).prefix(16))
        hash[6] = (hash[6] & 0x0F) | 0x50
        hash[8] = (hash[8] & 0x3F) | 0x80
        let hexText = hash.map { hex($0, width: 2) }.joined()
        let cuts = [8, 12, 16, 20]
        var result = ""
        for (index, character) in hexText.enumerated() {
            if cuts.contains(index) { result.append("-") }
            result.append(character)
        }
        return result
    }

    /// Whether text is a GUID (`8-4-4-4-12` hex digits), lower or upper case.
    /// - Parameter text: The text.
    /// - Returns: True for a well-formed GUID.
    package static func isGUID(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        return groups.map(\.count) == [8, 4, 4, 4, 12]
            && groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
    }
}

/// SHA-1 (FIPS 180-4), only for name-based version-5 UUIDs such as CHIDs; not for security.
package enum SHA1 {
    /// The 20-byte digest of the bytes.
    static func digest(_ message: [UInt8]) -> [UInt8] {
        var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var bytes = message
        let bitLength = UInt64(message.count) * 8
        bytes.append(0x80)
        while bytes.count % 64 != 56 { bytes.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        var w = [UInt32](repeating: 0, count: 80)
        for chunk in stride(from: 0, to: bytes.count, by: 64) {
            for i in 0..<16 {
                let j = chunk + i * 4
                w[i] =
                    UInt32(bytes[j]) << 24 | UInt32(bytes[j + 1]) << 16 | UInt32(bytes[j + 2]) << 8
                    | UInt32(bytes[j + 3])
            }
            for i in 16..<80 {
                let x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]
                w[i] = x << 1 | x >> 31
            }
            var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
            for i in 0..<80 {
                let f: UInt32
                let k: UInt32
                switch i {
                case 0..<20: (f, k) = ((b & c) | (~b & d), 0x5A82_7999)
                case 20..<40: (f, k) = (b ^ c ^ d, 0x6ED9_EBA1)
                case 40..<60: (f, k) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                default: (f, k) = (b ^ c ^ d, 0xCA62_C1D6)
                }
                let temp = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[i]
                (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, temp)
            }
            h[0] = h[0] &+ a
            h[1] = h[1] &+ b
            h[2] = h[2] &+ c
            h[3] = h[3] &+ d
            h[4] = h[4] &+ e
        }
        return h.flatMap { value in
            (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
        }
    }
}

/// Derives the machine's identity from device records (dumps, recordings, snapshots).
import CapabilitySupport

package enum MachineIdentityReader {
    /// Placeholder strings firmware vendors leave in DMI.
    static let placeholders: Set<String> = [
        "system product name", "system manufacturer", "to be filled by o.e.m.", "default string",
        "not applicable", "none", "unknown", "system version", "oem", "o.e.m.", "123456789",
    ]

    /// Whether a DMI string is a placeholder.
    /// - Parameter value: The string.
    /// - Returns: `true` for empty or placeholder text.
    package static func isPlaceholder(_ value: String) -> Bool {
        let trimmed = value.trimming(.whitespaces).lowercased()
        return trimmed.isEmpty || placeholders.contains(trimmed)
    }

    /// Reads vendor and model from DMI attributes when the record has them, else from its
    /// modalias (`dmi:…:svn…:pn…:`). The kernel drops spaces from the modalias (`DellInc.`);
    /// udev's `ID_VENDOR`/`ID_MODEL` properties on the record (systemd's 60-dmi-id rules)
    /// keep them, and are used when they are the modalias's value with its spaces
    /// (`Dell Inc.`), not when they name something else (Lenovo's `ID_MODEL` is the
    /// product version).
    /// - Parameter devices: The records.
    /// - Returns: The identity (host-specific fields empty).
    package static func fromRecords(_ devices: [Device]) -> MachineIdentity {
        var identity = MachineIdentity()
        if let dmi = devices.first(where: { $0.id == "/devices/virtual/dmi/id" }) {
            if let vendor = dmi.attribute("sys_vendor"), !isPlaceholder(vendor) {
                identity.vendor = vendor
            }
            if let product = dmi.attribute("product_name"), !isPlaceholder(product) {
                identity.model = product
            }
            if let modalias = dmi.property("MODALIAS") ?? dmi.attribute("modalias") {
                let fields = modalias.split(separator: ":")
                for field in fields {
                    if identity.vendor == nil, field.hasPrefix("svn") {
                        let value = String(field.dropFirst(3))
                        if !isPlaceholder(value) && !isPlaceholder(spaced(value)) {
                            identity.vendor = withSpaces(value, from: dmi.property("ID_VENDOR"))
                        }
                    }
                    if identity.model == nil, field.hasPrefix("pn") {
                        let value = String(field.dropFirst(2))
                        if !isPlaceholder(value) && !isPlaceholder(spaced(value)) {
                            identity.model = withSpaces(value, from: dmi.property("ID_MODEL"))
                        }
                    }
                    if identity.chassis == nil, field.hasPrefix("ct"),
                        let code = Int(field.dropFirst(2))
                    {
                        identity.chassis = chassisName(code)
                    }
                }
            }
            if identity.chassis == nil, let type = dmi.attribute("chassis_type"),
                let code = Int(type)
            {
                identity.chassis = chassisName(code)
            }
        }
        return identity
    }

    /// A modalias value with the spaces the DMI string has, when `spelled` (a udev property
    /// copied from the DMI attribute) is that string: equal once the characters the kernel
    /// drops from a modalias (spaces, controls, `:`, non-ASCII) are dropped.
    /// - Parameters:
    ///   - value: The modalias field's value (`DellInc.`).
    ///   - spelled: The property, if the record has it (`Dell Inc.`).
    /// - Returns: `spelled` trimmed when it matches, else `value`.
    static func withSpaces(_ value: String, from spelled: String?) -> String {
        guard let spelled else { return value }
        let trimmed = spelled.trimming(.whitespaces)
        let filtered = String(
            String.UnicodeScalarView(
                trimmed.unicodeScalars.filter { $0.value > 0x20 && $0.value < 0x7f && $0 != ":" }))
        return filtered == value && !trimmed.isEmpty ? trimmed : value
    }

    /// The modalias strips spaces (`SystemProductName`); also compare a spaced guess.
    private static func spaced(_ value: String) -> String {
        var out = ""
        for character in value {
            if character.isUppercase, let last = out.last, last.isLowercase { out.append(" ") }
            out.append(character)
        }
        return out
    }

    /// SMBIOS chassis type codes to words.
    /// - Parameter code: The SMBIOS chassis type.
    /// - Returns: `laptop`, `desktop`, `tablet`, … or `nil` for codes without a clear kind.
    package static func chassisName(_ code: Int) -> String? {
        switch code {
        case 3, 4, 5, 6, 7, 15, 16, 24, 35, 36: return "desktop"
        case 8, 9, 10, 14: return "laptop"
        case 11: return "handset"
        case 13: return "all-in-one"
        case 17, 23, 28, 29: return "server"
        case 30: return "tablet"
        case 31, 32: return "convertible"
        case 1: return "other"
        default: return nil
        }
    }
}

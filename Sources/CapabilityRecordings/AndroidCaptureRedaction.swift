import CapabilityModel

extension AndroidCapture {
    /// The value a redacted property is given.
    public static let redactedValue = "redacted"

    /// Whether a system property can identify the device or its owner: serial numbers,
    /// IMEI and MEID, SIM and phone numbers, Wi-Fi and Bluetooth addresses, and the radio
    /// layer's own properties (`ril.*`, `persist.radio.*`), which carry them on some phones.
    /// - Parameter name: The property (`ro.serialno`).
    /// - Returns: True when its value is removed by ``redacted(_:)``.
    public static func identifies(property name: String) -> Bool {
        let name = name.lowercased()
        if name.hasPrefix("ril.") || name.hasPrefix("persist.radio.")
            || name.hasPrefix("persist.vendor.radio.")
        {
            return true
        }
        let words = [
            "serial", "imei", "meid", "iccid", "imsi", "msisdn", "phone_number", "phonenumber",
            "macaddr", "mac_addr", "wifimac", "btmac", "bt_addr", "bdaddr", "bluetooth.address",
            "wlan.mac", "wifi.mac", "ethaddr", "cpuid", "ap_serial", "hardware.id",
        ]
        if words.contains(where: { name.contains($0) }) { return true }
        // persist.sys.*mac*, ro.boot.mac, …: a dotted or underscored word `mac`.
        let parts = name.split(whereSeparator: { $0 == "." || $0 == "_" })
        if parts.contains("mac") { return true }
        return name.hasPrefix("persist.sys.") && name.contains("mac")
    }

    /// A capture text with the values of identifying properties (``identifies(property:)``)
    /// replaced by ``redactedValue``; every other line is kept as it is.
    /// - Parameter text: A capture.
    /// - Returns: The redacted capture.
    public static func redacted(_ text: String) -> String {
        var section = ""
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let bare = trimmed(line)
            if bare.hasPrefix("### ") {
                section = String(bare.dropFirst(4))
            } else if section == "getprop", let (name, _) = property(bare),
                identifies(property: name)
            {
                lines.append("[\(name)]: [\(redactedValue)]")
                continue
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}

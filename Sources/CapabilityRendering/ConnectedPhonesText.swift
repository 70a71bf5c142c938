import CapabilityModel

/// The lines `list` adds for phones and tablets on USB (``ConnectedPhone``): each one's
/// maker, model, USB id and the interface that shows it, and the command that lists it.
/// Serials and UDIDs are not shown: with one device of a kind the command needs none, with
/// several it says which tool lists them.
public enum ConnectedPhonesText {
    /// The section, or an empty string when there is no phone or tablet (so a machine
    /// without one prints exactly what it printed before).
    /// - Parameter phones: The phones and tablets found.
    /// - Returns: The text, opening with a blank line.
    public static func render(_ phones: [ConnectedPhone]) -> String {
        guard !phones.isEmpty else { return "" }
        let androids = phones.filter { $0.kind == .android }.count
        let apples = phones.count - androids
        var rows: [[String]] = []
        for phone in phones {
            let name = [phone.vendor, phone.model].compactMap { $0 }.joined(separator: " ")
            let command: String
            let interface: String
            switch phone.kind {
            case .android:
                interface = "adb interface " + phone.interface
                command =
                    androids == 1 ? "capcheck list --from adb:" : "capcheck list --from adb:SERIAL"
            case .apple:
                interface = "usbmux interface " + phone.interface
                command =
                    apples == 1 ? "capcheck list --from ios:" : "capcheck list --from ios:UDID"
            }
            rows.append([
                TerminalText.sanitize(name.isEmpty ? "unnamed USB device" : name),
                phone.usbID ?? "", interface, command,
            ])
        }
        var widths = [0, 0, 0]
        for row in rows {
            for column in 0..<3 { widths[column] = max(widths[column], row[column].count) }
        }
        var text = "\nPhones and tablets on USB (not asked; the command lists one)\n"
        for row in rows {
            var line = "  "
            for column in 0..<3 {
                line +=
                    row[column] + String(repeating: " ", count: widths[column] - row[column].count)
                line += "  "
            }
            text += line + row[3] + "\n"
        }
        if androids > 1 { text += "  adb devices lists the serials\n" }
        if apples > 1 { text += "  idevice_id -l lists the UDIDs\n" }
        return text
    }
}

import FoundationEssentials

/// Finds a default route in the kernel's routing tables (`/proc/net/route` and
/// `/proc/net/ipv6_route`), the way `ip route show default` would list one.
package enum DefaultRoute {
    /// The interface of the first usable IPv4 default route in `/proc/net/route` text:
    /// destination and mask `00000000`, flag RTF_UP (1) set.
    /// - Parameter text: The file's text.
    /// - Returns: The interface name.
    package static func ipv4Interface(_ text: String) -> String? {
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 8, fields[1] == "00000000", fields[7] == "00000000",
                let flags = Int(fields[3], radix: 16), flags & 1 != 0
            else { continue }
            return String(fields[0])
        }
        return nil
    }

    /// The interface of the first IPv6 default route in `/proc/net/ipv6_route` text:
    /// destination `::/0`, not on `lo`, flag RTF_UP (1) set, not a reject route (0x200).
    /// - Parameter text: The file's text.
    /// - Returns: The interface name.
    package static func ipv6Interface(_ text: String) -> String? {
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 10, fields[0].allSatisfy({ $0 == "0" }), fields[1] == "00",
                fields[9] != "lo", let flags = Int(fields[8], radix: 16), flags & 1 != 0,
                flags & 0x200 == 0
            else { continue }
            return String(fields[9])
        }
        return nil
    }
}

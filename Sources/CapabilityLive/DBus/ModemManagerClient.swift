import CapabilityModel
import CapabilitySupport
import Glibc

/// Asks ModemManager over the system D-Bus which modems it manages and what they offer:
/// `NameHasOwner` first (so a stopped service is reported, not started by bus activation),
/// then one `GetManagedObjects` on `/org/freedesktop/ModemManager1`. Interface and property
/// names are ModemManager's D-Bus API (its introspection XML).
package enum ModemManagerClient {
    /// The service's bus name.
    static let service = "org.freedesktop.ModemManager1"
    /// The object manager's path.
    static let root = "/org/freedesktop/ModemManager1"
    static let modemInterface = "org.freedesktop.ModemManager1.Modem"
    static let messagingInterface = "org.freedesktop.ModemManager1.Modem.Messaging"
    static let locationInterface = "org.freedesktop.ModemManager1.Modem.Location"

    /// The facts of a bus that could not be reached, with the reason sd-bus gave.
    private static func unreachable(_ why: String) -> ModemManagerFacts {
        .unavailable(reason: "the system D-Bus is unreachable (\(why))")
    }

    /// The modems, or why they could not be read. Never throws: every failure is a reason.
    /// - Parameter busAddress: The bus to ask; `nil` is the system bus (``SystemBus``).
    /// - Returns: The facts for ``MachineIdentity/modemManager``.
    package static func live(busAddress: String? = nil) -> ModemManagerFacts {
        // No system bus socket: say what sd-bus would say without loading libsystemd for it.
        if busAddress == nil, SystemBus.defaultSocketIsMissing {
            return unreachable(Errno(ENOENT).lowercasedDescription)
        }
        let bus: SystemBus
        do {
            bus = try SystemBus(address: busAddress)
        } catch {
            return unreachable(error.message)
        }
        do {
            let owner = try bus.call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                interface: "org.freedesktop.DBus", member: "NameHasOwner",
                arguments: [service])
            guard try owner.readBool() else {
                return .unavailable(reason: "ModemManager is not running")
            }
            let reply = try bus.call(
                destination: service, path: root,
                interface: "org.freedesktop.DBus.ObjectManager", member: "GetManagedObjects")
            return .modems(try modems(in: reply))
        } catch {
            if error.isAccessDenied {
                return .unavailable(reason: "access to ModemManager was denied (\(error.message))")
            }
            if error.name == "org.freedesktop.DBus.Error.ServiceUnknown"
                || error.name == "org.freedesktop.DBus.Error.NameHasNoOwner"
            {
                return .unavailable(reason: "ModemManager is not running")
            }
            return .unavailable(reason: "ModemManager did not answer (\(error.message))")
        }
    }

    /// Reads `a{oa{sa{sv}}}`: the modem objects and the interfaces capcheck uses.
    static func modems(in reply: BusMessage) throws(BusError) -> [ModemManagerModem] {
        var modems: [ModemManagerModem] = []
        guard try reply.enter("a", "{oa{sa{sv}}}") else { return [] }
        while try reply.enter("e", "oa{sa{sv}}") {
            let path = try reply.readString("o")
            var modem = ModemManagerModem(path: path)
            var isModem = false
            var manufacturer: String?
            var model: String?
            if try reply.enter("a", "{sa{sv}}") {
                while try reply.enter("e", "sa{sv}") {
                    let interface = try reply.readString()
                    switch interface {
                    case modemInterface:
                        isModem = true
                        try properties(reply) { name, value throws(BusError) in
                            switch (name, value) {
                            case ("Device", "s"): modem.device = try reply.readString()
                            case ("Manufacturer", "s"): manufacturer = try reply.readString()
                            case ("Model", "s"): model = try reply.readString()
                            case ("AccessTechnologies", "u"):
                                modem.accessTechnologies = try reply.readUInt32()
                            case ("SignalQuality", "(ub)"):
                                _ = try reply.enter("r", "ub")
                                modem.signalQuality = Int(try reply.readUInt32())
                                _ = try reply.readBool()
                                try reply.leaveContainer()
                            default: return false
                            }
                            return true
                        }
                    case messagingInterface:
                        modem.messaging = true
                        try reply.skip("a{sv}")
                    case locationInterface:
                        modem.locationCapabilities = 0
                        try properties(reply) { name, value throws(BusError) in
                            guard name == "Capabilities", value == "u" else { return false }
                            modem.locationCapabilities = try reply.readUInt32()
                            return true
                        }
                    default:
                        try reply.skip("a{sv}")
                    }
                    try reply.leaveContainer()
                }
                try reply.leaveContainer()
            }
            try reply.leaveContainer()
            guard isModem else { continue }
            let words = [manufacturer, model].compactMap { $0 }.filter { !$0.isEmpty }
            modem.model = words.isEmpty ? nil : words.joined(separator: " ")
            modems.append(modem)
        }
        try reply.leaveContainer()
        return modems.sorted { $0.path < $1.path }
    }

    /// Walks an `a{sv}`: `read` gets each name and its variant's signature with the variant
    /// entered, and returns whether it read the value; unread values are skipped.
    private static func properties(
        _ reply: BusMessage, _ read: (String, String) throws(BusError) -> Bool
    ) throws(BusError) {
        guard try reply.enter("a", "{sv}") else { return }
        while try reply.enter("e", "sv") {
            let name = try reply.readString()
            guard let next = try reply.peekContents(), let contents = next.contents else {
                try reply.skip("v")
                try reply.leaveContainer()
                continue
            }
            _ = try reply.enter("v", contents)
            if !(try read(name, contents)) { try reply.skip(contents) }
            try reply.leaveContainer()
            try reply.leaveContainer()
        }
        try reply.leaveContainer()
    }
}

/// The kernel subsystems (`/sys/class/*`, `/sys/bus/*`) capcheck reads, one table instead of
/// their names spelled out in every prober.
///
/// A record's ``Device/subsystem`` stays the string the kernel gave (any subsystem may
/// appear); ``Device/subsystemKind`` and ``Device/is(_:)`` compare it with this table.
package enum Subsystem: String, CaseIterable, Sendable, Hashable {
    /// Bluetooth hosts (`hciN`) and their links.
    case bluetooth
    /// HDMI-CEC adapters.
    case cec
    /// DRM cards, connectors and render nodes.
    case drm
    /// GNSS receivers (`gnssN`).
    case gnss
    /// Framebuffers (`fbN`).
    case graphics
    /// HID devices on any transport.
    case hid
    /// WiFi phys (`phyN`).
    case ieee80211
    /// Industrial I/O: sensors and converters.
    case iio
    /// Input devices (`inputN`) and their nodes (`eventN`).
    case input
    /// LEDs (flash and torch LEDs of cameras among them).
    case leds
    /// LIRC IR receivers.
    case lirc
    /// Memory devices (`/dev/mem`, `null`, …): in every complete udevadm dump.
    case mem
    /// Network interfaces.
    case net
    /// NFC controllers.
    case nfc
    /// PCI functions.
    case pci
    /// Platform devices.
    case platform
    /// Batteries, chargers and peripherals' batteries.
    case powerSupply = "power_supply"
    /// Remote-control receivers.
    case rc
    /// Radio kill switches.
    case rfkill
    /// ALSA cards, PCMs and controls.
    case sound
    /// Serial ports.
    case tty
    /// USB devices and interfaces.
    case usb
    /// USB character devices (`cdc-wdm*` modem control nodes).
    case usbmisc
    /// The Raspberry Pi VideoCore interface (its legacy camera stack).
    case vchiq
    /// V4L2 video, metadata and sub-device nodes.
    case video4linux
    /// WWAN modems and ports.
    case wwan
}

extension Subsystem {
    /// What capcheck does with a subsystem's devices beyond classifying them; each case
    /// declares its own in ``roles``, and the lists that once spelled them out are derived.
    package struct Roles: OptionSet, Sendable, Hashable {
        package let rawValue: UInt8

        /// Makes a set from its bits.
        /// - Parameter rawValue: The bits.
        package init(rawValue: UInt8) { self.rawValue = rawValue }

        /// The watch's uevent monitor receives it (``watched``).
        package static let watched = Roles(rawValue: 1 << 0)
        /// `capcheck list` shows its devices under "Devices" (``listed``).
        package static let listed = Roles(rawValue: 1 << 1)
        /// Its devices hang off their parent in a class directory of this name
        /// (`…/0000:02:00.0/net/wlan0`), which the bus facts step over (``classDirectories``).
        package static let classDirectory = Roles(rawValue: 1 << 2)
    }

    /// This subsystem's roles: one switch without a default, so a new case has to say.
    package var roles: Roles {
        switch self {
        case .bluetooth: return [.watched, .listed, .classDirectory]
        case .cec: return []
        case .drm: return [.watched, .listed]
        case .gnss: return [.watched, .listed, .classDirectory]
        case .graphics: return []
        case .hid: return []
        case .ieee80211: return [.listed, .classDirectory]
        case .iio: return [.watched, .listed]
        case .input: return [.watched, .listed]
        case .leds: return [.listed]
        case .lirc: return []
        case .mem: return []
        case .net: return [.watched, .listed, .classDirectory]
        case .nfc: return [.watched, .listed, .classDirectory]
        case .pci: return [.listed]
        case .platform: return []
        case .powerSupply: return [.watched, .listed]
        case .rc: return []
        case .rfkill: return [.watched, .listed, .classDirectory]
        case .sound: return [.watched, .listed, .classDirectory]
        case .tty: return [.classDirectory]
        case .usb: return [.watched]
        case .usbmisc: return [.listed, .classDirectory]
        case .vchiq: return []
        case .video4linux: return [.watched, .listed, .classDirectory]
        case .wwan: return [.watched, .listed, .classDirectory]
        }
    }

    /// The sysfs attributes the probers read from this subsystem's devices, which the live
    /// reader copies into their records: top-level names, and paths in a subdirectory
    /// (`capabilities/ev`), read only for this subsystem. One switch without a default, so a
    /// new case has to say.
    package var sysfsAttributes: [String] {
        switch self {
        case .pci:
            return [
                "class", "vendor", "device", "subsystem_vendor", "subsystem_device", "boot_vga",
            ]
        case .usb:
            return [
                "idVendor", "idProduct", "bDeviceClass", "bInterfaceClass", "bInterfaceSubClass",
                "bInterfaceProtocol", "interface", "bNumInterfaces",
            ]
        case .powerSupply:
            return [
                "scope", "status", "capacity", "capacity_level", "present", "online", "energy_now",
                "energy_full", "energy_full_design", "charge_now", "charge_full",
                "charge_full_design", "voltage_now", "voltage_min_design", "model_name",
                "technology", "power_now", "current_now",
            ]
        case .drm: return ["enabled", "modes", "dpms", "connector_id"]
        case .input:
            return [
                "phys", "properties", "capabilities/ev", "capabilities/abs", "capabilities/key",
                "capabilities/sw", "capabilities/ff", "capabilities/rel", "capabilities/msc",
                "id/bustype", "id/vendor", "id/product",
            ]
        // HDA codecs: GPU HDMI codecs make a card display-only.
        case .sound: return ["pcm_class", "chip_name", "vendor_id"]
        case .rfkill: return ["soft", "hard", "state"]
        case .net: return ["operstate", "ifindex", "addr_assign_type"]
        case .leds: return ["brightness", "max_brightness"]
        case .bluetooth, .cec, .gnss, .graphics, .hid, .ieee80211, .iio, .lirc, .mem, .nfc,
            .platform, .rc, .tty, .usbmisc, .vchiq, .video4linux, .wwan:
            return []
        }
    }

    /// The subsystems the watch's monitor receives, in declaration order.
    package static let watched = allCases.filter { $0.roles.contains(.watched) }

    /// The subsystems whose devices `capcheck list` shows.
    package static let listed = Set(allCases.filter { $0.roles.contains(.listed) })

    /// The subsystems whose devices sit in a class directory under their parent.
    package static let classDirectories = Set(
        allCases.filter { $0.roles.contains(.classDirectory) })
}

extension Device {
    /// The subsystem from ``Subsystem``'s table; nil when it has none or one capcheck does
    /// not read.
    package var subsystemKind: Subsystem? { subsystem.flatMap(Subsystem.init(rawValue:)) }

    /// Whether the record belongs to a subsystem.
    /// - Parameter kind: The subsystem.
    /// - Returns: True when ``subsystem`` is that subsystem's name.
    package func `is`(_ kind: Subsystem) -> Bool { subsystem == kind.rawValue }
}

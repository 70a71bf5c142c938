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

extension Device {
    /// The subsystem from ``Subsystem``'s table; nil when it has none or one capcheck does
    /// not read.
    package var subsystemKind: Subsystem? { subsystem.flatMap(Subsystem.init(rawValue:)) }

    /// Whether the record belongs to a subsystem.
    /// - Parameter kind: The subsystem.
    /// - Returns: True when ``subsystem`` is that subsystem's name.
    package func `is`(_ kind: Subsystem) -> Bool { subsystem == kind.rawValue }
}

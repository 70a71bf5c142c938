import CapabilityProbe
import CapabilityProbeTesting
import Foundation
import Testing

/// ModemManager asked over D-Bus, on a private bus with a python-dbusmock service made from
/// the hand-made template `Fixtures/dbusmock/modemmanager.py` (its names are ModemManager's
/// D-Bus API; Debian 12's dbusmock 0.28 has no ModemManager template).
@Suite(
    .enabled(if: PrivateBus.isAvailable, "needs dbus-daemon (dbus) and python3-dbusmock"),
    .timeLimit(.minutes(1)))
struct ModemManagerBusTests {
    @Test func readsMessagingLocationSignalAndAccessTechnologies() throws {
        let bus = try PrivateBus()
        try bus.startModemManager(modems: [
            [
                "device": "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-3", "messaging": true,
                "location": 1 | 4, "signal": 71, "access": 16384,
            ],
            ["device": "/sys/devices/platform/modem", "location": 1],
        ])
        let modems = try #require(ModemManagerClient.live(busAddress: bus.address).modems)
        #expect(modems.count == 2)
        let first = try #require(modems.first)
        #expect(first.path == "/org/freedesktop/ModemManager1/Modem/0")
        #expect(first.device == "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-3")
        #expect(first.model == "Mock Mock LTE")
        #expect(first.messaging)
        #expect(first.locationCapabilities == 5 && first.hasGNSS)
        #expect(first.locationSourceNames == ["3gpp-lac-ci", "gps-nmea"])
        #expect(first.signalQuality == 71)
        #expect(first.accessTechnologyNames == ["lte"])
        let second = try #require(modems.last)
        #expect(!second.messaging && !second.hasGNSS && second.locationCapabilities == 1)
    }

    @Test func aBusWithoutTheServiceSaysModemManagerIsNotRunning() throws {
        let bus = try PrivateBus()
        #expect(
            ModemManagerClient.live(busAddress: bus.address)
                == .unavailable(reason: "ModemManager is not running"))
    }

    @Test func aPolicyThatRefusesTheCallIsAccessDenied() throws {
        let bus = try PrivateBus(configuration: PrivateBus.denyingModemManager)
        try bus.startModemManager(modems: [["messaging": true]])
        let reason = ModemManagerClient.live(busAddress: bus.address).reason
        #expect(reason?.hasPrefix("access to ModemManager was denied (") == true, "\(reason ?? "")")
    }

    @Test func anUnreachableBusIsAReasonNotAnError() throws {
        let facts = ModemManagerClient.live(busAddress: "unix:path=/nonexistent/capcheck-bus")
        #expect(facts.reason?.hasPrefix("the system D-Bus is unreachable") == true)
    }

    /// The whole pipeline: `capcheck list --json` in an empty umockdev test bed, its system bus
    /// named by `DBUS_SYSTEM_BUS_ADDRESS`.
    static func list(bus: PrivateBus) throws -> CapabilityReport {
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SYSTEM_BUS_ADDRESS"] = bus.address
        let result = try ProgramRun.capcheck(["list", "--json"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONDecoder().decode(CapabilityReport.self, from: Data(result.stdout.utf8))
    }

    @Test(.enabled(if: Umockdev.isAvailable, "needs umockdev"))
    func aModemWithMessagingAndGPSIsPresentThroughTheCLI() throws {
        let bus = try PrivateBus()
        try bus.startModemManager(modems: [
            ["device": "/sys/devices/platform/modem", "messaging": true, "location": 4]
        ])
        let report = try Self.list(bus: bus)
        #expect(report.finding("cellular")?.status == .present)
        let sms = try #require(report.finding("cellular.sms"))
        #expect(sms.status == .present)
        #expect(
            sms.evidence.map(\.reason) == [
                "ModemManager modem /org/freedesktop/ModemManager1/Modem/0 (Mock Mock LTE) has the Messaging interface"
            ])
        let gnss = try #require(report.finding("location.gnss"))
        #expect(gnss.status == .present)
        #expect(gnss.evidence.first?.reason.contains("ModemManager") == true)
        #expect(gnss.evidence.first?.reason.contains("gps-nmea") == true)
        #expect(gnss.evidence.first?.device == "/devices/platform/modem")
    }

    @Test(.enabled(if: Umockdev.isAvailable, "needs umockdev"))
    func locationWithoutASatelliteBitLeavesGNSSToTheOtherEvidence() throws {
        let bus = try PrivateBus()
        try bus.startModemManager(modems: [
            ["device": "/sys/devices/platform/modem", "location": 1]
        ])
        let report = try Self.list(bus: bus)
        #expect(report.finding("cellular.sms")?.status == .unknown)
        let gnss = try #require(report.finding("location.gnss"))
        // The empty test bed has no other evidence: what the source's completeness says
        // (absent for a complete live source), with ModemManager's answer in the evidence.
        #expect(gnss.status != .present)
        #expect(
            gnss.evidence.map(\.reason) == [
                "ModemManager modem /org/freedesktop/ModemManager1/Modem/0 (Mock Mock LTE): location sources 3gpp-lac-ci, no satellite source"
            ])
    }
}

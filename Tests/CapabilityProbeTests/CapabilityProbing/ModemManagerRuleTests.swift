import CapabilityProbe
import Testing

/// `cellular.sms` and `location.gnss` from ``MachineIdentity/modemManager``, on a recorded
/// machine with a modem (the HP EliteBook 835 G10's Intel XMM7560, `iosm`) and ModemManager's
/// answer set by hand, as the live source sets it.
struct ModemManagerRuleTests {
    static let dump = "udevadm/HP_ELITEBOOK_835_13_INCH_G10.txt"
    static let modem = "/devices/pci0000:00/0000:00:02.3/0000:02:00.0"

    static func report(_ facts: ModemManagerFacts?) throws -> CapabilityReport {
        var inventory = try Fixtures.inventory(dump)
        inventory.machine.modemManager = facts
        return CapabilityClassifier().classify(inventory)
    }

    static func managed(messaging: Bool = false, location: UInt32? = nil) -> ModemManagerFacts {
        .modems([
            ModemManagerModem(
                path: "/org/freedesktop/ModemManager1/Modem/0", device: "/sys" + modem,
                model: "Intel XMM7560", messaging: messaging, locationCapabilities: location,
                signalQuality: 55, accessTechnologies: 1 << 14)
        ])
    }

    @Test func aRecordingKeepsTodaysUnknown() throws {
        let report = try Self.report(nil)
        let sms = try #require(report.finding("cellular.sms"))
        #expect(sms.status == .unknown)
        #expect(sms.evidence.map(\.reason) == ["SMS support is only visible through ModemManager"])
        #expect(report.finding("location.gnss")?.status == .unknown)
        #expect(report.finding("cellular")?.details["modemManager"] == nil)
    }

    @Test func aServiceThatIsNotRunningIsUnknownWithTheReason() throws {
        let report = try Self.report(.unavailable(reason: "ModemManager is not running"))
        let sms = try #require(report.finding("cellular.sms"))
        #expect(sms.status == .unknown)
        #expect(
            sms.evidence.map(\.reason) == [
                "SMS support is only visible through ModemManager: ModemManager is not running"
            ])
        let gnss = try #require(report.finding("location.gnss"))
        #expect(gnss.status == .unknown)
        #expect(gnss.evidence.first?.reason.hasSuffix("ModemManager is not running") == true)
        #expect(
            report.finding("cellular")?.details["modemManager"]
                == .object(["unavailable": .string("ModemManager is not running")]))
    }

    @Test func theMessagingInterfaceMakesSMSPresentOnTheKernelsModem() throws {
        let report = try Self.report(Self.managed(messaging: true))
        let cellular = try #require(report.finding("cellular"))
        #expect(cellular.count == 1)
        let sms = try #require(report.finding("cellular.sms"))
        #expect(sms.status == .present)
        #expect(sms.evidence.map(\.device) == [Self.modem])
        #expect(
            sms.evidence.first?.reason
                == "ModemManager modem /org/freedesktop/ModemManager1/Modem/0 (Intel XMM7560) has the Messaging interface"
        )
        guard case .array(let entries)? = cellular.details["modemManager"],
            case .object(let entry)? = entries.first
        else {
            Issue.record("no modemManager detail")
            return
        }
        #expect(entry["signalQuality"] == .int(55))
        #expect(entry["accessTechnologies"] == .array([.string("lte")]))
        #expect(entry["sms"] == .bool(true))
    }

    @Test func noMessagingInterfaceIsUnknownNotAbsent() throws {
        let sms = try #require(try Self.report(Self.managed()).finding("cellular.sms"))
        #expect(sms.status == .unknown)
        #expect(sms.evidence.first?.reason.contains("has no Messaging interface") == true)
    }

    @Test func aGPSLocationSourceIsGNSS() throws {
        let report = try Self.report(Self.managed(location: 4))
        let gnss = try #require(report.finding("location.gnss"))
        #expect(gnss.status == .present)
        #expect(gnss.evidence.map(\.device) == [Self.modem])
        #expect(gnss.evidence.first?.reason.contains("ModemManager") == true)
        #expect(gnss.evidence.first?.reason.hasSuffix("location sources gps-nmea") == true)
        #expect(report.finding("location.any")?.status == .present)
    }

    @Test(arguments: [2, 16, 32, 64] as [UInt32])
    func everySatelliteBitIsGNSS(bit: UInt32) throws {
        let report = try Self.report(Self.managed(location: bit | 1))
        #expect(report.finding("location.gnss")?.status == .present)
    }

    /// No satellite bit (3gpp-lac-ci, cdma-bs): the modem is no GNSS candidate, so the other
    /// evidence decides (none on this machine: the complete dump's `absent`), with
    /// ModemManager's answer as the evidence.
    @Test func cellIDsOnlyLeaveGNSSToTheOtherEvidence() throws {
        let report = try Self.report(Self.managed(location: 1 | 8))
        let gnss = try #require(report.finding("location.gnss"))
        #expect(gnss.status == .absent)
        #expect(
            gnss.evidence.map(\.reason) == [
                "ModemManager modem /org/freedesktop/ModemManager1/Modem/0 (Intel XMM7560): location sources 3gpp-lac-ci, cdma-bs, no satellite source"
            ])
    }

    @Test func noLocationInterfaceStaysUnknown() throws {
        let gnss = try #require(try Self.report(Self.managed()).finding("location.gnss"))
        #expect(gnss.status == .unknown)
        #expect(gnss.evidence.first?.reason.contains("has no Location interface") == true)
    }

    @Test func aModemModemManagerDoesNotManageStaysUnknown() throws {
        let report = try Self.report(.modems([]))
        #expect(report.finding("cellular.sms")?.status == .unknown)
        #expect(
            report.finding("cellular.sms")?.evidence.first?.reason
                == "ModemManager runs but does not manage this modem: SMS is not visible")
        #expect(report.finding("location.gnss")?.status == .unknown)
    }
}

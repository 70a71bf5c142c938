import CapabilityProbeTesting
import Foundation
import Testing

@testable import CapabilityManifest
@testable import CapabilityManifestFiles
@testable import CapabilityModel
@testable import CapabilityProbe

/// `<feature-group>`: Play accepts a device that has every feature of at least one group
/// (and every required feature outside the groups). Inline manifests written for capcheck.
@Suite struct AndroidFeatureGroupTests {
    static let head =
        #"<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="org.capcheck.groups">"#
        + #"<uses-sdk android:minSdkVersion="21" android:targetSdkVersion="30"/>"#
        + #"<uses-feature android:name="android.hardware.touchscreen" android:required="false"/>"#

    /// A camera group and a Wi-Fi + Bluetooth group.
    static let twoGroups =
        #"<feature-group android:label="camera"><uses-feature android:name="android.hardware.camera.any"/></feature-group>"#
        + #"<feature-group android:label="radios"><uses-feature android:name="android.hardware.wifi"/><uses-feature android:name="android.hardware.bluetooth"/></feature-group>"#

    func manifest(_ body: String) throws -> Manifest {
        try ManifestLoader.load(
            data: Data((Self.head + body + "</manifest>").utf8), path: "AndroidManifest.xml")
    }

    func group(_ body: String, on findings: [CapabilityFinding]) throws -> RequirementResult? {
        let report = ManifestChecker().check(
            try manifest(body), against: SyntheticMachines.report(findings))
        return report.requirements.first { $0.key.hasPrefix("feature-group ") }
    }

    @Test func theGroupsBecomeOneRequirementWithEveryGroupsFeatures() throws {
        let row = try #require(
            try manifest(Self.twoGroups).requirements.first { $0.key.hasPrefix("feature-group") })
        #expect(
            row.key
                == "feature-group android.hardware.camera.any | android.hardware.bluetooth+android.hardware.wifi"
        )
        #expect(row.wanted == .present)
        guard case .anyGroup(let groups) = row.target else {
            Issue.record("not a group target: \(row.target)")
            return
        }
        #expect(
            groups.map { $0.map(\.key) } == [
                ["android.hardware.camera.any"],
                ["android.hardware.bluetooth", "android.hardware.wifi"],
            ])
    }

    @Test func oneWholeGroupIsEnough() throws {
        let result = try group(
            Self.twoGroups,
            on: [
                SyntheticMachines.absent("camera.any"), SyntheticMachines.present("net.wifi"),
                SyntheticMachines.present("bluetooth"),
            ])
        #expect(result?.verdict == .satisfied)
        #expect(result?.reason.contains("group 2 met") == true)
    }

    @Test func aDeviceLackingAFeatureOfEveryGroupIsExcluded() throws {
        let result = try group(
            Self.twoGroups,
            on: [
                SyntheticMachines.absent("camera.any"), SyntheticMachines.present("net.wifi"),
                SyntheticMachines.absent("bluetooth"),
            ])
        #expect(result?.verdict == .unsatisfied)
        #expect(
            result?.reason
                == "group 1 lacks android.hardware.camera.any; group 2 lacks android.hardware.bluetooth (rule: every feature of one <feature-group>)"
        )
    }

    @Test func anUnknownFeatureLeavesItUndecidedUnlessAnotherGroupIsMet() throws {
        let undecided = try group(
            Self.twoGroups,
            on: [
                SyntheticMachines.unknown("camera.any"), SyntheticMachines.present("net.wifi"),
                SyntheticMachines.absent("bluetooth"),
            ])
        #expect(undecided?.verdict == .unknown)
        let met = try group(
            Self.twoGroups,
            on: [
                SyntheticMachines.unknown("camera.any"), SyntheticMachines.present("net.wifi"),
                SyntheticMachines.present("bluetooth"),
            ])
        #expect(met?.verdict == .satisfied)
    }

    /// An NFC group and an eSIM group: `telephony.euicc` has no Linux meaning.
    static let nfcOrEsim =
        #"<feature-group android:label="nfc"><uses-feature android:name="android.hardware.nfc"/></feature-group>"#
        + #"<feature-group android:label="esim"><uses-feature android:name="android.hardware.telephony.euicc"/></feature-group>"#

    @Test func aFeatureWithNoLinuxMeaningNeverMakesItsGroupMet() throws {
        let result = try group(
            Self.nfcOrEsim,
            on: [SyntheticMachines.absent("nfc"), SyntheticMachines.absent("cellular")])
        #expect(result?.verdict == .unsatisfied)
        #expect(
            result?.reason
                == "group 1 lacks android.hardware.nfc; group 2 lacks android.hardware.telephony.euicc (no Linux meaning) (rule: every feature of one <feature-group>)"
        )
    }

    @Test func aMachineWithNeitherNFCNorAModemDoesNotMeetAnNFCOrESIMGroup() throws {
        // A Dell Latitude E4310 dump (Fixtures/udevadm/README.md): no NFC, no WWAN modem.
        let report = try Fixtures.report("udevadm/DELL_LATITUDEE4310.txt")
        #expect(report.finding("nfc")?.status == .absent)
        #expect(report.finding("cellular")?.status == .absent)
        let verification = ManifestChecker().check(try manifest(Self.nfcOrEsim), against: report)
        let row = verification.requirements.first { $0.key.hasPrefix("feature-group ") }
        #expect(row?.verdict == .unsatisfied)
        #expect(verification.verdict != .satisfied)
    }

    @Test func theNoteSaysHowGroupsAreChecked() throws {
        let notes = try manifest(Self.twoGroups).notes
        #expect(
            notes.contains {
                $0.hasPrefix("2 <feature-group> elements: aapt then implies no features")
                    && $0.hasSuffix("every feature of at least one group")
            })
    }
}

/// `<uses-sdk>` as read: both values are shown with the target SDK aapt's rules use.
@Suite struct AndroidSdkVersionNoteTests {
    @Test(arguments: [
        (
            #"<uses-sdk android:targetSdkVersion="33"/>"#,
            "targetSdkVersion 33 as read, no minSdkVersion (Android's default is 1): aapt's target SDK is 33"
        ),
        (
            #"<uses-sdk android:minSdkVersion="26" android:targetSdkVersion="23"/>"#,
            "minSdkVersion 26 and targetSdkVersion 23 as read: aapt's target SDK is 26, the larger of the two"
        ),
    ])
    func theNoteShowsBothVersionsAsRead(sdk: String, note: String) throws {
        let manifest = try ManifestLoader.load(
            data: Data(
                (#"<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="a.b">"#
                    + sdk + "</manifest>").utf8), path: "AndroidManifest.xml")
        #expect(manifest.notes.first == note)
        #expect(manifest.store.minSdk == (sdk.contains("minSdk") ? 26 : nil))
    }
}

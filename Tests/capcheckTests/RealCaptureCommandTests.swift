import CapabilityProbeTesting
import Foundation
import Testing

@testable import capcheck

/// `list --from` and `verify --from` on captures built from real devices' public outputs
/// (Fixtures/phones/real): what each command makes of a device that said only part of
/// what a full capture holds.
@Suite struct RealCaptureCommandTests {
    static let iPhone = CLI.fixture("phones/real/iphone8plus-ios11.capture")
    static let sharp = CLI.fixture("phones/real/sharp1-features.capture")

    @Test func listFromARealIPhoneCaptureTakesTheCapabilitiesFromItsModelsRow() {
        let result = CLI.run(["list", "--from", Self.iPhone])
        #expect(result.code == .ok)
        for line in [
            "Machine   Apple iPhone 8 Plus (iPhone10,2) · iOS 11.4 · source: ios-capture",
            "camera.front          present   1   iPhone 8 Plus: front-facing-camera yes",
            "power.battery         unknown       the capture has no battery section",
        ] {
            #expect(result.stdout.contains(line), "\(line)")
        }
        #expect(!result.stdout.contains("redacted"))
    }

    @Test func verifyFromARealIPhoneCaptureNamesTheModelsNewestOSAndTheInstalledOne() {
        let result = CLI.run([
            "verify", CLI.fixture("phones/min-ios-17.plist"), "--from", Self.iPhone,
        ])
        #expect(result.code == .unmet)
        #expect(
            result.stdout.contains(
                "iPhone 8 Plus runs at most iOS 16.7.16, below 17.0 (iOS 11.4 is installed)"))
    }

    @Test func listFromARealFeatureListShowsWhatTheDeviceDeclares() {
        let result = CLI.run(["list", "--from", Self.sharp])
        #expect(result.code == .ok)
        for line in [
            "camera.autofocus            present   1   feature:android.hardware.camera.autofocus",
            "sensor.gyroscope            absent        does not declare android.hardware.sensor.gyroscope",
        ] {
            #expect(result.stdout.contains(line), "\(line)")
        }
    }

    @Test func verifyFromARealFeatureListIsUndecidedOnlyOnWhatTheCaptureLacks() {
        let result = CLI.run([
            "verify", CLI.fixture("phones/needs-nfc-and-maps.xml"), "--from", Self.sharp,
        ])
        #expect(result.code == .unmet)
        for line in [
            "✘ android.hardware.nfc ",
            "? android:minSdkVersion=30               the capture does not give the device's SDK level (getprop)",
            "1 unmet, 2 undecided → exit 1",
        ] {
            #expect(result.stdout.contains(line), "\(line)")
        }
    }
}

import CapabilityProbeTesting
import Foundation
import Testing

/// Tests that need umockdev or aapt skip themselves on a machine without it; in CI (`CI=true`) a
/// missing tool must fail instead, so a skipped live-path suite never passes unnoticed.
@Suite struct TestToolsTests {
    static let inCI = ProcessInfo.processInfo.environment["CI"] == "true"

    @Test(.enabled(if: inCI))
    func ciHasUmockdevAndTheTestbedBindings() {
        #expect(Umockdev.isAvailable, "umockdev-run is missing: install .ci/apt-packages")
        #expect(WatchTestbed.isAvailable, "python3-gi / gir1.2-umockdev-1.0 are missing")
        #expect(FileManager.default.isExecutableFile(atPath: ProgramRun.capcheckBinary))
        #expect(LibAppStream.isAvailable, "gir1.2-appstream-1.0 / python3-gi are missing")
        #expect(
            FileManager.default.isExecutableFile(atPath: AppStreamRelationTests.fwupdtool),
            "fwupd (fwupdtool) is missing")
    }

    @Test(.enabled(if: inCI))
    func ciHasAaptAndTheFrameworkResources() {
        #expect(
            Aapt.isAvailable, "aapt / android-framework-res are missing: install .ci/apt-packages")
    }
}

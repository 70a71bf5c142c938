// The test oracle of the live reader: this machine (or the umockdev test bed it runs in) as
// libudev enumerates it (`UdevDeviceSource`), classified and printed as `capcheck list --json`
// prints what `SysfsDeviceSource` reads. `SysfsSourceTests` compares the two byte for byte.
import CapabilityProbe
import CapabilityProbeTesting
import Foundation

do {
    let report = CapabilityClassifier().classify(try UdevDeviceSource().inventory())
    FileHandle.standardOutput.write(Data(try SnapshotJSONWriter.json(report).utf8))
} catch {
    FileHandle.standardError.write(Data("capcheck-libudev-list: \(error)\n".utf8))
    exit(1)
}

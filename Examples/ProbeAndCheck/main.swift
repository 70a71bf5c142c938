// An example a Swift app can copy: probe the machine (or read a recording), check a manifest,
// then watch the battery and the proximity sensor as an AsyncSequence.
//
//   swift run capcheck-example [--from RECORDING] [MANIFEST] [--watch SECONDS]
//
// In your own package: .package(path: "../capcheck") and
// .product(name: "CapabilityProbe", package: "capcheck") as a dependency of your target.
import CapabilityProbe
import Foundation

/// What the example was asked to do.
struct Request {
    var recording: String?
    var manifest: String?
    var watchSeconds: Double?

    init(_ arguments: [String]) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--from": recording = rest.popFirst()
            case "--watch": watchSeconds = rest.popFirst().flatMap(Double.init)
            default: manifest = argument
            }
        }
    }
}

/// 1. Probe: the live machine through libudev and sysfs, or a recording (a udevadm dump, a
/// umockdev recording, a `capcheck list --json` snapshot), then classify the device records.
func probe(_ recording: String?) throws(SourceError) -> CapabilityReport {
    let inventory: DeviceInventory
    if let recording {
        inventory = try RecordedSource.inventory(contentsOf: recording)
    } else {
        inventory = try SysfsDeviceSource().inventory()
    }
    return CapabilityClassifier().classify(inventory)
}

/// 2. Check a manifest (Info.plist, AndroidManifest.xml or capcheck JSON) against the report.
func check(_ path: String, against report: CapabilityReport) throws(ManifestError) -> Bool {
    let manifest = try ManifestLoader.load(path: path)
    let verification = ManifestChecker().check(manifest, against: report)
    for result in verification.requirements where result.verdict != .satisfied {
        print("  \(result.key): \(result.verdict.rawValue) (\(result.reason))")
    }
    print("\(path): \(verification.verdict.rawValue)")
    return verification.verdict == .satisfied
}

/// 3. Watch the battery and the proximity sensor; the stream ends when the task is cancelled.
func watch(for seconds: Double) async throws(WatchError) {
    let stream = try DeviceWatcher.start(WatchOptions(kinds: [.battery, .proximity]))
    print("watching battery and proximity for \(seconds) s (events from \(stream.source))")
    let consumer = Task {
        for await event in stream {
            switch event {
            case .batteryLevelChanged(_, let level): print("battery level \(Int(level * 100)) %")
            case .batteryStateChanged(_, let state): print("battery \(state.rawValue)")
            case .proximityChanged(let near): print(near ? "something is near" : "nothing near")
            default: break
            }
        }
    }
    try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
    consumer.cancel()
    stream.stop()
}

let request = Request(Array(CommandLine.arguments.dropFirst()))
do {
    let report = try probe(request.recording)
    let present = report.capabilities.filter { $0.status == .present }.map(\.id.rawValue)
    print("present: \(present.joined(separator: ", "))")
    if let battery = report.finding(.powerBattery), battery.status == .present,
        let level = battery.details["level"]?.doubleValue
    {
        print("battery: \(Int(level * 100)) %")
    }
    var satisfied = true
    if let manifest = request.manifest { satisfied = try check(manifest, against: report) }
    if let seconds = request.watchSeconds { try await watch(for: seconds) }
    exit(satisfied ? 0 : 1)
} catch {
    FileHandle.standardError.write(Data("capcheck-example: \(error)\n".utf8))
    exit(2)
}

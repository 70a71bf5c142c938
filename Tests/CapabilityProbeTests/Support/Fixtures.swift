import CapabilityProbe
import Foundation

/// Paths to the repository's `Fixtures/` folder, found from this file's location.
enum Fixtures {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // CapabilityProbeTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Fixtures")

    static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    static func path(_ relative: String) -> String { url(relative).path }

    static func data(_ relative: String) throws -> Data { try Data(contentsOf: url(relative)) }

    static func text(_ relative: String) throws -> String {
        String(decoding: try data(relative), as: UTF8.self)
    }

    /// Reads any recorded source (dump, recording, snapshot) from Fixtures/.
    static func inventory(_ relative: String) throws -> DeviceInventory {
        try RecordedSource.inventory(data(relative), path: relative)
    }

    /// Classifies a recorded source.
    static func report(_ relative: String) throws -> CapabilityReport {
        CapabilityClassifier().classify(try inventory(relative))
    }

    /// Every udevadm dump in `Fixtures/udevadm`, by name without `.txt`.
    static var allUdevadmDumps: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path("udevadm"))) ?? []
        return names.filter { $0.hasSuffix(".txt") }.map { String($0.dropLast(4)) }.sorted()
    }

    /// The 20 udevadm dump names (without `.txt`) the older per-topic tables cover.
    static let udevadmDumps: [String] = [
        "CAPTURE_METADATA", "DELL_INSPIRON3521_TOUCHSCREEN", "DELL_INSPIRON_3048",
        "DELL_LATITUDEE4310", "DELL_LATITUDE_7350_WITH_IPU6_DRIVER", "DELL_OPTIPLEX9020AIO",
        "DELL_VOSTROV131", "HOME_MADE", "HP_ELITEBOOK_835_13_INCH_G10", "HP_ENVY_15_MEDIATEK_BT",
        "HP_PROBOOK6550B_ACCELEROMETER", "LENOVO_E431", "LENOVO_T420", "LENOVO_T430S", "PANDABOARD",
        "QEMU_KVM", "REALTEK_CARD_READER_AND_NVME", "RPI2_WITH_CAMERA", "RPI3B", "SAMSUNG_N310",
    ]
}

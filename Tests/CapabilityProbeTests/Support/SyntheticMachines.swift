import CapabilityProbe

/// Capability reports built in tests (as a device-matrix row would be): findings with only
/// status and details, no device records, so checker tests do not depend on the probers.
enum SyntheticMachines {
    static func report(_ findings: [CapabilityFinding], complete: Bool = true) -> CapabilityReport {
        CapabilityReport(
            source: SourceInfo(
                kind: .snapshot, udevDatabase: true, attributes: true, complete: complete),
            machine: MachineIdentity(model: "synthetic"), capabilities: findings, devices: [])
    }

    static func present(
        _ id: CapabilityID, _ details: [String: JSONValue] = [:], reason: String? = nil
    )
        -> CapabilityFinding
    {
        CapabilityFinding(
            id: id, status: .present, count: 1,
            evidence: reason.map { [Evidence(device: "/devices/test/\(id)", reason: $0)] } ?? [],
            details: details)
    }

    static func absent(_ id: CapabilityID) -> CapabilityFinding {
        CapabilityFinding(id: id, status: .absent)
    }
    static func unknown(_ id: CapabilityID) -> CapabilityFinding {
        CapabilityFinding(id: id, status: .unknown)
    }

    static let gib = 1_073_741_824

    /// A laptop: small front webcam, Wi-Fi, no gyroscope, no modem, accelerometer unknown.
    static let laptop = report([
        present("camera.any", ["megapixels": 0.9], reason: "Integrated Camera (uvcvideo)"),
        present("camera.video", ["modes": .array(["1280x720@30", "640x480@30"])]),
        present("camera.front"), absent("camera.back"), absent("camera.autofocus"),
        present("net.wifi", reason: "wlan0 (iwlwifi)"), present("bluetooth"),
        present("bluetooth.le"),
        present("audio.input"), present("audio.output"), absent("cellular"), absent("cellular.sms"),
        absent("sensor.gyroscope"), unknown("sensor.accelerometer"),
        present("memory.total", ["bytes": .int(8 * gib)]),
        present("display", ["scale": 1, "dpi": 141.0]),
        absent("input.touchscreen"), present("input.pointer"), present("cpu.arch.x86_64"),
        absent("cpu.arch.arm64"),
        absent("location.gnss"), unknown("location.any"), absent("nfc"), present("gpu.gles"),
    ])

    /// A phone: 8 MP back camera with autofocus, touchscreen, GNSS, modem, NFC, arm64, GLES 3.2.
    static let phone = report([
        present("camera.any", ["megapixels": 8.0]),
        present("camera.video", ["modes": .array(["1920x1080@30"])]),
        present("camera.back"), present("camera.front"), present("camera.autofocus"),
        present("input.touchscreen", ["points": 10]), present("location.gnss"),
        present("location.any"),
        present("cellular"), present("cellular.sms"),
        present("memory.total", ["bytes": .int(4 * gib)]),
        present("net.wifi"), present("sensor.gyroscope"), present("sensor.accelerometer"),
        present("audio.input"), present("cpu.arch.arm64"), absent("cpu.arch.x86_64"),
        present("gpu.gles", ["version": "3.2"]), present("nfc"), present("bluetooth.le"),
        present("display", ["scale": 3, "dpi": 460.0]),
    ])

    /// The phone without a modem (a Wi-Fi-only tablet).
    static var tablet: CapabilityReport {
        var report = phone
        report.set(absent("cellular"))
        report.set(absent("cellular.sms"))
        return report
    }
}

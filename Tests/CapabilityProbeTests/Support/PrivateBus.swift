import CapabilityProbe
import CapabilityProbeTesting
import Foundation

/// A private D-Bus daemon for one test (`dbus-daemon --session` on a socket in a temporary
/// folder), optionally with a python-dbusmock service on it; both are ended in `deinit`.
/// Nothing touches the machine's system bus: the tests hand the address to the client, or to
/// a `capcheck` run as `DBUS_SYSTEM_BUS_ADDRESS`.
final class PrivateBus {
    static let daemon = "/usr/bin/dbus-daemon"
    static let python = "/usr/bin/python3"
    /// The hand-made ModemManager template (`Fixtures/dbusmock/modemmanager.py`).
    static let modemManagerTemplate = Fixtures.path("dbusmock/modemmanager.py")

    /// Whether `dbus-daemon` (Debian's `dbus`) and python-dbusmock (`python3-dbusmock`) are
    /// installed.
    static let isAvailable: Bool = {
        guard FileManager.default.isExecutableFile(atPath: daemon),
            FileManager.default.isExecutableFile(atPath: python),
            let result = try? ProgramRun.run(python, ["-c", "import dbusmock"])
        else { return false }
        return result.status == 0
    }()

    let directory: URL
    /// The bus address (`unix:path=…`).
    let address: String
    private let bus: Process
    private var services: [Process] = []

    /// Starts the daemon and waits for its socket.
    init() throws {
        directory = try ProgramRun.temporaryDirectory()
        let socket = directory.appendingPathComponent("bus").path
        address = "unix:path=" + socket
        bus = Process()
        bus.executableURL = URL(fileURLWithPath: Self.daemon)
        bus.arguments = ["--session", "--nofork", "--nopidfile", "--address=" + address]
        bus.standardOutput = FileHandle.nullDevice
        bus.standardError = FileHandle.nullDevice
        try bus.run()
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: socket) {
            usleep(50_000)
        }
    }

    deinit {
        // SIGKILL: python-dbusmock blocks in the GLib main loop, where Python's SIGTERM
        // handler never runs.
        for process in services + [bus] where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Starts the ModemManager mock with these modems (the template's parameters) and waits
    /// until it owns its name.
    /// - Parameter modems: One dictionary per modem (`device`, `messaging`, `location`,
    ///   `signal`, `access`).
    func startModemManager(modems: [[String: Any]]) throws {
        let parameters = try JSONSerialization.data(withJSONObject: ["modems": modems])
        let service = Process()
        service.executableURL = URL(fileURLWithPath: Self.python)
        service.arguments = [
            "-m", "dbusmock", "--system", "-t", Self.modemManagerTemplate, "-p",
            String(decoding: parameters, as: UTF8.self),
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SYSTEM_BUS_ADDRESS"] = address
        service.environment = environment
        service.standardOutput = FileHandle.nullDevice
        service.standardError = FileHandle.nullDevice
        try service.run()
        services.append(service)
        for _ in 0..<200 {
            if ModemManagerClient.live(busAddress: address).modems != nil { return }
            usleep(50_000)
        }
    }
}

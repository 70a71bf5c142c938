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

    /// A bus configuration like the session bus's, whose policy refuses ModemManager's
    /// ObjectManager calls: what a system bus that denies this user looks like (`--address`
    /// replaces its `<listen>`).
    static let denyingModemManager = """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:tmpdir=/tmp</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
            <deny send_destination="org.freedesktop.ModemManager1"
                  send_interface="org.freedesktop.DBus.ObjectManager"/>
          </policy>
        </busconfig>
        """

    /// Starts the daemon and waits for its socket.
    /// - Parameter configuration: A bus configuration's text; `nil` is the session bus's.
    init(configuration: String? = nil) throws {
        directory = try ProgramRun.temporaryDirectory()
        let socket = directory.appendingPathComponent("bus").path
        address = "unix:path=" + socket
        var config = ["--session"]
        if let configuration {
            let file = directory.appendingPathComponent("bus.conf")
            try Data(configuration.utf8).write(to: file)
            config = ["--config-file=" + file.path]
        }
        bus = Process()
        bus.executableURL = URL(fileURLWithPath: Self.daemon)
        bus.arguments = config + ["--nofork", "--nopidfile", "--address=" + address]
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
            if ModemManagerClient.live(busAddress: address).reason
                != "ModemManager is not running"
            {
                return
            }
            usleep(50_000)
        }
    }
}

import CapabilityModel
import CapabilitySupport

/// libimobiledevice's `ideviceinfo` on `PATH`, asked about one connected iPhone or iPad:
/// `idevice_id -l` (when installed) to find it, then `ideviceinfo -u UDID [-q DOMAIN]`. Every
/// command runs with a bounded time and output (``ChildProcess``).
package struct IOSDeviceInfo: Sendable {
    /// The `ideviceinfo` executable.
    package var program: String
    /// The `idevice_id` executable, if installed.
    package var lister: String?
    /// The environment the tools run with.
    package var environment: [String: String]
    /// Seconds one command may run.
    package var timeout: Double
    /// Bytes one command may print.
    package var outputLimit: Int

    /// Finds `ideviceinfo` (and `idevice_id`) on the environment's `PATH`.
    /// - Parameters:
    ///   - environment: The environment.
    ///   - timeout: Seconds one command may run.
    ///   - outputLimit: Bytes one command may print.
    /// - Throws: ``PhoneError/toolMissing(tool:)`` without `ideviceinfo`.
    package init(
        environment: [String: String], timeout: Double = 30, outputLimit: Int = 4 << 20
    ) throws(PhoneError) {
        guard let program = ChildProcess.find("ideviceinfo", in: environment["PATH"]) else {
            throw .toolMissing(tool: "ideviceinfo")
        }
        self.program = program
        self.lister = ChildProcess.find("idevice_id", in: environment["PATH"])
        self.environment = environment
        self.timeout = timeout
        self.outputLimit = outputLimit
    }

    /// The one device to ask: the named one, or the only one `idevice_id -l` lists (without
    /// `idevice_id`, nil: `ideviceinfo` then asks the first device itself).
    /// - Parameter udid: The UDID asked for, if any.
    /// - Returns: The UDID to pass, or nil.
    /// - Throws: ``PhoneError`` for no device, several, or an unknown UDID.
    package func chooseDevice(_ udid: String?) throws(PhoneError) -> String? {
        guard let lister else { return udid }
        let outcome = try PhoneError.run(
            lister, ["-l"], shown: "idevice_id -l", environment: environment, timeout: timeout,
            outputLimit: outputLimit)
        guard outcome.status == 0 else {
            throw .failed(
                command: "idevice_id -l", status: outcome.status, message: outcome.firstErrorLine)
        }
        var listed: [String] = []
        for line in outcome.output.split(whereSeparator: \.isNewline) {
            let udid = line.split(separator: " ").first.map(String.init) ?? ""
            if !udid.isEmpty, !listed.contains(udid) { listed.append(udid) }
        }
        if let udid {
            guard listed.contains(udid) else {
                throw .unknownDevice(serial: udid, available: listed)
            }
            return udid
        }
        guard let only = listed.first else { throw .noDevice(tool: "idevice_id") }
        guard listed.count == 1 else { throw .severalDevices(serials: listed) }
        return only
    }

    /// Runs `ideviceinfo` with arguments for the device.
    /// - Parameters:
    ///   - udid: The device, or nil for the first one.
    ///   - arguments: More arguments (`-q com.apple.mobile.battery`).
    /// - Returns: Its output.
    /// - Throws: ``PhoneError``: no device, an untrusted device, a failure or a hang.
    package func info(udid: String?, _ arguments: [String]) throws(PhoneError) -> String {
        let shown = (["ideviceinfo"] + arguments).joined(separator: " ")
        let outcome = try PhoneError.run(
            program, (udid.map { ["-u", $0] } ?? []) + arguments, shown: shown,
            environment: environment, timeout: timeout, outputLimit: outputLimit)
        guard outcome.status == 0 else {
            let message = (outcome.firstErrorLine ?? "") + " " + outcome.output
            if message.contains("No device found") { throw .noDevice(tool: "ideviceinfo") }
            if message.contains("airing") || message.contains("PasswordProtected")
                || message.contains("lockdownd")
            {
                throw .untrusted
            }
            throw .failed(command: shown, status: outcome.status, message: outcome.firstErrorLine)
        }
        return outcome.output
    }

    /// Runs each `ideviceinfo` query on the device.
    /// - Parameters:
    ///   - udid: The device, or nil for the only one connected.
    ///   - queries: Each output's name and its arguments.
    /// - Returns: Each output by name.
    /// - Throws: ``PhoneError`` for the first that fails.
    package func outputs(
        udid: String?, queries: [(name: String, arguments: [String])]
    ) throws(PhoneError) -> [String: String] {
        let chosen = try chooseDevice(udid)
        var outputs: [String: String] = [:]
        for (name, arguments) in queries {
            outputs[name] = try info(udid: chosen, arguments)
        }
        return outputs
    }
}

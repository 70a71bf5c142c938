import CapabilityModel
import CapabilitySupport

/// The `adb` on `PATH`, asked about one connected Android device: `adb devices -l` to find
/// it, then `adb -s SERIAL shell COMMAND` for each output a capture holds. Every command runs
/// with a bounded time and output (``ChildProcess``).
package struct AndroidDebugBridge: Sendable {
    /// One line of `adb devices -l`.
    package struct Listed: Sendable, Hashable {
        /// The serial (`emulator-5554`, `R58M12ABCDE`).
        package var serial: String
        /// `device`, `unauthorized`, `offline`, `recovery`, …
        package var state: String
    }

    /// The `adb` executable.
    package var program: String
    /// The environment `adb` runs with (its `HOME` holds the keys a device trusts).
    package var environment: [String: String]
    /// Seconds one command may run.
    package var timeout: Double
    /// Bytes one command may print.
    package var outputLimit: Int

    /// Finds `adb` on the environment's `PATH`.
    /// - Parameters:
    ///   - environment: The environment (its `PATH` is searched; `adb` runs with it).
    ///   - timeout: Seconds one command may run.
    ///   - outputLimit: Bytes one command may print.
    /// - Throws: ``PhoneError/toolMissing(tool:)`` without `adb`.
    package init(
        environment: [String: String], timeout: Double = 30, outputLimit: Int = 16 << 20
    ) throws(PhoneError) {
        guard let program = ChildProcess.find("adb", in: environment["PATH"]) else {
            throw .toolMissing(tool: "adb")
        }
        self.program = program
        self.environment = environment
        self.timeout = timeout
        self.outputLimit = outputLimit
    }

    /// The devices `adb devices -l` lists.
    /// - Returns: Each device's serial and state, in adb's order.
    /// - Throws: ``PhoneError`` when adb fails or hangs.
    package func devices() throws(PhoneError) -> [Listed] {
        let outcome = try PhoneError.run(
            program, ["devices", "-l"], shown: "adb devices -l", environment: environment,
            timeout: timeout, outputLimit: outputLimit)
        guard outcome.status == 0 else {
            throw .failed(
                command: "adb devices -l", status: outcome.status,
                message: outcome.firstErrorLine)
        }
        return Self.parseDevices(outcome.output)
    }

    /// Reads `adb devices -l`: the lines after `List of devices attached`, each a serial, a
    /// state and `key:value` words; daemon messages (`* daemon started`) are skipped.
    /// - Parameter text: The output.
    /// - Returns: The devices.
    package static func parseDevices(_ text: String) -> [Listed] {
        var listed: [Listed] = []
        var inList = false
        for line in text.split(whereSeparator: \.isNewline) {
            if line.hasPrefix("List of devices attached") {
                inList = true
                continue
            }
            guard inList, !line.hasPrefix("*") else { continue }
            let words = line.split(whereSeparator: \.isWhitespace)
            guard words.count >= 2 else { continue }
            // `no permissions (…)` is a state of two or more words.
            let state =
                words[1] == "no" && words.count > 2 && words[2].hasPrefix("permissions")
                ? "no permissions" : String(words[1])
            listed.append(Listed(serial: String(words[0]), state: state))
        }
        return listed
    }

    /// The one device to ask: the named one, or the only one connected.
    /// - Parameter serial: The serial asked for, if any.
    /// - Returns: Its serial.
    /// - Throws: ``PhoneError`` for no device, several without a name, an unknown serial, an
    ///   unauthorised device or one in another state.
    package func chooseDevice(_ serial: String?) throws(PhoneError) -> String {
        let listed = try devices()
        let chosen: Listed
        if let serial {
            guard let match = listed.first(where: { $0.serial == serial }) else {
                throw .unknownDevice(serial: serial, available: listed.map(\.serial))
            }
            chosen = match
        } else {
            guard let only = listed.first else { throw .noDevice(tool: "adb") }
            guard listed.count == 1 else { throw .severalDevices(serials: listed.map(\.serial)) }
            chosen = only
        }
        switch chosen.state {
        case "device": return chosen.serial
        case "unauthorized": throw .unauthorized(serial: chosen.serial)
        default: throw .notReady(state: chosen.state)
        }
    }

    /// Runs one shell command on the device.
    /// - Parameters:
    ///   - serial: The device.
    ///   - command: The command's words (`pm list features`).
    /// - Returns: Its output.
    /// - Throws: ``PhoneError`` when it fails or hangs.
    package func shell(serial: String, _ command: [String]) throws(PhoneError) -> String {
        let shown = "adb shell " + command.joined(separator: " ")
        let outcome = try PhoneError.run(
            program, ["-s", serial, "shell"] + command, shown: shown, environment: environment,
            timeout: timeout, outputLimit: outputLimit)
        guard outcome.status == 0 else {
            if outcome.firstErrorLine?.contains("unauthorized") == true {
                throw .unauthorized(serial: serial)
            }
            throw .failed(command: shown, status: outcome.status, message: outcome.firstErrorLine)
        }
        return outcome.output
    }

    /// Runs each command on the device.
    /// - Parameters:
    ///   - serial: The device, or nil for the only one connected.
    ///   - commands: Each output's name and the command that prints it.
    /// - Returns: Each output by name.
    /// - Throws: ``PhoneError`` for the first that fails.
    package func outputs(
        serial: String?, commands: [(name: String, command: [String])]
    ) throws(PhoneError) -> [String: String] {
        let chosen = try chooseDevice(serial)
        var outputs: [String: String] = [:]
        for (name, command) in commands {
            outputs[name] = try shell(serial: chosen, command)
        }
        return outputs
    }
}

import CapabilityModel
import CapabilitySupport

/// Why a phone on the desk could not be asked: the tool is missing, no device or several are
/// connected, the device has not authorised this computer, or a command failed or hung. Each
/// case says what failed in one line; the CLI adds how to go on.
public enum PhoneError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The tool (`adb`, `ideviceinfo`) is not on `PATH`.
    case toolMissing(tool: String)
    /// The tool lists no device.
    case noDevice(tool: String)
    /// The tool lists several devices and none was named.
    case severalDevices(serials: [String])
    /// The named device is not among those the tool lists.
    case unknownDevice(serial: String, available: [String])
    /// The device has not accepted this computer's key (`adb devices`: `unauthorized`).
    case unauthorized(serial: String?)
    /// The iPhone or iPad has not trusted this computer (lockdownd refuses to pair).
    case untrusted
    /// The device is listed in another state (`offline`, `recovery`, `sideload`).
    case notReady(state: String)
    /// A command ran longer than allowed and was ended.
    case timedOut(command: String, seconds: Double)
    /// A command printed more than allowed and was ended.
    case outputTooLarge(command: String, limit: Int)
    /// A command could not be started.
    case cannotRun(command: String, reason: String)
    /// A command ended with a failure status.
    case failed(command: String, status: Int32, message: String?)

    /// One line naming what failed.
    public var description: String {
        switch self {
        case .toolMissing(let tool):
            return "no \(tool) on PATH"
        case .noDevice(let tool):
            let how = tool == "adb" ? "allow debugging on it" : "unlock it"
            return "\(tool) lists no device: connect one and \(how)"
        case .severalDevices(let serials):
            return "several devices are connected (\(serials.joined(separator: ", ")))"
        case .unknownDevice(let serial, let available):
            let listed = available.isEmpty ? "none" : available.joined(separator: ", ")
            return "no connected device has the serial \(serial) (connected: \(listed))"
        case .unauthorized:
            return "the device has not authorised this computer: unlock it and accept the "
                + "USB debugging prompt"
        case .untrusted:
            return "the device has not trusted this computer: unlock it and tap Trust"
        case .notReady(let state):
            return "the device is \(state), not ready for commands"
        case .timedOut(let command, let seconds):
            let shown = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
            return "'\(command)' did not finish within \(shown) s and was ended"
        case .outputTooLarge(let command, let limit):
            return "'\(command)' printed more than \(limit) bytes and was ended"
        case .cannotRun(let command, let reason):
            return "'\(command)' cannot be run: \(reason)"
        case .failed(let command, let status, let message):
            return "'\(command)' failed (exit \(status))" + (message.map { ": \($0)" } ?? "")
        }
    }

    /// Runs a command for a phone tool, turning a failure into a ``PhoneError``.
    static func run(
        _ path: String, _ arguments: [String], shown: String, environment: [String: String],
        timeout: Double, outputLimit: Int
    ) throws(PhoneError) -> ChildProcess.Outcome {
        do {
            return try ChildProcess.run(
                path, arguments, environment: environment, timeout: timeout,
                outputLimit: outputLimit)
        } catch {
            switch error {
            case .spawn(let errno): throw .cannotRun(command: shown, reason: errno.description)
            case .timedOut(let seconds): throw .timedOut(command: shown, seconds: seconds)
            case .outputTooLarge(let limit): throw .outputTooLarge(command: shown, limit: limit)
            }
        }
    }
}

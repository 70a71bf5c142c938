import CapabilityProbe
import FoundationEssentials

/// A phone given with `--from`: `adb:` or `adb:SERIAL` (the connected Android device, asked
/// through the `adb` on PATH), or a capture file (`capcheck capture android`). Anything else
/// is a machine recording and goes the usual way.
enum PhoneSource {
    /// A phone read, or the exit code of a failure already reported.
    enum Read {
        /// The capture and where it came from (`adb`, the file).
        case read(AndroidCapture, source: String)
        /// The failure's exit code.
        case failed(ExitCode)
    }

    /// The largest capture file read (a real one is well under 1 MiB).
    static let captureLimit = 64 << 20

    /// Seconds one `adb` command may run: `CAPCHECK_PHONE_TIMEOUT` (at most a day), else 30.
    static func timeout(in env: CommandEnvironment) -> Double {
        if let text = env.variables["CAPCHECK_PHONE_TIMEOUT"], let seconds = Double(text),
            seconds > 0
        {
            return min(seconds, 86_400)
        }
        return 30
    }

    /// Whether `--from` names a phone rather than a machine recording: `adb:…`, or a file
    /// that opens with the capture header (only its first bytes are read).
    static func isPhone(_ from: String?) -> Bool {
        guard let from, from != "-" else { return false }
        if from == "adb:" || from.hasPrefix("adb:") { return true }
        guard let reader = try? InputFile.Reader(from, regularFileOnly: true) else { return false }
        var head: [UInt8] = []
        guard (try? reader.read(into: &head, upTo: 256)) != nil else { return false }
        return AndroidCapture.looksLikeCapture(String(decoding: head, as: UTF8.self)[...])
    }

    /// Reads the phone: runs `adb` for `adb:…`, else reads the capture file. Warnings go to
    /// standard error with the file's name and their line numbers.
    /// - Returns: The capture and where it came from, or the exit code of a reported failure.
    static func android(_ from: String, env: CommandEnvironment) -> Read {
        let text: String
        let source: String
        if from.hasPrefix("adb:") {
            let serial = String(from.dropFirst(4))
            do {
                text = try AndroidCapture.captureText(
                    serial: serial.isEmpty ? nil : serial, environment: env.variables,
                    timeout: timeout(in: env))
            } catch {
                return .failed(fail(error, env: env, name: "adb:SERIAL"))
            }
            source = "adb"
        } else {
            do {
                let reader = try InputFile.Reader(from, regularFileOnly: true)
                guard reader.size <= captureLimit else {
                    return .failed(
                        env.fail(
                            "\(from): \(reader.size) bytes, more than a capture's \(captureLimit)",
                            .dataError))
                }
                text = String(decoding: try reader.readAll(), as: UTF8.self)
            } catch {
                return .failed(env.fail(InputMessage.unreadable(from, error.reason), .noInput))
            }
            source = from
        }
        do {
            let capture = try AndroidCapture(parsing: text)
            for warning in capture.warnings {
                env.stderr.line(
                    "capcheck: warning: " + TerminalText.sanitize("\(source): \(warning)"))
            }
            if capture.omittedWarnings > 0 {
                env.stderr.line(
                    "capcheck: warning: \(TerminalText.sanitize(source)): \(capture.omittedWarnings) more odd lines"
                )
            }
            return .read(capture, source: source)
        } catch {
            return .failed(env.fail("\(source): \(error)", .dataError))
        }
    }

    /// Reports a phone failure in one line and returns its exit code: no tool 69, several
    /// devices 64 (with how to name one), anything else 66.
    /// - Parameters:
    ///   - error: The failure.
    ///   - env: Where it is reported.
    ///   - name: How the user names one device (`adb:SERIAL`).
    static func fail(_ error: PhoneError, env: CommandEnvironment, name: String) -> ExitCode {
        switch error {
        case .toolMissing(let tool):
            let package = tool == "adb" ? "adb" : "libimobiledevice-utils"
            return env.fail("\(error) (apt-get install \(package))", .unavailable)
        case .severalDevices:
            return env.fail("\(error): name one as \(name)", .usage)
        default:
            return env.fail(error.description, .noInput)
        }
    }

    /// The device line's facts: Android version and SDK, form factor, ABIs.
    static func facts(_ capture: AndroidCapture) -> [String] {
        var facts: [String] = []
        switch (capture.release, capture.sdk) {
        case (let release?, let sdk?): facts.append("Android \(release) (SDK \(sdk))")
        case (nil, let sdk?): facts.append("SDK \(sdk)")
        case (let release?, nil): facts.append("Android \(release)")
        case (nil, nil): break
        }
        facts.append(capture.formFactor.rawValue)
        if let abis = capture.abis { facts.append(abis.joined(separator: ", ")) }
        return facts
    }
}

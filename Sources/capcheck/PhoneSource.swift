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

    /// The kind of phone `--from` names.
    enum Kind {
        /// An Android device: `adb:…` or an Android capture.
        case android
        /// An iPhone or iPad: `ios:…` or an iOS capture.
        case ios
    }

    /// Whether `--from` names a phone rather than a machine recording: `adb:…`, `ios:…`, or
    /// a file that opens with a capture header (only its first bytes are read).
    static func isPhone(_ from: String?) -> Bool { kind(from) != nil }

    /// The kind of phone `--from` names, or nil for a machine recording.
    static func kind(_ from: String?) -> Kind? {
        guard let from, from != "-" else { return nil }
        if from.hasPrefix("adb:") { return .android }
        if from.hasPrefix("ios:") { return .ios }
        guard let reader = try? InputFile.Reader(from, regularFileOnly: true) else { return nil }
        var head: [UInt8] = []
        guard (try? reader.read(into: &head, upTo: 256)) != nil else { return nil }
        let text = String(decoding: head, as: UTF8.self)[...]
        if AndroidCapture.looksLikeCapture(text) { return .android }
        if IOSCapture.looksLikeCapture(text) { return .ios }
        return nil
    }

    /// An iPhone or iPad read, or the exit code of a failure already reported.
    enum IOSRead {
        /// The capture and where it came from (`ios`, the file).
        case read(IOSCapture, source: String)
        /// The failure's exit code.
        case failed(ExitCode)
    }

    /// Reads an iPhone or iPad: runs `ideviceinfo` for `ios:…`, else reads the capture file.
    static func ios(_ from: String, env: CommandEnvironment) -> IOSRead {
        let text: String
        let source: String
        if from.hasPrefix("ios:") {
            let udid = String(from.dropFirst(4))
            do {
                text = try IOSCapture.captureText(
                    udid: udid.isEmpty ? nil : udid, environment: env.variables,
                    timeout: timeout(in: env))
            } catch {
                return .failed(fail(error, env: env, name: "ios:UDID"))
            }
            source = "ios"
        } else {
            switch readFile(from, env: env) {
            case .success(let read): text = read
            case .failure(let failure): return .failed(failure.code)
            }
            source = from
        }
        do {
            let capture = try IOSCapture(parsing: text)
            for warning in capture.warnings {
                env.stderr.line(
                    "capcheck: warning: " + TerminalText.sanitize("\(source): \(warning)"))
            }
            return .read(capture, source: source)
        } catch {
            return .failed(env.fail("\(source): \(error)", .dataError))
        }
    }

    /// A reported failure's exit code, as an error.
    struct Reported: Error {
        /// The exit code.
        var code: ExitCode
    }

    /// Reads a capture file (a regular file of at most ``captureLimit`` bytes).
    static func readFile(_ path: String, env: CommandEnvironment) -> Result<String, Reported> {
        do {
            let reader = try InputFile.Reader(path, regularFileOnly: true)
            guard reader.size <= captureLimit else {
                return .failure(
                    Reported(
                        code: env.fail(
                            "\(path): \(reader.size) bytes, more than a capture's \(captureLimit)",
                            .dataError)))
            }
            return .success(String(decoding: try reader.readAll(), as: UTF8.self))
        } catch {
            return .failure(
                Reported(code: env.fail(InputMessage.unreadable(path, error.reason), .noInput)))
        }
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
            switch readFile(from, env: env) {
            case .success(let read): text = read
            case .failure(let failure): return .failed(failure.code)
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
        case .untrusted:
            return env.fail(error.description, .noInput)
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

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
        switch captureText(
            from, prefix: "ios:", name: "ios:UDID", env: env,
            live: {
                (udid: String?, seconds: Double) throws(PhoneError) -> String in
                try IOSCapture.captureText(udid: udid, environment: env.variables, timeout: seconds)
            })
        {
        case .success(let read): (text, source) = read
        case .failure(let failure): return .failed(failure.code)
        }
        do {
            let capture = try IOSCapture(parsing: text)
            warn(capture.warnings, omitted: 0, source: source, env: env)
            return .read(capture, source: source)
        } catch {
            return .failed(env.fail(error, as: "\(source): \(error)"))
        }
    }

    /// A capture's text and where it came from: the tool's output for `PREFIX` or
    /// `PREFIX<id>` (a failure reported in one line), else the capture file's text.
    /// - Parameters:
    ///   - from: The `--from` value.
    ///   - prefix: `adb:` or `ios:`.
    ///   - name: How the user names one device (`adb:SERIAL`).
    ///   - env: Where failures are reported.
    ///   - live: Runs the tool for the device id (nil: the only device) with the timeout.
    static func captureText(
        _ from: String, prefix: String, name: String, env: CommandEnvironment,
        live: (String?, Double) throws(PhoneError) -> String
    ) -> Result<(text: String, source: String), Reported> {
        guard from.hasPrefix(prefix) else {
            return readFile(from, env: env).map { ($0, from) }
        }
        let id = String(from.dropFirst(prefix.count))
        do {
            return .success(
                (try live(id.isEmpty ? nil : id, timeout(in: env)), String(prefix.dropLast())))
        } catch {
            return .failure(Reported(code: fail(error, env: env, name: name)))
        }
    }

    /// Reports a capture's odd lines on standard error, with the source's name.
    static func warn(
        _ warnings: [SourceWarning], omitted: Int, source: String, env: CommandEnvironment
    ) {
        for warning in warnings {
            env.stderr.line("capcheck: warning: " + TerminalText.sanitize("\(source): \(warning)"))
        }
        if omitted > 0 {
            env.stderr.line(
                "capcheck: warning: \(TerminalText.sanitize(source)): \(omitted) more odd lines")
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
                Reported(code: env.fail(error, as: InputMessage.unreadable(path, error.reason))))
        }
    }

    /// Reads the phone: runs `adb` for `adb:…`, else reads the capture file. Warnings go to
    /// standard error with the file's name and their line numbers.
    /// - Returns: The capture and where it came from, or the exit code of a reported failure.
    static func android(_ from: String, env: CommandEnvironment) -> Read {
        let text: String
        let source: String
        switch captureText(
            from, prefix: "adb:", name: "adb:SERIAL", env: env,
            live: {
                (serial: String?, seconds: Double) throws(PhoneError) -> String in
                try AndroidCapture.captureText(
                    serial: serial, environment: env.variables, timeout: seconds)
            })
        {
        case .success(let read): (text, source) = read
        case .failure(let failure): return .failed(failure.code)
        }
        do {
            let capture = try AndroidCapture(parsing: text)
            warn(capture.warnings, omitted: capture.omittedWarnings, source: source, env: env)
            return .read(capture, source: source)
        } catch {
            return .failed(env.fail(error, as: "\(source): \(error)"))
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
            return env.fail(error, as: "\(error) (apt-get install \(package))")
        case .severalDevices:
            return env.fail(error, as: "\(error): name one as \(name)")
        default:
            return env.fail(error)
        }
    }

    /// An iPhone or iPad read, with its model and the catalog the model is looked up in.
    struct IOSModel {
        /// The capture.
        var capture: IOSCapture
        /// Where it came from (`ios`, the file).
        var source: String
        /// Its `ProductType` (`iPhone10,2`).
        var productType: String
        /// The built-in Apple catalog.
        var catalog: AppleCatalog
    }

    /// Reads an iPhone or iPad (``ios(_:env:)``) and the built-in Apple catalog; a capture
    /// without a `ProductType` is bad input data.
    static func iosModel(_ from: String, env: CommandEnvironment) -> Result<IOSModel, Reported> {
        switch ios(from, env: env) {
        case .failed(let code): return .failure(Reported(code: code))
        case .read(let capture, let source):
            guard let productType = capture.productType else {
                return .failure(
                    Reported(
                        code: env.fail(
                            "\(source): the capture has no ProductType (ideviceinfo)", .dataError)))
            }
            return appleCatalog(env: env).map {
                IOSModel(capture: capture, source: source, productType: productType, catalog: $0)
            }
        }
    }

    /// The built-in Apple catalog an iPhone or iPad is looked up in (a failure to load it is
    /// a defect, reported as exit 70).
    static func appleCatalog(env: CommandEnvironment) -> Result<AppleCatalog, Reported> {
        do {
            guard case .apple(let apple)? = try BuiltinMatrices.catalog("apple") else {
                return .failure(
                    Reported(code: env.fail("the built-in apple catalog is missing", .software)))
            }
            return .success(apple)
        } catch {
            return .failure(
                Reported(code: env.fail("the built-in apple catalog: \(error)", .software)))
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

import CapabilityProbe

/// `capcheck capture android [SERIAL]`: asks the connected Android device through `adb` and
/// writes the capture that `verify --from` and `list --from` read.
struct CaptureCommand: Command {
    static let name = "capture"
    static let abstract =
        "Capture a connected phone: Android through adb, iPhone or iPad through ideviceinfo"
    static let usage = "capcheck capture android|ios [SERIAL] [-o FILE] [--redact]"
    static let arguments = [
        ArgumentSpec(
            "KIND", "android (the device adb lists) or ios (the device idevice_id lists)",
            completion: .choices(["android", "ios"])),
        ArgumentSpec(
            "SERIAL",
            "The device's serial (adb devices) or UDID (idevice_id -l) when several are connected",
            completion: .none),
    ]
    static var table: OptionTable<Self> {
        OptionTable([
            .value(
                OptionSpec(
                    "output", short: "o", value: "FILE", "Write to FILE instead of standard output",
                    completion: .file), \.output),
            .flag(
                OptionSpec(
                    "redact",
                    "Remove serial numbers, IMEI, SIM and phone numbers, Wi-Fi and Bluetooth addresses (what a check needs is kept)"
                ), \.redact),
        ])
    }
    static var options: [OptionSpec] { table.specs }
    static let notes = """
        Each adb or ideviceinfo command may run CAPCHECK_PHONE_TIMEOUT seconds (default 30) and print 16 MiB; \
        a hung one is ended and named. The capture holds getprop's or ideviceinfo's output as \
        it is: serial numbers and addresses too unless --redact is given.
        """

    var ios = false
    var serial: String?
    var output: String?
    var redact = false

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        try Self.table.parse(&arguments, into: &self)
        let positionals = arguments.positionals()
        guard let kind = positionals.first else {
            throw UsageError("missing KIND (android)", command: Self.name)
        }
        guard kind == "android" || kind == "ios" else {
            throw UsageError("unknown kind '\(kind)': give android or ios", command: Self.name)
        }
        ios = kind == "ios"
        if positionals.count > 2 {
            throw UsageError("unexpected argument '\(positionals[2])'", command: Self.name)
        }
        serial = positionals.count == 2 ? positionals[1] : nil
    }

    func run(in env: CommandEnvironment) -> ExitCode {
        switch captured(env) {
        case .success(let text):
            // A device's strings are untrusted: a file or pipe gets what the tool said, a
            // terminal no escape sequence.
            let toTerminal = (output == nil || output == "-") && env.stdout.isTerminal
            return MatrixInputs.emit(
                toTerminal ? TerminalText.sanitizeKeepingLines(text) : text, to: output, env: env)
        case .failure(let failure):
            return failure.code
        }
    }

    /// The capture text (redacted when asked), or the exit code of a reported failure.
    private func captured(_ env: CommandEnvironment) -> Result<String, PhoneSource.Reported> {
        let text: String
        if ios {
            do {
                text = try IOSCapture.captureText(
                    udid: serial, environment: env.variables, timeout: PhoneSource.timeout(in: env))
            } catch {
                return .failure(
                    PhoneSource.Reported(
                        code: PhoneSource.fail(error, env: env, name: "capcheck capture ios UDID")))
            }
            return .success(redact ? IOSCapture.redacted(text) : text)
        }
        do {
            text = try AndroidCapture.captureText(
                serial: serial, environment: env.variables, timeout: PhoneSource.timeout(in: env))
        } catch {
            return .failure(
                PhoneSource.Reported(
                    code: PhoneSource.fail(error, env: env, name: "capcheck capture android SERIAL")
                ))
        }
        return .success(redact ? AndroidCapture.redacted(text) : text)
    }
}

import CapabilityProbe

/// `capcheck capture android [SERIAL]`: asks the connected Android device through `adb` and
/// writes the capture that `verify --from` and `list --from` read.
struct CaptureCommand: Command {
    static let name = "capture"
    static let abstract =
        "Capture a connected Android phone through adb (getprop, features, libraries, screen, battery)"
    static let usage = "capcheck capture android [SERIAL] [-o FILE] [--redact]"
    static let arguments = [
        ArgumentSpec("KIND", "android (the device adb lists)", completion: .choices(["android"])),
        ArgumentSpec(
            "SERIAL", "The device's serial when adb lists several (adb devices)",
            completion: .none),
    ]
    static let options = [
        OptionSpec(
            "output", short: "o", value: "FILE", "Write to FILE instead of standard output",
            completion: .file),
        OptionSpec(
            "redact",
            "Remove serial numbers, IMEI, SIM and phone numbers, Wi-Fi and Bluetooth addresses (what a check needs is kept)"
        ),
    ]
    static let notes = """
        Each adb command may run CAPCHECK_PHONE_TIMEOUT seconds (default 30) and print 16 MiB; \
        a hung one is ended and named. The capture holds getprop's output as it is: serial \
        numbers and addresses too unless --redact is given.
        """

    var serial: String?
    var output: String?
    var redact: Bool

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        output = try arguments.value("o", "output")
        redact = try arguments.flag("redact")
        let positionals = arguments.positionals()
        guard let kind = positionals.first else {
            throw UsageError("missing KIND (android)", command: Self.name)
        }
        guard kind == "android" else {
            throw UsageError("unknown kind '\(kind)': give android", command: Self.name)
        }
        if positionals.count > 2 {
            throw UsageError("unexpected argument '\(positionals[2])'", command: Self.name)
        }
        serial = positionals.count == 2 ? positionals[1] : nil
    }

    func run(in env: CommandEnvironment) -> ExitCode {
        let text: String
        do {
            text = try AndroidCapture.captureText(
                serial: serial, environment: env.variables, timeout: PhoneSource.timeout(in: env))
        } catch {
            return PhoneSource.fail(error, env: env, name: "capcheck capture android SERIAL")
        }
        return MatrixInputs.emit(
            redact ? AndroidCapture.redacted(text) : text, to: output, env: env)
    }
}

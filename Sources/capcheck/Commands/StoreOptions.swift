import CapabilityProbe

/// What `matrix`, `diff` and `lint` let a user state where an Info.plist is silent or holds
/// build variables: `--device-family`, `--min-os` and `--vision-pro`.
struct StoreOptions {
    /// The option specs, declared once for every command that offers them.
    static let specs = [
        OptionSpec(
            "device-family", value: "LIST",
            "UIDeviceFamily to filter on when the Info.plist has none or a build variable: numbers or names, comma-separated (1/iphone, 2/ipad, 3/tv, 4/watch, 7/vision)"
        ),
        OptionSpec(
            "min-os", value: "VERSION",
            "MinimumOSVersion to filter on when the Info.plist has none or a build variable (17.0)"),
        OptionSpec(
            "vision-pro", value: "available|unavailable",
            "Whether the iPhone or iPad app is offered on Apple Vision Pro (an App Store Connect setting; default: those rows are undecided)",
            completion: .choices(["available", "unavailable"])),
    ]

    /// The flags, as notes name them.
    static let names = StoreSettings.Names(
        deviceFamily: "--device-family", minimumOS: "--min-os", visionPro: "--vision-pro")

    /// The settings stated.
    var settings: StoreSettings

    /// Takes the options from the arguments.
    /// - Parameters:
    ///   - arguments: The command's arguments.
    ///   - command: The command name, for the usage error.
    /// - Throws: `UsageError` for a value that is not a family, version or setting.
    init(_ arguments: inout ArgumentCursor, command: String) throws(UsageError) {
        settings = StoreSettings(names: Self.names)
        if let text = try arguments.value("device-family") {
            var families: [Int] = []
            for word in text.split(separator: ",") {
                guard let family = StoreSettings.deviceFamily(String(word)) else {
                    throw UsageError(
                        "--device-family takes 1, 2, 3, 4, 7 or iphone, ipad, tv, watch, vision, not '\(word)'",
                        command: command)
                }
                if !families.contains(family) { families.append(family) }
            }
            guard !families.isEmpty else {
                throw UsageError("--device-family needs at least one family", command: command)
            }
            settings.deviceFamilies = families.sorted()
        }
        if let text = try arguments.value("min-os") {
            guard let version = OSVersion(text) else {
                throw UsageError(
                    "--min-os takes a version such as 17.0, not '\(text)'", command: command)
            }
            settings.minimumOS = version
        }
        if let text = try arguments.value("vision-pro") {
            switch text {
            case "available": settings.visionPro = true
            case "unavailable": settings.visionPro = false
            default:
                throw UsageError(
                    "--vision-pro takes available or unavailable, not '\(text)'", command: command)
            }
        }
    }
}

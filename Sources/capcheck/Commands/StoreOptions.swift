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
    var settings = StoreSettings(names: names)

    /// The defaults: nothing stated.
    init() {}

    /// The three options in a command's table (``specs``), setting its store options.
    /// - Parameter field: The command's store options.
    /// - Returns: The declared options.
    static func options<Values>(_ field: WritableKeyPath<Values, StoreOptions>)
        -> [OptionTable<Values>.Option]
    {
        [
            .value(specs[0], field.appending(path: \.settings.deviceFamilies)) {
                (text, command) throws(UsageError) in
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
                return families.sorted()
            },
            .value(specs[1], field.appending(path: \.settings.minimumOS)) {
                (text, command) throws(UsageError) in
                guard let version = OSVersion(text) else {
                    throw UsageError(
                        "--min-os takes a version such as 17.0, not '\(text)'", command: command)
                }
                return version
            },
            .value(specs[2], field.appending(path: \.settings.visionPro)) {
                (text, command) throws(UsageError) in
                switch text {
                case "available": return true
                case "unavailable": return false
                default:
                    throw UsageError(
                        "--vision-pro takes available or unavailable, not '\(text)'",
                        command: command)
                }
            },
        ]
    }
}

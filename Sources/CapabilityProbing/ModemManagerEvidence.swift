import CapabilityModel

/// What ModemManager's answer (``MachineIdentity/modemManager``) says to the cellular and
/// location probers: its modems, tied to the kernel's modems where the paths agree.
struct ModemManagerEvidence {
    /// The answer; `nil` when the source did not ask (recordings, snapshots).
    let facts: ModemManagerFacts?
    /// The kernel's modems (``CellularProber/scan(_:)``).
    let kernelModems: [RadioFunction]

    /// Reads the context.
    init(_ context: ProbeContext) {
        facts = context.inventory.machine.modemManager
        kernelModems = CellularProber.scan(context).modems
    }

    /// The modems ModemManager exports (none when it was not asked or could not be).
    var modems: [ModemManagerModem] { facts?.modems ?? [] }

    /// The device a ModemManager modem is: the kernel modem its `Device` path names (one
    /// below or above it), else that path without `/sys`, else the D-Bus object path.
    /// - Parameter modem: The modem.
    /// - Returns: A device id for evidence.
    func deviceID(of modem: ModemManagerModem) -> String {
        guard var path = modem.device, path.hasPrefix("/") else { return modem.path }
        if path.hasPrefix("/sys/") { path = String(path.dropFirst(4)) }
        let match = kernelModems.first {
            $0.id == path || path.hasPrefix($0.id + "/") || $0.id.hasPrefix(path + "/")
        }
        return match?.id ?? path
    }

    /// The kernel modems no ModemManager modem names.
    var unmanagedKernelModems: [RadioFunction] {
        let managed = Set(modems.map(deviceID(of:)))
        return kernelModems.filter { !managed.contains($0.id) }
    }

    /// A modem in words: `ModemManager modem /org/freedesktop/ModemManager1/Modem/0 (Quectel
    /// EM05)`.
    static func name(_ modem: ModemManagerModem) -> String {
        "ModemManager modem \(modem.path)" + (modem.model.map { " (\($0))" } ?? "")
    }

    /// The `modemManager` detail of `cellular`: each modem's path, model, SMS, location
    /// sources, signal quality and access technologies.
    var detail: JSONValue? {
        guard let facts else { return nil }
        switch facts {
        case .unavailable(let reason):
            return .object(["unavailable": .string(reason)])
        case .modems(let modems):
            return .array(
                modems.map { modem in
                    var entry: [String: JSONValue] = [
                        "path": .string(modem.path), "sms": .bool(modem.messaging),
                    ]
                    if let device = modem.device { entry["device"] = .string(device) }
                    if let model = modem.model { entry["model"] = .string(model) }
                    if modem.locationCapabilities != nil {
                        entry["locationSources"] = .array(
                            modem.locationSourceNames.map { .string($0) })
                    }
                    if let signal = modem.signalQuality { entry["signalQuality"] = .int(signal) }
                    if modem.accessTechnologies != nil {
                        entry["accessTechnologies"] = .array(
                            modem.accessTechnologyNames.map { .string($0) })
                    }
                    return .object(entry)
                })
        }
    }
}

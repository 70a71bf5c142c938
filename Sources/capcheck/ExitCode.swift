import CapabilityProbe

/// The process exit status; one table, listed in the README and `capcheck help`.
enum ExitCode: Int32, Sendable, CaseIterable {
    /// Success, requirements satisfied.
    case ok = 0
    /// Requirements unmet (verify, diff --no-loss).
    case unmet = 1
    /// Undecided: a required item is unknown.
    case undecided = 2
    /// Usage error.
    case usage = 64
    /// Bad input data (manifest, dump, snapshot, table).
    case dataError = 65
    /// Input missing or unreadable.
    case noInput = 66
    /// /sys cannot be read at all.
    case unavailable = 69
    /// Internal error.
    case software = 70
    /// Output could not be written (full disk, closed pipe, unwritable file).
    case ioError = 74

    /// What the code means, as help, the man page and the README list it.
    var meaning: String {
        switch self {
        case .ok: return "ok / satisfied"
        case .unmet: return "requirements unmet (verify; diff --no-loss)"
        case .undecided: return "undecided: a required item is unknown"
        case .usage: return "usage error"
        case .dataError:
            return "bad input data (manifest, dump, snapshot, table); lint --strict: warnings"
        case .noInput: return "input missing or unreadable"
        case .unavailable:
            return
                "/sys cannot be read at all (a machine without udevd is normal), or adb or ideviceinfo is not on PATH"
        case .software: return "internal error"
        case .ioError: return "output could not be written (full disk, closed pipe)"
        }
    }

    /// The table printed by `capcheck help`.
    static var table: String {
        "EXIT CODES:\n"
            + allCases.map { "  " + TerminalText.pad(String($0.rawValue), 4) + $0.meaning }
            .joined(separator: "\n")
    }
}

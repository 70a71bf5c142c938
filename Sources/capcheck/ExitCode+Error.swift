import CapabilityProbe

/// The one mapping from a thrown error to the exit code a command returns: bad input is 65
/// (`dataError`), input missing or unreadable 66 (`noInput`), /sys or a phone tool
/// unavailable 69, a usage error 64, output that could not be written 74, and anything else
/// 70 (`software`).
extension ExitCode {
    /// The exit code for an error a command reports.
    /// - Parameter error: The error.
    init(for error: any Error) {
        switch error {
        case let problem as InputProblem:
            self = problem.isUnreadable ? .noInput : .dataError
        case let source as SourceError:
            self = Self(for: source)
        case let manifest as ManifestError:
            self = manifest.isUnreadable ? .noInput : .dataError
        case let matrix as MatrixError:
            self = Self(for: matrix)
        case let phone as PhoneError:
            self = Self(for: phone)
        case let watch as WatchError:
            if case .source(let source) = watch {
                self = Self(for: source)
            } else {
                self = .software
            }
        case is CatalogError, is UsageError:
            self = .usage
        case is FileWriter.FileFailure:
            self = .ioError
        default:
            self = .software
        }
    }

    private init(for error: SourceError) {
        switch error {
        case .unreadable: self = .noInput
        case .malformed, .unrecognized: self = .dataError
        case .sysfsUnreadable: self = .unavailable
        case .udev: self = .software
        }
    }

    private init(for error: MatrixError) {
        switch error {
        case .unreadable: self = .noInput
        case .unknownBuiltin: self = .usage
        case .malformed, .unknownHeader, .cameraTable: self = .dataError
        }
    }

    private init(for error: PhoneError) {
        switch error {
        case .toolMissing: self = .unavailable
        case .severalDevices: self = .usage
        default: self = .noInput
        }
    }
}

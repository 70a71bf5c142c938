/// Why a watch could not start.
public enum WatchError: Error, Equatable, CustomStringConvertible, Sendable {
    /// A libudev call failed.
    case udev(function: String, errno: Int32)
    /// A system call (pipe, pthread_create) failed.
    case system(function: String, errno: Int32)
    /// The initial enumeration failed.
    case source(SourceError)

    /// A one-line message naming the call and the reason.
    public var description: String {
        switch self {
        case .udev(let function, let errno): return "\(function) failed: errno \(errno)"
        case .system(let function, let errno): return "\(function) failed: errno \(errno)"
        case .source(let error): return error.description
        }
    }
}

/// A command line that cannot be run as written (exit 64).
struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, lowercase, no final period.
    var message: String
    /// The command whose help to point at, if any.
    var command: String?

    /// Creates a usage error.
    init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    var description: String { message }
}

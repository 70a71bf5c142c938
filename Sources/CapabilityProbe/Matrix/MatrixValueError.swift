/// Why a value cell (number, video mode, amount of memory) cannot be read.
public struct MatrixValueError: Error, Equatable, Sendable {
    /// The reason, naming the text.
    public var reason: String

    /// Creates an error.
    /// - Parameter reason: The reason.
    public init(reason: String) { self.reason = reason }
}

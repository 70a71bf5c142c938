import Foundation

/// Reads a user-named input file and says in words why it could not be read.
enum InputFile {
    /// Why a file could not be read.
    struct Failure: Error {
        /// `no such file` or `permission denied or not a file`.
        var reason: String
    }

    /// The file's bytes.
    /// - Parameter path: The path as the user gave it.
    /// - Returns: The contents.
    /// - Throws: ``Failure`` with a one-word-or-so reason.
    static func read(_ path: String) throws(Failure) -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let exists = FileManager.default.fileExists(atPath: path)
            throw Failure(reason: exists ? "permission denied or not a file" : "no such file")
        }
    }
}

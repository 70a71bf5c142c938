/// The one wording of errors about input files, shared by dumps, snapshots and matrices:
/// `file: cannot read: reason` and `file:line: reason`.
package enum InputMessage {
    /// `path: cannot read: reason`.
    package static func unreadable(_ path: String, _ reason: String) -> String {
        "\(path): cannot read: \(reason)"
    }

    /// `path:line: reason`, or `path: reason` when the line is not known.
    package static func located(_ path: String, line: Int?, _ reason: String) -> String {
        line.map { "\(path):\($0): \(reason)" } ?? "\(path): \(reason)"
    }

    /// What a message says instead of its reason when the file was reached through a
    /// symbolic link another user owns (``InputFile/mayQuoteContent(of:)``): the reason may
    /// quote the file (a key, a column, an id), and the file may be one only the invoking
    /// user can read.
    package static let unquotedReason =
        "what is wrong is not shown (the path passes through a symbolic link another user owns)"

    /// `place` when it only counts (`line 3, column 2`, `byte 720`, `object 4`), else nil:
    /// a place such as `require[0]` or `component org.example` may quote the file.
    package static func countingPlace(_ place: String?) -> String? {
        guard let place else { return nil }
        let words = place.split { $0 == " " || $0 == "," }
        let counting = words.allSatisfy { word in
            ["line", "column", "byte", "object"].contains(word) || word.allSatisfy(\.isNumber)
        }
        return counting ? place : nil
    }
}

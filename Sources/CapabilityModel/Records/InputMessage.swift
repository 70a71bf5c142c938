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
}

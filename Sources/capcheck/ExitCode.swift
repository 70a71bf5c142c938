/// The process exit status; one table, listed in the README and `capcheck help`.
enum ExitCode: Int32, Sendable {
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

    /// The table printed by `capcheck help`.
    static let table = """
        EXIT CODES:
          0   ok / satisfied
          1   requirements unmet (verify; diff --no-loss)
          2   undecided: a required item is unknown
          64  usage error
          65  bad input data (manifest, dump, snapshot, table)
          66  input missing or unreadable
          69  /sys cannot be read at all (a machine without udevd is normal)
          70  internal error
          74  output could not be written (full disk, closed pipe)
        """
}

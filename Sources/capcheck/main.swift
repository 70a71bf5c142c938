import FoundationEssentials
import Glibc

// A closed pipe (`capcheck list | head -1`) is a failed write, not a signal: the write returns
// EPIPE, the output sink keeps it, and CapCheck.main reports it in one line with exit 74 (as
// a full disk is), instead of the shell's silent 141.
signal(SIGPIPE, SIG_IGN)
exit(CapCheck.main(Array(CommandLine.arguments.dropFirst()), env: .process()).rawValue)

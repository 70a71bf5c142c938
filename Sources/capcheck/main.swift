import FoundationEssentials
import Glibc

exit(CapCheck.main(Array(CommandLine.arguments.dropFirst()), env: .process()).rawValue)

import Foundation

exit(CapCheck.main(Array(CommandLine.arguments.dropFirst()), env: .process()).rawValue)

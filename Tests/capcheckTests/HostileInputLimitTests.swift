import CapabilityProbeTesting
import Foundation
import Testing

/// Inputs too large to check in (issue 41), made at run time and read by the binary under a
/// timeout and the 512 MiB address-space limit: each ends with one line and exit 65, or is
/// read.
@Suite struct HostileInputLimitTests {
    static func run(_ arguments: [String]) throws -> ProgramRun.Result {
        try ProgramRun.capcheck(
            arguments, directory: BadInputCorpusTests.root, timeout: 60,
            memoryLimit: BadInputCorpusTests.memoryLimit)
    }

    /// A plain 200 MB DEP-11 scalar (once an abort where the same XML passes) is refused
    /// where it starts, without libyaml growing a buffer to its size.
    @Test func dep11ScalarLongerThanAPieceIsRefusedWhereItStarts() throws {
        let folder = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var data = Data("---\nFile: DEP-11\nOrigin: bad\n---\nID: a\nName:\n  C: '".utf8)
        data.append(Data(repeating: UInt8(ascii: "x"), count: 200_000_000))
        data.append(Data("'\n".utf8))
        let file = folder.appendingPathComponent("Components.yml")
        try data.write(to: file)
        let outcome = try Self.run(["verify", file.path])
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr
                == "capcheck: error: \(file.path): line 7, column 4: a scalar, comment or run of blank lines longer than 16 MiB (the most capcheck reads in one piece)\n"
        )
    }
}

import CapabilitySupport
import Foundation
import Testing

/// ``FileDescriptor``: the one way the library opens, reads, writes, inspects and closes files.
@Suite struct FileDescriptorTests {
    static func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "capcheck-fd-\(UUID().uuidString)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aFileIsReadToItsEndAndItsStatusSaysRegularAndItsSize() throws {
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0) }
        let path = try Self.temporaryFile(bytes)
        defer { unlink(path) }
        let file = try FileDescriptor.open(path, O_RDONLY)
        defer { try? file.close() }
        let status = try file.status()
        #expect(status.isRegularFile)
        #expect(!status.isDirectory)
        #expect(status.size == bytes.count)
        #expect(try file.readAll(upTo: bytes.count, chunk: 4096) == bytes)
    }

    @Test func readAllGivesNilPastItsLimit() throws {
        let path = try Self.temporaryFile([UInt8](repeating: 7, count: 10))
        defer { unlink(path) }
        let file = try FileDescriptor.open(path, O_RDONLY)
        defer { try? file.close() }
        #expect(try file.readAll(upTo: 9) == nil)
    }

    @Test func aMissingFileFailsWithENOENT() {
        #expect(throws: Errno.noSuchFile) {
            try FileDescriptor.open("/nonexistent/capcheck-\(UUID().uuidString)", O_RDONLY)
        }
    }

    @Test func aFileIsOpenedRelativeToADirectory() throws {
        let path = try Self.temporaryFile(Array("hello".utf8))
        defer { unlink(path) }
        let slash = try #require(path.lastIndex(of: "/"))
        let directory = try FileDescriptor.open(String(path[..<slash]), O_RDONLY | O_DIRECTORY)
        defer { try? directory.close() }
        let file = try FileDescriptor.open(
            String(path[path.index(after: slash)...]), O_RDONLY, relativeTo: directory)
        defer { try? file.close() }
        #expect(try file.readAll(upTo: 100) == Array("hello".utf8))
        #expect(try directory.status().isDirectory)
    }

    @Test func aPipeCarriesWhatIsWrittenAndEndsWhenTheWriteEndCloses() throws {
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        defer { try? readEnd.close() }
        let bytes = Array("abc".utf8)
        try bytes.withUnsafeBytes { raw in try writeEnd.writeAll(raw) }
        try writeEnd.close()
        #expect(try readEnd.readAll(upTo: 10) == Array("abc".utf8))
        #expect(fcntl(readEnd.rawValue, F_GETFD) & FD_CLOEXEC != 0)
    }

    @Test func closingNoDescriptorFailsWithEBADF() {
        #expect(throws: Errno(EBADF)) { try FileDescriptor(rawValue: -1).close() }
    }
}

import Foundation
import Testing

@testable import CapabilityInput

/// ``InputFile/bytes(_:)`` reads a file straight into an array: the same bytes and the same
/// failures as ``InputFile/read(_:)``.
@Suite struct InputFileBytesTests {
    @Test func readsTheBytesReadGivesForFilesOfEverySize() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "capcheck-bytes-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // From HugePages.minimum (4 MiB) the buffer is advised to use huge pages and the file
        // is read as two halves at once, of one size or (odd sizes) one byte apart.
        for size in [0, 1, 4095, 65_536, 65_537, 1 << 20, 4 << 20, (4 << 20) + 1, 8 << 20] {
            let path = directory.appendingPathComponent("f\(size)").path
            // No short period: halves read into each other's place would differ.
            let content = (0..<size).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }
            try Data(content).write(to: URL(fileURLWithPath: path))
            #expect(try InputFile.bytes(path) == content)
            #expect(try InputFile.bytes(path) == [UInt8](InputFile.read(path)))
        }
    }

    @Test func failsAsReadFailsForMissingFilesAndDirectories() {
        for path in ["/nonexistent/capcheck/file", "/"] {
            var reasons: [String] = []
            do { _ = try InputFile.bytes(path) } catch { reasons.append(error.reason) }
            do { _ = try InputFile.read(path) } catch { reasons.append(error.reason) }
            #expect(reasons.count == 2 && reasons[0] == reasons[1])
        }
    }

    @Test func readsAFileThatReportsNoSizeToItsEnd() throws {
        // A /proc file reports size 0 but has content, as a pipe or a device does.
        let bytes = try InputFile.bytes("/proc/self/status")
        #expect(String(decoding: bytes, as: UTF8.self).contains("Name:"))
    }
}

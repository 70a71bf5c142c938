import Foundation
import Testing

/// The pure/I-O line of the kernel layer, checked on the source tree: probers may use the
/// decoders in `Decoding/`, never the ioctl, sysfs and procfs readers in `KernelIO/`.
struct LayeringTests {
    static let library = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // CapabilityProbeTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Sources/CapabilityProbe")

    /// The Swift files of one folder of the library, by name.
    static func sources(in folder: String) throws -> [String: String] {
        let url = library.appendingPathComponent(folder)
        var result: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: url.path)
        where name.hasSuffix(".swift") {
            result[name] = try String(
                contentsOf: url.appendingPathComponent(name), encoding: .utf8)
        }
        return result
    }

    /// Matches of a regular expression's first group.
    static func captures(_ pattern: String, in text: String) throws -> [String] {
        let expression = try NSRegularExpression(pattern: pattern, options: .anchorsMatchLines)
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// What `KernelIO/` declares: its top-level types (`V4L2Probe`), and the members it adds to decoder
    /// types as qualified calls (`MemoryTotal.live(`).
    static func readerNames() throws -> (types: Set<String>, calls: Set<String>) {
        var types: Set<String> = []
        var calls: Set<String> = []
        for text in try sources(in: "KernelIO").values {
            let declared =
                #"^(?:public |package |private |fileprivate )?(?:final )?"#
                + #"(?:struct|class|enum|protocol) ([A-Za-z0-9_]+)"#
            types.formUnion(try captures(declared, in: text))
            // Members of `extension Decoder { ... }` blocks (each block ends at a `}` line).
            let block = #"^extension ([A-Za-z0-9_]+[^\n]*\n(?:[^\n]*\n)*?)\}$"#
            let blocks = try captures(block, in: text)
            for block in blocks {
                guard let owner = block.split(separator: " ").first else { continue }
                for member in try captures(#"static func ([A-Za-z0-9_]+)\("#, in: block) {
                    calls.insert("\(owner).\(member)(")
                }
            }
        }
        return (types, calls)
    }

    @Test func kernelReadersDeclareTheProbesAndHostFileReaders() throws {
        let names = try Self.readerNames()
        #expect(names.types.isSuperset(of: ["V4L2Probe", "KernelFactsCollector", "DeviceOpener"]))
        #expect(names.calls.isSuperset(of: ["MemoryTotal.live(", "ALSAPCMInfo.read("]))
    }

    @Test func probersUseNoKernelReader() throws {
        let names = try Self.readerNames()
        var uses: [String] = []
        for (file, text) in try Self.sources(in: "Probing").sorted(by: { $0.key < $1.key }) {
            let words = Set(try Self.captures(#"\b([A-Z][A-Za-z0-9_]*)\b"#, in: text))
            for type in names.types.intersection(words).sorted() { uses.append("\(file): \(type)") }
            for call in names.calls.sorted() where text.contains(call) {
                uses.append("\(file): \(call)")
            }
        }
        #expect(uses == [])
    }
}

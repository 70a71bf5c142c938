@testable import CapabilityProbe
@testable import CapabilityManifest
@testable import CapabilityManifestFiles
import Foundation
import CapabilitySupport
import Testing

/// Deterministic mutations of real binary XML, protobuf XML and zips: every variant is
/// decoded or refused with a reason — never a crash, a hang or an out-of-range read.
@Suite struct ArtifactMutationTests {
    /// A small linear congruential generator, so every run tries the same variants.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
    }

    static func variants(of base: [UInt8], count: Int, seed: UInt64) -> [[UInt8]] {
        var generator = Generator(state: seed)
        var result: [[UInt8]] = []
        for index in 0..<count {
            var bytes = base
            switch index % 4 {
            case 0:
                bytes = Array(bytes.prefix(generator.next(bytes.count)))
            case 1:
                for _ in 0...generator.next(8) {
                    bytes[generator.next(bytes.count)] = UInt8(generator.next(256))
                }
            case 2:
                // Overwrite a 32-bit field with an extreme value (sizes, offsets, indexes).
                let at = generator.next(max(bytes.count - 4, 1))
                let value: [UInt8] = [
                    [0xff, 0xff, 0xff, 0xff], [0, 0, 0, 0], [0xff, 0xff, 0xff, 0x7f],
                ][
                    generator.next(3)]
                for offset in 0..<4 where at + offset < bytes.count {
                    bytes[at + offset] = value[offset]
                }
            default:
                let from = generator.next(bytes.count)
                let length = generator.next(64)
                let to = generator.next(bytes.count)
                let piece = Array(bytes[from..<min(bytes.count, from + length)])
                bytes.insert(contentsOf: piece, at: to)
            }
            result.append(bytes)
        }
        return result
    }

    /// Real binary XML from Debian's aapt when installed, else the minimal document.
    static func binaryBase() throws -> [UInt8] {
        guard Aapt.isAvailable else { return Array(BadArtifacts.binaryXML()) }
        let directory = try Aapt.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let apk = try Aapt.build(try Fixtures.text("android/zxing.xml"), in: directory)
        let archive = try ZipArchive(path: apk.path)
        let entry = try #require(try archive.entries().first { $0.name == "AndroidManifest.xml" })
        return Array(try archive.read(entry, limit: 1 << 23))
    }

    @Test func mutatedBinaryXMLIsDecodedOrRefused() throws {
        let base = try Self.binaryBase()
        #expect(throws: Never.self) { try BinaryXMLDecoder(base).decode() }
        var refused = 0
        for variant in Self.variants(of: base, count: 1500, seed: 11) {
            do {
                _ = try BinaryXMLDecoder(variant).decode()
            } catch {
                refused += 1
                #expect(!error.reason.isEmpty)
                guard case .offset(let offset) = error.place else {
                    Issue.record("no byte offset in \(error)")
                    continue
                }
                #expect(offset >= 0 && offset <= variant.count)
            }
        }
        #expect(refused > 0)
    }

    @Test func mutatedProtobufXMLIsDecodedOrRefused() throws {
        let base = Array(
            ArtifactBuilder.protobuf(
                try ArtifactBuilder.tree(try Fixtures.text("android/opentracks.xml"))))
        #expect(throws: Never.self) { try ProtoXMLDecoder(base).decode() }
        var refused = 0
        for variant in Self.variants(of: base, count: 2000, seed: 23) {
            do {
                _ = try ProtoXMLDecoder(variant).decode()
            } catch {
                refused += 1
                #expect(!error.reason.isEmpty)
            }
        }
        #expect(refused > 0)
    }

    @Test func mutatedZipsAreReadOrRefused() throws {
        let url = try BadArtifacts.zip(
            "base.apk",
            [("AndroidManifest.xml", BadArtifacts.binaryXML()), ("res/a.txt", Data(count: 300))])
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let base = Array(try Data(contentsOf: url))
        for variant in Self.variants(of: base, count: 400, seed: 5) {
            do {
                let manifest = try AppArtifactReader(path: "m.apk", options: .init()).read(
                    zip: Data(variant))
                #expect(manifest.kind == .android)
            } catch {
                #expect(error.description.hasPrefix("m.apk: "))
            }
        }
    }
}

import Foundation
import Testing

/// The layer map is the package graph: ARCHITECTURE.md's target table, `Package.swift`'s
/// dependencies and every source file's imports say the same thing. The compiler refuses a
/// use across targets that `Package.swift` does not declare; these tests keep the declared
/// graph equal to the documented one, so a new arrow has to be written in both places.
struct LayeringTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // CapabilityModel
        .deletingLastPathComponent()  // CapabilityProbeTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root

    /// Modules any target may import: the toolchain's, not capcheck's.
    static let system: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationXML", "Glibc", "Dispatch",
        "Synchronization",
    ]

    /// Words that may stand before `import` (`internal import CXML2`).
    static let accessWords: Set<String> = [
        "public", "package", "internal", "fileprivate", "private",
    ]

    static func text(_ relative: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
    }

    /// `Package.swift`'s library targets and their dependencies (`.target(name:dependencies:)`).
    static func declaredGraph() throws -> [String: Set<String>] {
        let manifest = try text("Package.swift")
        var graph: [String: Set<String>] = [:]
        var rest = manifest[...]
        while let start = rest.range(of: ".target(") {
            var depth = 0
            var end = start.upperBound
            for index in manifest[start.lowerBound...].indices {
                if manifest[index] == "(" { depth += 1 }
                if manifest[index] == ")" {
                    depth -= 1
                    if depth == 0 {
                        end = index
                        break
                    }
                }
            }
            let call = manifest[start.lowerBound..<end]
            rest = manifest[end...]
            guard let name = Self.quoted(after: "name:", in: call).first else { continue }
            var dependencies: Set<String> = []
            if let list = call.range(of: "dependencies: [") {
                let tail = call[list.upperBound...]
                let body = tail[..<(tail.firstIndex(of: "]") ?? tail.endIndex)]
                dependencies = Set(Self.quoted(after: "", in: body))
            }
            graph[name] = dependencies
        }
        return graph
    }

    /// The double-quoted strings after a marker.
    static func quoted(after marker: String, in text: Substring) -> [String] {
        var scope = text
        if !marker.isEmpty, let range = text.range(of: marker) { scope = text[range.upperBound...] }
        return scope.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            .prefix(marker.isEmpty ? Int.max : 1).map { $0 }
    }

    /// ARCHITECTURE.md's target table: rows `| \`Target\` | what it holds | \`A\`, \`B\` |`.
    static func documentedGraph() throws -> [String: Set<String>] {
        var graph: [String: Set<String>] = [:]
        for line in try text("ARCHITECTURE.md").split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 4 else { continue }
            let name = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let last = cells[cells.count - 2]
            let names = last.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            graph[name] = Set(names)
        }
        return graph
    }

    /// The capcheck modules one target's files import.
    static func imports(of target: String) throws -> [String: Set<String>] {
        let folder = root.appendingPathComponent("Sources/\(target)")
        var result: [String: Set<String>] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [:] }
        for case let file as String in walker where file.hasSuffix(".swift") {
            let source = try String(
                contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in source.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                    words[..<index].allSatisfy({
                        $0.hasPrefix("@") || Self.accessWords.contains(String($0))
                    })
                else { continue }
                let module = String(words[index + 1])
                if !system.contains(module) { result[module, default: []].insert(file) }
            }
        }
        return result
    }

    @Test func architectureTableIsThePackageGraph() throws {
        let declared = try Self.declaredGraph()
        let documented = try Self.documentedGraph()
        #expect(declared.count >= 10)
        #expect(documented == declared)
    }

    /// Each folder of the library's tests is named after the target it tests (`Support/` holds
    /// the tests' own helpers), so a test is found where its unit is.
    @Test func testFoldersAreNamedAfterLibraryTargets() throws {
        let targets = Set(try Self.declaredGraph().keys)
        let folders = try FileManager.default.contentsOfDirectory(
            atPath: Self.root.appendingPathComponent("Tests/CapabilityProbeTests").path)
        let stray = folders.filter { folder in
            var isDirectory: ObjCBool = false
            let path = Self.root.appendingPathComponent("Tests/CapabilityProbeTests/" + folder).path
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                && isDirectory.boolValue && folder != "Support" && !targets.contains(folder)
        }
        #expect(stray.sorted() == [])
        #expect(folders.count >= 10)
    }

    @Test func everyImportIsADeclaredDependency() throws {
        var stray: [String] = []
        for (target, dependencies) in try Self.declaredGraph() {
            for (module, files) in try Self.imports(of: target) where !dependencies.contains(module)
            {
                stray.append(
                    "\(target) imports \(module) in \(files.sorted().joined(separator: ", "))")
            }
        }
        #expect(stray.sorted() == [])
    }

    @Test func theCoreAndTheProbersImportNothingButTheSupportAndTheCore() throws {
        let declared = try Self.declaredGraph()
        #expect(declared["CapabilitySupport"] == [])
        #expect(declared["CapabilityModel"] == ["CapabilitySupport"])
        #expect(declared["CapabilityProbing"] == ["CapabilitySupport", "CapabilityModel"])
        #expect(
            declared["CapabilityManifest"] == [
                "CapabilitySupport", "CapabilityModel", "CapabilityXML", "CapabilityYAML",
            ])
        #expect(declared["CapabilityXML"] == ["CapabilitySupport", "CXML2"])
        #expect(declared["CapabilityYAML"] == ["CapabilitySupport", "CYAML"])
        // C modules are the system-library targets `C…`: only the live machine, the
        // manifest-file loader (libzip, zlib) and the libxml2 and libyaml wrappers link them.
        let linksC = declared.filter {
            $0.value.contains { $0.hasPrefix("C") && !$0.hasPrefix("Capability") }
        }
        #expect(
            Set(linksC.keys) == [
                "CapabilityLive", "CapabilityManifestFiles", "CapabilityXML", "CapabilityYAML",
            ])
    }
}

import Foundation

// Writes BuildInfo.swift for the capcheck executable (run by BuildInfoPlugin at build time).
// Usage: BuildInfoTool PACKAGE_ROOT OUTPUT.swift
//
// The commit is read from the package's .git (a directory, or a file naming the git dir of a
// linked worktree) without running git; a tarball has no .git and gives nil ("unknown commit").

/// The tool: a type with `main` rather than top-level code, so it also builds where every
/// file is parsed as a library (the fuzz package passes `-parse-as-library`).
@main
enum BuildInfoTool {
    /// Reads a text file, trimmed; nil when missing.
    static func read(_ url: URL) -> String? {
        (try? String(contentsOf: url, encoding: .utf8))?.trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    /// A resolved object name: 40 (SHA-1) or 64 (SHA-256) lower-case hex digits.
    static func isObjectName(_ text: String) -> Bool {
        (text.count == 40 || text.count == 64)
            && text.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }

    /// The commit HEAD names in the checkout at `root`, if it is one.
    static func commit(at root: URL) -> String? {
        let dotGit = root.appendingPathComponent(".git")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isDirectory) else {
            return nil
        }
        var gitDir = dotGit
        if !isDirectory.boolValue {
            guard let text = read(dotGit), text.hasPrefix("gitdir: ") else { return nil }
            let path = String(text.dropFirst("gitdir: ".count))
            gitDir =
                path.hasPrefix("/")
                ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
        }
        var commonDir = gitDir
        if let path = read(gitDir.appendingPathComponent("commondir")) {
            commonDir =
                path.hasPrefix("/")
                ? URL(fileURLWithPath: path) : gitDir.appendingPathComponent(path)
        }
        guard let head = read(gitDir.appendingPathComponent("HEAD")) else { return nil }
        guard head.hasPrefix("ref: ") else { return isObjectName(head) ? head : nil }
        let ref = String(head.dropFirst("ref: ".count))
        for directory in [gitDir, commonDir] {
            if let value = read(directory.appendingPathComponent(ref)), isObjectName(value) {
                return value
            }
        }
        // A packed ref: "<object> <refname>" lines; '#' and '^' lines are not refs.
        for line in (read(commonDir.appendingPathComponent("packed-refs")) ?? "").split(
            separator: "\n")
        {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2, parts[1] == ref, isObjectName(String(parts[0])) {
                return String(parts[0])
            }
        }
        return nil
    }

    /// `pkg-config --modversion NAME`, or nil when pkg-config or the package is missing.
    static func pkgConfigVersion(_ name: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pkg-config", "--modversion", name]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(
            in: .whitespacesAndNewlines)
        return text.isEmpty || text.contains("\"") || text.contains("\\") ? nil : text
    }

    static func literal(_ value: String?) -> String { value.map { "\"\($0)\"" } ?? "nil" }

    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count == 3 else {
            FileHandle.standardError.write(
                Data("usage: BuildInfoTool PACKAGE_ROOT OUTPUT.swift\n".utf8))
            exit(64)
        }
        let source = """
            // Generated at build time by BuildInfoTool (Plugins/BuildInfoPlugin); not checked in.

            /// What `capcheck --version` reports about the build.
            enum BuildInfo {
                /// The git commit the build comes from; nil when built outside a git checkout.
                static let commit: String? = \(literal(commit(at: URL(fileURLWithPath: arguments[1]))))
                /// The libudev version pkg-config reported at build time.
                static let libudev: String? = \(literal(pkgConfigVersion("libudev")))
                /// The libpci version pkg-config reported at build time.
                static let libpci: String? = \(literal(pkgConfigVersion("libpci")))
            }

            """
        do {
            try Data(source.utf8).write(to: URL(fileURLWithPath: arguments[2]), options: .atomic)
        } catch {
            FileHandle.standardError.write(Data("BuildInfoTool: \(arguments[2]): \(error)\n".utf8))
            exit(74)
        }
    }
}

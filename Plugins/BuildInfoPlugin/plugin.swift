import Foundation
import PackagePlugin

/// Generates `BuildInfo.swift` for the capcheck executable: the git commit the build comes from
/// (read from `.git` by `BuildInfoTool`, no git binary needed; "unknown" from a tarball) and
/// the libudev/libpci versions pkg-config reports.
@main
struct BuildInfoPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildInfo.swift")
        let root = context.package.directoryURL
        return [
            .buildCommand(
                displayName: "Recording the commit and library versions capcheck is built with",
                executable: try context.tool(named: "BuildInfoTool").url,
                arguments: [root.path, output.path],
                inputFiles: Self.gitFiles(root),
                outputFiles: [output])
        ]
    }

    /// The files whose change means another commit is checked out: HEAD, the branch's ref and
    /// packed-refs (in a linked worktree, HEAD is in its own git dir and the refs are in the
    /// common one). Only existing files: a tarball has none, and the command runs once.
    static func gitFiles(_ root: URL) -> [URL] {
        let dotGit = root.appending(path: ".git")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isDirectory) else {
            return []
        }
        var gitDir = dotGit
        if !isDirectory.boolValue {
            guard let text = try? String(contentsOf: dotGit, encoding: .utf8),
                text.hasPrefix("gitdir: ")
            else { return [] }
            let path = text.dropFirst("gitdir: ".count).trimmingCharacters(
                in: .whitespacesAndNewlines)
            gitDir = path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appending(path: path)
        }
        var commonDir = gitDir
        if let text = try? String(contentsOf: gitDir.appending(path: "commondir"), encoding: .utf8)
        {
            let path = text.trimmingCharacters(in: .whitespacesAndNewlines)
            commonDir =
                path.hasPrefix("/") ? URL(fileURLWithPath: path) : gitDir.appending(path: path)
        }
        var files = [gitDir.appending(path: "HEAD"), commonDir.appending(path: "packed-refs")]
        if let head = try? String(contentsOf: gitDir.appending(path: "HEAD"), encoding: .utf8),
            head.hasPrefix("ref: ")
        {
            let ref = head.dropFirst("ref: ".count).trimmingCharacters(in: .whitespacesAndNewlines)
            files.append(commonDir.appending(path: ref))
            files.append(gitDir.appending(path: ref))
        }
        return files.filter { FileManager.default.fileExists(atPath: $0.path) }
    }
}

/// Path arithmetic on strings, as `NSString`'s path methods did it (not in
/// `FoundationEssentials`): slashes collapse, a trailing slash does not count.
package enum PathText {
    /// `directory` and `name` joined by one slash.
    /// - Parameters:
    ///   - directory: A directory path (may end in `/`).
    ///   - name: A relative path.
    /// - Returns: The joined path.
    package static func appending(_ name: String, to directory: String) -> String {
        if directory.isEmpty { return normalized(name) }
        if name.isEmpty { return normalized(directory) }
        return normalized(directory + "/" + name)
    }

    /// The part after the last slash, trailing slashes ignored (`/` for the root).
    /// - Parameter path: A path.
    /// - Returns: Its last component.
    package static func lastComponent(_ path: String) -> String {
        let trimmed = normalized(path)
        if trimmed == "/" { return "/" }
        return trimmed.split(separator: "/").last.map(String.init) ?? ""
    }

    /// The path with repeated slashes collapsed and a trailing slash removed (but `/` kept).
    private static func normalized(_ path: String) -> String {
        var output = ""
        output.reserveCapacity(path.utf8.count)
        var previousSlash = false
        for character in path {
            if character == "/" {
                if previousSlash { continue }
                previousSlash = true
            } else {
                previousSlash = false
            }
            output.append(character)
        }
        if output.count > 1, output.hasSuffix("/") { output.removeLast() }
        return output
    }
}

import CapabilityProbe
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Debian's `aapt` (the old aapt of Android 10, which Play's `aapt2 dump badging` agrees
/// with on features) as the test oracle: builds an APK from a manifest and reads back its
/// `uses-feature`, `uses-feature-not-required` and `uses-implied-feature` lines.
enum Aapt {
    static let binary = "/usr/bin/aapt"
    /// aapt2 (the same Debian package): its `dump badging` is the oracle where the two differ
    /// (a feature declared twice: aapt2 keeps the first declaration).
    static let aapt2 = "/usr/bin/aapt2"
    static let frameworkRes = "/usr/share/android-framework-res/framework-res.apk"

    /// Whether `aapt` and the framework resources it links against are installed.
    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: binary)
            && FileManager.default.fileExists(atPath: frameworkRes)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The three feature sets `dump badging` prints, plus the OpenGL ES version.
    struct FeatureSets: Equatable, CustomStringConvertible {
        var required: [String] = []
        var notRequired: [String] = []
        /// `name: reason`, `name (sdk-23): reason` for `-sdk-23` lines.
        var implied: [String] = []
        var glES: String?

        var description: String {
            "required \(required)\nnot required \(notRequired)\nimplied \(implied)\ngl-es \(glES ?? "-")"
        }

        mutating func sort() {
            required.sort()
            notRequired.sort()
            implied.sort()
        }
    }

    /// capcheck's sets for a manifest, in the same shape.
    static func sets(_ manifest: Manifest) -> FeatureSets {
        var sets = FeatureSets()
        let sdk23 = " (uses-permission-sdk-23: only on Android 6.0 and later)"
        for requirement in manifest.requirements {
            // aapt prints feature groups as groups, not as uses-feature lines.
            if case .anyGroup = requirement.target { continue }
            if requirement.key.hasPrefix("android:glEsVersion=") {
                let hex = requirement.key.dropFirst("android:glEsVersion=0x".count)
                sets.glES = "0x" + String(UInt32(hex, radix: 16) ?? 0, radix: 16)
                continue
            }
            switch (requirement.source, requirement.wanted) {
            case (.android, .optional): sets.notRequired.append(requirement.key)
            case (_, .present): sets.required.append(requirement.key)
            default: break
            }
            if requirement.source == .implied || requirement.source == .default {
                var reason = requirement.note ?? ""
                if let range = reason.range(of: "; ") {
                    reason = String(reason[..<range.lowerBound])
                }
                var name = requirement.key
                if reason.hasSuffix(sdk23) {
                    reason = String(reason.dropLast(sdk23.count))
                    name += " (sdk-23)"
                }
                sets.implied.append("\(name): \(reason)")
            }
        }
        sets.sort()
        return sets
    }

    /// Reads `aapt dump badging`'s feature lines (or `aapt2 dump badging`'s).
    static func badging(_ apk: URL, tool: String = binary) throws -> FeatureSets {
        let output = try run([tool, "dump", "badging", apk.path])
        guard output.status == 0 else { throw Failure(description: "dump badging: \(output.text)") }
        var sets = FeatureSets()
        func field(_ line: Substring, _ key: String) -> String? {
            guard let start = line.range(of: key + "='") else { return nil }
            let rest = line[start.upperBound...]
            guard let end = rest.firstIndex(of: "'") else { return nil }
            return String(rest[..<end])
        }
        for raw in output.text.split(separator: "\n") {
            let line = raw.drop { $0 == " " }
            if line.hasPrefix("uses-gl-es: '") {
                sets.glES = String(line.dropFirst("uses-gl-es: '".count).dropLast())
            } else if line.hasPrefix("uses-feature-not-required:") {
                field(line, "name").map { sets.notRequired.append($0) }
            } else if line.hasPrefix("uses-feature:") || line.hasPrefix("uses-feature-sdk-23:") {
                field(line, "name").map { sets.required.append($0) }
            } else if line.hasPrefix("uses-implied-feature") {
                let marker = line.hasPrefix("uses-implied-feature-sdk-23") ? " (sdk-23)" : ""
                if let name = field(line, "name"), let reason = field(line, "reason") {
                    sets.implied.append("\(name)\(marker): \(reason)")
                }
            }
        }
        sets.sort()
        return sets
    }

    /// A source manifest made buildable the way Gradle's manifest merger and resource
    /// step would: `tools:node="remove"` elements dropped, `tools:` attributes removed,
    /// placeholders filled, a `package` added when missing, and a stand-in resource for
    /// every `@type/name` the manifest references.
    static func prepare(_ source: String) throws -> (manifest: String, resources: [String: String])
    {
        let document = try XMLDocument(data: Data(source.utf8), options: [])
        guard let root = document.rootElement() else { throw Failure(description: "no root") }
        var package = root.attribute(forName: "package")?.stringValue ?? ""
        if package.isEmpty || package.contains("$") {
            package = "org.capcheck.fixture"
            root.removeAttribute(forName: "package")
            if let attribute = XMLNode.attribute(withName: "package", stringValue: package)
                as? XMLNode
            {
                root.addAttribute(attribute)
            }
        }
        var references: Set<String> = []
        func visit(_ element: XMLElement) {
            for child in (element.children ?? []).compactMap({ $0 as? XMLElement }) {
                let node = child.attribute(forName: "tools:node")?.stringValue
                if node == "remove" || node == "removeAll" {
                    child.detach()
                    continue
                }
                visit(child)
            }
            for attribute in element.attributes ?? [] {
                guard let name = attribute.name else { continue }
                if name.hasPrefix("tools:") {
                    element.removeAttribute(forName: name)
                    continue
                }
                var value = attribute.stringValue ?? ""
                if value.contains("${") {
                    value = value.replacingOccurrences(of: "${applicationId}", with: package)
                    let numeric = ["android:versionCode", "android:minSdkVersion"]
                    value = fillPlaceholders(
                        value, with: numeric.contains(name) ? "1" : "placeholder")
                    attribute.stringValue = value
                }
                if value.hasPrefix("@"), !value.hasPrefix("@android:"), !value.hasPrefix("@null"),
                    value.contains("/")
                {
                    references.insert(
                        String(value.dropFirst().replacingOccurrences(of: "+", with: "")))
                }
            }
        }
        visit(root)
        return (document.xmlString, resources(for: references))
    }

    static func fillPlaceholders(_ text: String, with filler: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else { break }
            result += filler
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    /// Stand-in resource files (`res/...` path → content) for `type/name` references.
    static func resources(for references: Set<String>) -> [String: String] {
        var values: [String] = []
        var files: [String: String] = [:]
        let android = "xmlns:android=\"http://schemas.android.com/apk/res/android\""
        for reference in references.sorted() {
            let parts = reference.split(separator: "/", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            let (type, name) = (parts[0], parts[1])
            switch type {
            case "string": values.append("<string name=\"\(name)\">\(name)</string>")
            case "bool": values.append("<bool name=\"\(name)\">true</bool>")
            case "integer": values.append("<integer name=\"\(name)\">1</integer>")
            case "color": values.append("<color name=\"\(name)\">#000000</color>")
            case "dimen": values.append("<dimen name=\"\(name)\">1dp</dimen>")
            case "style": values.append("<style name=\"\(name)\" parent=\"\"/>")
            case "array": values.append("<array name=\"\(name)\"/>")
            case "id": values.append("<item type=\"id\" name=\"\(name)\"/>")
            case "drawable", "mipmap":
                files["res/\(type)/\(name).xml"] = "<shape \(android)/>"
            case "xml", "layout", "menu", "anim", "animator", "transition", "navigation", "font":
                files["res/\(type)/\(name).xml"] = "<placeholder \(android)/>"
            case "raw": files["res/raw/\(name).txt"] = "raw"
            default: values.append("<item type=\"\(type)\" name=\"\(name)\">x</item>")
            }
        }
        files["res/values/capcheck_stand_ins.xml"] =
            "<resources>\n" + values.joined(separator: "\n") + "\n</resources>\n"
        return files
    }

    /// Builds an APK with `aapt package`, dropping framework attributes newer than the
    /// installed framework (API 29) when aapt names them, as an older SDK would not know them.
    static func build(_ source: String, in directory: URL) throws -> URL {
        var (manifest, resources) = try prepare(source)
        for (path, content) in resources {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(content.utf8).write(to: url)
        }
        let manifestURL = directory.appendingPathComponent("AndroidManifest.xml")
        let apk = directory.appendingPathComponent("app.apk")
        for _ in 0..<20 {
            try Data(manifest.utf8).write(to: manifestURL)
            let output = try run([
                binary, "package", "-f", "-M", manifestURL.path, "-S",
                directory.appendingPathComponent("res").path, "-I", frameworkRes, "-F", apk.path,
            ])
            if output.status == 0 { return apk }
            let unknown = unknownAttributes(output.text)
            guard !unknown.isEmpty else {
                throw Failure(description: "aapt package: \(output.text)")
            }
            for attribute in unknown {
                manifest = manifest.replacingOccurrences(
                    of: #"\s+android:\#(attribute)="[^"]*""#, with: "", options: .regularExpression)
            }
        }
        throw Failure(description: "aapt package kept failing")
    }

    /// Attribute names aapt 10 does not know (`No resource identifier found for attribute
    /// 'X' in package 'android'`) or whose newer values it cannot read (`(at 'X' with value`).
    static func unknownAttributes(_ text: String) -> [String] {
        var names: [String] = []
        for marker in ["No resource identifier found for attribute '", "(at '"] {
            names += text.components(separatedBy: marker).dropFirst().compactMap {
                $0.split(separator: "'").first.map(String.init)
            }
        }
        // `Tag <receiver> attribute permission has invalid character ','` (a real typo that
        // aapt 10 refuses): drop the component attribute, which carries no feature.
        for part in text.components(separatedBy: " attribute ").dropFirst()
        where part.contains(" has invalid character") {
            names += part.split(separator: " ").first.map { [String($0)] } ?? []
        }
        return names
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, text: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// A fresh temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "capcheck-aapt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

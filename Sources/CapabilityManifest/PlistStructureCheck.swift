/// Checks a property list's structure before Foundation decodes it.
///
/// `PropertyListSerialization` expands a binary plist's shared references into a tree (a
/// 318-byte file whose arrays share references 60 levels deep becomes gigabytes), follows
/// reference cycles, and keeps one of two equal dictionary keys without a word. This check
/// walks the object graph once, without decoding values, and bounds all of that; for XML it
/// finds keys given twice in one `<dict>`.
import CapabilitySupport
import CapabilityXML

package struct PlistStructureCheck {
    /// The largest tree a binary plist may expand to, counting every shared object each time
    /// it is referenced (an Info.plist has a few hundred).
    static let maximumExpandedObjects = 100_000
    /// The most bytes of strings and data the expanded tree may hold, counting a shared
    /// string each time it is referenced (the object bound alone lets 99 999 references to
    /// one 1 MB string become 100 GB).
    static let maximumExpandedBytes = 16 << 20
    /// The deepest nesting of containers accepted.
    package static let maximumDepth = 64
    /// The most the depths of all values may add up to (the top value is at depth 1), counting
    /// shared ones each time they are referenced. `PropertyListDecoder` gives no value's type
    /// up front, so ``PlistValue`` tries each type in turn, and every failed try costs the
    /// length of the value's coding path: decoding costs about this sum times the few tries.
    /// 120 000 empty arrays 60 levels deep (a 1 MB XML file, a sum of 7.3 million) took 38 s.
    /// An Info.plist of a few thousand values a few levels deep sums to some ten thousand; a
    /// flat one at ``maximumExpandedObjects`` to twice that many.
    static let maximumDepthSum = 400_000

    // MARK: Binary

    /// Checks a `bplist00` document.
    /// - Parameter bytes: The whole file.
    /// - Returns: The first problem, or `nil`.
    static func binaryProblem(_ bytes: [UInt8]) -> InputProblem? {
        switch BinaryDocument.read(bytes) {
        case .failure(let problem): return problem
        case .success(let document): return document.expansionProblem()
        }
    }

    /// A binary plist's trailer and object table, read once; objects are looked at only
    /// through their offsets.
    private struct BinaryDocument {
        let bytes: [UInt8]
        /// The offset of every object, by object number.
        let offsets: [Int]
        /// Where the offset table starts (objects lie before it).
        let tableStart: Int
        /// The width of an object reference.
        let referenceSize: Int
        /// The top object.
        let top: Int

        var objectCount: Int { offsets.count }

        /// Reads the 32-byte trailer and the offset table, every number range-checked.
        static func read(_ bytes: [UInt8]) -> Result<BinaryDocument, InputProblem> {
            guard bytes.count >= 8 + 32 else {
                return .failure(InputProblem(place: .key("trailer"), reason: "file too short"))
            }
            let trailer = bytes.count - 32
            let offsetSize = Int(bytes[trailer + 6])
            let referenceSize = Int(bytes[trailer + 7])
            guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
                let objectCount = Int(exactly: bigEndian(bytes, trailer + 8, 8)),
                let top = Int(exactly: bigEndian(bytes, trailer + 16, 8)),
                let tableStart = Int(exactly: bigEndian(bytes, trailer + 24, 8))
            else { return .failure(InputProblem(place: .key("trailer"), reason: "invalid sizes")) }
            guard objectCount > 0, objectCount <= bytes.count, top < objectCount,
                tableStart >= 8,
                tableStart <= trailer,
                objectCount <= (trailer - tableStart) / offsetSize
            else {
                return .failure(
                    InputProblem(place: .key("trailer"), reason: "object table out of range"))
            }
            var offsets: [Int] = []
            offsets.reserveCapacity(objectCount)
            for index in 0..<objectCount {
                guard
                    let offset = Int(
                        exactly: bigEndian(bytes, tableStart + index * offsetSize, offsetSize)),
                    offset >= 8, offset < tableStart
                else {
                    return .failure(
                        InputProblem(place: .key("object \(index)"), reason: "offset out of range"))
                }
                offsets.append(offset)
            }
            return .success(
                BinaryDocument(
                    bytes: bytes, offsets: offsets, tableStart: tableStart,
                    referenceSize: referenceSize, top: top))
        }

        /// The element count of the object whose marker is at `start` (in the marker's low
        /// nibble, or in an integer object after it when the nibble is 0xF), and where the
        /// elements begin; nil when the length is malformed.
        func length(at start: Int) -> (count: Int, cursor: Int)? {
            let cursor = start + 1
            let count = Int(bytes[start] & 0x0F)
            guard count == 0x0F else { return (count, cursor) }
            guard cursor < tableStart, bytes[cursor] >> 4 == 0x1 else { return nil }
            let width = 1 << Int(bytes[cursor] & 0x0F)
            guard width <= 8, cursor + 1 + width <= tableStart,
                let length = Int(exactly: bigEndian(bytes, cursor + 1, width))
            else { return nil }
            return (length, cursor + 1 + width)
        }

        /// The objects a container references, or `nil` for a scalar; a problem for a bad one.
        func references(of index: Int) -> Result<[Int], InputProblem>? {
            let start = offsets[index]
            let kind = bytes[start] >> 4
            switch kind {
            case 0x0, 0x1, 0x2, 0x3, 0x4, 0x5, 0x6, 0xA, 0xD:
                break
            case 0x8, 0xB, 0xC:
                // UIDs (keyed archives) and sets are no property-list values: Foundation on
                // Linux crashes bridging a set that holds an array (found by the fuzzer).
                let name = kind == 0x8 ? "a UID" : "a set"
                return .failure(
                    InputProblem(
                        place: .key("object \(index)"),
                        reason: "\(name) is not a property-list value"))
            default:
                return .failure(
                    InputProblem(place: .key("object \(index)"), reason: "unknown object type"))
            }
            guard kind == 0xA || kind == 0xD else { return nil }
            guard let (count, cursor) = length(at: start) else {
                return .failure(
                    InputProblem(place: .key("object \(index)"), reason: "invalid length"))
            }
            let slots = kind == 0xD ? 2 : 1
            guard count <= (tableStart - cursor) / (referenceSize * slots) else {
                return .failure(
                    InputProblem(place: .key("object \(index)"), reason: "references past the end"))
            }
            var result: [Int] = []
            result.reserveCapacity(count * slots)
            for slot in 0..<(count * slots) {
                guard
                    let ref = Int(
                        exactly: bigEndian(bytes, cursor + slot * referenceSize, referenceSize)),
                    ref < objectCount
                else {
                    return .failure(
                        InputProblem(
                            place: .key("object \(index)"), reason: "reference out of range"))
                }
                result.append(ref)
            }
            if kind == 0xD {
                for key in result[0..<count] where ![0x5, 0x6].contains(bytes[offsets[key]] >> 4) {
                    return .failure(
                        InputProblem(
                            place: .key("object \(index)"),
                            reason: "a dictionary key that is not a string"))
                }
                if let problem = duplicateKey(in: Array(result[0..<count]), of: index) {
                    return .failure(problem)
                }
            }
            return .success(result)
        }

        /// Key objects that decode to the same string.
        func duplicateKey(in keys: [Int], of index: Int) -> InputProblem? {
            var seen: [String: Int] = [:]
            for key in keys {
                guard let text = string(at: offsets[key]) else { continue }
                if let first = seen[text] {
                    return InputProblem(
                        place: .key("object \(index)"),
                        reason:
                            "duplicate key \"\(text)\" in one dictionary (objects \(first) and \(key))"
                    )
                }
                seen[text] = key
            }
            return nil
        }

        /// The bytes a string or data object's payload takes (0 for other objects).
        func payloadBytes(at start: Int) -> Int {
            let kind = bytes[start] >> 4
            guard kind == 0x4 || kind == 0x5 || kind == 0x6,
                let (count, cursor) = length(at: start)
            else { return 0 }
            let unit = kind == 0x6 ? 2 : 1
            return min(count, (tableStart - cursor) / unit) * unit
        }

        /// An ASCII or UTF-16 string object's text.
        func string(at start: Int) -> String? {
            let marker = bytes[start]
            guard marker >> 4 == 0x5 || marker >> 4 == 0x6,
                let (count, cursor) = length(at: start)
            else { return nil }
            let unit = marker >> 4 == 0x6 ? 2 : 1
            guard count <= (tableStart - cursor) / unit else { return nil }
            if unit == 1 { return String(decoding: bytes[cursor..<cursor + count], as: UTF8.self) }
            let units = (0..<count).map {
                UInt16(bytes[cursor + 2 * $0]) << 8 | UInt16(bytes[cursor + 2 * $0 + 1])
            }
            return String(decoding: units, as: UTF16.self)
        }

        /// Walks the graph from the top object, computing each object's expanded size once
        /// (iteratively: depth is data): the first cycle, bad container, too-deep nesting or
        /// expansion past ``PlistStructureCheck/maximumExpandedObjects``,
        /// ``PlistStructureCheck/maximumExpandedBytes`` or
        /// ``PlistStructureCheck/maximumDepthSum``.
        func expansionProblem() -> InputProblem? {
            var expanded = [Int](repeating: -1, count: objectCount)
            var expandedBytes = [Int](repeating: 0, count: objectCount)
            // The depths of an object's expanded values, counted from the object at 1: its own
            // expanded size plus its children's sums (each of their values one level deeper).
            var depthSum = [Int](repeating: 0, count: objectCount)
            var depthProblem: InputProblem?
            var onStack = [Bool](repeating: false, count: objectCount)
            var stack: [(index: Int, children: [Int], next: Int)] = []
            func push(_ index: Int) -> InputProblem? {
                switch references(of: index) {
                case nil:
                    expanded[index] = 1
                    depthSum[index] = 1
                    expandedBytes[index] = payloadBytes(at: offsets[index])
                case .failure(let problem)?:
                    return problem
                case .success(let children)?:
                    if stack.count >= maximumDepth {
                        return InputProblem(
                            place: .key("object \(index)"),
                            reason: "containers nest deeper than \(maximumDepth) levels")
                    }
                    onStack[index] = true
                    stack.append((index, children, 0))
                }
                return nil
            }
            if let problem = push(top) { return problem }
            while let frame = stack.last {
                if frame.next < frame.children.count {
                    let child = frame.children[frame.next]
                    stack[stack.count - 1].next += 1
                    if onStack[child] {
                        return InputProblem(
                            place: .key("object \(child)"), reason: "a container contains itself")
                    }
                    if expanded[child] < 0, let problem = push(child) { return problem }
                    continue
                }
                var total = 1
                var totalBytes = 0
                var totalDepths = 0
                for child in frame.children {
                    total += expanded[child]
                    totalBytes += expandedBytes[child]
                    totalDepths += depthSum[child]
                    if total > maximumExpandedObjects {
                        return InputProblem(
                            place: .key("object \(frame.index)"),
                            reason:
                                "shared references expand to more than \(maximumExpandedObjects) objects"
                        )
                    }
                    if totalBytes > maximumExpandedBytes {
                        return InputProblem(
                            place: .key("object \(frame.index)"),
                            reason:
                                "shared references expand to more than \(maximumExpandedBytes >> 20) MiB of strings and data"
                        )
                    }
                }
                // At most objects × depth (about 6.4 million) by the bounds above. Told only
                // when the walk ends without their problems, which say more.
                totalDepths += total
                if totalDepths > maximumDepthSum, depthProblem == nil {
                    depthProblem = InputProblem(
                        place: .key("object \(frame.index)"),
                        reason: "containers nest too deeply for their size: \(depthProblemText)")
                }
                expanded[frame.index] = total
                expandedBytes[frame.index] = totalBytes
                depthSum[frame.index] = totalDepths
                onStack[frame.index] = false
                stack.removeLast()
            }
            return depthProblem
        }
    }

    /// The bound ``maximumDepthSum`` in words.
    static let depthProblemText = "the values' depths add up to more than \(maximumDepthSum)"

    private static func bigEndian(_ bytes: [UInt8], _ start: Int, _ width: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in start..<(start + width) { value = value << 8 | UInt64(bytes[index]) }
        return value
    }

    // MARK: XML

    /// Finds a key given twice in one `<dict>` of an XML property list, and containers that
    /// nest too deeply for their size, from libxml2's events (``XMLEventReader``).
    ///
    /// Syntax errors are left to the decoder, which names them: the events before the first
    /// one are checked, the rest of the document is not. Without libxml2 the reader's problem
    /// naming it is returned.
    /// - Parameter text: The document.
    /// - Returns: The first problem, or `nil`.
    static func xmlProblem(_ text: String) -> InputProblem? {
        var containers: [[String: Int]?] = []  // a dictionary's keys, or nil for an array
        var depths = 0  // the values' depths so far (``maximumDepthSum``)
        var key: (text: String, line: Int)?  // the `<key>` being read
        var found: InputProblem?
        let error = XMLEventReader().parse(Array(text.utf8)) { event, position in
            guard found == nil else { return }
            switch event {
            case .startElement(let name, _):
                if valueElements.contains(name) {
                    depths += containers.count + 1
                    if depths > maximumDepthSum {
                        found = InputProblem(
                            place: .line(position.line),
                            reason: "containers nest too deeply for their size: \(depthProblemText)"
                        )
                    }
                }
                if name == "dict" { containers.append([:]) }
                if name == "array" { containers.append(nil) }
                if name == "key" { key = ("", position.line) }
            case .text(let run), .cdata(let run):
                key?.text += run
            case .endElement(let name):
                if name == "dict" || name == "array", !containers.isEmpty {
                    containers.removeLast()
                }
                guard name == "key", let (text, line) = key else { return }
                key = nil
                // Changed in place: a copy taken out of `containers` would make every key
                // copy the whole dictionary.
                guard let last = containers.indices.last, containers[last] != nil else { return }
                if let first = containers[last]?[text] {
                    found = InputProblem(
                        place: .line(line),
                        reason: "duplicate key \"\(text)\" in one <dict> (first at line \(first))")
                }
                containers[last]?[text] = line
            }
        }
        // Code 0 is the reader's own problem (libxml2 missing): the check did not run.
        if let error, error.code == 0 { return error }
        return found
    }

    /// The elements that are values (a `<key>` is not one).
    private static let valueElements: Set<String> = [
        "dict", "array", "string", "integer", "real", "true", "false", "date", "data",
    ]
}

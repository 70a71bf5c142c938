/// A record's udev properties, stored densely: one array of key/value pairs sorted by key.
///
/// Hundreds of thousands of records each hold a handful of properties; a `[String: String]`
/// of five entries keeps eight buckets and a header (about 350 bytes), this array about 190.
/// Look-ups are a binary search. ``Device/properties`` still reads and writes a dictionary;
/// the readers and the JSON writer use this type directly.
struct PropertyList: Sendable, Hashable {
    /// One property.
    struct Pair: Sendable, Hashable {
        var key: String
        var value: String
    }

    /// The pairs, keys unique and in ascending `String` order.
    private(set) var pairs: [Pair] = []

    /// An empty list.
    init() {}

    /// The properties of a dictionary.
    /// - Parameter dictionary: The properties.
    init(_ dictionary: [String: String]) {
        pairs = dictionary.map { Pair(key: $0.key, value: $0.value) }
        pairs.sort { $0.key < $1.key }
    }

    /// The properties in the order a file gave them; of a key given twice the last value wins,
    /// as when the pairs were stored in a dictionary one after the other.
    /// - Parameter collected: The pairs in file order.
    init(collecting collected: [Pair]) {
        var sorted = true
        for index in collected.indices.dropFirst()
        where !(collected[index - 1].key < collected[index].key) {
            sorted = false
            break
        }
        guard !sorted else {
            // An exact-size copy: the collecting array may have grown past its count.
            pairs = collected.map { $0 }
            return
        }
        // Sorting by key and then by position keeps the last of equal keys last.
        let ordered = collected.indices.sorted {
            let left = collected[$0].key
            let right = collected[$1].key
            return left < right || (left == right && $0 < $1)
        }
        var unique: [Pair] = []
        unique.reserveCapacity(collected.count)
        for index in ordered {
            if let last = unique.indices.last, unique[last].key == collected[index].key {
                unique[last].value = collected[index].value
            } else {
                unique.append(collected[index])
            }
        }
        pairs = unique.map { $0 }
    }

    /// How many properties there are.
    var count: Int { pairs.count }

    /// Whether there are none.
    var isEmpty: Bool { pairs.isEmpty }

    /// The properties as a dictionary.
    var dictionary: [String: String] {
        var dictionary: [String: String] = [:]
        dictionary.reserveCapacity(pairs.count)
        for pair in pairs { dictionary[pair.key] = pair.value }
        return dictionary
    }

    /// Where the key is, or where it would go.
    private func search(_ key: String) -> (index: Int, found: Bool) {
        var low = 0
        var high = pairs.count
        while low < high {
            let middle = (low + high) / 2
            let candidate = pairs[middle].key
            if candidate == key { return (middle, true) }
            if candidate < key { low = middle + 1 } else { high = middle }
        }
        return (low, false)
    }

    /// A property's value (empty values included); setting `nil` removes it.
    subscript(key: String) -> String? {
        get {
            let (index, found) = search(key)
            return found ? pairs[index].value : nil
        }
        set {
            let (index, found) = search(key)
            switch (found, newValue) {
            case (true, let value?): pairs[index].value = value
            case (true, nil): pairs.remove(at: index)
            case (false, let value?): pairs.insert(Pair(key: key, value: value), at: index)
            case (false, nil): break
            }
        }
    }

    /// Whether the keys are ASCII, so their stored order is also their UTF-8 byte order (the
    /// order JSON objects are written in).
    var keysAreASCII: Bool {
        pairs.allSatisfy { pair in pair.key.utf8.allSatisfy { $0 < 0x80 } }
    }

    /// The pairs in UTF-8 byte order of their keys.
    var inByteOrder: [Pair] {
        keysAreASCII ? pairs : pairs.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }
}

import FoundationEssentials
import Glibc

/// A record's udev properties, stored densely: one array of key/value pairs sorted by key.
///
/// Hundreds of thousands of records each hold a handful of properties; a `[String: String]`
/// of five entries keeps eight buckets and a header (about 350 bytes), this array about 190.
/// Look-ups are a binary search.
///
/// Keys are byte strings, as udev treats them: ordered and compared by their UTF-8 bytes, which
/// is also the order JSON objects are written in, so the JSON writer needs no sort. (A
/// `Dictionary` would take two keys that differ in bytes but are canonically equivalent, `é`
/// and `e` + U+0301, for one.) ``Device/properties`` still reads and writes a dictionary;
/// the readers and the JSON writer use this type directly.
package struct PropertyList: Sendable, Hashable {
    /// One property.
    package struct Pair: Sendable, Hashable {
        package var key: String
        package var value: String

        /// A property.
        package init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// The pairs, keys unique and in ascending UTF-8 byte order.
    package private(set) var pairs: [Pair] = []

    /// An empty list.
    package init() {}

    /// The properties of a dictionary.
    /// - Parameter dictionary: The properties.
    package init(_ dictionary: [String: String]) {
        pairs = dictionary.map { Pair(key: $0.key, value: $0.value) }
        pairs.sort { Self.order($0.key, $1.key) < 0 }
    }

    /// The properties in the order a file gave them; of a key given twice the last value wins,
    /// as when the pairs were stored in a dictionary one after the other.
    /// - Parameter collected: The pairs in file order.
    package init(collecting collected: [Pair]) {
        var sorted = true
        for index in collected.indices.dropFirst()
        where Self.order(collected[index - 1].key, collected[index].key) >= 0 {
            sorted = false
            break
        }
        guard !sorted else {
            // An exact-size copy where the collecting array grew past its count.
            pairs = collected.capacity > collected.count ? collected.map { $0 } : collected
            return
        }
        // Sorting by key and then by position keeps the last of equal keys last.
        let ordered = collected.indices.sorted {
            let order = Self.order(collected[$0].key, collected[$1].key)
            return order < 0 || (order == 0 && $0 < $1)
        }
        var unique: [Pair] = []
        unique.reserveCapacity(collected.count)
        for index in ordered {
            if let last = unique.indices.last,
                Self.order(unique[last].key, collected[index].key) == 0
            {
                unique[last].value = collected[index].value
            } else {
                unique.append(collected[index])
            }
        }
        pairs = unique.map { $0 }
    }

    /// How many properties there are.
    package var count: Int { pairs.count }

    /// Whether there are none.
    package var isEmpty: Bool { pairs.isEmpty }

    /// The properties as a dictionary.
    package var dictionary: [String: String] {
        var dictionary: [String: String] = [:]
        dictionary.reserveCapacity(pairs.count)
        for pair in pairs { dictionary[pair.key] = pair.value }
        return dictionary
    }

    /// Where the key is, or where it would go. The key's bytes are taken once, not once a
    /// comparison.
    private func search(_ key: String) -> (index: Int, found: Bool) {
        key.utf8.withContiguousStorageIfAvailable { wanted in
            search {
                pairs[$0].key.utf8.withContiguousStorageIfAvailable { Self.order($0, wanted) }
                    ?? Self.order(pairs[$0].key, key)
            }
        } ?? search { Self.order(pairs[$0].key, key) }
    }

    /// A binary search by `order(index)`: how the pair at the index compares with the key.
    private func search(by order: (Int) -> Int) -> (index: Int, found: Bool) {
        var low = 0
        var high = pairs.count
        while low < high {
            let middle = (low + high) / 2
            let comparison = order(middle)
            if comparison == 0 { return (middle, true) }
            if comparison < 0 { low = middle + 1 } else { high = middle }
        }
        return (low, false)
    }

    /// A property's value (empty values included); setting `nil` removes it.
    package subscript(key: String) -> String? {
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

    /// The properties whose key starts with `prefix`, in key order: they sit together from
    /// where the prefix itself would go, so only they are looked at.
    /// - Parameter prefix: The start of the keys (`ID_MM_PORT_TYPE_`).
    /// - Returns: Those pairs.
    package func pairs(withPrefix prefix: String) -> ArraySlice<Pair> {
        var end = search(prefix).index
        let start = end
        while end < pairs.count, pairs[end].key.utf8.starts(with: prefix.utf8) { end += 1 }
        return pairs[start..<end]
    }

    /// Replaces every value by what `transform` makes of its key and value (the keys, and so
    /// their order, stay).
    mutating func updateValues(_ transform: (_ key: String, _ value: String) -> String) {
        for index in pairs.indices {
            pairs[index].value = transform(pairs[index].key, pairs[index].value)
        }
    }

    /// How two keys compare by their UTF-8 bytes: negative, zero or positive.
    package static func order(_ left: String, _ right: String) -> Int {
        // Native and literal strings (all the records hold) are contiguous UTF-8; the view's
        // walk is only a fallback.
        let inPlace = left.utf8.withContiguousStorageIfAvailable { a in
            right.utf8.withContiguousStorageIfAvailable { b in Self.order(a, b) }
        }
        if let order = inPlace ?? nil { return order }
        if left.utf8.elementsEqual(right.utf8) { return 0 }
        return left.utf8.lexicographicallyPrecedes(right.utf8) ? -1 : 1
    }

    /// How two byte strings compare: negative, zero or positive.
    @inline(__always)
    private static func order(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>)
        -> Int
    {
        let common = min(a.count, b.count)
        if common > 0, let x = a.baseAddress, let y = b.baseAddress {
            let bytes = memcmp(x, y, common)
            if bytes != 0 { return Int(bytes) }
        }
        return a.count - b.count
    }
}

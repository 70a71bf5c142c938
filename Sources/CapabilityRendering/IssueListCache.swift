import CapabilityMatrix

/// Texts made from the issue lists of matrix rows, each made once per list.
///
/// Rows that share an evaluation share its issue arrays (``MatrixFilter`` copies one
/// ``RowEvaluation`` into every such row), so an array's storage names its text without
/// hashing the issues and their reasons a row. Two equal lists in different storage just get
/// their text made twice. The cache keeps every list it has seen, so no storage address is
/// freed and reused for another list while the cache lives.
package struct IssueListCache<Text: Sendable>: Sendable {
    /// The storage addresses of one list or of a pair of lists.
    private struct Key: Hashable {
        var first: UInt
        var second: UInt
    }

    private var texts: [Key: Text] = [:]
    private var lists: [[RowIssue]] = []

    /// The text for a list: from the cache, else made by `make` and kept.
    /// - Parameters:
    ///   - list: The issue list.
    ///   - make: Makes the text from the list (called once per list storage).
    /// - Returns: The text.
    package mutating func value(for list: [RowIssue], make: () -> Text) -> Text {
        value(for: list, and: [], make: make)
    }

    /// The text for a pair of lists (a row's failing and unknown issues): from the cache,
    /// else made by `make` and kept.
    /// - Parameters:
    ///   - first: The first list.
    ///   - second: The second list.
    ///   - make: Makes the text (called once per pair of list storages).
    /// - Returns: The text.
    package mutating func value(
        for first: [RowIssue], and second: [RowIssue], make: () -> Text
    ) -> Text {
        let key = Key(first: Self.address(first), second: Self.address(second))
        if let text = texts[key] { return text }
        let text = make()
        texts[key] = text
        lists.append(first)
        lists.append(second)
        return text
    }

    private static func address(_ list: [RowIssue]) -> UInt {
        list.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }
}

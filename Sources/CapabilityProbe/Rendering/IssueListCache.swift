/// Texts made from the issue lists of matrix rows, each made once per list.
///
/// Rows that share an evaluation share its issue arrays (``MatrixFilter`` copies one
/// ``RowEvaluation`` into every such row), so an array's storage names its text without
/// hashing the issues and their reasons a row. Two equal lists in different storage just get
/// their text made twice. The cache keeps every list it has seen, so no storage address is
/// freed and reused for another list while the cache lives.
struct IssueListCache<Text> {
    private var texts: [UInt: Text] = [:]
    private var lists: [[RowIssue]] = []

    /// The text for a list: from the cache, else made by `make` and kept.
    /// - Parameters:
    ///   - list: The issue list.
    ///   - make: Makes the text from the list (called once per list storage).
    /// - Returns: The text.
    mutating func value(for list: [RowIssue], make: () -> Text) -> Text {
        let address = list.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        if let text = texts[address] { return text }
        let text = make()
        texts[address] = text
        lists.append(list)
        return text
    }
}

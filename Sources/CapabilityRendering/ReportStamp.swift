/// What made a shared page and when: `capcheck 0.1.0 (1a2b3c4d5e6f)` and an ISO 8601 date,
/// shown by the HTML report so a reader knows its age and the build behind it. The caller
/// supplies both (the library reads no clock), so a page with the same stamp is the same.
public struct ReportStamp: Sendable, Hashable {
    /// The tool and its version (`capcheck 0.1.0 (1a2b3c4d5e6f)`).
    public var generator: String
    /// When the page was made, ISO 8601 in UTC (`2026-12-01T23:40:00Z`).
    public var date: String

    /// Creates a stamp.
    /// - Parameters:
    ///   - generator: The tool and its version.
    ///   - date: When the page was made, ISO 8601 in UTC.
    public init(generator: String, date: String) {
        self.generator = generator
        self.date = date
    }
}

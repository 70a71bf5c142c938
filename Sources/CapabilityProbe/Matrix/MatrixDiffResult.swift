/// The rows gained and lost when a manifest changes.
public struct MatrixDiffResult: Sendable, Hashable, Codable {
    /// The JSON schema version of this document.
    public static let currentSchema = 1

    /// Apple's rule, shown with every diff that loses rows.
    public static let appleRule =
        "App Store Connect rejects an update whose UIRequiredDeviceCapabilities would keep it off devices that earlier versions supported: requirements may only stay or relax"

    /// The schema version.
    public var schema: Int
    /// The matrix source.
    public var matrix: String
    /// The matrix's provenance lines.
    public var provenance: [String]
    /// The old manifest path.
    public var old: String
    /// The new manifest path.
    public var new: String
    /// Rows eligible under the old manifest.
    public var oldEligible: Int
    /// Rows eligible under the new manifest.
    public var newEligible: Int
    /// All rows.
    public var total: Int
    /// Every changed row, in table order.
    public var changes: [MatrixDiffRow]
    /// ``appleRule`` when a row is lost or may be lost (the update tightens requirements),
    /// else nil (and absent from the JSON document).
    public var rule: String?

    /// Creates a diff result.
    public init(
        matrix: String, provenance: [String], old: String, new: String, oldEligible: Int,
        newEligible: Int, total: Int, changes: [MatrixDiffRow]
    ) {
        self.schema = Self.currentSchema
        self.matrix = matrix
        self.provenance = provenance
        self.old = old
        self.new = new
        self.oldEligible = oldEligible
        self.newEligible = newEligible
        self.total = total
        self.changes = changes
        let tightens = changes.contains { $0.change == .lost || $0.change == .mayBeLost }
        self.rule = tightens ? Self.appleRule : nil
    }

    /// The changed rows of one kind.
    /// - Parameter change: The kind.
    /// - Returns: Those rows, in table order.
    public func rows(_ change: MatrixChange) -> [MatrixDiffRow] {
        changes.filter { $0.change == change }
    }
}

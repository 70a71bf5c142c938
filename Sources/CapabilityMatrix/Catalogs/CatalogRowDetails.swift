/// What a device catalog row is, beside its verdict: the facts a script filters or groups
/// on (brand, codename, form factor, SDK levels, newest OS) and where its features came from.
/// A field the catalog does not hold is nil.
public struct CatalogRowDetails: Sendable, Hashable, Codable {
    /// The brand (`google`).
    public var brand: String?
    /// The device codename (`coral`).
    public var device: String?
    /// The manufacturer (`Google`).
    public var manufacturer: String?
    /// The model name (`Pixel 4 XL`).
    public var model: String?
    /// `phone`, `tablet`, `tv`, `watch`, `car`, `chromebook`, or Apple's device kind.
    public var formFactor: String?
    /// The SDK levels the model runs.
    public var sdkLevels: [Int]?
    /// The SDK levels on which the app is offered (empty when the row is not eligible).
    public var qualifyingSdkLevels: [Int]?
    /// The ABIs.
    public var abis: [String]?
    /// Where the row's features came from: `row` (the catalog's own), a built-in row it was
    /// matched to, or nil when it has none.
    public var featureSource: String?
    /// How complete the row's source is (`complete`, `partial: …`).
    public var confidence: String?
    /// Apple's model identifiers (`iPhone15,2`).
    public var identifiers: [String]?
    /// The year the model was released.
    public var year: Int?
    /// The newest OS the model runs (`iOS 16.7.12`, `iOS 26.1 (current)`).
    public var newestOS: String?
    /// The `UIDeviceFamily` number of the model (1 iPhone and iPod touch, 2 iPad, 3 Apple TV,
    /// 7 Apple Vision).
    public var deviceFamily: Int?

    /// No details.
    public init() {}
}

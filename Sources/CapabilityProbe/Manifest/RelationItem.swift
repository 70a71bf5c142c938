/// An AppStream relation item that is checked by reading the machine's records rather than
/// one capability's status (``RelationItemChecker`` decides it).
public enum RelationItem: Sendable, Hashable {
    /// The `<control>` items of one block: any one of them is enough (the specification's
    /// rule); `console` always holds (a text console is always there, as libappstream says);
    /// values capcheck does not know are kept so that they can make the result unknown.
    case controls([AppStreamControl], unrecognized: [String])
    /// `<display_length>`: logical pixels of a connected display's side.
    case displayLength(compare: AppStreamCompare, pixels: Int, side: DisplaySide)
    /// `<kernel>`: the kernel name (`uname -s`) and optionally its version.
    case kernel(name: String, compare: AppStreamCompare, version: String?)
    /// `<modalias>`: a glob matched against every device's modalias.
    case modalias(String)
    /// `<hardware>`: a Computer Hardware ID (CHID), lower case, without braces.
    case hardware(String)
    /// `<internet>`: connectivity need (`always`, `offline-only`, `first-run`) and bandwidth.
    case internet(kind: String, bandwidthMbitps: Int?)
    /// `<firmware>`: a device firmware (`runtime`, `bootloader` or a GUID) and its version.
    case firmware(value: String, compare: AppStreamCompare, version: String?)
    /// An item kind or value capcheck does not know; the text says what was written.
    case unrecognized(String)

    /// Which side of a display a length applies to.
    public enum DisplaySide: String, Sendable, Hashable, CaseIterable {
        /// The shorter side (the default).
        case shortest
        /// The longer side.
        case longest
    }

    /// The capability ids the item reads (for `--assume` and matrix columns).
    public var capabilityIDs: [String] {
        switch self {
        case .displayLength: return ["display"]
        case .controls(let controls, _): return controls.compactMap(\.capability)
        default: return []
        }
    }

    /// How the item is shown (`display_length shortest >= 360`, `kernel Linux >= 5.10`).
    public var label: String {
        switch self {
        case .controls(let controls, let unrecognized):
            return (controls.map { $0.capability ?? "console" } + unrecognized)
                .joined(separator: "|")
        case .displayLength(let compare, let pixels, let side):
            return "display_length \(side.rawValue) \(compare.symbol) \(pixels) px"
        case .kernel(let name, let compare, let version):
            return "kernel \(name)" + (version.map { " \(compare.symbol) \($0)" } ?? "")
        case .modalias(let glob): return "modalias \(glob)"
        case .hardware(let chid): return "hardware \(chid)"
        case .internet(let kind, let bandwidth):
            return "internet \(kind)" + (bandwidth.map { " ≥ \($0) Mbit/s" } ?? "")
        case .firmware(let value, let compare, let version):
            return "firmware \(value)" + (version.map { " \(compare.symbol) \($0)" } ?? "")
        case .unrecognized(let text): return text
        }
    }
}

import FoundationEssentials
import CapabilityModel

/// Decides `display` from DRM connectors (detection.md §17).
///
/// - A connector (`cardN-<type>-<n>`) whose `status` attribute is `connected` is a display;
///   eDP, LVDS, DSI and DPI are internal panels, the rest external. Writeback and Virtual
///   connectors are not displays. An internal panel whose `status` the recording lacks
///   (dumps) is connected, and its evidence says the state was not recorded; a recorded
///   `status` always decides.
/// - Dumps carry no `status` attribute: connectors whose state is unreadable make the finding
///   `unknown`, never `absent`. So does a framebuffer (`graphics/fbN`) of a device without
///   recorded connectors (vesafb/efifb, proprietary drivers, old KMS drivers).
/// - All connectors disconnected and no such framebuffer: `absent`.
///
/// Each connected connector's details carry its panel (``DisplayPanel``: decoded EDID,
/// preferred mode, size, DPI, scale by ``DisplayScale``). The finding's `details["scale"]`
/// is the largest scale over the connected displays and `details["dpi"]` the largest DPI;
/// both are left out (unknown) while a connected display's scale or DPI is unknown, unless
/// a known scale already is the maximum 3. `count` = connected connectors.
package struct DisplayProber: CapabilityProber {
    /// Creates the prober.
    init() {}

    /// `display`.
    package var ids: [CapabilityID] { [.display] }

    /// Connector types of built-in panels.
    static let internalTypes: Set<String> = ["eDP", "LVDS", "DSI", "DPI"]

    /// Classifies the records.
    /// - Parameter context: The records.
    /// - Returns: The `display` finding.
    package func evaluate(_ context: ProbeContext) -> [CapabilityFinding] {
        var connected: [Evidence] = []
        var unsure: [Evidence] = []
        var devices: [JSONValue] = []
        var ownersWithConnectors: Set<String> = []
        var scales: [Int?] = []
        var dpis: [Double?] = []
        for connector in context.devices(in: .drm) {
            guard let type = Self.connectorType(connector) else { continue }
            if type == "Writeback" || type == "Virtual" { continue }
            if let card = context.parent(of: connector), let owner = context.parent(of: card) {
                ownersWithConnectors.insert(owner.id)
            }
            let recorded = connector.attribute("status")
            let isInternal = Self.internalTypes.contains(type)
            // A built-in panel is wired to its connector: without a recorded state (dumps) it
            // counts as connected; a recorded state still decides.
            let assumed = isInternal && (recorded == nil || recorded == "unknown")
            let status = assumed ? "connected" : recorded
            var detail: [String: JSONValue] = [
                "device": .string(connector.id), "connector": .string(type),
                "internal": .bool(isInternal),
            ]
            if let recorded { detail["status"] = .string(recorded) }
            if assumed { detail["statusAssumed"] = "internal panel, state not recorded" }
            if let enabled = connector.attribute("enabled") {
                detail["enabled"] = .bool(enabled == "enabled")
            }
            if let modes = connector.attribute("modes") {
                let list = modes.split(separator: "\n").map { JSONValue.string(String($0)) }
                if !list.isEmpty { detail["modes"] = .array(list) }
            }
            if let edid = connector.binaryAttributes["edid"], !edid.isEmpty {
                detail["edidBytes"] = .int(edid.count)
            }
            if status == "connected" {
                let panel = DisplayPanel(connector: connector, type: type)
                detail.merge(panel.details) { _, new in new }
                scales.append(panel.scale?.scale)
                dpis.append(panel.scale?.dpi)
            }
            devices.append(.object(detail))
            switch status {
            case "connected":
                let reason =
                    assumed
                    ? "internal \(type) panel: connected (built-in; connection state not recorded)"
                    : "\(isInternal ? "internal" : "external") \(type) connector connected"
                connected.append(Evidence(device: connector.id, reason: reason))
            case nil, "unknown":
                unsure.append(
                    Evidence(
                        device: connector.id,
                        reason: "\(type) connector, connection state unreadable"))
            default:
                break
            }
        }
        for framebuffer in context.devices(in: .graphics) where framebuffer.sysname.hasPrefix("fb")
        {
            guard framebuffer.sysname.dropFirst(2).allSatisfy(\.isNumber) else { continue }
            if let owner = context.parent(of: framebuffer), ownersWithConnectors.contains(owner.id)
            {
                continue
            }
            unsure.append(
                Evidence(
                    device: framebuffer.id,
                    reason: "framebuffer without DRM connectors: display state unreadable"))
        }
        let (status, evidence) = context.verdict(found: connected, unsure: unsure)
        var details: [String: JSONValue] = [:]
        if !devices.isEmpty { details["devices"] = .array(devices) }
        if status == .present {
            let known = scales.compactMap { $0 }
            if let top = known.max(), known.count == scales.count || top >= 3 {
                details["scale"] = .int(top)
            }
            let knownDPI = dpis.compactMap { $0 }
            if let top = knownDPI.max(), knownDPI.count == dpis.count {
                details["dpi"] = .double((top * 10).rounded() / 10)
            }
        }
        return [
            CapabilityFinding(
                id: .display, status: status, count: status == .present ? connected.count : 0,
                evidence: evidence, details: details)
        ]
    }

    /// The connector type of a `cardN-<type>-<n>` record (`eDP`, `HDMI-A`, `DSI`), or `nil`
    /// (``DisplayScale/connectorType(ofConnectorNamed:)`` on connector records only).
    package static func connectorType(_ device: Device) -> String? {
        let name = device.sysname
        guard device.devtype == "drm_connector" || name.hasPrefix("card") && name.contains("-"),
            name.split(separator: "-").last?.allSatisfy(\.isNumber) == true
        else { return nil }
        return DisplayScale.connectorType(ofConnectorNamed: name)
    }
}

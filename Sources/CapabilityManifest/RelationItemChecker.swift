import CapabilityModel

/// Decides AppStream relation items from a capability report: its findings, its device
/// records and its machine identity. Pure; used by ``ManifestChecker``.
package struct RelationItemChecker {
    /// What the item says about the machine.
    package struct Outcome {
        /// Whether the item holds; nil when it cannot be decided.
        var holds: Bool?
        /// The evidence in words.
        package var text: String
        /// The rule shown after the text.
        package var rule: String
        /// The devices behind it.
        package var evidence: [Evidence] = []
        /// Whether an assumed fact decided it.
        package var assumed = false
    }

    /// The report read.
    package let report: CapabilityReport
    /// A capability's status and finding after the assumptions (from the manifest checker).
    package let fact:
        (CapabilityID) -> (status: CapabilityStatus?, finding: CapabilityFinding?, assumed: Bool)
    /// A capability's evidence in words (from the manifest checker).
    package let describe: (CapabilityID) -> String

    /// Decides one item.
    package func evaluate(_ item: RelationItem) -> Outcome {
        switch item {
        case .controls(let controls, let unrecognized):
            return evaluateControls(controls, unrecognized: unrecognized)
        case .displayLength(let compare, let pixels, let side):
            return evaluateDisplay(compare, pixels, side)
        case .kernel(let name, let compare, let version):
            return evaluateKernel(name, compare, version)
        case .modalias(let glob):
            return evaluateModalias(glob)
        case .hardware(let chid):
            return evaluateHardware(chid)
        case .internet(let kind, let bandwidth):
            return evaluateInternet(kind, bandwidth)
        case .firmware:
            return Outcome(
                holds: nil,
                text: "device firmware versions are known to fwupd (fwupdmgr get-devices), "
                    + "not to the device records", rule: "firmware")
        case .unrecognized(let text):
            return Outcome(holds: nil, text: text + ": cannot be checked", rule: "appstream")
        }
    }

    private func evaluateControls(_ controls: [AppStreamControl], unrecognized: [String])
        -> Outcome
    {
        let rule = "any of " + (controls.map(\.rawValue) + unrecognized).joined(separator: ", ")
        if controls.contains(.console) {
            return Outcome(
                holds: true, text: "a text console is always there (libappstream assumes the same)",
                rule: rule)
        }
        var present: [String] = []
        var undecided: [String] = []
        var absent: [String] = []
        var outcome = Outcome(holds: nil, text: "", rule: rule)
        for control in controls {
            guard let id = control.capability else { continue }
            let fact = self.fact(id)
            outcome.assumed = outcome.assumed || fact.assumed
            let shown = "\(control.rawValue): \(describe(id))"
            switch fact.status {
            case .present:
                present.append(shown)
                outcome.evidence += fact.finding?.evidence ?? []
            case .absent: absent.append(shown)
            case .unknown, nil:
                undecided.append(shown)
                outcome.evidence += fact.finding?.evidence ?? []
            }
        }
        undecided += unrecognized.map { "\($0): not a control capcheck knows" }
        if !present.isEmpty {
            outcome.holds = true
            outcome.text = present.joined(separator: "; ")
        } else if undecided.isEmpty {
            outcome.holds = false
            outcome.text = absent.joined(separator: "; ")
        } else {
            outcome.text = undecided.joined(separator: "; ")
        }
        outcome.evidence.sort()
        return outcome
    }

    /// Logical lengths of the connected displays: native (preferred) mode divided by the
    /// integer scale capcheck computes (mutter's rule). Without a scale the item is still
    /// decided when it holds, or fails, at every scale capcheck can give (1, 2, 3).
    private func evaluateDisplay(
        _ compare: AppStreamCompare, _ pixels: Int, _ side: RelationItem.DisplaySide
    ) -> Outcome {
        let rule = "display_length \(side.rawValue) \(compare.symbol) \(pixels) logical px"
        let fact = self.fact(.display)
        var outcome = Outcome(holds: nil, text: "", rule: rule)
        outcome.assumed = fact.assumed
        outcome.evidence = fact.finding?.evidence ?? []
        switch fact.status {
        case .absent:
            outcome.holds = false
            outcome.text = "no display connected"
            return outcome
        case .unknown, nil:
            outcome.text = describe(.display)
            return outcome
        case .present:
            break
        }
        var texts: [String] = []
        var anyHolds = false
        var anyUnknown = false
        let displays = (fact.finding?.details["devices"]?.arrayValue ?? []).compactMap(
            \.objectValue
        )
        .filter { $0["status"]?.stringValue == "connected" }
        for display in displays {
            let judged = Self.judge(display, compare, pixels, side)
            switch judged.holds {
            case true?: anyHolds = true
            case nil: anyUnknown = true
            case false?: break
            }
            texts.append(judged.text)
        }
        if displays.isEmpty {
            anyUnknown = true
            texts.append(describe(.display))
        }
        outcome.holds = anyHolds ? true : (anyUnknown ? nil : false)
        outcome.text = texts.joined(separator: "; ")
        return outcome
    }

    /// One connected display's logical side length against the item: unknown without a
    /// native mode; without a scale, decided only when scales 1, 2 and 3 agree.
    private static func judge(
        _ display: [String: JSONValue], _ compare: AppStreamCompare, _ pixels: Int,
        _ side: RelationItem.DisplaySide
    ) -> (holds: Bool?, text: String) {
        let name =
            display["device"]?.stringValue?.split(separator: "/").last.map(String.init)
            ?? "display"
        let mode =
            display["preferredMode"]?.stringValue
            ?? display["edid"]?.objectValue?["native_mode"]?.stringValue
        guard let mode, let size = DisplayPanel.pixels(mode) else {
            return (nil, "\(name): no native mode known")
        }
        guard let scale = display["scale"]?.doubleValue, scale >= 1 else {
            // Scale unknown: capcheck's scales are 1, 2 or 3, so decide when all agree.
            let outcomes = (1...3).map { scale in
                let logical = (size.width / scale, size.height / scale)
                let length =
                    side == .shortest ? min(logical.0, logical.1) : max(logical.0, logical.1)
                return compare.holds(length, pixels)
            }
            if outcomes.allSatisfy({ $0 }) {
                return (true, "\(name): \(mode), scale unknown but holds at scale 1, 2 and 3")
            } else if outcomes.contains(true) {
                return (nil, "\(name): \(mode), scale unknown (holds only at some scales)")
            }
            return (false, "\(name): \(mode), fails at scale 1, 2 and 3")
        }
        let logical = (Int(Double(size.width) / scale), Int(Double(size.height) / scale))
        let length = side == .shortest ? min(logical.0, logical.1) : max(logical.0, logical.1)
        return (
            compare.holds(length, pixels),
            "\(name): \(mode) at scale \(CheckedNumber.formatted(scale)) → "
                + "\(side.rawValue) side \(length) logical px"
        )
    }

    /// Every source capcheck reads is a Linux sysfs, so the kernel name is always Linux; the
    /// version is the live `uname -r` cut at its last `-`, as libappstream does.
    private func evaluateKernel(_ name: String, _ compare: AppStreamCompare, _ version: String?)
        -> Outcome
    {
        let rule = "kernel \(name)" + (version.map { " \(compare.symbol) \($0)" } ?? "")
        guard name.lowercased() == "linux" else {
            return Outcome(holds: false, text: "this machine runs Linux, not \(name)", rule: rule)
        }
        guard let version else {
            return Outcome(holds: true, text: "this machine runs Linux", rule: rule)
        }
        guard let release = report.machine.kernel else {
            return Outcome(
                holds: nil, text: "the kernel version is known only on the live machine",
                rule: rule)
        }
        let running = release.lastIndex(of: "-").map { String(release[..<$0]) } ?? release
        let holds = compare.holds(order: AppStreamVersion.compare(running, version))
        return Outcome(
            holds: holds, text: "running Linux \(running) (uname -r \(release))", rule: rule)
    }

    private func evaluateModalias(_ glob: String) -> Outcome {
        let rule = "modalias \(glob)"
        var matches: [Evidence] = []
        for device in report.devices {
            guard let modalias = device.attribute("modalias") ?? device.property("MODALIAS"),
                ModaliasGlob.matches(glob, modalias)
            else { continue }
            matches.append(Evidence(device: device.id, reason: "modalias \(modalias)"))
        }
        if !matches.isEmpty {
            let shown = matches.prefix(2).map(\.reason).joined(separator: "; ")
            return Outcome(
                holds: true, text: shown + (matches.count > 2 ? "; …" : ""), rule: rule,
                evidence: matches)
        }
        if report.source.complete {
            return Outcome(holds: false, text: "no device has a matching modalias", rule: rule)
        }
        return Outcome(
            holds: nil, text: "no matching modalias in a partial source", rule: rule)
    }

    private func evaluateHardware(_ chid: String) -> Outcome {
        let rule = "hardware CHID (fwupd's HardwareID-00…17)"
        guard let ids = ComputerHardwareIDs.read(report.devices) else {
            // A device-tree machine has no DMI, yet fwupd gives it CHIDs from the tree's root
            // node (fu-hwids-fdt.c: compatible, vendor, model, chassis-type), which no
            // recording holds: unknown, never unsatisfied for the missing DMI.
            if report.devices.contains(where: { $0.property("OF_FULLNAME") != nil }) {
                return Outcome(
                    holds: nil,
                    text: "a device-tree machine (no DMI): fwupd derives its CHIDs from the "
                        + "tree's root node, which capcheck does not read",
                    rule: rule)
            }
            if report.source.complete, report.source.attributes {
                return Outcome(
                    holds: false, text: "no DMI record (no SMBIOS): the machine has no CHIDs",
                    rule: rule)
            }
            return Outcome(holds: nil, text: "no DMI record in this source", rule: rule)
        }
        if let entry = ids.entries.first(where: { $0.guid == chid }) {
            let fields = ComputerHardwareIDs.recipes[entry.index].map(\.rawValue)
            let index = entry.index < 10 ? "0\(entry.index)" : "\(entry.index)"
            return Outcome(
                holds: true,
                text: "HardwareID-\(index) (\(fields.joined(separator: " + "))) matches",
                rule: rule,
                evidence: [Evidence(device: ids.device, reason: "CHID HardwareID-\(index)")])
        }
        let text = "none of this machine's \(ids.entries.count) CHIDs matches"
        if ids.complete {
            return Outcome(holds: false, text: text, rule: rule)
        }
        return Outcome(
            holds: nil,
            text: text + " (only the DMI modalias was recorded: ids needing Family or "
                + "unrecorded fields could not be computed)", rule: rule)
    }

    private func evaluateInternet(_ kind: String, _ bandwidth: Int?) -> Outcome {
        let rule = "internet \(kind)" + (bandwidth.map { ", \($0) Mbit/s" } ?? "")
        if kind == "offline-only" {
            return Outcome(holds: true, text: "the app needs no internet", rule: rule)
        }
        guard report.source.kind == .live else {
            return Outcome(
                holds: nil, text: "connectivity is known only on the live machine", rule: rule)
        }
        guard let route = report.machine.defaultRoute else {
            return Outcome(
                holds: nil, text: "no default route now: connectivity may come later", rule: rule)
        }
        if let bandwidth {
            return Outcome(
                holds: nil,
                text: "default route via \(route), but \(bandwidth) Mbit/s cannot be known "
                    + "without measuring", rule: rule)
        }
        return Outcome(
            holds: true, text: "default route via \(route)", rule: rule,
            evidence: [Evidence(device: "/proc/net", reason: "default route via \(route)")])
    }
}

/// Shell-style glob matching for modalias patterns (`usb:v1130p0202d*`): `*` any run, `?` one
/// character, `[…]` a set (with ranges and a leading `!` or `^`); a backslash is an ordinary
/// character (fnmatch with FNM_NOESCAPE, as libappstream calls it).
package enum ModaliasGlob {
    /// Whether the text matches the pattern.
    /// - Parameters:
    ///   - pattern: The glob.
    ///   - text: A device's modalias.
    /// - Returns: True on a full match.
    package static func matches(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern.unicodeScalars)
        let t = Array(text.unicodeScalars)
        var pi = 0
        var ti = 0
        var star: Int?
        var resume = 0
        while ti < t.count {
            if pi < p.count, p[pi] == "*" {
                star = pi
                pi += 1
                resume = ti
                continue
            }
            if pi < p.count, let next = step(p, pi, t[ti]) {
                pi = next
                ti += 1
                continue
            }
            guard let starAt = star else { return false }
            pi = starAt + 1
            resume += 1
            ti = resume
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }

    /// Matches one pattern element at `index` against a character; the next pattern index.
    private static func step(_ p: [Unicode.Scalar], _ index: Int, _ c: Unicode.Scalar) -> Int? {
        switch p[index] {
        case "?": return index + 1
        case "[":
            var i = index + 1
            var negate = false
            if i < p.count, p[i] == "!" || p[i] == "^" {
                negate = true
                i += 1
            }
            var matched = false
            var first = true
            while i < p.count, p[i] != "]" || first {
                first = false
                if i + 2 < p.count, p[i + 1] == "-", p[i + 2] != "]" {
                    if p[i] <= c && c <= p[i + 2] { matched = true }
                    i += 3
                } else {
                    if p[i] == c { matched = true }
                    i += 1
                }
            }
            guard i < p.count else { return p[index] == c ? index + 1 : nil }
            return matched != negate ? i + 1 : nil
        default:
            return p[index] == c ? index + 1 : nil
        }
    }
}

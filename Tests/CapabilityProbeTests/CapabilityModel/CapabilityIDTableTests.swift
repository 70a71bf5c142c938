import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityManifest
@testable import CapabilityMatrix
@testable import CapabilityModel
@testable import CapabilityProbing
@testable import CapabilityRendering

/// The capability table is the one vocabulary: these tests hold the probers, the matrix
/// headers and value columns, the key catalog, the list's groups, the sensor kinds and the
/// predicates to it (and to the quantities, ``Quantity``).
@Suite struct CapabilityIDTableTests {
    @Test func theProbersDecideExactlyTheProbedIdsEachOnce() {
        let decided = Probers.all.flatMap(\.ids)
        #expect(decided.count == Set(decided).count, "an id decided by two probers")
        #expect(Set(decided) == Set(CapabilityID.probed))
    }

    @Test func everyClassificationHasOneFindingPerProbedId() throws {
        let report = try Fixtures.report("udevadm/CARA_T.txt")
        #expect(report.capabilities.map(\.id) == CapabilityID.probed)
    }

    @Test func theDottedStringsRoundTripAndSortAsText() throws {
        for id in CapabilityID.allCases {
            #expect(CapabilityID(rawValue: id.rawValue) == id)
            let encoded = try JSONEncoder().encode(id)
            #expect(String(decoding: encoded, as: UTF8.self) == "\"\(id.rawValue)\"")
        }
        #expect(
            CapabilityID.allCases.sorted().map(\.rawValue)
                == CapabilityID.allCases.map(\.rawValue).sorted())
    }

    @Test func aParentIsAProbedIdOfTheSameFamily() {
        for id in CapabilityID.allCases {
            guard let parent = id.definition.parent else { continue }
            #expect(parent.isProbed && id.isProbed, "\(id)")
            #expect(parent.definition.parent == nil, "\(id): parents are one level deep")
            let family = { (id: CapabilityID) in id.rawValue.prefix { $0 != "." } }
            #expect(family(parent) == family(id), "\(id) → \(parent)")
        }
        #expect(CapabilityID.cameraAny.children.contains(.cameraFront))
        #expect(CapabilityID.locationAny.children == [.locationGNSS])
    }

    @Test func everyMatrixAliasNamesItsIdAsAColumn() {
        for id in CapabilityID.probed {
            let definition = id.definition
            for alias in definition.aliases + definition.appleKeys + definition.androidFeatures
                + [id.rawValue]
            {
                #expect(MatrixHeaders.role(of: alias) == .capability(id), "\(alias)")
            }
        }
    }

    @Test func theKeyCatalogMapsEveryKeyOfADefinitionToItsIdWithItsNote() {
        for id in CapabilityID.allCases {
            let definition = id.definition
            for key in definition.appleKeys {
                #expect(
                    KeyCatalog.appleEntry(key)
                        == CatalogEntry(.capability(id), note: definition.keyNotes[key]),
                    "\(key) → \(id)")
            }
            for name in definition.androidFeatures + definition.manifestOnlyAndroidFeatures {
                #expect(
                    KeyCatalog.androidEntry(name)
                        == CatalogEntry(.capability(id), note: definition.keyNotes[name]),
                    "\(name) → \(id)")
            }
            let notesWithoutKey = Set(definition.keyNotes.keys).subtracting(
                definition.manifestKeys)
            #expect(notesWithoutKey.isEmpty, "\(id): notes for \(notesWithoutKey.sorted())")
        }
    }

    @Test func noManifestKeyMeansTwoIdsOrIsAlsoKeptByTheCatalog() {
        var owners: [String: [CapabilityID]] = [:]
        for id in CapabilityID.allCases {
            for key in id.definition.manifestKeys { owners[key, default: []].append(id) }
        }
        let shared = owners.filter { $0.value.count > 1 }
        #expect(shared.isEmpty, "keys of two ids: \(shared.keys.sorted())")
        let kept = Set(KeyCatalog.appleBeyondIDs.keys).union(KeyCatalog.androidBeyondIDs.keys)
        let both = kept.intersection(owners.keys)
        #expect(both.isEmpty, "in the table and the catalog: \(both.sorted())")
    }

    @Test func theCatalogKeepsOnlyKeysThatAreNotOneId() {
        let kept = KeyCatalog.appleBeyondIDs.merging(KeyCatalog.androidBeyondIDs) { a, _ in a }
        for (key, entry) in kept {
            if case .capability(let id) = entry.target {
                Issue.record("\(key) is one id (\(id)): it belongs in that id's definition")
            }
        }
        // Every key in the catalog is the table's or one of those kept.
        let fromTable = Set(CapabilityID.allCases.flatMap(\.definition.manifestKeys))
        let all = Set(KeyCatalog.apple.keys).union(KeyCatalog.android.keys)
        #expect(all == fromTable.union(kept.keys))
    }

    @Test func aFamilyIsListedUnderOneGroup() {
        let families = Dictionary(grouping: CapabilityID.allCases) {
            $0.rawValue.prefix { $0 != "." }
        }
        for (family, ids) in families {
            let groups = Set(ids.map(\.definition.group))
            #expect(groups.count == 1, "\(family): \(groups.map(\.title).sorted())")
        }
        #expect(CapabilityGroup.radios.members.contains(.netWiFi))
    }

    @Test func theListShowsEveryCapabilityUnderItsTableGroupInGroupOrder() throws {
        let report = try Fixtures.report("udevadm/CARA_T.txt")
        var heading: CapabilityGroup?
        var headings: [CapabilityGroup] = []
        var listed: [CapabilityID] = []
        for line in ListRenderer.render(report).split(separator: "\n") {
            if let group = CapabilityGroup(rawValue: String(line)) {
                heading = group
                headings.append(group)
            } else if line.hasPrefix("  "), let word = line.split(separator: " ").first,
                let id = CapabilityID(rawValue: String(word))
            {
                #expect(heading == id.definition.group, "\(id) under \(heading?.title ?? "none")")
                listed.append(id)
            }
        }
        #expect(listed.sorted() == report.capabilities.map(\.id))
        #expect(headings == CapabilityGroup.allCases.filter { headings.contains($0) })
    }

    @Test func sensorKindsAreTheProbedSensorIdsAndTakeTheirWordsFromTheTable() {
        let sensors = CapabilityID.probed.filter { $0.rawValue.hasPrefix("sensor.") }
        #expect(Set(SensorKind.allCases.map(\.id)) == Set(sensors))
        for kind in SensorKind.allCases {
            #expect(kind.id.rawValue == "sensor." + kind.rawValue)
        }
        #expect(SensorKind.light.words == "light sensor")
        #expect(SensorKind.proximity.words == "proximity sensor")
    }

    /// A value for each quantity: the last word of its example (`a size such as 3GiB`).
    static func exampleValue(_ quantity: Quantity) -> String {
        String(quantity.example.split(separator: " ").last ?? "")
    }

    @Test(arguments: Quantity.allCases)
    func aQuantityIsADetailOfItsFindingThatAPredicateOnItsExampleReads(quantity: Quantity)
        throws
    {
        let definition = quantity.definition
        #expect(definition.capability.definition.detailKeys.contains(definition.detailKey))
        let value = Self.exampleValue(quantity)
        let predicate = try Predicate.parse(
            "\(quantity.rawValue) >= \(value)", path: "t.json", place: nil)
        #expect(predicate.subject == quantity)
        let detail: JSONValue
        switch definition.unit {
        case .videoModes: detail = .array([.string(value)])
        case .version: detail = .string(value)
        case .bytes: detail = .double(3 * 1_073_741_824)
        case .number, .megapixels: detail = .double(Double(value) ?? -1)
        }
        #expect(predicate.evaluate([definition.detailKey: detail]).holds == true)
        #expect(predicate.evaluate([:]).holds == nil)
    }

    @Test func everyMatrixValueColumnFeedsTheQuantityThatNamesIt() {
        for quantity in Quantity.allCases {
            for alias in quantity.definition.matrixAliases {
                guard case .value(let kind) = MatrixHeaders.role(of: alias) else {
                    Issue.record("\(alias) is not a value column")
                    continue
                }
                #expect(kind.quantity == quantity && kind.holdsQuantity, "\(alias)")
                #expect(kind.capabilityID == quantity.capability, "\(alias)")
            }
        }
        for kind in MatrixValueKind.allCases where kind.holdsQuantity {
            #expect(kind.quantity.map { !$0.definition.matrixAliases.isEmpty } == true, "\(kind)")
        }
    }

    @Test func aMatrixRowGivesEachQuantityUnderItsFindingAndDetailKey() throws {
        let quantities = Quantity.allCases.filter { !$0.definition.matrixAliases.isEmpty }
        let cells = quantities.map { quantity in
            quantity == .memoryTotal ? "3 GiB" : Self.exampleValue(quantity)
        }
        let header = (["Device", "GPS"] + quantities.map { $0.definition.matrixAliases[0] })
        let text =
            header.joined(separator: ",") + "\n"
            + (["Phone", "yes"] + cells).joined(separator: ",")
            + "\n"
        let matrix = try MatrixParser.parse(text: text, path: "t.csv")
        let row = try #require(matrix.rows.first)
        let report = MatrixReportBuilder(matrix: matrix).report(for: row)
        for (quantity, cell) in zip(quantities, cells) {
            let details = report.finding(quantity.capability)?.details ?? [:]
            #expect(details[quantity.detailKey] != nil, "\(quantity) from '\(cell)'")
            let predicate = try Predicate.parse(
                "\(quantity.rawValue) >= \(Self.exampleValue(quantity))", path: "t.json",
                place: nil)
            #expect(predicate.evaluate(details).holds == true, "\(quantity)")
        }
    }

    @Test func probedIdsHaveARuleOrSayWhyNot() {
        let withoutRule = CapabilityID.probed.filter { $0.definition.rule == nil }
        // The architecture ids are decided from uname or recorded CPUs, never "looked for".
        #expect(
            withoutRule == [.cpuArch, .cpuArchARM64, .cpuArchARMv6, .cpuArchARMv7, .cpuArchX86_64])
    }

    static var recordings: [String] {
        let umockdev =
            (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.path("umockdev"))) ?? []
        return Fixtures.allUdevadmDumps.map { "udevadm/\($0).txt" }
            + umockdev.filter { $0.hasSuffix(".umockdev") }.sorted().map { "umockdev/" + $0 }
            + ["snapshots/deep-facts.json"]
    }

    @Test(arguments: recordings)
    func findingsCarryOnlyTheDetailKeysTheTableDeclares(recording: String) throws {
        let report = try Fixtures.report(recording)
        for finding in report.capabilities {
            let declared = Set(finding.id.definition.detailKeys + ["reason"])
            let extra = Set(finding.details.keys).subtracting(declared)
            #expect(extra.isEmpty, "\(recording): \(finding.id) carries \(extra.sorted())")
        }
    }

    @Test func theMachineIdentityFindingsCarryOnlyDeclaredDetailKeys() {
        let source = SourceInfo(kind: .live, udevDatabase: false, attributes: true, complete: true)
        let machine = MachineIdentity(
            arch: "aarch64", memoryBytes: 8 << 30, memorySource: "/proc/meminfo")
        let report = CapabilityClassifier().classify(
            DeviceInventory(source: source, machine: machine, devices: []))
        for id in [CapabilityID.memoryTotal, .cpuArch] {
            let finding = report.finding(id)
            #expect(finding?.status == .present)
            let extra = Set(finding?.details.keys ?? [:].keys).subtracting(id.definition.detailKeys)
            #expect(extra.isEmpty, "\(id) carries \(extra.sorted())")
        }
    }
}

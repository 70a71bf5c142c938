import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityInput
@testable import CapabilityLive
@testable import CapabilityManifest
@testable import CapabilityManifestFiles
@testable import CapabilityMatrix
@testable import CapabilityModel
@testable import CapabilityProbing
@testable import CapabilityRecordings
@testable import CapabilityRendering
@testable import CapabilityWatch

/// The capability table is the one vocabulary: these tests hold the probers, the matrix
/// headers and the key catalog to it.
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

    @Test func everyAppleAndAndroidAliasMeansTheSameIdInTheKeyCatalog() {
        for id in CapabilityID.allCases {
            for key in id.definition.appleKeys {
                let target = KeyCatalog.appleEntry(key)?.target
                #expect(target?.capabilityIDs.contains(id) == true, "\(key) → \(id)")
            }
            for name in id.definition.androidFeatures {
                let target = KeyCatalog.androidEntry(name)?.target
                #expect(target?.capabilityIDs.contains(id) == true, "\(name) → \(id)")
            }
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

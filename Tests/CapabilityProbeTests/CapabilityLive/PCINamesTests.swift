import Foundation
import Testing

@testable import CapabilityLive

/// PCI names from libpci (``PCINames``): its list first, then its own hwdb fall-back.
@Suite struct PCINamesTests {
    static let hasPCIIDs = FileManager.default.fileExists(atPath: "/usr/share/misc/pci.ids")

    @Test(.enabled(if: hasPCIIDs))
    func namesAListedVendorAndDevice() throws {
        let names = try #require(PCINames())
        #expect(
            names.device(0x8086, 0x27ae) == "Mobile 945GSE Express Integrated Graphics Controller")
        #expect(names.vendor(0x8086)?.contains("Intel") == true)
    }

    @Test(.enabled(if: hasPCIIDs))
    func givesNoNameForAnIdNeitherTheListNorTheHwdbHas() throws {
        // The host bridge 8086:0d57 of this project's build VMs is in neither.
        let names = try #require(PCINames())
        #expect(names.device(0x8086, 0x0d57) == nil)
        #expect(names.vendor(0x0002) == nil)
        // A listed id after one without a name: the first answer left libpci usable.
        #expect(names.device(0x8086, 0x27ae)?.contains("945") == true)
    }

    /// What this machine's hwdb names the Loongson Ethernet controller 0014:7a13, which
    /// Debian 12's pci.ids (2023.04.10) lacks.
    static let hwdbOnlyName = (try? UdevContext()).flatMap { try? UdevHwdb(context: $0) }?
        .properties(modalias: "pci:v00000014d00007A13*")["ID_MODEL_FROM_DATABASE"]
    static let listLacksIt =
        (try? String(contentsOfFile: "/usr/share/misc/pci.ids", encoding: .utf8))
        .map { !$0.contains("\n\t7a13  ") } ?? false

    @Test(.enabled(if: hasPCIIDs && hwdbOnlyName != nil && listLacksIt))
    func namesAnIdTheListLacksFromTheHwdbAsLspciDoes() throws {
        // libpci asks the hwdb itself (`pci:v%08Xd%08X*`, ID_MODEL_FROM_DATABASE).
        let names = try #require(PCINames())
        #expect(names.device(0x0014, 0x7a13) == Self.hwdbOnlyName)
        #expect(names.vendor(0x0014) == "Loongson Technology LLC")
    }
}

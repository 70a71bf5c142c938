import Foundation
import Testing

@testable import CapabilityLive

/// pci.ids read line by line before libpci loads all of it (``PCIIDsListing``).
@Suite final class PCIIDsListingTests {
    /// The files and folders a test made, removed when it is done.
    private var made: [URL] = []

    deinit {
        for url in made { try? FileManager.default.removeItem(at: url) }
    }

    /// A small list in pci.ids' format: comments, two vendors with devices and subsystems,
    /// then the class list, after which nothing is a vendor.
    static let sample = """
        # List of PCI ID's (a test's excerpt)
        #\tvendor  vendor_name
        10de  NVIDIA Corporation
        \t0020  NV4 [Riva TNT]
        \t\t1043 0200  V3400 TNT
        8086  Intel Corporation
        \t27ae  Mobile 945GSE Express Integrated Graphics Controller
        \t\t144d c052  N310
        \t0D5A  Upper-case digits
        C 03  Display controller
        \t00  VGA compatible controller
        1234  Not a vendor: inside the class list

        """

    func listing(_ text: String, chunk: Int = 1 << 16) throws -> PCIIDsListing {
        try listing(Data(text.utf8), chunk: chunk)
    }

    func listing(_ bytes: Data, chunk: Int = 1 << 16) throws -> PCIIDsListing {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("pci-ids-\(UUID().uuidString).ids")
        made.append(url)
        try bytes.write(to: url)
        return try #require(PCIIDsListing(path: url.path, chunk: chunk))
    }

    @Test func findsAVendorAndItsDevice() throws {
        let listing = try self.listing(Self.sample)
        #expect(listing.lists(vendor: 0x8086, device: nil) == true)
        #expect(listing.lists(vendor: 0x8086, device: 0x27ae) == true)
        #expect(listing.lists(vendor: 0x10de, device: 0x0020) == true)
        #expect(listing.lists(vendor: 0x8086, device: 0x0d5a) == true)
    }

    @Test func doesNotFindAnotherVendorsDeviceOrASubsystem() throws {
        let listing = try self.listing(Self.sample)
        // 0020 is NVIDIA's, 1043 and 144d are subsystem vendors, 0d57 is listed nowhere.
        #expect(listing.lists(vendor: 0x8086, device: 0x0020) == false)
        #expect(listing.lists(vendor: 0x10de, device: 0x1043) == false)
        #expect(listing.lists(vendor: 0x8086, device: 0x0d57) == false)
        #expect(listing.lists(vendor: 0x144d, device: nil) == false)
    }

    @Test func endsAtTheClassList() throws {
        let listing = try self.listing(Self.sample)
        #expect(listing.lists(vendor: 0x1234, device: nil) == false)
    }

    @Test func readsLinesSplitAcrossReads() throws {
        // Three bytes a read: every line is split, most more than once.
        let listing = try self.listing(Self.sample, chunk: 3)
        #expect(listing.lists(vendor: 0x8086, device: 0x27ae) == true)
        #expect(listing.lists(vendor: 0x8086, device: 0x0020) == false)
        #expect(listing.lists(vendor: 0x1234, device: nil) == false)
    }

    @Test func findsTheLastLineWithoutALineBreak() throws {
        let listing = try self.listing("8086  Intel Corporation\n\t27ae  GMA 950")
        #expect(listing.lists(vendor: 0x8086, device: 0x27ae) == true)
    }

    @Test func cannotTellForWhatIsNotARegularFileOrIsCompressed() throws {
        let folder = FileManager.default.temporaryDirectory.path
        #expect(try #require(PCIIDsListing(path: folder)).lists(vendor: 0x8086, device: nil) == nil)
        #expect(
            try #require(PCIIDsListing(path: "/nonexistent/pci.ids")).lists(
                vendor: 0x8086, device: nil) == nil)
        #expect(PCIIDsListing(path: "/usr/share/misc/pci.ids.gz") == nil)
    }

    @Test func readsThePlainListWhenLibpcisCompressedOneIsMissing() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("pci-ids-\(UUID().uuidString)")
        made.append(folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let plain = folder.appendingPathComponent("pci.ids")
        try Data(Self.sample.utf8).write(to: plain)
        let listing = try #require(PCIIDsListing.read(byLibpci: plain.path + ".gz"))
        #expect(listing.path == plain.path)
        #expect(listing.lists(vendor: 0x8086, device: 0x27ae) == true)
        // With the .gz there, libpci reads that: no listing, libpci is asked as before.
        try Data([0x1f, 0x8b, 8, 0]).write(to: folder.appendingPathComponent("pci.ids.gz"))
        #expect(PCIIDsListing.read(byLibpci: plain.path + ".gz") == nil)
    }

    @Test func cannotTellForGzipDataUnderAPlainName() throws {
        let listing = try self.listing(Data([0x1f, 0x8b, 0x08, 0x00]))
        #expect(listing.lists(vendor: 0x8086, device: nil) == nil)
    }

    static let hasPCIIDs = FileManager.default.fileExists(atPath: "/usr/share/misc/pci.ids")

    @Test(.enabled(if: hasPCIIDs))
    func agreesWithLibpciOnThisMachinesList() throws {
        let listing = try #require(PCIIDsListing(path: "/usr/share/misc/pci.ids"))
        let libpci = try #require(PCINames())
        // The GMA 950 is listed and named; the host bridge 8086:0d57 of this project's
        // build VMs is in neither the list nor, so, libpci's answer.
        #expect(listing.lists(vendor: 0x8086, device: 0x27ae) == true)
        #expect(libpci.device(0x8086, 0x27ae, hwdb: nil)?.contains("945") == true)
        #expect(listing.lists(vendor: 0x8086, device: 0x0d57) == false)
        #expect(libpci.device(0x8086, 0x0d57, hwdb: nil) == nil)
        #expect(libpci.vendor(0x8086, hwdb: nil)?.contains("Intel") == true)
    }

    @Test(.enabled(if: hasPCIIDs))
    func namesAListedIdAfterOneTheListLacks() throws {
        // An id the list lacks first (libpci is not asked and loads nothing), then one it has:
        // libpci loads its list then and names it as the file does.
        let names = try #require(PCINames())
        #expect(names.device(0x8086, 0x0d57, hwdb: nil) == nil)
        #expect(
            names.device(0x8086, 0x27ae, hwdb: nil)
                == "Mobile 945GSE Express Integrated Graphics Controller")
    }

    /// This machine's hwdb, and whether it names a Loongson Ethernet controller (0014:7a13)
    /// that Debian 12's pci.ids (2023.04.10) lacks.
    static func openHwdb() -> UdevHwdb? {
        (try? UdevContext()).flatMap { try? UdevHwdb(context: $0) }
    }
    static let hwdbOnlyName = openHwdb()?.properties(modalias: "pci:v00000014d00007A13*")[
        "ID_MODEL_FROM_DATABASE"]
    static let hasHwdbOnlyID =
        hasPCIIDs && hwdbOnlyName != nil
        && PCIIDsListing(path: "/usr/share/misc/pci.ids")?.lists(vendor: 0x0014, device: 0x7a13)
            == false

    @Test(.enabled(if: hasHwdbOnlyID))
    func namesAnIdPCIIDsLacksFromTheHwdbAsLibpciDoes() throws {
        // libpci answers an id its list lacks from the hwdb (`pci_lookup_name` here gives
        // "7A2000 PCH Gigabit Ethernet Controller" for 0014:7a13): without libpci's list
        // loaded, PCINames asks the hwdb the same way.
        let names = try #require(PCINames())
        let hwdb = try #require(Self.openHwdb())
        #expect(names.device(0x0014, 0x7a13, hwdb: nil) == nil)
        #expect(names.device(0x0014, 0x7a13, hwdb: hwdb) == Self.hwdbOnlyName)
        // pci.ids has the vendor: libpci is asked and loads its list; from then on libpci
        // itself answers, from its own hwdb fall-back, with the same name.
        #expect(names.vendor(0x0014, hwdb: hwdb) == "Loongson Technology LLC")
        #expect(names.device(0x0014, 0x7a13, hwdb: nil) == Self.hwdbOnlyName)
        #expect(names.device(0x8086, 0x0d57, hwdb: hwdb) == nil)
    }
}

import Foundation
import CapabilitySupport
import Testing

@testable import CapabilityProbe
@testable import CapabilityManifest
@testable import CapabilityManifestFiles

/// Reading AppStream metainfo files and catalogs: detection by content, one requirement per
/// relation item, controls of one block combined, unknown kinds kept as unknown with a note.
@Suite struct AppStreamReaderTests {
    static let files = [
        "org.gnome.Maps.metainfo.xml", "org.gnome.Weather.metainfo.xml",
        "org.gnome.Software.metainfo.xml", "org.kde.kasts.appdata.xml",
        "org.gnome.clocks.metainfo.xml", "org.kde.kclock.appdata.xml",
        "org.kde.kweather.appdata.xml", "org.kde.angelfish.metainfo.xml",
        "org.kde.qmlkonsole.appdata.xml", "org.gnome.Chess.metainfo.xml",
        "com.github.flxzt.rnote.metainfo.xml", "org.gnome.Calculator.metainfo.xml",
        "org.gnome.Contacts.metainfo.xml", "org.libretro.RetroArch.metainfo.xml",
        "io.github.pwr_solaar.solaar.metainfo.xml", "fwupd-missing-hwid.metainfo.xml",
        "fwupd-aver-hid.metainfo.xml", "fwupd-uefi-capsule-example.metainfo.xml",
        "org.example.multiapp.metainfo.xml", "org.example.phoneapp.metainfo.xml",
        "org.example.desktopapp_explicit.metainfo.xml", "validate_relationissues.xml",
    ]

    static func load(_ name: String) throws -> Manifest {
        try ManifestLoader.load(path: Fixtures.path("appstream/" + name))
    }

    static func inline(_ xml: String, implied: Bool = true) throws -> Manifest {
        try ManifestLoader.load(
            data: Data(xml.utf8), path: "inline.metainfo.xml",
            options: ManifestLoadOptions(implied: implied))
    }

    @Test(arguments: files)
    func everyPublicFileIsDetectedByContentAndHasRelations(name: String) throws {
        let data = try Fixtures.data("appstream/" + name)
        #expect(try ManifestLoader.detect(data, path: "x") == .appstream)
        let manifest = try Self.load(name)
        #expect(manifest.kind == .appstream)
        #expect(!manifest.requirements.isEmpty)
        #expect(manifest.requirements.allSatisfy { $0.source == .appstream })
    }

    @Test func gnomeMapsRequiresADisplayAndSupportsThreeControlsAsOneAlternative() throws {
        let manifest = try Self.load("org.gnome.Maps.metainfo.xml")
        #expect(
            manifest.requirements.map(\.key) == [
                "supports control keyboard|pointing|touch",
                "requires display_length 360 compare=ge",
            ])
        let controls = manifest.requirements[0]
        #expect(controls.wanted == .optional)
        #expect(
            controls.target
                == .relation(.controls([.keyboard, .pointing, .touch], unrecognized: [])))
        #expect(
            controls.target.capabilityIDs == [
                "input.keyboard", "input.pointer", "input.touchscreen",
            ])
        let display = manifest.requirements[1]
        #expect(display.wanted == .present)
        #expect(
            display.target == .relation(.displayLength(compare: .ge, pixels: 360, side: .shortest)))
    }

    @Test func recommendsBecomeRecommendedRequirements() throws {
        let manifest = try Self.load("org.gnome.clocks.metainfo.xml")
        let internet = try #require(manifest.requirements.first { $0.key.contains("internet") })
        #expect(internet.wanted == .recommended)
        #expect(internet.target == .relation(.internet(kind: "always", bandwidthMbitps: nil)))
    }

    @Test func theFwupdFirmwareRequiresACHIDAndAnotherComponent() throws {
        let manifest = try Self.load("fwupd-missing-hwid.metainfo.xml")
        #expect(manifest.requirements.count == 2)
        #expect(
            manifest.requirements[0].target
                == .relation(.hardware("9342d47a-1bab-5709-9869-c840b2eac501")))
        #expect(manifest.requirements[1].notApplicableReason?.contains("package-manager") == true)
    }

    @Test func theValidatorSampleKeepsEveryMistakeAsAnUnknownItemWithANote() throws {
        let manifest = try Self.load("validate_relationissues.xml")
        #expect(manifest.notes.contains { $0.contains("unknown control 'telekinesis'") })
        #expect(manifest.notes.contains { $0.contains("unknown compare 'gl' (did you mean ge?)") })
        #expect(manifest.notes.contains { $0.contains("not 'bleh'") })
        #expect(manifest.notes.contains { $0.contains("unknown display side 'alpha'") })
        #expect(manifest.notes.contains { $0.contains("compare on <control> has no meaning") })
        let controls = try #require(
            manifest.requirements.first { $0.key.hasPrefix("recommends control") })
        #expect(controls.target == .relation(.controls([.keyboard], unrecognized: ["telekinesis"])))
        let kernel = try #require(
            manifest.requirements.first { $0.key.hasPrefix("requires kernel") })
        #expect(kernel.target == .relation(.kernel(name: "linux", compare: .gt, version: "4.16")))
    }

    /// Hand-made: `translate="no"` (what ITS-aware editors add) is named on every item kind
    /// alike, and the attributes an item reads are not.
    @Test func anAttributeAnItemDoesNotReadIsNotedOnEveryKind() throws {
        let manifest = try Self.inline(
            """
            <component type="desktop-application"><id>a.b</id><requires>
            <display_length translate="no" side="longest">768</display_length>
            <control translate="no">keyboard</control>
            <memory translate="no">2048</memory>
            <kernel translate="no" version="5.10" compare="ge">Linux</kernel>
            </requires></component>
            """)
        let notes = manifest.notes.filter { $0.contains("has no meaning") }
        #expect(
            notes == [
                "line 2: translate on <display_length> has no meaning; ignored",
                "line 3: translate on <control> has no meaning; ignored",
                "line 4: translate on <memory> has no meaning; ignored",
                "line 5: translate on <kernel> has no meaning; ignored",
            ])
    }

    @Test func aMisspeltItemKindIsNamedWithTheNearestKind() throws {
        let manifest = try Self.inline(
            "<component><id>a</id><requires><dispaly_length>360</dispaly_length></requires></component>"
        )
        #expect(
            manifest.notes == [
                "line 1: unknown relation item <dispaly_length> (did you mean <display_length>?)"
            ])
        #expect(manifest.requirements.first?.wanted == .present)
        guard case .relation(.unrecognized)? = manifest.requirements.first?.target else {
            Issue.record("expected an unrecognized item")
            return
        }
    }

    @Test func aMisspeltRelationBlockIsNamedAndIgnored() throws {
        let manifest = try Self.inline(
            "<component><id>a</id><require><control>touch</control></require></component>")
        #expect(
            manifest.notes == [
                "line 1: <require> is not a relation block (did you mean <requires>?); ignored"
            ])
    }

    // Inline XML written for capcheck: the item kinds no public file in Fixtures/ uses.
    @Test func namedSizesSidesMemoryModaliasKernelAndFirmwareAreRead() throws {
        let manifest = try Self.inline(
            """
            <component type="desktop-application"><id>org.example.App</id>
            <requires>
              <display_length side="longest" compare="le">xlarge</display_length>
              <display_length>small</display_length>
              <memory>2048</memory>
              <modalias>usb:v1130p0202d*</modalias>
              <kernel version="5.10" compare="ge">Linux</kernel>
              <firmware compare="ge" version="0.1.2">bootloader</firmware>
              <internet bandwidth_mbitps="2">first-run</internet>
            </requires>
            </component>
            """)
        let targets = manifest.requirements.map(\.target)
        #expect(
            targets == [
                .relation(.displayLength(compare: .le, pixels: 1200, side: .longest)),
                .relation(.displayLength(compare: .ge, pixels: 420, side: .shortest)),
                .predicate(
                    Predicate(
                        subject: .memoryTotal, comparison: .atLeast,
                        value: .bytes(2048 * 1_048_576),
                        text: "memory.total >= 2048 MiB")),
                .relation(.modalias("usb:v1130p0202d*")),
                .relation(.kernel(name: "Linux", compare: .ge, version: "5.10")),
                .relation(.firmware(value: "bootloader", compare: .ge, version: "0.1.2")),
                .relation(.internet(kind: "first-run", bandwidthMbitps: 2)),
            ])
    }

    @Test func aComponentWithoutRelationsGetsTheSpecificationsImpliedOnes() throws {
        let manifest = try Self.inline(
            "<component type=\"desktop-application\"><id>a</id></component>")
        #expect(manifest.requirements.map(\.source) == [.implied, .implied])
        #expect(
            manifest.requirements[0].target
                == .relation(.displayLength(compare: .ge, pixels: 768, side: .shortest)))
        #expect(manifest.requirements[1].wanted == .optional)
        let none = try Self.inline(
            "<component type=\"desktop-application\"><id>a</id></component>", implied: false)
        #expect(none.requirements.isEmpty)
        let console = try Self.inline(
            "<component type=\"console-application\"><id>a</id></component>")
        #expect(
            console.requirements.map(\.target) == [
                .relation(.controls([.console], unrecognized: []))
            ])
        let font = try Self.inline("<component type=\"font\"><id>a</id></component>")
        #expect(font.requirements.isEmpty)
    }

    @Test(arguments: [
        ("<component><id>a</id><requires>", "the document ends early"),
        ("<component><id>a</b></component>", "mismatched closing tag"),
        ("<components><component>", "the document ends early"),
        (
            "<?xml version=\"1.0\"?><!DOCTYPE c [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><component>&e;</component>",
            "entity declarations are not accepted"
        ),
    ])
    func malformedXMLIsOneErrorLineNamingTheFile(xml: String, reason: String) {
        #expect {
            _ = try Self.inline(xml)
        } throws: { error in
            guard let error = error as? ManifestError, case .malformed = error else { return false }
            return error.description.hasPrefix("inline.metainfo.xml: ")
                && error.description.contains(reason) && !error.description.contains("\n")
        }
    }

    @Test func aCatalogGivesOneManifestPerComponentAlsoWhenGzipCompressed() throws {
        let plain = try Fixtures.data("appstream/foobar-1.catalog.xml")
        let components = try ManifestLoader.loadAppStreamComponents(
            data: plain, path: "foobar-1.xml")
        #expect(components.count == 19)
        #expect(components.allSatisfy { $0.inCatalog })
        #expect(components.first?.id == "0ad.desktop")
        let gz = try Self.gzip(plain)
        #expect(try ManifestLoader.detect(gz, path: "foobar-1.xml.gz") == .appstream)
        let inflated = try ManifestLoader.loadAppStreamComponents(data: gz, path: "foobar-1.xml.gz")
        #expect(inflated.map(\.id) == components.map(\.id))
        #expect(inflated.map(\.manifest.requirements) == components.map(\.manifest.requirements))
        #expect(throws: ManifestError.self) {
            _ = try ManifestLoader.load(data: plain, path: "foobar-1.xml")
        }
    }

    @Test func aCatalogLargerThanLibxml2sChunkLimitIsRead() throws {
        // 12 MB: one XMLParser(data:) chunk over 10 MB fails with "huge input" in libxml2.
        let text = try Fixtures.text("appstream/foobar-1.catalog.xml")
        let start = try #require(text.range(of: "<component "))
        let end = try #require(text.range(of: "</components>", options: .backwards))
        let body = String(text[start.lowerBound..<end.lowerBound])
        let copies = 12_000_000 / body.utf8.count + 1
        let big =
            String(text[..<start.lowerBound]) + String(repeating: body, count: copies)
            + "</components>\n"
        let components = try ManifestLoader.loadAppStreamComponents(
            data: Data(big.utf8), path: "big.xml")
        #expect(components.count == 19 * copies)
    }

    @Test func truncatedGzipIsBadInputNotACrash() throws {
        let gz = try Self.gzip(try Fixtures.data("appstream/foobar-1.catalog.xml"))
        #expect {
            _ = try ManifestLoader.loadAppStreamComponents(
                data: gz.prefix(gz.count / 2), path: "t.xml.gz")
        } throws: { error in
            (error as? ManifestError)?.description == "t.xml.gz: gzip data: truncated"
        }
        var corrupt = gz
        corrupt[20] ^= 0xFF
        corrupt[21] ^= 0xFF
        #expect(throws: ManifestError.self) {
            _ = try ManifestLoader.loadAppStreamComponents(data: corrupt, path: "c.xml.gz")
        }
    }

    @Test func inflatingStopsAtTheSizeLimit() throws {
        let gz = try Self.gzip(Data(repeating: 0x20, count: 4_000_000))
        #expect(throws: InputProblem.self) { _ = try GzipInflater.inflate(gz, limit: 1_000_000) }
        #expect(try GzipInflater.inflate(gz, limit: 8_000_000).count == 4_000_000)
    }

    /// Compresses with the system's gzip (always on Debian).
    static func gzip(_ data: Data) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-n", "-c"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let writer = Thread {
            input.fileHandleForWriting.write(data)
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let result = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return result
    }
}

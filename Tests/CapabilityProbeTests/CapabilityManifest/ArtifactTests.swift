@testable import CapabilityProbe
@testable import CapabilityInput
@testable import CapabilityManifest
@testable import CapabilityManifestFiles
import CapabilityProbeTesting
import Foundation
import Testing

/// Built apps give the result of the manifest they were built from: app bundles (`.aab`,
/// protobuf XML made here with the test encoder), IPAs and `.app` directories; APKs are
/// compared with aapt in ``AaptAgreementTests``.
@Suite struct ArtifactTests {
    func temporary() throws -> URL { try Aapt.temporaryDirectory() }

    @Test(arguments: AaptAgreementTests.fixtures + ["../manifests/AndroidManifest.xml"])
    func anAppBundleGivesTheRequirementsOfItsManifest(name: String) throws {
        let file = name.hasSuffix(".xml") ? "android/\(name)" : "android/\(name).xml"
        let source = try Fixtures.text(file)
        let directory = try temporary()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bundle = directory.appendingPathComponent("app.aab")
        try ArtifactBuilder.zip(
            [
                .init(name: "BundleConfig.pb", data: Data([0x0a, 0x00])),
                .init(
                    name: "base/manifest/AndroidManifest.xml",
                    data: ArtifactBuilder.protobuf(try ArtifactBuilder.tree(source))),
                .init(name: "base/dex/classes.dex", data: Data("dex\n035".utf8)),
            ], to: bundle)
        let fromBundle = try ManifestLoader.load(path: bundle.path)
        let fromSource = try ManifestLoader.load(
            data: Data(source.utf8), path: "AndroidManifest.xml")
        #expect(fromBundle.requirements == fromSource.requirements)
        #expect(
            fromBundle.notes.first
                == "read from the Android App Bundle's base/manifest/AndroidManifest.xml")
        #expect(fromBundle.kind == .android)
    }

    /// `aapt2 link --proto-format` (Debian's aapt package ships aapt2) writes an APK whose
    /// AndroidManifest.xml is protobuf XML, as in a bundle: it reads like aapt's binary form.
    @Test(
        .enabled(if: Aapt.isAvailable && FileManager.default.isExecutableFile(atPath: Aapt.aapt2)),
        arguments: ["../manifests/AndroidManifest.xml"])
    func anAPKWithAProtoFormatManifestReadsLikeItsBinaryForm(name: String) throws {
        let source = try Fixtures.text("android/\(name)")
        let directory = try temporary()
        defer { try? FileManager.default.removeItem(at: directory) }
        let binary = try Aapt.build(source, in: directory)
        let proto = directory.appendingPathComponent("proto.apk")
        let link = try Aapt.run([
            Aapt.aapt2, "link", "--proto-format", "-o", proto.path, "--manifest",
            directory.appendingPathComponent("AndroidManifest.xml").path, "-I", Aapt.frameworkRes,
        ])
        try #require(link.status == 0, "aapt2 link: \(link.text)")
        let fromProto = try ManifestLoader.load(path: proto.path)
        let fromBinary = try ManifestLoader.load(path: binary.path)
        #expect(fromProto.requirements == fromBinary.requirements)
        #expect(fromProto.notes.first == "read from the APK's AndroidManifest.xml")
    }

    @Test(arguments: ["Info-array.plist", "Info-dict.plist", "Info-binary.plist"])
    func anIPAGivesTheRequirementsOfItsInfoPlist(name: String) throws {
        let plist = try Fixtures.data("manifests/\(name)")
        let directory = try temporary()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ipa = directory.appendingPathComponent("App.ipa")
        try ArtifactBuilder.zip(
            [
                .init(name: "Payload/", data: Data(), compressed: false),
                .init(name: "Payload/Demo.app/Demo", data: Data([0xcf, 0xfa, 0xed, 0xfe])),
                .init(
                    name: "Payload/Demo.app/Frameworks/Kit.framework/Info.plist",
                    data: Data("<plist/>".utf8)),
                .init(name: "Payload/Demo.app/Info.plist", data: plist),
            ], to: ipa)
        let fromIPA = try ManifestLoader.load(path: ipa.path)
        let fromPlist = try ManifestLoader.load(data: plist, path: name)
        #expect(fromIPA.requirements == fromPlist.requirements)
        #expect(
            fromIPA.notes == ["read from the IPA's Payload/Demo.app/Info.plist"] + fromPlist.notes)
    }

    @Test func anAppDirectoryGivesTheRequirementsOfItsInfoPlist() throws {
        let plist = try Fixtures.data("manifests/Info-array.plist")
        let directory = try temporary()
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = directory.appendingPathComponent("Demo.app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try plist.write(to: app.appendingPathComponent("Info.plist"))
        let fromApp = try ManifestLoader.load(path: app.path)
        let fromPlist = try ManifestLoader.load(data: plist, path: "Info.plist")
        #expect(fromApp.requirements == fromPlist.requirements)
        #expect(fromApp.notes.first == "read from the .app bundle's Info.plist")
    }

    @Test(arguments: [
        ("AndroidManifest.xml", false), ("res/../../x", true), ("../x", true), ("/etc/x", true),
        ("a\\..\\..\\x", true), ("C:/x", true), ("res/..foo/x", false),
        ("lib/arm64-v8a/a.so", false),
    ])
    func entryNamesThatLeaveTheArchiveAreCaught(name: String, escapes: Bool) {
        #expect(AppArtifactReader.escapes(name) == escapes)
    }

    @Test(arguments: [
        ("Payload/A.app/Info.plist", true), ("Payload/A.app/Plugins/B.appex/Info.plist", false),
        ("Payload/.app/Info.plist", false), ("Payload/A/Info.plist", false),
        ("A.app/Info.plist", false),
    ])
    func onlyTheAppsOwnInfoPlistIsTheIPAsManifest(name: String, matches: Bool) {
        #expect(AppArtifactReader.isPayloadInfoPlist(name) == matches)
    }

    @Test func aMacAppDirectoryIsReadFromContents() throws {
        let plist = try Fixtures.data("manifests/Info-dict.plist")
        let directory = try temporary()
        defer { try? FileManager.default.removeItem(at: directory) }
        let contents = directory.appendingPathComponent("Demo.app/Contents")
        try FileManager.default.createDirectory(at: contents, withIntermediateDirectories: true)
        try plist.write(to: contents.appendingPathComponent("Info.plist"))
        let app = try ManifestLoader.load(path: contents.deletingLastPathComponent().path)
        #expect(app.notes.first == "read from the .app bundle's Contents/Info.plist")
        #expect(
            app.requirements
                == (try ManifestLoader.load(data: plist, path: "Info.plist")).requirements)
        #expect(throws: ManifestError.self) { try ManifestLoader.load(path: directory.path) }
    }

    @Test func aKindAskedForMustBeTheOneTheBuiltAppHolds() throws {
        let url = try BadArtifacts.zip(
            "good.apk", [("AndroidManifest.xml", BadArtifacts.binaryXML())])
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        #expect(try ManifestLoader.load(path: url.path, kind: .android).kind == .android)
        #expect(
            throws: ManifestError.malformed(
                path: url.path, place: nil,
                reason: "a built app whose manifest is android, not plist")
        ) { try ManifestLoader.load(path: url.path, kind: .plist) }
    }

    @Test func aBareBinaryManifestIsReadByContent() throws {
        let manifest = try ManifestLoader.load(
            data: BadArtifacts.binaryXML(), path: "AndroidManifest.xml")
        #expect(manifest.requirements.map(\.key) == ["android.hardware.faketouch"])
    }

    @Test func anAPKIsReadFromItsBinaryManifest() throws {
        let url = try BadArtifacts.zip(
            "good.apk", [("AndroidManifest.xml", BadArtifacts.binaryXML())])
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let manifest = try ManifestLoader.load(path: url.path)
        #expect(manifest.notes.first == "read from the APK's AndroidManifest.xml")
        #expect(manifest.requirements.map(\.key) == ["android.hardware.faketouch"])
    }
}

/// The bad-artifact corpus, made at test time: every file is refused with exit 65 and one
/// line naming the archive, the entry and the defect; nothing is written next to it.
@Suite struct BadArtifactTests {
    static let cases: [(String, String)] = [
        ("truncated.apk", "not a readable zip archive: "),
        (
            "duplicate-entry.apk",
            "not a readable zip archive: duplicate entry AndroidManifest.xml (two entries of that name; a zip tool would pick one)"
        ),
        (
            "no-manifest.zip",
            "a zip archive without AndroidManifest.xml, base/manifest/AndroidManifest.xml or Payload/*.app/Info.plist: not an APK, app bundle or IPA"
        ),
        (
            "bomb-size.apk",
            "AndroidManifest.xml: would unpack to 9437184 bytes, more than the 8388608 accepted; refusing a possible zip bomb"
        ),
        ("bomb-ratio.apk", "AndroidManifest.xml: compressed "),
        (
            "traversal.apk",
            "entry '../../etc/cron.d/evil' escapes the archive (path traversal); not a valid app archive"
        ),
        (
            "absolute.ipa",
            "entry '/etc/passwd' escapes the archive (path traversal); not a valid app archive"
        ),
        (
            "string-pool.apk",
            "AndroidManifest.xml: string pool index 7 out of range (1 strings) (byte 80 of the binary XML)"
        ),
        (
            "truncated-xml.apk",
            "AndroidManifest.xml: the document claims 120 bytes but the file has 60 (byte 4 of the binary XML)"
        ),
        (
            "wrong-root.apk",
            "AndroidManifest.xml: the root element is <application>, expected <manifest>"
        ),
        (
            "bad-proto.aab",
            "base/manifest/AndroidManifest.xml: field 1 claims 200 bytes, past the end of its message (byte 0 of the protobuf XML)"
        ),
        (
            "template.ipa",
            "Payload/Game.app/Info.plist: line 4: $required_device_capabilities is a template placeholder: this is an Info.plist template, not a property list capcheck can check; check the built app (.app or .ipa) or fill the template first"
        ),
    ]

    @Test(arguments: cases)
    func aBadArtifactIsRefusedWithOneLine(name: String, message: String) throws {
        let url = try BadArtifacts.make(name)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        do {
            _ = try ManifestLoader.load(path: url.path)
            Issue.record("\(name) was accepted")
        } catch {
            #expect(error.description.hasPrefix("\(url.path): \(message)"), "\(error.description)")
            #expect(!error.isUnreadable)
        }
        guard FileManager.default.isExecutableFile(atPath: ProgramRun.capcheckBinary) else {
            return
        }
        for command in ["lint", "verify"] {
            let run = try ProgramRun.capcheck([command, url.path])
            #expect(run.status == 65, "\(command) \(name)")
            #expect(run.stderr.split(separator: "\n").count == 1)
            #expect(run.stderr.hasPrefix("capcheck: error: \(url.path): "))
            #expect(run.stdout.isEmpty)
        }
        let left = try FileManager.default.contentsOfDirectory(
            atPath: url.deletingLastPathComponent().path)
        #expect(left == [name], "nothing is extracted next to the archive")
    }
}

/// Builders of the bad-artifact corpus.
enum BadArtifacts {
    static func zip(_ name: String, _ entries: [(String, Data)], compressed: Bool = true) throws
        -> URL
    {
        let directory = try Aapt.temporaryDirectory()
        let url = directory.appendingPathComponent(name)
        try ArtifactBuilder.zip(
            entries.map { .init(name: $0.0, data: $0.1, compressed: compressed) }, to: url)
        return url
    }

    static func make(_ name: String) throws -> URL {
        switch name {
        case "truncated.apk":
            let url = try zip(
                name, [("AndroidManifest.xml", binaryXML()), ("classes.dex", Data(count: 4096))],
                compressed: false)
            let data = try Data(contentsOf: url)
            try data.prefix(data.count / 2).write(to: url)
            return url
        case "duplicate-entry.apk":
            // Hand-made: two central-directory entries of one name (libzip refuses it).
            return try zip(
                name,
                [("AndroidManifest.xml", binaryXML()), ("AndroidManifest.xml", binaryXML())])
        case "no-manifest.zip":
            return try zip(name, [("README.txt", Data("hello".utf8))])
        case "bomb-size.apk":
            return try zip(name, [("AndroidManifest.xml", Data(count: 9 * 1024 * 1024))])
        case "bomb-ratio.apk":
            return try zip(name, [("AndroidManifest.xml", Data(count: 4 * 1024 * 1024))])
        case "traversal.apk":
            return try zip(
                name,
                [("AndroidManifest.xml", binaryXML()), ("../../etc/cron.d/evil", Data("x".utf8))])
        case "absolute.ipa":
            return try zip(
                name,
                [
                    ("/etc/passwd", Data("x".utf8)),
                    ("Payload/A.app/Info.plist", Data("<plist/>".utf8)),
                ])
        case "string-pool.apk":
            return try zip(name, [("AndroidManifest.xml", binaryXML(nameIndex: 7))])
        case "truncated-xml.apk":
            return try zip(name, [("AndroidManifest.xml", binaryXML().prefix(60))])
        case "wrong-root.apk":
            return try zip(name, [("AndroidManifest.xml", binaryXML(root: "application"))])
        case "bad-proto.aab":
            var proto = Data([0x0a, 0xc8, 0x01])
            proto.append(Data(count: 10))
            return try zip(name, [("base/manifest/AndroidManifest.xml", proto)])
        case "template.ipa":
            let text = """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict>
                  <key>UIRequiredDeviceCapabilities</key>
                  $required_device_capabilities
                </dict></plist>
                """
            return try zip(name, [("Payload/Game.app/Info.plist", Data(text.utf8))])
        default:
            throw Aapt.Failure(description: "no such case \(name)")
        }
    }

    /// A minimal binary XML document: one UTF-16 string, one element `<root/>` whose name is
    /// string `nameIndex` (0 is valid), laid out as aapt writes it.
    static func binaryXML(root: String = "manifest", nameIndex: UInt32 = 0) -> Data {
        func u16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xff), UInt8(value >> 8)] }
        func u32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xff) } }
        var text = u16(UInt16(root.utf16.count))
        for unit in root.utf16 { text += u16(unit) }
        text += u16(0)
        while text.count % 4 != 0 { text.append(0) }
        var pool = u32(1) + u32(0) + u32(0) + u32(28 + 4) + u32(0) + u32(0) + text
        pool = u16(0x0001) + u16(28) + u32(UInt32(8 + pool.count)) + pool
        let start =
            u16(0x0102) + u16(16) + u32(36) + u32(1) + u32(.max) + u32(.max) + u32(nameIndex)
            + u16(20) + u16(20) + u16(0) + u16(0) + u16(0) + u16(0)
        let end = u16(0x0103) + u16(16) + u32(24) + u32(1) + u32(.max) + u32(.max) + u32(nameIndex)
        let body = pool + start + end
        return Data(u16(0x0003) + u16(8) + u32(UInt32(8 + body.count)) + body)
    }
}

import CapabilityProbeTesting
import Foundation
import Testing

/// Inputs too large to check in (issue 41), made at run time and read by the binary under a
/// timeout and the 512 MiB address-space limit: each ends with one line and exit 65, or is
/// read.
@Suite struct HostileInputLimitTests {
    static func run(_ arguments: [String]) throws -> ProgramRun.Result {
        try ProgramRun.capcheck(
            arguments, directory: BadInputCorpusTests.root, timeout: 60,
            memoryLimit: BadInputCorpusTests.memoryLimit)
    }

    /// Runs `capcheck ARGS` from a shell (for a process substitution, `<(…)`), bounded as
    /// ``run(_:)`` is; `$1`… in `script` are `files`.
    static func shell(_ script: String, files: [String] = []) throws -> ProgramRun.Result {
        let limit = BadInputCorpusTests.memoryLimit / 1024
        return try ProgramRun.run(
            "/bin/bash",
            [
                "-c",
                "ulimit -v \(limit) && capcheck() { /usr/bin/timeout 60 \"$CAPCHECK\" \"$@\"; }; "
                    + script, "bash",
            ] + files,
            environment: ["CAPCHECK": ProgramRun.capcheckBinary, "PATH": "/usr/bin:/bin"],
            directory: BadInputCorpusTests.root)
    }

    /// The bytes of a protobuf varint.
    static func varint(_ value: Int) -> [UInt8] {
        var value = value
        var bytes: [UInt8] = []
        repeat {
            let low = UInt8(value & 0x7F)
            value >>= 7
            bytes.append(value == 0 ? low : low | 0x80)
        } while value != 0
        return bytes
    }

    /// An `.aab` (stored, so the zip-bomb ratio check passes it) whose protobuf manifest is
    /// one element of 4 million empty attributes: 8 MB that once asked 340 MiB and aborted.
    @Test func protobufElementWithMillionsOfAttributesIsRefused() throws {
        let folder = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var element: [UInt8] = [0x1A, 0x08] + Array("manifest".utf8)
        element.reserveCapacity(8_000_020)
        for _ in 0..<4_000_000 { element += [0x22, 0x00] }
        let node = [0x0A] + Self.varint(element.count) + element
        let proto = folder.appendingPathComponent("AndroidManifest.pb")
        try Data(node).write(to: proto)
        let bundle = folder.appendingPathComponent("app.aab")
        let zipped = try ProgramRun.run(
            "/usr/bin/python3",
            [
                "-c",
                "import sys, zipfile\n"
                    + "with zipfile.ZipFile(sys.argv[2], 'w', zipfile.ZIP_STORED) as z:\n"
                    + "    z.write(sys.argv[1], 'base/manifest/AndroidManifest.xml')\n",
                proto.path, bundle.path,
            ])
        try #require(zipped.status == 0, "\(zipped.stderr)")
        let outcome = try Self.run(["lint", bundle.path])
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr
                == "capcheck: error: \(bundle.path): base/manifest/AndroidManifest.xml: more than 65535 attributes in one element (byte 131085 of the protobuf XML)\n"
        )
    }

    /// A snapshot of 200 001 minimal device records (500 000 once aborted) is refused
    /// before its records are built.
    @Test func snapshotWithTooManyDevicesIsRefused() throws {
        let folder = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var text = #"{"schema": 1, "devices": ["#
        for index in 0...200_000 {
            if index > 0 { text += "," }
            text +=
                #"{"id":"/devices/d\#(index)","properties":{},"attributes":{},"binaryAttributes":{},"links":[],"facts":{}}"#
        }
        text += "]}\n"
        let file = folder.appendingPathComponent("many.json")
        try Data(text.utf8).write(to: file)
        let outcome = try Self.run(["list", "--from", file.path])
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr
                == "capcheck: error: \(file.path): devices: 200001 device records, more than 200000 (the most capcheck reads)\n"
        )
    }

    /// A plain 200 MB DEP-11 scalar (once an abort where the same XML passes) is refused
    /// after the node before it, without libyaml growing a buffer to its size.
    @Test func dep11ScalarLongerThanAPieceIsRefusedInBoundedMemory() throws {
        let folder = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var data = Data("---\nFile: DEP-11\nOrigin: bad\n---\nID: a\nName:\n  C: '".utf8)
        data.append(Data(repeating: UInt8(ascii: "x"), count: 200_000_000))
        data.append(Data("'\n".utf8))
        let file = folder.appendingPathComponent("Components.yml")
        try data.write(to: file)
        let outcome = try Self.run(["verify", file.path])
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr
                == "capcheck: error: \(file.path): line 7, column 4: a scalar, comment or run of blank lines longer than 16 MiB (the most capcheck reads in one piece)\n"
        )
    }

    /// `verify <(cat m.plist)` reads the pipe as `--from <(…)` does, and a built app
    /// through a pipe is read from memory.
    @Test func manifestThroughAPipeIsRead() throws {
        let verify = try Self.shell(
            "capcheck verify <(cat \"$1\") --from Fixtures/udevadm/RPI3B.txt",
            files: ["Fixtures/matrix/gyroscope.plist"])
        #expect(verify.status == 1)
        #expect(verify.stderr.isEmpty)
        #expect(verify.stdout.contains("gyroscope"))
        let app = try Self.shell(
            "capcheck lint <(cat \"$1\")", files: ["Fixtures/bad/plist-shared-string-bomb.ipa"])
        #expect(app.status == 65)
        #expect(
            app.stderr.hasSuffix(
                ": Payload/A.app/Info.plist: object 0: not a valid binary property list (shared references expand to more than 16 MiB of strings and data)\n"
            ))
    }

    /// A pipe that never ends is read up to the bound, then refused with one line.
    @Test func endlessManifestPipeIsRefusedAtTheBound() throws {
        let outcome = try Self.shell("capcheck lint <(head -c 300000000 /dev/zero)")
        #expect(outcome.status == 65)
        #expect(outcome.stderr.hasPrefix("capcheck: error: /dev/fd/"))
        #expect(outcome.stderr.hasSuffix(": larger than 256 MiB (the most capcheck reads)\n"))
    }

    /// Standard input as a manifest (`-`) is bounded as a pipe is.
    @Test func endlessManifestOnStandardInputIsRefusedAtTheBound() throws {
        let outcome = try Self.shell("head -c 300000000 /dev/zero | capcheck lint -")
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr
                == "capcheck: error: <stdin>: larger than 256 MiB (the most capcheck reads)\n")
    }
}

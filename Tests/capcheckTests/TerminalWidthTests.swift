import CapabilityProbe
import Foundation
import Glibc
import Testing

@testable import capcheck

/// Text output fits the terminal it is shown on (`COLUMNS`, else `TIOCGWINSZ`), and only a
/// terminal: a pipe or a file gets whole lines.
@Suite struct TerminalWidthTests {
    static let dump = CLI.fixture("udevadm/LENOVO_T430S.txt")

    /// The lines of a text without colour codes.
    static func plainLines(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\u{1b}\\[[0-9;]*m", with: "", options: .regularExpression)
            .components(separatedBy: "\n")
    }

    /// The text without colour codes, white space and the `·` separators of details (which
    /// a line break replaces): what wrapping keeps.
    static func words(_ text: String) -> String {
        plainLines(text).joined().filter { !$0.isWhitespace && $0 != "·" }
    }

    @Test(arguments: [60, 80, 100])
    func listWrapsToColumnsOnATerminalAndKeepsEveryWord(columns: Int) {
        let terminal = CLI.run(
            ["list", "--from", Self.dump, "--devices"], terminal: true,
            variables: ["COLUMNS": String(columns)])
        #expect(terminal.code == .ok)
        let long = Self.plainLines(terminal.stdout).filter { $0.count > columns }
        #expect(long.isEmpty, "\(long)")
        let pipe = CLI.run(["list", "--from", Self.dump, "--devices"])
        let same = Self.words(terminal.stdout) == Self.words(pipe.stdout)
        #expect(same)
        #expect(Self.plainLines(pipe.stdout).contains { $0.count > columns })
    }

    @Test func wrappedEvidenceContinuesUnderItsColumn() throws {
        let lines = Self.plainLines(
            CLI.run(
                ["list", "--from", Self.dump, "--color", "never"], terminal: true,
                variables: ["COLUMNS": "60"]
            ).stdout)
        let header = try #require(lines.first { $0.hasPrefix("  Capability") })
        let column = header.distance(
            from: header.startIndex, to: try #require(header.range(of: "Evidence")).lowerBound)
        let row = try #require(lines.firstIndex { $0.hasPrefix("  camera.autofocus ") })
        // "autofocus needs the V4L2 controls (not read)" does not fit 60 - 38 columns.
        #expect(lines[row].count <= 60)
        let next = lines[row + 1]
        #expect(next.prefix(column).allSatisfy { $0 == " " })
        #expect(next.dropFirst(column).first?.isWhitespace == false)
    }

    @Test func aPipeOrAFileIgnoresColumns() {
        let plain = CLI.run(["list", "--from", Self.dump]).stdout
        #expect(
            CLI.run(["list", "--from", Self.dump], variables: ["COLUMNS": "40"]).stdout == plain)
        #expect(CLI.run(["list", "--from", Self.dump], columns: 40).stdout == plain)
    }

    @Test func columnsOverridesTheTerminalsOwnWidthWhichIsUsedWithoutIt() {
        let own = CLI.run(["list", "--from", Self.dump], terminal: true, columns: 70)
        #expect(Self.plainLines(own.stdout).allSatisfy { $0.count <= 70 })
        #expect(Self.plainLines(own.stdout).contains { $0.count > 60 })
        let overridden = CLI.run(
            ["list", "--from", Self.dump], terminal: true, columns: 70,
            variables: ["COLUMNS": "60"])
        #expect(Self.plainLines(overridden.stdout).allSatisfy { $0.count <= 60 })
        for bad in ["0", "-3", "wide", ""] {
            #expect(
                CLI.run(
                    ["list", "--from", Self.dump], terminal: true, columns: 70,
                    variables: ["COLUMNS": bad]
                ).stdout == own.stdout)
        }
    }

    @Test func theSinkReadsAPseudoTerminalsWidth() throws {
        // The master side of a new pseudo-terminal is a terminal too, and its window size
        // is the pair's.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(master >= 0)
        defer { close(master) }
        var size = winsize(ws_row: 24, ws_col: 57, ws_xpixel: 0, ws_ypixel: 0)
        try #require(ioctl(master, UInt(TIOCSWINSZ), &size) == 0)
        let sink = OutputSink(fileDescriptor: master)
        #expect(sink.isTerminal)
        #expect(sink.terminalColumns == 57)
        let pipe = try Self.pipe()
        defer { close(pipe.0); close(pipe.1) }
        #expect(OutputSink(fileDescriptor: pipe.1).terminalColumns == nil)
    }

    static func pipe() throws -> (Int32, Int32) {
        var fds: [Int32] = [0, 0]
        try #require(Glibc.pipe(&fds) == 0)
        return (fds[0], fds[1])
    }

    static let longFeature = "com.example.vendor.feature.with.a.rather.long.name"
    static let android = """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="a.b">
          <uses-feature android:name="android.hardware.wifi"/>
          <uses-feature android:name="\(longFeature)"/>
        </manifest>
        """

    @Test func aKeyLongerThanItsColumnHasALineOfItsOwn() throws {
        for terminal in [false, true] {
            let lines = Self.plainLines(
                CLI.run(
                    ["verify", "-", "--from", Self.dump, "--no-implied"], stdin: Self.android,
                    terminal: terminal, variables: ["COLUMNS": "72", "NO_COLOR": "1"]
                ).stdout)
            let keyLine = try #require(lines.firstIndex { $0.hasSuffix(Self.longFeature) })
            let wifi = try #require(lines.first { $0.contains("android.hardware.wifi ") })
            let verdictColumn = try #require(wifi.range(of: "satisfied")).lowerBound
            let offset = wifi.distance(from: wifi.startIndex, to: verdictColumn)
            let next = lines[keyLine + 1]
            #expect(next.prefix(offset).allSatisfy { $0 == " " }, "\(lines)")
            #expect(next.dropFirst(offset).hasPrefix("unknown"), "\(lines)")
            if terminal { #expect(lines.allSatisfy { $0.count <= 72 }, "\(lines)") }
        }
    }

    @Test func lintKeepsItsColumnsWithALongKeyAndWrapsOnATerminal() throws {
        let lines = Self.plainLines(
            CLI.run(
                ["lint", "-", "--no-implied"], stdin: Self.android, terminal: true,
                variables: ["COLUMNS": "64"]
            ).stdout)
        #expect(lines.allSatisfy { $0.count <= 64 }, "\(lines)")
        #expect(lines.contains { $0.hasSuffix(Self.longFeature) })
        // At 64 columns the key column is 21 wide: both keys have lines of their own, and
        // what they are checked as starts in one column.
        let checked = try #require(lines.first { $0.contains("→ net.wifi") })
        let unknown = try #require(lines.first { $0.contains("unknown: capcheck") })
        #expect(
            checked.firstIndex(of: "→").map { checked.distance(from: checked.startIndex, to: $0) }
                == unknown.range(of: "unknown:").map {
                    unknown.distance(from: unknown.startIndex, to: $0.lowerBound)
                })
        #expect(checked.hasPrefix("               "))
    }

    @Test func wrapBreaksAtSpacesAndCutsOverlongWords() {
        #expect(TerminalWrap.wrap("fits", width: 10) == ["fits"])
        #expect(TerminalWrap.wrap("one two three four", width: 9) == ["one two", "three", "four"])
        #expect(TerminalWrap.wrap("abcdefghij xy", width: 4) == ["abcd", "efgh", "ij", "xy"])
        #expect(TerminalWrap.wrap("", width: 5) == [""])
        #expect(
            TerminalWrap.hanging("ab ", leadWidth: 3, "one two three", width: 8 + 20)
                == ["ab one two three"])
        #expect(
            TerminalWrap.hanging("ab ", leadWidth: 3, String(repeating: "x ", count: 15), width: 25)
                .allSatisfy { $0.count <= 25 })
        #expect(TerminalWrap.hanging("ab ", leadWidth: 3, "text", width: nil) == ["ab text"])
    }
}

import Foundation
import Testing

@testable import CapabilityProbe

/// The host files the live sources read besides sysfs (`/proc`, `/etc/os-release`,
/// `/run/udev/data`) come from the injected root, so a test bed never mixes in the host.
@Suite struct HostRootTests {
    /// A fresh directory standing for a machine's root, with the given files.
    static func root(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("capcheck-root-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("sys/devices"), withIntermediateDirectories: true)
        for (path, text) in files {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return root
    }

    static let route = """
        Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT
        testeth0\t00000000\t0102A8C0\t0003\t0\t0\t100\t00000000\t0\t0\t0
        """

    @Test func readsTheDeviceTreeModelUnderTheRoot() throws {
        let root = try Self.root(["proc/device-tree/model": "Test Board Rev 2\0"])
        defer { try? FileManager.default.removeItem(at: root) }
        let machine = LiveMachine.identity(
            sysfsRoot: root.appendingPathComponent("sys").path, hostRoot: root.path)
        #expect(machine.model == "Test Board Rev 2")
    }

    @Test func readsOSReleaseUnderTheRootThenItsUsrLibCopy() throws {
        let etc = try Self.root(["etc/os-release": "NAME=T\nPRETTY_NAME=\"Testbed OS 1\"\n"])
        let usr = try Self.root(["usr/lib/os-release": "PRETTY_NAME='Testbed OS 2'\n"])
        let none = try Self.root([:])
        defer { for url in [etc, usr, none] { try? FileManager.default.removeItem(at: url) } }
        let os = [etc, usr, none].map { root in
            LiveMachine.identity(
                sysfsRoot: root.appendingPathComponent("sys").path, hostRoot: root.path
            ).os
        }
        #expect(os == ["Testbed OS 1", "Testbed OS 2", nil])
    }

    @Test func readsMemoryAndTheDefaultRouteFromProcUnderTheRoot() throws {
        let root = try Self.root([
            "proc/meminfo": "MemTotal:        2000000 kB\nMemFree: 1 kB\n",
            "proc/net/route": Self.route,
        ])
        let empty = try Self.root([:])
        defer { for url in [root, empty] { try? FileManager.default.removeItem(at: url) } }
        let machine = LiveMachine.identity(
            sysfsRoot: root.appendingPathComponent("sys").path, hostRoot: root.path)
        #expect(machine.memoryBytes == 2 * MemoryTotal.gibibyte)
        #expect(machine.memorySource == "/proc/meminfo")
        #expect(machine.defaultRoute == "testeth0")
        let bare = LiveMachine.identity(
            sysfsRoot: empty.appendingPathComponent("sys").path, hostRoot: empty.path)
        #expect(bare.memoryBytes == nil && bare.defaultRoute == nil && bare.model == nil)
    }

    @Test func looksForTheUdevDatabaseUnderTheRoot() throws {
        let with = try Self.root(["run/udev/data/c13:64": "E:ID_INPUT=1\n"])
        let without = try Self.root([:])
        defer { for url in [with, without] { try? FileManager.default.removeItem(at: url) } }
        #expect(LiveMachine.hasUdevDatabase(hostRoot: with.path))
        #expect(!LiveMachine.hasUdevDatabase(hostRoot: without.path))
    }

    @Test func readsALSANamesFromProcUnderTheRoot() throws {
        let root = try Self.root([
            "proc/asound/card0/pcm3p/info":
                "card: 0\ndevice: 3\nid: HDMI 0\nname: HDMI 0\nstream: PLAYBACK\n"
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let pcm = Device(
            id: "/devices/pci0000:00/0000:00:1f.3/sound/card0/pcmC0D3p", subsystem: "sound")
        let collector = KernelFactsCollector(procRoot: root.appendingPathComponent("proc").path)
        #expect(collector.facts(for: pcm, parent: nil).alsa?.name == "HDMI 0")
        let host = KernelFactsCollector(procRoot: root.appendingPathComponent("none").path)
        #expect(host.facts(for: pcm, parent: nil).isEmpty)
    }

    @Test func liveSourceOverASysfsRootReadsTheMachineUnderIt() throws {
        let root = try Self.root([
            "proc/device-tree/model": "Test Board", "etc/os-release": "PRETTY_NAME=Testbed\n",
            "proc/meminfo": "MemTotal: 1048576 kB\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let sysfs = root.appendingPathComponent("sys").path
        let source = SysfsDeviceSource(sysfsRoot: sysfs)
        #expect(source.userspaceRoot == root.path)
        let machine = try source.inventory().machine
        #expect(machine.model == "Test Board" && machine.os == "Testbed")
        #expect(machine.memoryBytes == MemoryTotal.gibibyte)
        #expect(UdevDeviceSource(sysfsRoot: sysfs).userspaceRoot == root.path)
    }

    @Test(
        arguments: [
            (nil, "/sys", [:], "/"), ("/given", "/tmp/x/sys", ["UMOCKDEV_DIR": "/tb"], "/given"),
            (nil, "/tmp/x/sys", ["UMOCKDEV_DIR": "/tb"], "/tmp/x"),
            (nil, "/sys", ["UMOCKDEV_DIR": "/tmp/umockdev.X"], "/tmp/umockdev.X"),
            (nil, "/sys", ["UMOCKDEV_DIR": "relative"], "/"), (nil, "/elsewhere", [:], "/"),
        ] as [(String?, String, [String: String], String)])
    func picksTheHostRoot(
        given: String?, sysfsRoot: String, environment: [String: String], expected: String
    ) {
        #expect(
            HostRoot.resolve(given, sysfsRoot: sysfsRoot, environment: environment) == expected)
    }

    @Test func joinsPathsUnderARoot() {
        #expect(HostRoot.path("/proc/meminfo", under: "/") == "/proc/meminfo")
        #expect(HostRoot.path("/proc/meminfo", under: "/tmp/tb/") == "/tmp/tb/proc/meminfo")
    }
}

/// Inside a umockdev test bed the host's `/etc/os-release` and `/proc/meminfo` stay out of the
/// results: the test bed has neither (umockdev would let `/proc` reads reach the host).
@Suite(.enabled(if: Umockdev.isAvailable))
struct UmockdevHostRootTests {
    @Test func testbedMachineHasNoHostIdentityFiles() throws {
        let report = try Umockdev.report(recordings: ["umockdev/laptop-battery-ac.umockdev"])
        #expect(report.machine.os == nil)
        #expect(report.machine.memoryBytes == nil)
    }
}

import Foundation
import Testing

@testable import CapabilityProbe
import CapabilityProbeTesting
@testable import CapabilityLive
@testable import CapabilityMatrix
@testable import CapabilityModel
@testable import CapabilityWatch

/// The host files the live sources and the watch read besides sysfs (`/proc`, `/etc/os-release`,
/// `/run/udev/data`, `/run/udev/control`) come from the injected root, so a test bed never
/// mixes in the host.
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

    @Test func readsTheKernelNamesFromProcUnderTheRootAndLeavesThemUnknownWithout() throws {
        let root = try Self.root([
            "proc/sys/kernel/osrelease": "6.1.0-test\n", "proc/sys/kernel/arch": "aarch64\n",
            "proc/sys/kernel/hostname": "testbed\n", "sys/devices/system/cpu/aarch32_el0": "0-3\n",
        ])
        let empty = try Self.root([:])
        defer { for url in [root, empty] { try? FileManager.default.removeItem(at: url) } }
        let machine = LiveMachine.identity(
            sysfsRoot: root.appendingPathComponent("sys").path, hostRoot: root.path)
        #expect(machine.kernel == "6.1.0-test")
        #expect(machine.arch == "aarch64" && machine.runs32BitARM == true)
        #expect(machine.hostname == "testbed")
        // uname would name the host here, not the machine under the root: unknown instead.
        let bare = LiveMachine.identity(
            sysfsRoot: empty.appendingPathComponent("sys").path, hostRoot: empty.path)
        #expect(bare.kernel == nil && bare.arch == nil && bare.hostname == nil)
        #expect(bare.runs32BitARM == nil)
    }

    @Test func asksUnameForTheMachineItselfAndAgreesWithItsProcfs() throws {
        let host = KernelNames.host()
        #expect(KernelNames.live(hostRoot: "/") == host)
        let release = try? String(contentsOfFile: "/proc/sys/kernel/osrelease", encoding: .utf8)
        if let release {
            #expect(host.release == release.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #expect(host.machine?.isEmpty == false)
    }

    @Test func watchReadsALSANamesAndUdevdsControlSocketUnderTheRoot() throws {
        let root = try Self.root([
            "run/udev/control": "",
            "proc/asound/card0/pcm3p/info":
                "card: 0\ndevice: 3\nid: HDMI 0\nname: HDMI 0\nstream: PLAYBACK\n",
        ])
        let empty = try Self.root([:])
        defer { for url in [root, empty] { try? FileManager.default.removeItem(at: url) } }
        let options = WatchOptions(sysfsRoot: root.appendingPathComponent("sys").path)
        #expect(options.hostRoot == root.path)
        #expect(EventSource.detect(controlSocket: options.controlSocket) == .udev)
        let pcm = Device(
            id: "/devices/pci0000:00/0000:00:1f.3/sound/card0/pcmC0D3p", subsystem: "sound")
        let collector = KernelFactsCollector(procRoot: options.procRoot)
        #expect(collector.facts(for: pcm, parent: nil).alsa?.name == "HDMI 0")
        let bare = WatchOptions(sysfsRoot: empty.appendingPathComponent("sys").path)
        #expect(EventSource.detect(controlSocket: bare.controlSocket) == .kernel)
        let machine = WatchOptions(userspaceRoot: "/")
        #expect(machine.controlSocket == "/run/udev/control" && machine.procRoot == "/proc")
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
            HostRoot.resolve(
                given, sysfsRoot: sysfsRoot, environment: environment, inTestbed: true)
                == expected)
    }

    /// `UMOCKDEV_DIR` without umockdev's preload library (set by hand, say as root) is ignored.
    @Test func umockdevDirWithoutThePreloadLibraryIsIgnored() {
        #expect(
            HostRoot.resolve(
                nil, sysfsRoot: "/sys", environment: ["UMOCKDEV_DIR": "/tmp/x"], inTestbed: false)
                == "/")
        #expect(!HostRoot.umockdevPreloadIsLoaded)
    }

    /// A root's file linked out of the root (its host name to a secret) is not read, and a
    /// file larger than the bound is cut.
    @Test func hostFileLinkedOutOfTheRootIsNotRead() throws {
        let root = try Self.root(["proc/sys/kernel/osrelease": "6.1.0-root\n"])
        let outside = try Self.root(["secret": "root:$6$hash\n"])
        defer { for url in [root, outside] { try? FileManager.default.removeItem(at: url) } }
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("proc/sys/kernel/hostname").path,
            withDestinationPath: outside.appendingPathComponent("secret").path)
        let names = KernelNames.live(hostRoot: root.path)
        #expect(names.release == "6.1.0-root")
        #expect(names.hostname == nil)
        let big = root.appendingPathComponent("big")
        try Data(repeating: 0x61, count: BoundedHostFile.limit + 10).write(to: big)
        #expect(BoundedHostFile.read(big.path, within: root.path)?.count == BoundedHostFile.limit)
    }

    @Test func joinsPathsUnderARoot() {
        #expect(HostRoot.path("/proc/meminfo", under: "/") == "/proc/meminfo")
        #expect(HostRoot.path("/proc/meminfo", under: "/tmp/tb/") == "/tmp/tb/proc/meminfo")
    }
}

/// Inside a umockdev test bed the host's `/etc/os-release`, `/proc/meminfo` and `uname` stay
/// out of the results: the test bed has none of them (umockdev would let `/proc` reads reach
/// the host).
@Suite(.enabled(if: Umockdev.isAvailable))
struct UmockdevHostRootTests {
    @Test func testbedMachineHasNoHostIdentityFiles() throws {
        let report = try Umockdev.report(recordings: ["umockdev/laptop-battery-ac.umockdev"])
        #expect(report.machine.os == nil)
        #expect(report.machine.memoryBytes == nil)
        // `uname` names the host, not the test bed: the kernel's names stay unknown.
        #expect(report.machine.kernel == nil && report.machine.hostname == nil)
        #expect(report.machine.arch == nil)
    }

    @Test func testbedKernelNamesComeFromItsOwnProcfs() throws {
        let report = try Umockdev.report(
            recordings: ["umockdev/laptop-battery-ac.umockdev"],
            prepare: #"mkdir -p "$UMOCKDEV_DIR/proc/sys/kernel" && "#
                + #"echo 6.1.0-testbed > "$UMOCKDEV_DIR/proc/sys/kernel/osrelease" && "#
                + #"echo testbed-host > "$UMOCKDEV_DIR/proc/sys/kernel/hostname""#)
        #expect(report.machine.kernel == "6.1.0-testbed")
        #expect(report.machine.hostname == "testbed-host" && report.machine.arch == nil)
    }
}

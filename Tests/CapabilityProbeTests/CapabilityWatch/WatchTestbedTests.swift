import CapabilityProbe
import CapabilityProbeTesting
import Foundation
import Testing

/// Runs `capcheck watch` inside a umockdev testbed that a Python (GObject introspection)
/// driver builds and changes, sending uevents; returns the exact lines watch printed.
///
/// The driver runs under `umockdev-wrapper` (libumockdev-preload), creates a
/// `UMockdev.Testbed`, starts the real binary with `UMOCKDEV_DIR` = the testbed root (so
/// libudev, the monitor and sysfs reads all see the testbed), waits for the first line,
/// then performs each step and reads lines until one contains the step's marker.
enum WatchTestbed {
    static let python = "/usr/bin/python3"

    /// Whether python3-gi and gir1.2-umockdev-1.0 are installed (Debian packages).
    static let isAvailable: Bool = {
        guard Umockdev.isAvailable,
            FileManager.default.isExecutableFile(atPath: "/usr/bin/umockdev-wrapper"),
            FileManager.default.isExecutableFile(atPath: python)
        else { return false }
        let probe =
            "import gi; gi.require_version('UMockdev', '1.0'); from gi.repository import UMockdev"
        return (try? ProgramRun.run(python, ["-c", probe]).status) == 0
    }()

    /// What the driver reports.
    struct Run: Decodable {
        var lines: [String]
        var status: Int32
        var stderr: String
    }

    static let driver = #"""
        import gi, json, os, signal, subprocess, sys
        gi.require_version('UMockdev', '1.0')
        from gi.repository import UMockdev

        scenario, capcheck, fixtures = sys.argv[1], sys.argv[2], sys.argv[3]
        tb = UMockdev.Testbed.new()
        # An empty testbed has no /sys/devices, which capcheck rightly reports as exit 69.
        tb.add_device('platform', 'testbed-base', None, [], [])
        env = dict(os.environ, UMOCKDEV_DIR=tb.get_root_dir(), CAPCHECK_WATCH_POLL_SECONDS='0.2')

        def battery_setup():
            global bat
            bat = tb.add_device('power_supply', 'BAT0', None,
                ['type', 'Battery', 'present', '1', 'status', 'Discharging', 'capacity', '80'],
                ['POWER_SUPPLY_NAME', 'BAT0'])
        def set_attrs(dev, *pairs):
            for name, value in zip(pairs[0::2], pairs[1::2]):
                tb.set_attribute(dev, name, value)
        def change(dev, *pairs):
            set_attrs(dev, *pairs)
            tb.uevent(dev, 'change')

        def iio_setup():
            global prox
            prox = tb.add_device('iio', 'iio:device0', None,
                ['name', 'prox', 'in_proximity_raw', '0', 'in_proximity_nearlevel', '100'],
                ['DEVTYPE', 'iio_device'])

        def switch_setup():
            tb.add_from_file(fixtures + '/umockdev/iio-sensor-proxy-input-proximity.umockdev')
            tb.load_ioctl('/dev/input/event4', fixtures + '/umockdev/iio-sensor-proxy-input-proximity.ioctl')

        headset = []
        def headset_add():
            usb = tb.add_device('usb', 'usb1/1-1', None,
                ['idVendor', '046d', 'idProduct', '0a87', 'bDeviceClass', '00', 'product', 'G935 Gaming Headset'],
                ['DEVTYPE', 'usb_device', 'PRODUCT', '46d/a87/9'])
            iface = tb.add_device('usb', '1-1:1.0', usb,
                ['bInterfaceClass', '01', 'bInterfaceSubClass', '01', 'bInterfaceProtocol', '00'],
                ['DEVTYPE', 'usb_interface', 'INTERFACE', '1/1/0'])
            card = tb.add_device('sound', 'card1', iface, ['id', 'Headset', 'number', '1'], [])
            capture = tb.add_device('sound', 'pcmC1D0c', card, ['pcm_class', 'generic'], ['DEVNAME', '/dev/snd/pcmC1D0c'])
            playback = tb.add_device('sound', 'pcmC1D0p', card, ['pcm_class', 'generic'], ['DEVNAME', '/dev/snd/pcmC1D0p'])
            headset[:] = [usb, iface, card, capture, playback]
        def headset_remove():
            for dev in reversed(headset):
                tb.uevent(dev, 'remove')
            tb.remove_device(headset[0])

        usb_device = []
        def usb_add():
            usb_device.append(tb.add_device('usb', 'usb2/2-1', None, ['idVendor', '1234', 'idProduct', '5678'], ['DEVTYPE', 'usb_device']))

        scenarios = {
            # (setup, watch arguments, [(step, marker)], how it ends)
            'battery': (battery_setup, ['--only', 'battery', '--count', '4'], [
                (lambda: set_attrs(bat, 'capacity', '79'), '"new":0.79'),
                (lambda: change(bat, 'status', 'Charging'), '"new":"charging"'),
                (lambda: change(bat, 'capacity', '100', 'status', 'Full'), '"new":"full"'),
            ], 'count'),
            'proximity-iio': (iio_setup, ['--only', 'proximity', '--count', '2'], [
                (lambda: set_attrs(prox, 'in_proximity_raw', '250'), '"near":true'),
                (lambda: set_attrs(prox, 'in_proximity_raw', '3'), '"near":false'),
            ], 'count'),
            'proximity-switch': (switch_setup, ['--only', 'proximity', '--count', '2'], [], 'count'),
            'headset': (lambda: None, ['--only', 'capabilities'], [
                (headset_add, '"audio.input"'),
                (headset_remove, '"audio.input"'),
            ], 'term'),
            'devices': (lambda: None, ['--only', 'devices'], [
                (usb_add, '"deviceAdded"'),
                (lambda: change(usb_device[0], 'product', 'x'), '"deviceChanged"'),
                (lambda: tb.uevent(usb_device[0], 'remove'), '"deviceRemoved"'),
            ], 'int'),
        }
        setup, args, steps, end = scenarios[scenario]
        setup()
        child = subprocess.Popen([capcheck, 'watch', '--json', '--timeout', '60'] + args, env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        lines = [child.stdout.readline()]
        for step, marker in steps:
            step()
            while True:
                line = child.stdout.readline()
                if not line:
                    break
                lines.append(line)
                if marker in line:
                    break
        if end == 'term':
            child.send_signal(signal.SIGTERM)
        elif end == 'int':
            child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=90)
        lines += out.splitlines()
        print(json.dumps({'lines': [l.rstrip('\n') for l in lines if l.strip()], 'status': child.returncode, 'stderr': err}))
        """#

    /// Runs one scenario of the driver.
    static func run(_ scenario: String) throws -> Run {
        let script = FileManager.default.temporaryDirectory
            .appendingPathComponent("capcheck-watch-testbed-\(getpid()).py")
        try driver.write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let result = try ProgramRun.run(
            "/usr/bin/umockdev-wrapper",
            [python, script.path, scenario, ProgramRun.capcheckBinary, Fixtures.root.path])
        guard result.status == 0 else {
            throw NSError(
                domain: "watch-testbed", code: Int(result.status),
                userInfo: [NSLocalizedDescriptionKey: result.stderr])
        }
        return try JSONDecoder().decode(Run.self, from: Data(result.stdout.utf8))
    }

    /// A line with its `time` value checked (ISO 8601 UTC, milliseconds) and replaced by `T`.
    static func withoutTime(_ line: String) -> String {
        line.replacingOccurrences(
            of: #""time":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z""#, with: #""time":"T""#,
            options: .regularExpression)
    }

    /// The first line as it must read on this machine (udevd running or not).
    static func sourceLine(_ watching: String) -> String {
        let source = EventSource.detect()
        return
            #"{"kind":"source","note":"\#(source.note)","source":"\#(source.rawValue)","time":"T","watching":[\#(watching)]}"#
    }
}

@Suite(.serialized, .enabled(if: WatchTestbed.isAvailable)) struct WatchTestbedTests {
    /// Each scenario's exact lines (the first names the source and is not counted):
    /// - battery: 80 % discharging, capacity 79 % without a uevent (seen by the poll), then
    ///   charging, then full; ends by `--count 4`.
    /// - proximity-iio: `in_proximity_raw` above then below the near level; `--count 2`.
    /// - proximity-switch: the recorded EVIOCGSW replies alternate far (baseline), near, far.
    /// - devices: add, change, remove uevents of a USB device; ends by SIGINT.
    @Test(arguments: [
        (
            "battery", #""battery""#,
            [
                #"{"kind":"batteryLevelChanged","new":0.79,"old":0.8,"time":"T"}"#,
                #"{"kind":"batteryStateChanged","new":"charging","old":"unplugged","time":"T"}"#,
                #"{"kind":"batteryLevelChanged","new":1,"old":0.79,"time":"T"}"#,
                #"{"kind":"batteryStateChanged","new":"full","old":"charging","time":"T"}"#,
            ]
        ),
        (
            "proximity-iio", #""proximity""#,
            [
                #"{"kind":"proximityChanged","near":true,"time":"T"}"#,
                #"{"kind":"proximityChanged","near":false,"time":"T"}"#,
            ]
        ),
        (
            "proximity-switch", #""proximity""#,
            [
                #"{"kind":"proximityChanged","near":true,"time":"T"}"#,
                #"{"kind":"proximityChanged","near":false,"time":"T"}"#,
            ]
        ),
        (
            "devices", #""devices""#,
            [
                #"{"device":"/devices/usb2/2-1","kind":"deviceAdded","subsystem":"usb","time":"T"}"#,
                #"{"device":"/devices/usb2/2-1","kind":"deviceChanged","subsystem":"usb","time":"T"}"#,
                #"{"device":"/devices/usb2/2-1","kind":"deviceRemoved","subsystem":"usb","time":"T"}"#,
            ]
        ),
    ])
    func scenarioPrintsTheSourceThenExactlyTheseEventsAndExitsZero(
        scenario: String, watching: String, events: [String]
    ) throws {
        let run = try WatchTestbed.run(scenario)
        #expect(
            run.lines.map(WatchTestbed.withoutTime) == [WatchTestbed.sourceLine(watching)] + events)
        #expect(run.status == 0)
    }

    /// A USB headset has a capture and a playback PCM, so `audio.output` changes too; only
    /// the `audio.input` lines are exact.
    @Test func usbHeadsetMakesAudioInputPresentThenAbsentAndSIGTERMExitsZero() throws {
        let run = try WatchTestbed.run("headset")
        let lines = run.lines.map(WatchTestbed.withoutTime)
        #expect(lines.first == WatchTestbed.sourceLine(#""capabilities""#))
        #expect(
            lines.filter { $0.contains(#""audio.input""#) } == [
                #"{"id":"audio.input","kind":"capabilityChanged","new":"present","old":"absent","time":"T"}"#,
                #"{"id":"audio.input","kind":"capabilityChanged","new":"absent","old":"present","time":"T"}"#,
            ])
        #expect(run.status == 0)
    }

    @Test func timeoutEndsWithExitZeroBeforeCountIsReached() throws {
        let result = try Umockdev.capcheck(
            recordings: ["umockdev/sony-xperia-mini-pro.umockdev"],
            ["watch", "--json", "--count", "5", "--timeout", "0.5"])
        #expect(result.status == 0)
        #expect(
            result.stdout.split(separator: "\n").map { WatchTestbed.withoutTime(String($0)) } == [
                WatchTestbed.sourceLine(#""battery","proximity","capabilities","devices""#)
            ])
    }

    @Test(arguments: [
        ["--count", "0"], ["--count", "x"], ["--timeout", "-1"], ["--only", "batery"], ["--only"],
        ["--only", ","],
        ["extra"],
    ])
    func badArgumentsAreUsageErrors(arguments: [String]) throws {
        let result = try ProgramRun.capcheck(["watch"] + arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("capcheck: error: "))
    }
}

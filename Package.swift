// swift-tools-version:6.0
import PackageDescription

// The seams tests reach through (a look-up counter, a watch's recorded baseline, the watch
// thread's descriptors) exist in debug builds only, as swift-system's ENABLE_MOCKING does.
let testHooks: [SwiftSetting] = [.define("CAPCHECK_TEST_HOOKS", .when(configuration: .debug))]

let package = Package(
    name: "capcheck",
    products: [
        .library(name: "CapabilityProbe", targets: ["CapabilityProbe"]),
        .executable(name: "capcheck", targets: ["capcheck"]),
    ],
    targets: [
        .systemLibrary(
            name: "CUdev",
            pkgConfig: "libudev",
            providers: [.apt(["libudev-dev"])]
        ),
        .systemLibrary(
            name: "CPCI",
            pkgConfig: "libpci",
            providers: [.apt(["libpci-dev"])]
        ),
        // libzip's ABI from its headers (libzip-dev), not linked: CapabilityManifestFiles opens
        // the library with dlopen when a command first reads a built app.
        .systemLibrary(name: "CZip", providers: [.apt(["libzip-dev"])]),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // libxml2's ABI as capcheck uses it (declarations only: CapabilityXML opens the
        // library with dlopen when a command first reads XML).
        .systemLibrary(name: "CXML2"),
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        .systemLibrary(name: "CSyscalls"),
        // sd-bus (libsystemd): the system D-Bus, to ask ModemManager about modems. Headers
        // (libsystemd-dev) only: CapabilityLive opens the library with dlopen when it asks.
        .systemLibrary(name: "CSystemd", providers: [.apt(["libsystemd-dev"])]),
        // Process machinery every other target shares: errno and the EINTR retry,
        // a lock, dlopen, a parallel map, child processes, text helpers. It imports only the C
        // library and the standard modules.
        .target(name: "CapabilitySupport"),
        // The domain: device records, the capability vocabulary, facts and their decoders,
        // findings, evidence, reports. It imports no C module and no target but the support.
        .target(name: "CapabilityModel", dependencies: ["CapabilitySupport"]),
        // Bounded reading of input files (every reader's first step) and the JSON structure check.
        .target(name: "CapabilityInput", dependencies: ["CapabilitySupport", "CapabilityModel"]),
        // Recorded machines: udevadm dumps, umockdev recordings, snapshots.
        .target(
            name: "CapabilityRecordings",
            dependencies: ["CapabilitySupport", "CapabilityModel", "CapabilityInput"]),
        // The live machine: the sysfs walker, ioctls, host files, libudev (hwdb, database,
        // monitor), libpci and sd-bus (ModemManager). It links libudev and libpci; the other
        // C libraries linked are zlib (CapabilityManifestFiles) and libyaml (CapabilityYAML).
        .target(
            name: "CapabilityLive",
            dependencies: [
                "CapabilitySupport", "CapabilityModel", "CUdev", "CPCI", "CSyscalls", "CSystemd",
            ]
        ),
        // Pure probers: records in, findings out.
        .target(
            name: "CapabilityProbing",
            dependencies: ["CapabilitySupport", "CapabilityModel"],
            swiftSettings: testHooks
        ),
        // Manifest readers (Info.plist, AndroidManifest.xml text, binary and protobuf XML,
        // AppStream XML and DEP-11 YAML, JSON: document bytes in, one Manifest out), the key
        // catalog and the checker.
        .target(
            name: "CapabilityManifest",
            dependencies: [
                "CapabilitySupport", "CapabilityModel", "CapabilityXML", "CapabilityYAML",
            ]
        ),
        // The one wrapper around libxml2: a streaming event reader (elements, attributes,
        // text, CDATA, with positions), no network, no entity substitution, no DTD loading.
        .target(name: "CapabilityXML", dependencies: ["CapabilitySupport", "CXML2"]),
        // The one wrapper around libyaml: a pull reader of events (anchors and aliases
        // refused, bounded size and depth) and documents read one at a time as node trees.
        .target(name: "CapabilityYAML", dependencies: ["CapabilitySupport", "CYAML"]),
        // Manifests from files: detection by content, built apps (zip, through libzip) and
        // gzip catalogs (zlib), handed to the readers as document bytes.
        .target(
            name: "CapabilityManifestFiles",
            dependencies: [
                "CapabilitySupport", "CapabilityModel", "CapabilityInput", "CapabilityManifest",
                "CZip", "CZlib",
            ]
        ),
        // Device x capability tables, fleets, built-in matrices.
        .target(
            name: "CapabilityMatrix",
            dependencies: [
                "CapabilitySupport", "CapabilityModel", "CapabilityInput", "CapabilityManifest",
            ]
        ),
        // Every output format.
        .target(
            name: "CapabilityRendering",
            dependencies: [
                "CapabilitySupport", "CapabilityModel", "CapabilityManifest", "CapabilityMatrix",
            ]
        ),
        // The live event stream over the same records and probers.
        .target(
            name: "CapabilityWatch",
            dependencies: [
                "CapabilitySupport", "CapabilityModel", "CapabilityProbing", "CapabilityLive",
            ],
            swiftSettings: testHooks
        ),
        // The one product a Swift user imports: re-exports the targets above and wires the
        // native codecs into manifest loading.
        .target(
            name: "CapabilityProbe",
            dependencies: [
                "CapabilitySupport", "CapabilityModel", "CapabilityInput", "CapabilityRecordings",
                "CapabilityLive",
                "CapabilityProbing", "CapabilityManifest", "CapabilityManifestFiles",
                "CapabilityMatrix",
                "CapabilityRendering", "CapabilityWatch",
            ]
        ),
        // Test doubles and hooks; only the test targets depend on it.
        .target(
            name: "CapabilityProbeTesting",
            dependencies: [
                "CapabilityProbe", "CapabilityLive", "CapabilityModel", "CapabilityWatch",
            ],
            swiftSettings: testHooks
        ),
        .executableTarget(
            name: "capcheck",
            dependencies: ["CapabilityProbe"],
            plugins: ["BuildInfoPlugin"]
        ),
        // Build-time helper: writes BuildInfo.swift (commit, library versions) for capcheck.
        .executableTarget(name: "BuildInfoTool"),
        .plugin(
            name: "BuildInfoPlugin",
            capability: .buildTool(),
            dependencies: ["BuildInfoTool"]
        ),
        // A program a Swift app can copy: probe, check a manifest, watch battery and proximity.
        .executableTarget(
            name: "capcheck-example",
            dependencies: ["CapabilityProbe"],
            path: "Examples/ProbeAndCheck"
        ),
        // The libudev enumeration printed as `list --json`: the oracle SysfsSourceTests runs.
        .executableTarget(
            name: "capcheck-libudev-list",
            dependencies: ["CapabilityProbe", "CapabilityProbeTesting"],
            path: "Tests/LibudevList"
        ),
        .testTarget(
            name: "CapabilityProbeTests",
            dependencies: ["CapabilityProbe", "CapabilityProbeTesting", "capcheck-libudev-list"]
        ),
        .testTarget(
            name: "capcheckTests",
            dependencies: ["capcheck", "CapabilityProbe", "CapabilityProbeTesting"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer harnesses (Scripts/fuzz.sh, FUZZING.md) exist only when asked for: they are
// built with `-sanitize=fuzzer`, which no other build uses, and call readers that are
// `package` API, so they are a target of this package rather than a package of their own.
if Context.environment["CAPCHECK_FUZZ"] == "1" {
    package.targets.append(
        .executableTarget(
            name: "CapcheckFuzz",
            dependencies: ["CapabilityProbe", "CapabilityXML"],
            path: "Fuzz/Sources/CapcheckFuzz"
        )
    )
}

// swift-tools-version:6.0
import PackageDescription

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
        .systemLibrary(
            name: "CZip",
            pkgConfig: "libzip",
            providers: [.apt(["libzip-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(name: "CSyscalls"),
        .target(
            name: "CapabilityProbe",
            dependencies: ["CUdev", "CPCI", "CZip", "CZlib", "CSyscalls"]
        ),
        // Test doubles and hooks; only the test targets depend on it.
        .target(name: "CapabilityProbeTesting", dependencies: ["CapabilityProbe"]),
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
        .testTarget(
            name: "CapabilityProbeTests",
            dependencies: ["CapabilityProbe", "CapabilityProbeTesting"]
        ),
        .testTarget(
            name: "capcheckTests",
            dependencies: ["capcheck", "CapabilityProbe", "CapabilityProbeTesting"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

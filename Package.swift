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
        .systemLibrary(name: "CSyscalls"),
        .target(
            name: "CapabilityProbe",
            dependencies: ["CUdev", "CPCI", "CSyscalls"]
        ),
        .executableTarget(
            name: "capcheck",
            dependencies: ["CapabilityProbe"]
        ),
        .testTarget(
            name: "CapabilityProbeTests",
            dependencies: ["CapabilityProbe"]
        ),
        .testTarget(
            name: "capcheckTests",
            dependencies: ["capcheck", "CapabilityProbe"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

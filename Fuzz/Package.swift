// swift-tools-version:6.0
// libFuzzer harnesses for capcheck's parsers: one instrumented executable, one entry point per
// parser chosen by CAPCHECK_FUZZ_TARGET. Build and run with Scripts/fuzz.sh (see FUZZING.md);
// this package is not part of `swift test`.
import PackageDescription

let package = Package(
    name: "capcheck-fuzz",
    dependencies: [.package(name: "capcheck", path: "..")],
    targets: [
        .executableTarget(
            name: "CapcheckFuzz",
            dependencies: [.product(name: "CapabilityProbe", package: "capcheck")]
        )
    ],
    swiftLanguageModes: [.v6]
)

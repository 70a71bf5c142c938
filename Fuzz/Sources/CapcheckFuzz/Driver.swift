import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// libFuzzer's driver, from `libclang_rt.fuzzer_no_main` (linked by `-sanitize=fuzzer`).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

nonisolated(unsafe) var selected: FuzzTarget?

/// SwiftPM links executables with `--defsym main=CapcheckFuzz_main`; this is that main.
@_cdecl("CapcheckFuzz_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    let name = ProcessInfo.processInfo.environment["CAPCHECK_FUZZ_TARGET"] ?? ""
    guard let target = targets.first(where: { $0.name == name }) else {
        var text = "set CAPCHECK_FUZZ_TARGET to one of:\n"
        for target in targets { text += "  \(target.name)\t\(target.summary)\n" }
        Invariant.writeError(text)
        return 64
    }
    selected = target
    var count = argc
    var arguments = argv
    return withUnsafeMutablePointer(to: &arguments) { pointer in
        pointer.withMemoryRebound(
            to: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?.self, capacity: 1
        ) {
            LLVMFuzzerRunDriver(&count, $0) { data, size in
                let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
                selected?.run(bytes)
                return 0
            }
        }
    }
}

/// libFuzzer's entry point (the full runtime references it even when the driver is called).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    selected?.run(bytes)
    return 0
}

import Foundation
import Glibc

/// The running machine's identity: DMI or device tree, host name, os-release, uname.
enum LiveMachine {
    static func identity(sysfsRoot: String) -> MachineIdentity {
        var identity = MachineIdentity()
        func read(_ path: String) -> String? {
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            let text = String(decoding: data, as: UTF8.self)
                .trimmingCharacters(
                    in: CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\0")))
            return text.isEmpty ? nil : text
        }
        let dmi = sysfsRoot + "/class/dmi/id/"
        if let vendor = read(dmi + "sys_vendor"), !MachineIdentityReader.isPlaceholder(vendor) {
            identity.vendor = vendor
        }
        if let product = read(dmi + "product_name"), !MachineIdentityReader.isPlaceholder(product) {
            identity.model = product
        }
        if let type = read(dmi + "chassis_type"), let code = Int(type) {
            identity.chassis = MachineIdentityReader.chassisName(code)
        }
        if identity.model == nil, let model = read("/proc/device-tree/model") {
            identity.model = model
        }
        var name = utsname()
        if uname(&name) == 0 {
            identity.kernel = withUnsafeBytes(of: &name.release) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            identity.arch = withUnsafeBytes(of: &name.machine) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            identity.hostname = withUnsafeBytes(of: &name.nodename) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
        }
        if let memory = MemoryTotal.live(sysfsRoot: sysfsRoot) {
            identity.memoryBytes = memory.bytes
            identity.memorySource =
                memory.source == .dmi ? "/sys/firmware/dmi/entries" : "/proc/meminfo"
        }
        identity.defaultRoute = DefaultRoute.live()
        let cpu = CPUArchitecture.live(sysfsRoot: sysfsRoot)
        if cpu.name == "arm64" { identity.runs32BitARM = cpu.runs32BitARM.value }
        for path in ["/etc/os-release", "/usr/lib/os-release"] {
            guard let text = read(path) else { continue }
            for line in text.split(separator: "\n") where line.hasPrefix("PRETTY_NAME=") {
                identity.os = String(line.dropFirst("PRETTY_NAME=".count))
                    .trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            }
            break
        }
        return identity
    }
}

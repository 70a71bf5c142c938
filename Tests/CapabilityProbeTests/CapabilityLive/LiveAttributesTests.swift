@testable import CapabilityLive
import CapabilityModel
import Testing

@Suite struct LiveAttributesTests {
    @Test func everySubsystemsTopLevelAttributesAreCopiedFromEveryDevice() {
        for subsystem in Subsystem.allCases {
            for name in subsystem.sysfsAttributes where !name.contains("/") {
                #expect(LiveAttributes.names.contains(name), "\(subsystem): \(name)")
                #expect(!LiveAttributes.nested.values.contains { $0.contains(name) })
            }
        }
    }

    @Test func attributesInASubdirectoryAreReadOnlyForTheirSubsystem() {
        #expect(Array(LiveAttributes.nested.keys) == [.input])
        #expect(LiveAttributes.nested[.input]?.contains("capabilities/ev") == true)
        #expect(LiveAttributes.nested[.input]?.contains("id/bustype") == true)
        #expect(LiveAttributes.names.allSatisfy { !$0.contains("/") })
    }

    @Test func theGenericAndDMIAttributesStayWithoutASubsystem() {
        for name in ["modalias", "name", "product_name", "chassis_type"] {
            #expect(LiveAttributes.names.contains(name))
            #expect(!Subsystem.allCases.contains { $0.sysfsAttributes.contains(name) })
        }
    }
}

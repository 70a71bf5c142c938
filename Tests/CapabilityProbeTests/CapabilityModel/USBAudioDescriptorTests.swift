import Testing

@testable import CapabilityProbe
@testable import CapabilityModel

/// The directions of a USB audio function, from its raw descriptors.
@Suite struct USBAudioDescriptorTests {
    /// An interface descriptor (class 1 subclass 2 = audio streaming, or another class).
    static func interface(_ number: UInt8, audioStreaming: Bool) -> [UInt8] {
        [9, 4, number, 1, 1, audioStreaming ? 1 : 3, audioStreaming ? 2 : 0, 0, 0]
    }

    /// An endpoint descriptor with an address and bmAttributes.
    static func endpoint(_ address: UInt8, attributes: UInt8 = 0x05) -> [UInt8] {
        [7, 5, address, attributes, 0xC8, 0x00, 1]
    }

    @Test func inAndOutStreamingEndpointsAreCaptureAndPlayback() {
        let bytes =
            [UInt8](repeating: 0, count: 0) + [18, 1] + [UInt8](repeating: 0, count: 16)
            + Self.interface(1, audioStreaming: true) + Self.endpoint(0x01)
            + Self.interface(2, audioStreaming: true) + Self.endpoint(0x82)
        let streams = USBAudioDescriptors(bytes)
        #expect(streams?.capture == true)
        #expect(streams?.playback == true)
    }

    @Test func feedbackEndpointIsNotCapture() {
        // Asynchronous playback: an OUT data endpoint and an IN feedback endpoint (usage 01).
        let bytes =
            Self.interface(1, audioStreaming: true) + Self.endpoint(0x01)
            + Self.endpoint(0x81, attributes: 0x11)
        let streams = USBAudioDescriptors(bytes)
        #expect(streams?.capture == false)
        #expect(streams?.playback == true)
    }

    @Test func endpointsOfOtherInterfacesAndTruncatedBytesDecideNothing() {
        #expect(
            USBAudioDescriptors(Self.interface(3, audioStreaming: false) + Self.endpoint(0x83))
                == nil)
        #expect(USBAudioDescriptors([9, 4, 1]) == nil)
        #expect(USBAudioDescriptors([0, 0, 0]) == nil)
    }
}

/// Which ways a USB audio function streams, read from the device's raw `descriptors` sysfs
/// attribute (the device descriptor followed by the configuration with its interface and
/// endpoint descriptors, as the USB 2.0 specification §9.6 lays them out).
///
/// An audio-streaming interface (class 1, subclass 2) moves its data through one endpoint:
/// IN (address bit 7 set) is capture, OUT is playback. Isochronous feedback endpoints (usage
/// type 01) carry clock information, not sound, and are skipped.
package struct USBAudioDescriptors: Sendable, Equatable {
    /// Some streaming interface captures (an IN data endpoint).
    package var capture: Bool
    /// Some streaming interface plays (an OUT data endpoint).
    package var playback: Bool

    /// Decodes the directions, or `nil` when the bytes hold no audio-streaming endpoint.
    /// - Parameter bytes: The `descriptors` attribute.
    package init?(_ bytes: [UInt8]) {
        var capture = false
        var playback = false
        var inStreaming = false
        var offset = 0
        while offset + 2 <= bytes.count {
            let length = Int(bytes[offset])
            guard length >= 2, offset + length <= bytes.count else { break }
            switch bytes[offset + 1] {
            case 4 where length >= 9:  // interface
                inStreaming = bytes[offset + 5] == 1 && bytes[offset + 6] == 2
            case 5 where length >= 7 && inStreaming:  // endpoint
                let address = bytes[offset + 2]
                let attributes = bytes[offset + 3]
                let isochronous = attributes & 0x03 == 0x01
                let feedback = (attributes >> 4) & 0x03 == 0x01
                if !(isochronous && feedback) {
                    if address & 0x80 != 0 { capture = true } else { playback = true }
                }
            default:
                break
            }
            offset += length
        }
        guard capture || playback else { return nil }
        self.capture = capture
        self.playback = playback
    }
}

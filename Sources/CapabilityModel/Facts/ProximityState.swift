/// Near/far from an IIO proximity sensor or an input proximity switch.
///
/// IIO: `in_proximity_raw` (or `in_proximity0_raw`) compared with the near level — udev
/// `PROXIMITY_NEAR_LEVEL` (hwdb), else sysfs `in_proximity_nearlevel`, with
/// iio-sensor-proxy's watermarks (`drv-iio-poll-proximity.c`): above 1.1 × level is near,
/// below 0.9 × level is far; in between it keeps its last state, which a single reading
/// cannot know, so that band is unknown. Without a level the state is unknown too: raw
/// counts mean nothing on their own. Input: `SW_FRONT_PROXIMITY` from
/// ``KernelFacts/evdev``.
package enum ProximityState {
    /// Near/far of an IIO proximity record.
    /// - Parameter device: The IIO record.
    /// - Returns: `true` when near, or `unknown` with the reason.
    package static func near(iio device: Device) -> KernelProbeResult<Bool> {
        guard
            let rawText = device.attribute("in_proximity_raw")
                ?? device.attribute("in_proximity0_raw")
        else {
            return .unknown(reason: "\(device.sysname): in_proximity_raw not recorded")
        }
        guard let raw = Double(rawText) else {
            return .unknown(reason: "\(device.sysname): in_proximity_raw is not a number")
        }
        let levelText =
            device.property("PROXIMITY_NEAR_LEVEL") ?? device.attribute("in_proximity_nearlevel")
        guard let level = levelText.flatMap({ CheckedNumber.finite($0) }), level > 0 else {
            return .unknown(
                reason:
                    "\(device.sysname): no near level (PROXIMITY_NEAR_LEVEL or in_proximity_nearlevel)"
            )
        }
        if raw > level * 1.1 { return .value(true) }
        if raw < level * 0.9 { return .value(false) }
        return .unknown(
            reason:
                "\(device.sysname): raw \(rawText) is within 10 % of the near level \(CheckedNumber.formatted(level))"
        )
    }

    /// Near/far of an input event record with a proximity switch.
    /// - Parameter device: The `eventN` record.
    /// - Returns: `true` when near, or `unknown` with the reason.
    package static func near(input device: Device) -> KernelProbeResult<Bool> {
        EvdevFacts.near(from: device.facts.evdev)
    }
}

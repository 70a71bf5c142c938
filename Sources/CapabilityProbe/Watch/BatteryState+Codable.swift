/// Watch events carry the state as its raw value (`unknown`, `unplugged`, `charging`, `full`).
extension BatteryState: Codable {}

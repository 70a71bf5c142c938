/// Something that yields the device records of one machine.
///
/// Implementations: `SysfsDeviceSource` (live), `UdevadmDumpSource`,
/// `UmockdevRecordingSource` and `SnapshotDeviceSource` (recorded).
public protocol DeviceSource {
    /// Reads every device record.
    /// - Returns: The inventory, devices sorted by id.
    /// - Throws: ``SourceError`` when the input cannot be read or parsed.
    func inventory() throws(SourceError) -> DeviceInventory
}

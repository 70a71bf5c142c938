/// The default, ordered list of probers.
public enum Probers {
    /// Every prober capcheck runs, in a fixed order.
    public static let all: [any CapabilityProber] = [
        CameraProber(),
        AudioProber(),
        WiFiProber(),
        BluetoothProber(),
        CellularProber(),
        NFCProber(),
        LocationProber(),
        SensorProber(),
        TouchscreenProber(),
        PointerProber(),
        InputControlProber(),
        VibrationProber(),
        GPUProber(),
        DisplayProber(),
        BatteryProber(),
        CPUArchProber(),
        MemoryProber(),
    ]
}

/// What a device's OpenGL ES level guarantees of the texture compression formats a
/// `<supports-gl-texture>` names, by Android's Compatibility Definition Document: ETC1 with
/// OpenGL ES 2.0, ETC2/EAC with 3.0, ASTC with 3.2 or the Android Extension Pack
/// (`android.hardware.opengles.aep`). Any other format (S3TC, ATC, PVRTC, 3DC, paletted)
/// depends on the GPU, which no catalog lists.
enum TextureFormat {
    /// Whether the level guarantees the format.
    /// - Parameters:
    ///   - name: The format as the manifest names it (`GL_OES_compressed_ETC1_RGB8_texture`).
    ///   - glES: The device's OpenGL ES version (`0x00030002`).
    ///   - aep: Whether the device declares the Android Extension Pack.
    /// - Returns: True when guaranteed; false when only the GPU could tell.
    static func guaranteed(_ name: String, glES: Int, aep: Bool) -> Bool {
        let lower = name.lowercased()
        if lower.contains("etc1") { return glES >= 0x0002_0000 }
        if lower.contains("etc2") || lower.contains("_eac") { return glES >= 0x0003_0000 }
        if lower.contains("astc") { return glES >= 0x0003_0002 || aep }
        return false
    }

    /// The guaranteed formats in words (`ETC1 and ETC2/EAC`).
    static func guaranteedNames(glES: Int, aep: Bool) -> String {
        var names: [String] = []
        if glES >= 0x0002_0000 { names.append("ETC1") }
        if glES >= 0x0003_0000 { names.append("ETC2/EAC") }
        if glES >= 0x0003_0002 || aep { names.append("ASTC") }
        switch names.count {
        case 0: return "no compressed format"
        case 1: return names[0]
        default: return names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
        }
    }
}

import Foundation
import CapabilitySupport
import Testing

@testable import CapabilityProbe
@testable import CapabilityModel

@Suite struct KernelEDIDTests {
    struct Expected: Sendable, CustomStringConvertible {
        var file: String
        var vendor: String
        var product: Int
        var name: String?
        var sizeMM: [Int]?
        var dpi: [Double]?
        var scale: Int
        var native: String
        var blocks: Int
        var description: String { file }
    }

    static let table: [Expected] = [
        Expected(
            file: "BOE05DF-042BEAC195EB", vendor: "BOE", product: 1503, name: nil,
            sizeMM: [293, 165],
            dpi: [118.4, 118.2], scale: 1, native: "1366x768@60", blocks: 1),
        Expected(
            file: "SHP144A-87F8147E2B7B", vendor: "SHP", product: 5194, name: nil,
            sizeMM: [294, 165],
            dpi: [276.5, 277.1], scale: 2, native: "3200x1800@60", blocks: 1),
        Expected(
            file: "AOC2702-0DF33EBAD1CF", vendor: "AOC", product: 9986, name: "U27P2G6B",
            sizeMM: [597, 336],
            dpi: [163.4, 163.3], scale: 1, native: "3840x2160@60", blocks: 2),
        Expected(
            file: "GSM0001-0A4CAEAB0481", vendor: "GSM", product: 1, name: "LG TV", sizeMM: nil,
            dpi: nil,
            scale: 1, native: "1920x1080@60", blocks: 2),
        Expected(
            file: "ACR1320-267550657FD2", vendor: "ACR", product: 4896, name: "P1320W", sizeMM: nil,
            dpi: nil,
            scale: 1, native: "1280x800@60", blocks: 2),
        Expected(
            file: "AYA0101-44B28FEE3FC1", vendor: "AYA", product: 257, name: "AYANEOWXGA",
            sizeMM: [94, 151],
            dpi: [216.2, 215.3], scale: 2, native: "800x1280@60", blocks: 2),
        Expected(
            file: "SAM0F99-CCE8D83F3288", vendor: "SAM", product: 3993, name: "C49RG9x",
            sizeMM: [1193, 336],
            dpi: [109.0, 108.9], scale: 1, native: "5120x1440@60", blocks: 4),
    ]

    static func edid(_ file: String) throws -> EDID {
        try EDID(bytes: EDIDHexText.bytes(from: Fixtures.text("edid/\(file).txt")))
    }

    @Test(arguments: table)
    func decodesEverySharedEDID(expected: Expected) throws {
        let edid = try Self.edid(expected.file)
        #expect(edid.vendor == expected.vendor)
        #expect(edid.productCode == expected.product)
        #expect(edid.name == expected.name)
        #expect(edid.isDigital)
        #expect(edid.blockCount == expected.blocks)
        #expect(edid.checksumsAreValid)
        #expect(edid.nativeMode?.mode == expected.native)
        let scale = try #require(DisplayScale.rule(edid: edid))
        #expect(scale.scale == expected.scale, "\(scale.reason)")
        if let sizeMM = expected.sizeMM {
            #expect(scale.size.map { [$0.widthMM, $0.heightMM] } == sizeMM)
        } else {
            #expect(scale.size == nil)
            #expect(scale.reason.contains("not real") || scale.reason.contains("lines"))
        }
        if let dpi = expected.dpi {
            let x = try #require(scale.dpiX)
            let y = try #require(scale.dpiY)
            #expect(abs(x - dpi[0]) < 0.05 && abs(y - dpi[1]) < 0.05, "\(x) \(y)")
        } else {
            #expect(scale.dpi == nil)
        }
    }

    @Test func readsOnlyTheBlocksTheHeaderAnnounces() throws {
        let bytes = try EDIDHexText.bytes(from: Fixtures.text("edid/AOC2702-0DF33EBAD1CF.txt"))
        #expect(bytes.count == 512)
        let edid = try EDID(bytes: bytes)
        #expect(edid.extensionCount == 1)
        #expect(edid.blockCount == 2)
        #expect(edid.ctaTimings.first?.mode == "3840x2160@30")
    }

    @Test func findsTheNativeModeOnlyInTheDisplayIDBlock() throws {
        let edid = try Self.edid("SAM0F99-CCE8D83F3288")
        #expect(edid.baseTimings.first?.mode == "3840x1080@60")
        #expect(edid.displayIDTimings.map(\.mode) == ["5120x1440@60", "5120x1440@30"])
        #expect(edid.displayIDTimings.first?.preferred == true)
        #expect(edid.displayIDTimings.first?.pixelClockKHz == 469_000)
    }

    @Test func reportsTheAspectRatioStoredAsSizeAsNotReal() throws {
        let edid = try Self.edid("GSM0001-0A4CAEAB0481")
        #expect(edid.widthCM == 160 && edid.heightCM == 90)
        let size = DisplayPhysicalSize.resolve(edid: edid)
        #expect(size.value == nil)
        #expect(size.reason?.contains("aspect ratio 160×90") == true)
    }

    @Test func reportsTheProjectorSizeAsUnknown() throws {
        let size = DisplayPhysicalSize.resolve(edid: try Self.edid("ACR1320-267550657FD2"))
        #expect(size.reason?.contains("0×0") == true)
    }

    @Test func rejectsACorruptChecksumWithoutFailing() throws {
        var bytes = try EDIDHexText.bytes(from: Fixtures.text("edid/BOE05DF-042BEAC195EB.txt"))
        bytes[100] &+= 1
        let edid = try EDID(bytes: bytes)
        #expect(edid.checksumsValid == [false])
        #expect(edid.vendor == "BOE")
    }

    @Test func refusesBytesThatAreNotAnEDID() {
        #expect(throws: InputProblem.edidTooShort(count: 4)) { try EDID(bytes: [0, 1, 2, 3]) }
        #expect(throws: InputProblem.edidBadHeader) {
            try EDID(bytes: [UInt8](repeating: 0, count: 128))
        }
    }

    @Test func swapsMillimetresThatDisagreeWithThePixelOrientation() {
        // A portrait-native 800×1280 handheld panel whose EDID stores landscape mm.
        let size = DisplayPhysicalSize.resolve(
            timingMM: (151, 94), baseCM: (15, 9), pixels: (800, 1280))
        #expect(size.value == DisplayPhysicalSize(widthMM: 94, heightMM: 151, swapped: true))
        let scale = DisplayScale.rule(width: 800, height: 1280, size: size)
        #expect(scale.scale == 2)
    }

    @Test(arguments: [
        // width, height, mm w, mm h, connector, expected scale
        (1920, 1080, 344, 194, "eDP", 1),  // 1080p laptop
        (2560, 1600, 286, 179, "eDP", 2),  // 13" Retina-class panel, 227 DPI
        (1440, 3120, 68, 147, "DSI", 3),  // phone, ~538 DPI
        (3840, 2160, 1209, 680, "HDMI-A", 1),  // 4K TV on HDMI: mutter's rule
        (3840, 2160, 597, 336, "DP", 1),  // 27" 4K monitor, 163 DPI
        (3840, 2400, 331, 207, "eDP", 2),  // 15.6" 4K+ laptop, 295 DPI
    ])
    func appliesTheDocumentedScaleRule(
        width: Int, height: Int, widthMM: Int, heightMM: Int, connector: String, expected: Int
    ) {
        let size = DisplayPhysicalSize.resolve(
            timingMM: (widthMM, heightMM), baseCM: (0, 0), pixels: (width, height))
        let scale = DisplayScale.rule(
            width: width, height: height, size: size, connector: connector)
        #expect(scale.scale == expected, "\(scale.reason)")
        #expect(scale.mutterScale == min(expected, 2) || connector.hasPrefix("HDMI"))
    }

    @Test func leavesTheScaleUnknownWhenTheSizeMattersAndIsNotReal() {
        let size = DisplayPhysicalSize.resolve(
            timingMM: (160, 90), baseCM: (160, 90), pixels: (2560, 1440))
        let scale = DisplayScale.rule(width: 2560, height: 1440, size: size, connector: "DP")
        #expect(scale.scale == nil)
        #expect(scale.mutterScale == 1)
        #expect(scale.dpi == nil)
        #expect(scale.reason.contains("not real"))
    }

    @Test(
        arguments: [
            ("card0-HDMI-A-1", "HDMI-A"), ("card1-eDP-1", "eDP"), ("card0-DP-3", "DP"),
            ("card0-DSI-1", "DSI"),
            ("renderD128", nil),
        ] as [(String, String?)])
    func namesTheConnectorType(name: String, expected: String?) {
        #expect(DisplayScale.connectorType(ofConnectorNamed: name) == expected)
    }
}

import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityManifestFiles
@testable import CapabilityMatrix
@testable import CapabilityModel

@Suite struct BuiltinMatrixTests {
    static func evaluator(_ file: String) throws -> ManifestRowEvaluator {
        ManifestRowEvaluator(
            manifest: try ManifestLoader.load(path: Fixtures.path("matrix/\(file)")))
    }

    static func eligible(_ manifest: String) throws -> [String] {
        let result = MatrixFilter.evaluate(
            try BuiltinMatrices.load("ios-2011"), with: try evaluator(manifest))
        return result.rows.filter { $0.verdict == .eligible }.map(\.name)
    }

    @Test(arguments: ["seed-device-matrix.csv", "seed-camera-table.csv"])
    func embeddedTablesEqualTheFixtureFiles(file: String) throws {
        let embedded = try #require(BuiltinMatrices.embeddedText(file))
        #expect(Data(embedded.utf8) == (try Fixtures.data("data/\(file)")))
    }

    @Test func listsTheSeedMatrixAndBothCatalogs() {
        #expect(BuiltinMatrices.all.map(\.name) == ["android", "apple", "ios-2011"])
        #expect(BuiltinMatrices.rowCount("ios-2011") == 12)
        #expect(
            throws: MatrixError.unknownBuiltin(
                name: "ios-2012", known: ["android", "apple", "ios-2011"])
        ) {
            try BuiltinMatrices.load("ios-2012")
        }
    }

    @Test func keepsTheProvenanceOfBothSeedTables() throws {
        let matrix = try BuiltinMatrices.load("ios-2011")
        #expect(matrix.source == "builtin:ios-2011")
        #expect(matrix.provenance.count == 4)
        #expect(matrix.provenance[0].contains("Table 1-1"))
        #expect(matrix.provenance[2].contains("Table 2-1"))
        #expect(matrix.rows.count == 12)
    }

    @Test func joinsCameraRowsByNameAndByFamily() throws {
        let matrix = try BuiltinMatrices.load("ios-2011")
        let builder = MatrixReportBuilder(matrix: matrix)
        func report(_ name: String) throws -> CapabilityReport {
            builder.report(for: try #require(matrix.rows.first { $0.name == name }))
        }
        // "iPad 2" camera rows reach both iPad 2 variants through the Family column.
        for name in ["iPad 2 WiFi", "iPad 2 3G"] {
            let ipad = try report(name)
            #expect(ipad.finding("camera.front")?.status == .present)
            #expect(ipad.finding("camera.back")?.status == .present)
            #expect(ipad.finding("camera.autofocus")?.status == .absent)
            #expect(ipad.finding("camera.any")?.details["megapixels"] == .double(1.4))
            #expect(
                ipad.finding("camera.video")?.details["modes"]
                    == .array(["1280x720@30", "640x480@30"]))
        }
        let iphone4 = try report("iPhone 4")
        #expect(iphone4.finding("camera.flash")?.status == .present)
        #expect(iphone4.finding("camera.autofocus")?.status == .present)
        #expect(iphone4.finding("camera.any")?.details["megapixels"] == .double(5.0))
        #expect(
            iphone4.finding("camera.video")?.details["modes"]
                == .array(["1280x720@30", "640x360@30"]))
        let original = try report("iPhone (Original)")
        #expect(original.finding("camera.front")?.status == .absent)
        #expect(original.finding("camera.video")?.details["modes"] == nil)
        // No camera rows and Camera = no: every camera sub-capability is absent by implication.
        let ipod1 = try report("iPod touch (1st Gen)")
        #expect(ipod1.finding("camera.front")?.status == .absent)
        #expect(ipod1.finding("camera.any")?.details["megapixels"] == nil)
    }

    @Test func gyroscopeAndGPSAdmitExactlyIPhone4AndIPad23G() throws {
        #expect(try Self.eligible("gyroscope-gps.plist") == ["iPhone 4", "iPad 2 3G"])
    }

    @Test func frontFacingCameraAdmitsTheFourModelsWithOne() throws {
        #expect(
            try Self.eligible("front-facing-camera.plist") == [
                "iPhone 4", "iPod touch (4th Gen)", "iPad 2 WiFi", "iPad 2 3G",
            ])
    }

    @Test func videoCameraAdmitsTheModelsWithVideo() throws {
        #expect(
            try Self.eligible("video-camera.plist") == [
                "iPhone 3GS", "iPhone 4", "iPod touch (4th Gen)", "iPad 2 WiFi", "iPad 2 3G",
            ])
    }

    @Test func numericPredicatesReadTheCameraTable() throws {
        #expect(try Self.eligible("camera-5mp.json") == ["iPhone 4"])
    }

    @Test func namesTheFailingKeysInPlaysWords() throws {
        let result = MatrixFilter.evaluate(
            try BuiltinMatrices.load("ios-2011"), with: try Self.evaluator("gyroscope-gps.plist"))
        let ipod4 = try #require(result.rows.first { $0.name == "iPod touch (4th Gen)" })
        #expect(ipod4.verdict == .excluded)
        #expect(ipod4.failing.map(\.playWording) == ["doesn't support required feature: gps"])
        #expect(ipod4.failing.first?.capability == "location.gnss")
    }

    @Test func summarisesEachFamily() throws {
        let result = MatrixFilter.evaluate(
            try BuiltinMatrices.load("ios-2011"),
            with: try Self.evaluator("front-facing-camera.plist"))
        #expect(
            result.families.map(\.sentence) == [
                "iPhone: 1 of 4 eligible (3 excluded)", "iPod touch: 1 of 4 eligible (3 excluded)",
                "iPad: 0 of 2 eligible (2 excluded)", "iPad 2: 2 of 2 eligible",
            ])
        #expect(result.totals.eligible == 4)
    }
}

import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityManifestFiles
@testable import CapabilityMatrix
@testable import CapabilityModel
@testable import CapabilityRendering

@Suite struct MatrixDiffTests {
    static func evaluator(_ file: String) throws -> ManifestRowEvaluator {
        ManifestRowEvaluator(
            manifest: try ManifestLoader.load(path: Fixtures.path("matrix/\(file)")))
    }

    @Test func addingGPSLosesTheRowsWithoutGPSAndNamesTheKey() throws {
        let diff = MatrixDiff.compare(
            try BuiltinMatrices.load("ios-2011"), old: try Self.evaluator("gyroscope.plist"),
            new: try Self.evaluator("gyroscope-gps.plist"), oldPath: "old.plist",
            newPath: "new.plist")
        #expect(diff.rows(.lost).map(\.name) == ["iPod touch (4th Gen)", "iPad 2 WiFi"])
        #expect(diff.rows(.lost).allSatisfy { $0.keys.map(\.key) == ["gps"] })
        #expect(diff.rows(.gained).isEmpty)
        #expect((diff.oldEligible, diff.newEligible, diff.total) == (4, 2, 12))
        let text = MatrixDiffRenderer.text(diff)
        #expect(text.contains("  - iPod touch (4th Gen)  doesn't support required feature: gps"))
        #expect(text.contains("Note: App Store Connect rejects an update"))
    }

    @Test func droppingGPSGainsTheSameRows() throws {
        let diff = MatrixDiff.compare(
            try BuiltinMatrices.load("ios-2011"), old: try Self.evaluator("gyroscope-gps.plist"),
            new: try Self.evaluator("gyroscope.plist"), oldPath: "old.plist", newPath: "new.plist")
        #expect(diff.rows(.gained).map(\.name) == ["iPod touch (4th Gen)", "iPad 2 WiFi"])
        #expect(diff.rows(.lost).isEmpty)
        #expect(MatrixDiffRenderer.because(diff.rows(.gained)[0]) == "no longer requires: gps")
        #expect(!MatrixDiffRenderer.text(diff).contains("Note:"))
    }

    @Test func anUnknownCellMakesALossUncertain() throws {
        let matrix = try MatrixParser.parse(
            text: "Device,GPS,Gyroscope\nA,,yes\nB,no,yes\n", path: "t.csv")
        let diff = MatrixDiff.compare(
            matrix, old: try Self.evaluator("gyroscope.plist"),
            new: try Self.evaluator("gyroscope-gps.plist"),
            oldPath: "old", newPath: "new")
        #expect(diff.changes.map(\.change) == [.mayBeLost, .lost])
        #expect(diff.changes[0].keys.map(\.key) == ["gps"])
    }

    @Test(arguments: [
        (RowVerdict.excluded, RowVerdict.eligible, MatrixChange?.some(.gained)),
        (.eligible, .excluded, .lost), (.eligible, .undecided, .mayBeLost),
        (.undecided, .excluded, .mayBeLost),
        (.undecided, .eligible, .mayBeGained), (.excluded, .undecided, .mayBeGained),
        (.eligible, .eligible, nil),
        (.excluded, .excluded, nil), (.undecided, .undecided, nil),
    ])
    func classifiesEveryVerdictMove(old: RowVerdict, new: RowVerdict, change: MatrixChange?) {
        #expect(MatrixChange.between(old, new) == change)
    }
}

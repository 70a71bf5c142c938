import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityManifestFiles
@testable import CapabilityMatrix
@testable import CapabilityModel
@testable import CapabilityRendering

/// Rows share an evaluation when they give the manifest's ids equal findings: the shared
/// result must be what every row gives on its own, and the number of evaluations must not
/// grow with the rows.
@Suite struct RowSignatureTests {
    /// Counts the reports it checks (a class: the evaluator is passed by value).
    final class Counter: @unchecked Sendable {
        var reports = 0
    }

    /// The manifest check, counting its calls.
    struct CountingEvaluator: RowEvaluator {
        let inner: ManifestRowEvaluator
        let counter: Counter
        var capabilityIDs: Set<CapabilityID>? { inner.capabilityIDs }
        func evaluate(_ report: CapabilityReport) -> RowEvaluation {
            counter.reports += 1
            return inner.evaluate(report)
        }
    }

    static let columns = [
        "camera.any", "camera.front", "camera.back", "camera.autofocus", "camera.flash",
        "camera.video", "cellular", "cellular.sms", "location.any", "location.gnss",
        "bluetooth", "bluetooth.le", "sensor.gyroscope", "nfc", "audio.input", "display",
    ]

    /// A table of random cells (a fixed generator, so every run reads the same table) over
    /// parents, sub-capabilities and value columns.
    static func table(rows: Int) -> String {
        var state: UInt64 = 2011
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let cells = ["yes", "no", ""]
        let megapixels = ["", "0.3", "5.0", "8"]
        let modes = ["", "720p at 30fps", "VGA at 30fps"]
        var text =
            "Device,Family," + columns.joined(separator: ",") + ",StillMegapixels,VideoMode\n"
        for row in 0..<rows {
            let line = columns.map { _ in cells[next(3)] }.joined(separator: ",")
            text += "R\(row),F\(row % 7),\(line),\(megapixels[next(4)]),\(modes[next(3)])\n"
        }
        return text
    }

    static let manifests = [
        #"{"version": 1, "require": ["camera.megapixels >= 5", "sensor.gyroscope"], "forbid": ["cellular"]}"#,
        #"{"version": 1, "require": ["camera.front", "camera.video >= 1280x720@30", "location.any"], "forbid": ["cellular.sms"]}"#,
        #"{"version": 1, "require": ["camera.video", "bluetooth.le"], "forbid": ["camera.any", "nfc"], "optional": ["camera.flash"]}"#,
        #"{"version": 1, "require": ["camera.any", "camera.back", "location.gnss", "audio.input", "display"]}"#,
    ]

    static func evaluator(_ json: String) throws -> ManifestRowEvaluator {
        ManifestRowEvaluator(
            manifest: try ManifestLoader.load(data: Data(json.utf8), path: "m.json"))
    }

    @Test(arguments: manifests)
    func sharedEvaluationsEqualEachRowOnItsOwn(_ json: String) throws {
        let matrix = try MatrixParser.parse(text: Self.table(rows: 1500), path: "t.csv")
        let evaluator = try Self.evaluator(json)
        let shared = MatrixFilter.evaluate(matrix, with: evaluator, manifest: "m.json")
        #expect(shared == MatrixFilter.evaluateEachRow(matrix, with: evaluator, manifest: "m.json"))
        #expect(MatrixRenderer.text(shared).utf8.count > 0)
    }

    @Test func evaluationsDoNotGrowWithTheRows() throws {
        let evaluator = try Self.evaluator(Self.manifests[0])
        var counts: [Int] = []
        for rows in [2000, 8000] {
            let matrix = try MatrixParser.parse(text: Self.table(rows: rows), path: "t.csv")
            let counter = Counter()
            _ = MatrixFilter.evaluate(
                matrix, with: CountingEvaluator(inner: evaluator, counter: counter))
            counts.append(counter.reports)
        }
        // The manifest reads four ids and one value: megapixels (4 texts) × gyroscope (yes,
        // no, blank) × cellular (also implied by cellular.sms) × camera.any (also implied by
        // each of its 6 sub-capabilities) bound the evaluations however many rows there
        // are; the raw cells of the reachable columns (camera and cellular groups) would not.
        let bound = 4 * 3 * 4 * 9
        #expect(counts.allSatisfy { $0 <= bound })
        #expect(counts[1] < 2 * counts[0])
    }

    @Test func anEvaluatorThatMayReadAnythingSeesEveryColumn() throws {
        struct ReadsAll: RowEvaluator {
            func evaluate(_ report: CapabilityReport) -> RowEvaluation {
                let present = report.capabilities.filter { $0.status == .present }
                return RowEvaluation(
                    failing: present.count % 2 == 0
                        ? [] : [RowIssue(key: "odd", capability: nil, reason: "odd")],
                    unknown: [])
            }
        }
        let matrix = try MatrixParser.parse(text: Self.table(rows: 500), path: "t.csv")
        #expect(
            MatrixFilter.evaluate(matrix, with: ReadsAll())
                == MatrixFilter.evaluateEachRow(matrix, with: ReadsAll()))
    }
}

import CapabilityProbe
import Foundation
import Testing

@testable import CapabilityMatrix
@testable import CapabilityRendering

/// A catalog's page answers first and carries one script, allowed by its hash: the hash is
/// the SHA-256 of the script as python3's hashlib computes it, so an edit to the script that
/// forgets the hash fails here (a browser would refuse to run it).
struct RowFilterScriptTests {
    @Test func theHashInThePolicyIsTheScriptsSHA256() throws {
        let run = try Aapt.run([
            "/usr/bin/python3", "-c",
            "import base64,hashlib,sys; print('sha256-' + base64.b64encode(hashlib.sha256(sys.argv[1].encode()).digest()).decode())",
            RowFilterScript.source,
        ])
        try #require(run.status == 0)
        #expect(run.text.trimmingCharacters(in: .whitespacesAndNewlines) == RowFilterScript.hash)
    }

    @Test func aCatalogPageAnswersFirstAndFoldsItsSources() throws {
        let catalog = try #require(try BuiltinMatrices.catalog("apple"))
        var manifest = Manifest(path: "app.plist", kind: .plist, requirements: [])
        manifest.store.appleKeys = [.init(key: "nfc", required: true)]
        manifest.store.deviceFamilies = [1]
        let page = MatrixDocumentRenderer.html(try catalog.evaluate(manifest, path: "app.plist"))
        let answer = try #require(page.range(of: "<p class=\"answer\">"))
        let sources = try #require(page.range(of: "<details><summary>Sources</summary>"))
        let rows = try #require(page.range(of: "<table id=\"rows\">"))
        #expect(answer.lowerBound < rows.lowerBound && rows.lowerBound < sources.lowerBound)
        #expect(page.contains("script-src '\(RowFilterScript.hash)'"))
        #expect(page.contains(RowFilterScript.element))
        #expect(page.contains("<code>nfc</code>: "))
        #expect(page.components(separatedBy: "<script>").count == 2)
    }

    @Test func aTablePageRunsNoScript() throws {
        let matrix = try BuiltinMatrices.load("ios-2011")
        let manifest = Manifest(path: "m.json", kind: .json, requirements: [])
        let page = MatrixDocumentRenderer.html(
            MatrixFilter.evaluate(
                matrix, with: ManifestRowEvaluator(manifest: manifest), manifest: nil))
        #expect(!page.contains("<script"))
        #expect(page.contains("content=\"default-src 'none'; style-src 'unsafe-inline'\""))
    }
}

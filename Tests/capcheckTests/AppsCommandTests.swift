import CapabilityProbe
import CapabilityProbeTesting
import Foundation
import Testing

@testable import capcheck

/// `capcheck apps`: the installed catalogs of a root (here the hand-made Debian-like tree in
/// `Fixtures/catalog-roots/`, whose files are copies of `Fixtures/appstream/`) in one summary.
@Suite struct AppsCommandTests {
    let root = CLI.fixture("catalog-roots/debian-like")
    let t430s = CLI.fixture("udevadm/LENOVO_T430S.txt")

    func summary(_ extra: [String] = []) throws -> InstalledAppsSummary {
        let run = CLI.run(["apps", "--root", root, "--from", t430s, "--json"] + extra)
        #expect(run.code == .ok, "\(run.stderr)")
        return try JSONDecoder().decode(InstalledAppsSummary.self, from: Data(run.stdout.utf8))
    }

    @Test func everyInstalledCatalogIsReadOnceInSearchOrder() throws {
        let catalogs = try summary().catalogs
        #expect(
            catalogs.map { String($0.path.dropFirst(root.count + 1)) } == [
                "var/lib/swcatalog/yaml/example.org_debian_dists_bookworm_main_dep11_Components-amd64.yml.gz",
                "usr/share/swcatalog/xml/org.example.every-kind.xml",
                "usr/share/app-info/xml/foobar-1.xml",
                "usr/share/app-info/yaml/broken.yml",
            ])
        #expect(catalogs.map(\.components) == [19, 1, 19, 0])
        #expect(catalogs.last?.problem?.hasPrefix("line 6, column 1: ") == true)
    }

    @Test func theSummaryCountsEachAppOnceWithTheRelationKindsThatDecided() {
        let run = CLI.run(["apps", "--root", root, "--from", t430s])
        #expect(run.code == .ok)
        #expect(
            run.stdout.contains(
                "\n20 apps (19 duplicates skipped): 2 can run, 1 cannot, 17 undecided → exit 0\n"))
        #expect(run.stdout.contains("Cannot run, by relation kind unmet:\n  modalias  1\n"))
        #expect(
            run.stdout.contains(
                "Undecided, by relation kind unknown:\n  display_length (implied)  17\n"))
        #expect(!run.stdout.contains("var/lib/app-info"))
        #expect(!run.stdout.contains("? 0ad.desktop"))
    }

    @Test func eachAppHasTheVerdictVerifyGivesForItsCatalog() throws {
        let apps = try summary().apps
        var expected: [String: OverallVerdict] = [:]
        for file in [
            "appstream/foobar-1.catalog.dep11.yml", "appstream/relations-every-kind.catalog.xml",
        ] {
            let run = CLI.run(["verify", CLI.fixture(file), "--from", t430s, "--json"])
            let catalog = try JSONDecoder().decode(
                CatalogVerification.self, from: Data(run.stdout.utf8))
            for component in catalog.components { expected[component.id] = component.verdict }
        }
        #expect(apps.count == expected.count)
        for app in apps { #expect(app.verdict == expected[app.id], "\(app.id)") }
    }

    @Test func listShowsOneLinePerAppBeforeTheSummary() {
        let run = CLI.run(["apps", "--root", root, "--from", t430s, "--list"])
        #expect(run.stdout.contains("\n? 0ad.desktop "))
        #expect(run.stdout.contains("✘ org.example.All "))
    }

    @Test func aRootWithoutCatalogsExits66NamingTheFoldersSearched() throws {
        let empty = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: empty) }
        let run = CLI.run(["apps", "--root", empty.path])
        #expect(run.code == .noInput)
        #expect(
            run.stderr.contains(
                "no AppStream catalogs under \(empty.path) (searched var/lib/swcatalog/xml, "))
    }

    @Test func aCatalogArgumentIsAUsageErrorPointingToVerify() {
        let run = CLI.run(["apps", "catalog.xml"])
        #expect(run.code == .usage)
        #expect(run.stderr.contains("'verify CATALOG' checks one file"))
    }
}

import CapabilityProbeTesting
import Foundation
import Testing

/// `apps --root` over trees made to mislead it (issue 41): links out of the root, many and
/// repeated catalogs, a folder it cannot list. Every run goes through the binary with a
/// timeout and the 512 MiB address-space limit.
@Suite struct InstalledCatalogRootTests {
    static func run(_ arguments: [String]) throws -> ProgramRun.Result {
        try ProgramRun.capcheck(
            arguments, directory: BadInputCorpusTests.root, timeout: 60,
            memoryLimit: BadInputCorpusTests.memoryLimit)
    }

    /// An XML catalog of `count` components with ids `prefix.N` and no relations.
    static func catalog(_ prefix: String, count: Int) -> Data {
        var text = "<components version=\"0.16\">\n"
        for index in 0..<count {
            text += "<component><id>\(prefix).\(index)</id></component>\n"
        }
        return Data((text + "</components>\n").utf8)
    }

    static func write(_ data: Data, to path: URL) throws {
        try FileManager.default.createDirectory(
            at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: path)
    }

    /// The distribution's own `var/lib/app-info -> /var/lib/swcatalog` is followed inside
    /// the root; catalog files and folders linked out of it (absolute, relative, through
    /// `..`) read nothing of the host.
    @Test func linksInsideTheRootAreResolvedUnderItAndNeverLeaveIt() throws {
        let folder = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = folder.appendingPathComponent("root")
        let outside = folder.appendingPathComponent("outside")
        try Self.write(
            Self.catalog("org.host.secret", count: 1),
            to: outside.appendingPathComponent("secret.xml"))
        try Self.write(
            Self.catalog("org.root.own", count: 2),
            to: root.appendingPathComponent("var/lib/swcatalog/xml/own.xml"))
        let manager = FileManager.default
        // The older name, as Debian links it: an absolute link meant for the root.
        try manager.createSymbolicLink(
            atPath: root.appendingPathComponent("var/lib/app-info").path,
            withDestinationPath: "/var/lib/swcatalog")
        let share = root.appendingPathComponent("usr/share/swcatalog")
        try manager.createDirectory(
            at: share.appendingPathComponent("xml"), withIntermediateDirectories: true)
        try manager.createSymbolicLink(
            atPath: share.appendingPathComponent("xml/absolute.xml").path,
            withDestinationPath: outside.appendingPathComponent("secret.xml").path)
        try manager.createSymbolicLink(
            atPath: share.appendingPathComponent("xml/relative.xml").path,
            withDestinationPath: "../../../../../outside/secret.xml")
        try manager.createSymbolicLink(
            atPath: share.appendingPathComponent("yaml").path, withDestinationPath: outside.path)
        let outcome = try Self.run([
            "apps", "--root", root.path, "--from", "Fixtures/udevadm/RPI3B.txt", "--list",
        ])
        #expect(outcome.status == 0)
        #expect(outcome.stderr.isEmpty)
        #expect(!outcome.stdout.contains("org.host.secret"))
        #expect(outcome.stdout.contains("org.root.own.1"))
        #expect(outcome.stdout.contains("/var/lib/swcatalog/xml/own.xml  2 components\n"))
        #expect(!outcome.stdout.contains("app-info"))
    }

    /// One catalog hard-linked under 100 names is read once.
    @Test func aCatalogHardLinkedUnderManyNamesIsReadOnce() throws {
        let folder = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let xml = folder.appendingPathComponent("usr/share/swcatalog/xml")
        try Self.write(
            Self.catalog("org.example", count: 5_000), to: xml.appendingPathComponent("a.xml"))
        for index in 0..<99 {
            #expect(
                link(
                    xml.appendingPathComponent("a.xml").path,
                    xml.appendingPathComponent("b\(index).xml").path) == 0)
        }
        let outcome = try Self.run([
            "apps", "--root", folder.path, "--from", "Fixtures/udevadm/RPI3B.txt",
        ])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("/usr/share/swcatalog/xml/a.xml  5000 components\n"))
        #expect(!outcome.stdout.contains("b0.xml"))
        #expect(outcome.stdout.contains("\n5000 apps"))
    }

    /// Catalogs that together hold more than 200 000 components: those past the bound are
    /// named, not read (8 × 99 999 once asked 430 MiB and aborted).
    @Test func catalogsPastTheTotalBoundAreNamedNotRead() throws {
        let folder = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let xml = folder.appendingPathComponent("usr/share/swcatalog/xml")
        for index in 0..<3 {
            try Self.write(
                Self.catalog("org.example\(index)", count: 99_999),
                to: xml.appendingPathComponent("c\(index).xml"))
        }
        let outcome = try Self.run([
            "apps", "--root", folder.path, "--from", "Fixtures/udevadm/RPI3B.txt",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("/c1.xml  99999 components\n"))
        #expect(
            outcome.stdout.contains(
                "/c2.xml  not read: more than 200000 components in all catalogs with this one (the most capcheck reads)\n"
            ))
    }

    /// A catalog folder that cannot be listed is named on standard error and in the
    /// summary, not skipped without a word (run as another user when the tests run as root,
    /// who may list anything).
    @Test func anUnlistableCatalogFolderIsNamedAndTheSummaryCalledIncomplete() throws {
        let folder = try ProgramRun.temporaryDirectory()
        defer {
            _ = chmod(folder.appendingPathComponent("var/lib/swcatalog/xml").path, 0o755)
            try? FileManager.default.removeItem(at: folder)
        }
        _ = chmod(folder.path, 0o755)
        try Self.write(
            Self.catalog("org.hidden", count: 1),
            to: folder.appendingPathComponent("var/lib/swcatalog/xml/hidden.xml"))
        try Self.write(
            Self.catalog("org.seen", count: 1),
            to: folder.appendingPathComponent("usr/share/swcatalog/xml/seen.xml"))
        let hidden = folder.appendingPathComponent("var/lib/swcatalog/xml")
        #expect(chmod(hidden.path, 0o000) == 0)
        let user =
            getuid() == 0
            ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
        let limit = BadInputCorpusTests.memoryLimit / 1024
        let outcome = try ProgramRun.run(
            "/bin/sh",
            ["-c", "ulimit -v \(limit) && exec /usr/bin/timeout 60 \"$@\"", "sh"] + user + [
                ProgramRun.capcheckBinary, "apps", "--root", folder.path, "--from",
                "Fixtures/udevadm/RPI3B.txt",
            ], directory: BadInputCorpusTests.root)
        #expect(outcome.status == 0)
        #expect(
            outcome.stderr
                == "capcheck: warning: \(folder.path)/var/lib/swcatalog/xml: a catalog folder that cannot be listed (permission denied): the summary is incomplete\n"
        )
        #expect(
            outcome.stdout.contains(
                "/var/lib/swcatalog/xml  not read: a catalog folder that cannot be listed (permission denied)\n"
            ))
        #expect(outcome.stdout.contains("/seen.xml  1 component\n"))
    }
}

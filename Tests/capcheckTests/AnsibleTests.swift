import CapabilityProbe
import CapabilityProbeTesting
import Foundation
import Testing

@testable import capcheck

/// contrib/ansible: the local fact and the snapshot playbook, run with Debian's ansible-core
/// against localhost (connection local), with the capcheck this package built.
@Suite struct AnsibleTests {
    static let fact = ProgramRun.packageRoot.appendingPathComponent("contrib/ansible/capcheck.fact")

    /// An environment where ansible writes only below `home` and says nothing extra.
    static func environment(home: URL, capcheck: String) -> [String: String] {
        [
            "PATH": "/usr/bin:/bin", "HOME": home.path, "LANG": "C.UTF-8",
            "ANSIBLE_HOME": home.appendingPathComponent(".ansible").path,
            "ANSIBLE_LOCALHOST_WARNING": "False", "ANSIBLE_INVENTORY_UNPARSED_WARNING": "False",
            "ANSIBLE_PYTHON_INTERPRETER": "/usr/bin/python3", "ANSIBLE_NOCOLOR": "1",
            "ANSIBLE_DEPRECATION_WARNINGS": "False", "CAPCHECK": capcheck,
        ]
    }

    static func tools() -> (ansible: String, playbook: String, capcheck: String)? {
        guard let ansible = ProgramRun.which("ansible"),
            let playbook = ProgramRun.which("ansible-playbook"),
            let capcheck = ProgramRun.built("capcheck")
        else { return nil }
        return (ansible, playbook, capcheck)
    }

    /// Runs `body` with ansible's tools, a temporary home (removed afterwards) and a capcheck
    /// script that runs on an empty umockdev testbed, not this host; without ansible-core the
    /// test passes only outside CI.
    static func inSandbox(
        _ body: (
            _ tools: (ansible: String, playbook: String, capcheck: String), _ home: URL,
            _ capcheck: String
        ) throws -> Void
    ) throws {
        guard let tools = tools() else {
            #expect(!ProgramRun.inCI, "ansible-core is missing: install .ci/apt-packages")
            return
        }
        let home = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        try body(tools, home, try ProgramRun.capcheckScript(in: home))
    }

    @Test func setupShowsTheFactAsAnsibleLocalCapcheck() throws {
        try Self.inSandbox { tools, home, capcheck in
            let facts = home.appendingPathComponent("facts.d")
            try FileManager.default.createDirectory(at: facts, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: Self.fact, to: facts.appendingPathComponent("capcheck.fact"))
            let run = try ProgramRun.run(
                tools.ansible,
                [
                    "localhost", "-i", "localhost,", "-c", "local", "-m", "setup", "-a",
                    "fact_path=\(facts.path) filter=ansible_local",
                ], environment: Self.environment(home: home, capcheck: capcheck))
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            // "localhost | SUCCESS => {...}"
            let json = try #require(
                run.stdout.range(of: "=> ").map { String(run.stdout[$0.upperBound...]) })
            let result = try #require(
                try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            let local = try #require(
                (result["ansible_facts"] as? [String: Any])?["ansible_local"] as? [String: Any])
            let fact = try #require(local["capcheck"] as? [String: Any], "\(local)")
            #expect(fact["schema"] as? Int == CapabilityReport.currentSchema)
            #expect(fact["devices"] == nil)
            let capabilities = try #require(fact["capabilities"] as? [[String: Any]])
            #expect(capabilities.contains { $0["id"] as? String == "cpu.arch" })
        }
    }

    @Test func thePlaybooksSnapshotsFeedMatrixFleet() throws {
        try Self.inSandbox { tools, home, capcheck in
            let fleet = home.appendingPathComponent("fleet")
            let playbook = ProgramRun.packageRoot.appendingPathComponent(
                "contrib/ansible/collect-snapshots.yml")
            let run = try ProgramRun.run(
                tools.playbook,
                [
                    "-i", "localhost,", "-c", "local", playbook.path, "-e",
                    "capcheck=\(capcheck)",
                    "-e", "fleet_dir=\(fleet.path)",
                ], environment: Self.environment(home: home, capcheck: capcheck))
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            let snapshot = fleet.appendingPathComponent("localhost.json")
            #expect(FileManager.default.fileExists(atPath: snapshot.path))
            let manifest = home.appendingPathComponent("m.json")
            try Data(#"{"version": 1, "require": ["cpu.arch"]}"#.utf8).write(to: manifest)
            let matrix = CLI.run([
                "matrix", "--fleet", fleet.path, "--manifest", manifest.path, "--csv",
            ])
            #expect(matrix.code == .ok)
            let verify = CLI.run(["verify", manifest.path, "--from", snapshot.path])
            let verdict =
                verify.code == .ok ? "eligible" : verify.code == .unmet ? "excluded" : "undecided"
            #expect(matrix.stdout.contains("\nlocalhost.json,"))
            #expect(matrix.stdout.contains(",\(verdict),"), "\(matrix.stdout)")
        }
    }

    /// The README's recipe as written: no fleet_dir, run from the user's folder, then
    /// `matrix --fleet fleet` there.
    @Test func withoutFleetDirTheSnapshotsLandWhereThePlaybookRuns() throws {
        try Self.inSandbox { tools, home, capcheck in
            let playbook = ProgramRun.packageRoot.appendingPathComponent(
                "contrib/ansible/collect-snapshots.yml")
            var environment = Self.environment(home: home, capcheck: capcheck)
            environment["PWD"] = home.path
            let run = try ProgramRun.run(
                tools.playbook,
                ["-i", "localhost,", "-c", "local", playbook.path, "-e", "capcheck=\(capcheck)"],
                environment: environment, directory: home)
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            let snapshot = home.appendingPathComponent("fleet/localhost.json")
            #expect(FileManager.default.fileExists(atPath: snapshot.path))
            #expect(
                !FileManager.default.fileExists(
                    atPath: playbook.deletingLastPathComponent().appendingPathComponent("fleet")
                        .path))
        }
    }
}

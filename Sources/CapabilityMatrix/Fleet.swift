import CapabilitySupport
import FoundationEssentials
import CapabilityModel

/// The machines of a fleet: one recording per file in a directory, typically the JSON
/// snapshots `capcheck list` wrote on each machine.
///
/// The matrix reads no machine: its caller classifies each file exactly as a recorded machine
/// is checked and hands over the reports, so a machine's fleet verdict is the one a check of
/// its file alone gives. A file that cannot be read is listed in ``skipped`` with its reason;
/// it never hides the other machines.
public struct Fleet: Sendable {
    /// One machine of the fleet.
    public struct Machine: Sendable {
        /// The row name: the machine's host name, else its vendor and model, else its file
        /// name (``Fleet/rowNames(_:hostNames:)``).
        public var name: String
        /// The file's path.
        public var path: String
        /// The classified machine, without its device records (``CapabilityReport/devices``
        /// is empty: the findings are kept, the records they came from are not).
        public var report: CapabilityReport

        /// One machine.
        /// - Parameters:
        ///   - name: The row name.
        ///   - path: The file's path.
        ///   - report: The classified machine.
        public init(name: String, path: String, report: CapabilityReport) {
            self.name = name
            self.path = path
            self.report = report
        }
    }

    /// How a fleet's ``MatrixResult/matrix`` starts (`fleet:DIR`).
    package static let sourcePrefix = "fleet:"

    /// The directory read.
    public var directory: String
    /// The machines, sorted by file name.
    public var machines: [Machine]
    /// The files that could not be read, with the one-line reason, sorted by file name.
    public var skipped: [SourceError]

    /// A fleet read by its caller (``Fleet/load(directory:)`` in `CapabilityProbe` reads and
    /// classifies a directory of recordings).
    /// - Parameters:
    ///   - directory: The directory the machines came from.
    ///   - machines: The machines, in row order.
    ///   - skipped: The files that could not be read.
    public init(directory: String, machines: [Machine], skipped: [SourceError]) {
        self.directory = directory
        self.machines = machines
        self.skipped = skipped
    }

    /// The machines checked against a manifest as matrix rows: the row is the machine's name, the
    /// family the vendor and model (so the summary counts per model), the file the machine's
    /// file name, the verdict the one a check of the recording gives (eligible = satisfied,
    /// excluded = unsatisfied).
    /// - Parameters:
    ///   - evaluator: The manifest check.
    ///   - manifest: The manifest path to record.
    /// - Returns: The result, in file-name order.
    public func evaluate(with evaluator: ManifestRowEvaluator, manifest: String?) -> MatrixResult {
        let rows = machines.enumerated().map { index, machine in
            MatrixRowResult(
                name: machine.name, family: Self.model(machine.report.machine), line: index + 1,
                file: PathText.lastComponent(machine.path),
                evaluation: evaluator.evaluate(machine.report))
        }
        return MatrixResult(
            matrix: Self.sourcePrefix + directory,
            provenance: ["source: \(machines.count) machine recording(s) in \(directory)"],
            manifest: manifest, rows: rows)
    }

    /// The row names of a fleet's machines, in their order: each machine's host name (when
    /// `hostNames` and its recording has one that was not redacted), else its vendor and
    /// model, else its file name. A name two machines share gets the file name after it
    /// (`LENOVO 2355CTO (t430s-2.json)`), so every row is told apart.
    /// - Parameters:
    ///   - machines: Each machine's identity and file name.
    ///   - hostNames: Whether host names may name rows (not in a report made to be shared).
    /// - Returns: One name per machine.
    package static func rowNames(
        _ machines: [(identity: MachineIdentity, file: String)], hostNames: Bool = true
    ) -> [String] {
        let names = machines.map { machine in
            let identity = machine.identity
            if hostNames, let host = identity.hostname?.trimming(.whitespaces), !host.isEmpty,
                host != Redaction.marker
            {
                return host
            }
            let model = identity.vendorAndModel ?? ""
            return model.isEmpty ? machine.file : model
        }
        var counts: [String: Int] = [:]
        for name in names { counts[name, default: 0] += 1 }
        return zip(names, machines).map { name, machine in
            (counts[name] ?? 0) > 1 && name != machine.file ? "\(name) (\(machine.file))" : name
        }
    }

    /// Vendor and model, else `unknown model`.
    package static func model(_ machine: MachineIdentity) -> String {
        let name = machine.vendorAndModel ?? ""
        return name.isEmpty ? "unknown model" : name
    }
}

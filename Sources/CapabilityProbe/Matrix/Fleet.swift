import Dispatch
import Foundation

/// The machines of a fleet: one recording per file in a directory, typically the JSON
/// snapshots `capcheck list` wrote on each machine.
///
/// Each file is read and classified exactly as a recorded machine is checked
/// (``RecordedSource/inventory(contentsOf:)``, then ``CapabilityClassifier``), so a machine's
/// fleet verdict is the one a check of its file alone gives. A file that cannot be read is
/// listed in ``skipped`` with its reason; it never hides the other machines.
public struct Fleet: Sendable {
    /// One machine of the fleet.
    public struct Machine: Sendable {
        /// The file name (the row name: host names are the usual file names).
        public var name: String
        /// The file's path.
        public var path: String
        /// The classified machine, without its device records (``CapabilityReport/devices``
        /// is empty: the findings are kept, the records they came from are not).
        public var report: CapabilityReport
    }

    /// How a fleet's ``MatrixResult/matrix`` starts (`fleet:DIR`).
    static let sourcePrefix = "fleet:"

    /// The directory read.
    public var directory: String
    /// The machines, sorted by file name.
    public var machines: [Machine]
    /// The files that could not be read, with the one-line reason, sorted by file name.
    public var skipped: [SourceError]

    /// Reads every regular, non-hidden file of a directory (not its subdirectories). Files
    /// are classified in parallel; the result does not depend on the order of work.
    /// - Parameter directory: The directory.
    /// - Returns: The fleet.
    /// - Throws: ``SourceError/unreadable(path:reason:)`` when the directory cannot be listed.
    public static func load(directory: String) throws(SourceError) -> Fleet {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            let reason =
                (error as NSError).code == NSFileReadNoSuchFileError
                ? "no such directory" : "cannot list the directory"
            throw .unreadable(path: directory, reason: reason)
        }
        let paths = names.filter { !$0.hasPrefix(".") }.sorted().map {
            (directory as NSString).appendingPathComponent($0)
        }.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }
        let slots = ResultSlots(count: paths.count)
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            let path = paths[index]
            do throws(SourceError) {
                let inventory = try RecordedSource.inventory(contentsOf: path)
                var report = CapabilityClassifier().classify(inventory)
                // The findings are all a fleet needs; the records would hold megabytes per
                // machine, thousands of times over.
                report.devices = []
                slots.set(
                    index,
                    .success(
                        Machine(
                            name: (path as NSString).lastPathComponent, path: path,
                            report: report)))
            } catch {
                slots.set(index, .failure(error))
            }
        }
        var machines: [Machine] = []
        var skipped: [SourceError] = []
        for result in slots.values {
            switch result {
            case .success(let machine): machines.append(machine)
            case .failure(let error): skipped.append(error)
            case nil: break
            }
        }
        return Fleet(directory: directory, machines: machines, skipped: skipped)
    }

    /// The machines checked against a manifest as matrix rows: the row is the file name, the
    /// family the vendor and model (so the summary counts per model), the verdict the one a
    /// check of the recording gives (eligible = satisfied, excluded = unsatisfied).
    /// - Parameters:
    ///   - evaluator: The manifest check.
    ///   - manifest: The manifest path to record.
    /// - Returns: The result, in file-name order.
    public func evaluate(with evaluator: ManifestRowEvaluator, manifest: String?) -> MatrixResult {
        let rows = machines.enumerated().map { index, machine in
            MatrixRowResult(
                name: machine.name, family: Self.model(machine.report.machine), line: index + 1,
                evaluation: evaluator.evaluate(machine.report))
        }
        return MatrixResult(
            matrix: Self.sourcePrefix + directory,
            provenance: ["source: \(machines.count) machine recording(s) in \(directory)"],
            manifest: manifest, rows: rows)
    }

    /// Vendor and model, else `unknown model`.
    static func model(_ machine: MachineIdentity) -> String {
        let name = [machine.vendor, machine.model].compactMap { $0 }.joined(separator: " ")
        return name.isEmpty ? "unknown model" : name
    }
}

/// Per-index results written from concurrent workers.
private final class ResultSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Result<Fleet.Machine, SourceError>?]

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Result<Fleet.Machine, SourceError>) {
        lock.lock()
        defer { lock.unlock() }
        storage[index] = value
    }

    var values: [Result<Fleet.Machine, SourceError>?] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

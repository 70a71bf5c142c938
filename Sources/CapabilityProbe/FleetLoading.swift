import Dispatch
import CapabilityInput
import CapabilityMatrix
import CapabilityModel
import CapabilityProbing
import CapabilityRecordings
import FoundationEssentials
import Synchronization

extension Fleet {
    /// Reads every regular, non-hidden file of a directory: not its subdirectories, FIFOs
    /// (which would block), devices or symbolic links (to `/dev/stdin`, or to a secret in a
    /// folder others can write). Files are classified in parallel; the result does not
    /// depend on the order of work. Machines are in file-name order, named by host, else
    /// model, else file (``Fleet/rowNames(_:hostNames:)``).
    /// - Parameter directory: The directory.
    /// - Returns: The fleet.
    /// - Throws: ``SourceError/unreadable(path:reason:)`` when the directory cannot be listed.
    public static func load(directory: String) throws(SourceError) -> Fleet {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            let reason =
                (error as? CocoaError)?.code == .fileReadNoSuchFile
                ? "no such directory" : "cannot list the directory"
            throw .unreadable(path: directory, reason: reason)
        }
        let paths = names.filter { !$0.hasPrefix(".") }.sorted().map {
            PathText.appending($0, to: directory)
        }.filter(InputFile.isRegularFile)
        let slots = ResultSlots(count: paths.count)
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            let path = paths[index]
            do throws(SourceError) {
                // Checked again on the opened descriptor: the entry may change in between.
                let inventory = try RecordedSource.inventory(
                    contentsOf: path, regularFileOnly: true)
                var report = CapabilityClassifier().classify(inventory)
                // The findings are all a fleet needs; the records would hold megabytes per
                // machine, thousands of times over.
                report.devices = []
                slots.set(
                    index,
                    .success(
                        Machine(
                            name: PathText.lastComponent(path), path: path,
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
        let rowNames = Fleet.rowNames(
            machines.map { ($0.report.machine, PathText.lastComponent($0.path)) })
        for index in machines.indices { machines[index].name = rowNames[index] }
        return Fleet(directory: directory, machines: machines, skipped: skipped)
    }
}

/// Per-index results written from concurrent workers.
private final class ResultSlots: @unchecked Sendable {
    private let storage: Mutex<[Result<Fleet.Machine, SourceError>?]>

    init(count: Int) { storage = Mutex(Array(repeating: nil, count: count)) }

    func set(_ index: Int, _ value: Result<Fleet.Machine, SourceError>) {
        storage.withLock { $0[index] = value }
    }

    var values: [Result<Fleet.Machine, SourceError>?] {
        storage.withLock { $0 }
    }
}

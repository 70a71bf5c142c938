import CapabilityInput
import CapabilityMatrix
import CapabilityModel
import CapabilityProbing
import CapabilityRecordings
import CapabilitySupport
import FoundationEssentials

extension Fleet {
    /// Reads every regular, non-hidden file of a directory: not its subdirectories, FIFOs
    /// (which would block), devices or symbolic links (to `/dev/stdin`, or to a secret in a
    /// folder others can write). Files are classified in parallel; the result does not
    /// depend on the order of work. A phone capture (`capcheck capture android|ios`) is a
    /// machine too, classified as `list --from` lists it. Machines are in file-name order, named by host, else
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
        let results = ParallelMap.results(count: paths.count) {
            index -> Result<Machine, SourceError> in
            let path = paths[index]
            do throws(SourceError) {
                // A phone capture is one more machine, sniffed by its header.
                if let report = try CaptureReports.report(contentsOf: path) {
                    return .success(
                        Machine(name: PathText.lastComponent(path), path: path, report: report))
                }
                // Checked again on the opened descriptor: the entry may change in between.
                let inventory = try RecordedSource.inventory(
                    contentsOf: path, regularFileOnly: true)
                var report = CapabilityClassifier().classify(inventory)
                // The findings are all a fleet needs; the records would hold megabytes per
                // machine, thousands of times over.
                report.devices = []
                return .success(
                    Machine(name: PathText.lastComponent(path), path: path, report: report))
            } catch {
                return .failure(error)
            }
        }
        var machines: [Machine] = []
        var skipped: [SourceError] = []
        for result in results {
            switch result {
            case .success(let machine): machines.append(machine)
            case .failure(let error): skipped.append(error)
            }
        }
        let rowNames = Fleet.rowNames(
            machines.map { ($0.report.machine, PathText.lastComponent($0.path)) })
        for index in machines.indices { machines[index].name = rowNames[index] }
        return Fleet(directory: directory, machines: machines, skipped: skipped)
    }
}

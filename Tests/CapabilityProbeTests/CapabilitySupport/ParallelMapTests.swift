import Synchronization
import Testing

@testable import CapabilityModel
@testable import CapabilitySupport

/// Parallel work whose results come back in index order, however the workers finish.
@Suite struct ParallelMapTests {
    @Test func resultsComeBackInIndexOrderWhicheverWorkerFinishesFirst() {
        let calls = Mutex(0)
        let results = ParallelMap.results(count: 1_000) { index -> String in
            calls.withLock { $0 += 1 }
            // Early indices take longer, so later ones tend to finish first.
            var spin = 0
            for step in 0..<((1_000 - index) * 50) { spin &+= step }
            return "\(index):\(spin & 0)"
        }
        #expect(results == (0..<1_000).map { "\($0):0" })
        #expect(calls.withLock { $0 } == 1_000)
    }

    @Test func noCallOrOneCallGivesItsResults() {
        #expect(ParallelMap.results(count: 0) { $0 }.isEmpty)
        #expect(ParallelMap.results(count: 1) { $0 + 41 } == [41])
    }
}

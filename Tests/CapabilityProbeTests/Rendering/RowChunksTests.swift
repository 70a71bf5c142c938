import Synchronization
import Testing

@testable import CapabilityRendering

/// Large results are rendered a chunk of rows at a time on two threads; the pieces must come
/// out in row order and each thread must keep its state from chunk to chunk.
@Suite struct RowChunksTests {
    /// Renders `count` rows as their numbers, one per line, each prefixed by how many rows
    /// the rendering thread had rendered before it (its state).
    static func rendered(_ count: Int) -> (text: String, pieces: Int, states: Set<Int>) {
        var text: [UInt8] = []
        var pieces = 0
        let finalStates = Mutex<Set<Int>>([])
        RowChunks.render(count: count, initial: 0) { range, seen, emit in
            var bytes: [UInt8] = []
            for row in range {
                bytes += Array("\(row)\n".utf8)
                seen += 1
            }
            finalStates.withLock { _ = $0.insert(seen) }
            emit(bytes)
        } piece: {
            text += $0
            pieces += 1
        }
        return (String(decoding: text, as: UTF8.self), pieces, finalStates.withLock { $0 })
    }

    @Test func piecesComeOutInRowOrderWithOrWithoutThreads() {
        for count in [0, 1, 100, RowChunks.parallelMinimum - 1, RowChunks.parallelMinimum, 50_001] {
            let result = Self.rendered(count)
            let expected = (0..<count).map { "\($0)\n" }.joined()
            #expect(result.text == expected)
        }
    }

    @Test func eachThreadKeepsItsStateFromChunkToChunk() {
        let count = 50_001
        let result = Self.rendered(count)
        #expect(result.pieces == (count + RowChunks.chunkRows - 1) / RowChunks.chunkRows)
        // Two lanes: the state after a lane's last chunk counts all rows that lane rendered.
        let lanes = (0..<result.pieces).reduce(into: [0, 0]) { lanes, chunk in
            lanes[chunk % 2] += min(RowChunks.chunkRows, count - chunk * RowChunks.chunkRows)
        }
        #expect(result.states.contains(lanes[0]))
        #expect(result.states.contains(lanes[1]))
        // Fewer rows than the minimum: one call renders them all.
        let small = Self.rendered(100)
        #expect(small.pieces == 1 && small.states == [100])
    }

    @Test(arguments: [1, 100, RowChunks.parallelMinimum - 1, RowChunks.parallelMinimum, 50_001])
    func largestFindsTheLargestValueWhicheverHalfHoldsIt(count: Int) {
        #expect(RowChunks.largest(count: 0) { _ in 1 } == 0)
        for peak in Set([0, count / 2 - 1, count / 2, count - 1]) where peak >= 0 {
            let largest = RowChunks.largest(count: count) { $0 == peak ? 1_000 : $0 % 7 }
            #expect(largest == 1_000, "peak at \(peak) of \(count)")
        }
    }
}

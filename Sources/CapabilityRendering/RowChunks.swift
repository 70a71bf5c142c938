import CapabilityModel
import CapabilitySupport

/// Renders the rows of a large matrix result on two threads, a chunk of rows each at a time,
/// and hands the text on in row order: a 100 000-row table is written in about half the
/// time, and no more than two chunks of text are ever held.
package enum RowChunks {
    /// The fewest rows rendered on two threads; fewer are rendered in one pass here.
    package static let parallelMinimum = 20_000
    /// How many rows a chunk holds.
    static let chunkRows = 4_096

    /// Calls `render` for consecutive ranges of `0..<count` and hands what it emits to
    /// `piece`, in row order.
    ///
    /// With at least ``parallelMinimum`` rows, chunks of ``chunkRows`` rows are rendered two
    /// at a time, one per thread; each of the two keeps its own `State` (what `render`
    /// caches) from chunk to chunk, starting from `initial`, and their pieces are held until
    /// the pair is done. With fewer rows, one call renders them all and its pieces go
    /// straight to `piece`.
    /// - Parameters:
    ///   - count: How many rows.
    ///   - initial: The state each thread starts from.
    ///   - render: Renders a range of rows, emitting its text in pieces that end after whole
    ///     rows; it may run on any thread, at the same time as another call.
    ///   - piece: Receives the pieces in order, on the calling thread.
    package static func render<State: Sendable>(
        count: Int, initial: State,
        render: @Sendable (Range<Int>, inout State, _ emit: ([UInt8]) -> Void) -> Void,
        piece: ([UInt8]) -> Void
    ) {
        guard count >= parallelMinimum else {
            var state = initial
            withoutActuallyEscaping(piece) { piece in render(0..<count, &state, piece) }
            return
        }
        var states = [initial, initial]
        var start = 0
        while start < count {
            let first = start
            let taken = states
            let round = ParallelMap.results(count: 2) { lane -> ([[UInt8]], State) in
                let lower = min(count, first + lane * chunkRows)
                let upper = min(count, lower + chunkRows)
                var state = taken[lane]
                var pieces: [[UInt8]] = []
                if lower < upper { render(lower..<upper, &state) { pieces.append($0) } }
                return (pieces, state)
            }
            states = round.map(\.1)
            for (pieces, _) in round {
                for text in pieces { piece(text) }
            }
            start = min(count, first + 2 * chunkRows)
        }
    }
}

extension RowChunks {
    /// The largest `value(row)` over rows `0..<count` (0 for none), the two halves of a
    /// large result on two threads.
    /// - Parameters:
    ///   - count: How many rows.
    ///   - value: A row's value; it may run on any thread.
    /// - Returns: The largest value.
    package static func largest(count: Int, _ value: @Sendable (Int) -> Int) -> Int {
        @Sendable func largest(_ rows: Range<Int>) -> Int { rows.reduce(0) { max($0, value($1)) } }
        guard count >= parallelMinimum else { return largest(0..<count) }
        let middle = count / 2
        return ParallelMap.results(count: 2) { half in
            largest(half == 0 ? 0..<middle : middle..<count)
        }.reduce(0, max)
    }
}

/// The pieces of a document on their way out: the head (what comes before the rows) is held
/// until, with the rows' first pieces, it makes a piece of the asked size; after that a
/// piece passes through uncopied.
package struct PieceBuffer {
    private var pending: [UInt8]
    private let pieceSize: Int

    /// A buffer holding the document's head.
    /// - Parameters:
    ///   - head: The bytes before the first row.
    ///   - pieceSize: About how many bytes a piece holds.
    package init(head: [UInt8], pieceSize: Int) {
        pending = head
        self.pieceSize = pieceSize
    }

    /// Takes the next piece: hands it on as it is when nothing is held, else adds it to what
    /// is held and hands that on once it is large enough.
    package mutating func take(_ bytes: [UInt8], to piece: ([UInt8]) -> Void) {
        guard !pending.isEmpty else {
            piece(bytes)
            return
        }
        pending += bytes
        if pending.count >= pieceSize {
            piece(pending)
            pending = []
        }
    }

    /// Hands on what is held with the document's last bytes.
    package mutating func finish(_ tail: [UInt8], to piece: ([UInt8]) -> Void) {
        pending += tail
        if !pending.isEmpty { piece(pending) }
        pending = []
    }
}

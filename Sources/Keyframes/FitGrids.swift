// The grids the fits start from (CurveFitter's times and exact values, extrema added), kept for
// the next player: the SVG and the Lottie fit of one ReductionInputs fit the same pieces of the
// same tracks on the same grid, and the second one read every grid value again from the memo and
// searched the same extrema again (the SVG's `FittingReducer.fitter`: 13.8 M instructions of the
// 2D batch's 218 M; BENCHMARKS.md#fit44-the-fit-grids-shared-by-both-players-same-bytes-2026-12-06).
// A grid depends on the track's values and breakpoints, the measure's norm (the extrema's axis),
// the piece, the grid rate and the end value; not on the player's rules or tolerance.
import Synchronization
import TransitionModel

/// One ReductionInputs' grids, by the slot of the (exact track, measure) pair they were made
/// for: a slot names one pair only (`KeyframedTransition.layers`: `exact[layer]`'s track and
/// its measure), so the track and norm are the slot's. Bounded: at most one grid per slot, piece and grid rate of the inputs, freed
/// with them.
final class FitGrids: Sendable {
    struct Key: Hashable {
        var layer: Int
        var track: FitGridSlot.Track
        var piece: Int
        /// The grid rate's bits.
        var rate: UInt64
    }

    private let grids = Mutex<[Typed: AnyObject]>([:])

    init() {}

    /// The grid kept for `key` and this end value (its bits), or nil.
    func grid<V>(_ key: Key, end: V) -> (times: [Double], values: [V])? {
        // Kept under the value type's key, so a Grid<V> (a dynamic cast looked up the class's
        // conformances on first use: ~0.2 M instructions a process).
        guard let kept = grids.withLock({ $0[Typed(key, V.self)] }) else { return nil }
        let grid = unsafeDowncast(kept, to: Grid<V>.self)
        guard sameBits(grid.end, end) else { return nil }
        return (grid.times, grid.values)
    }

    /// Keeps the grid made for `key` and `end` (replacing one made for another end value).
    func keep<V>(_ key: Key, end: V, times: [Double], values: [V]) {
        let grid = Grid(end: end, times: times, values: values)
        grids.withLock { $0[Typed(key, V.self)] = grid }
    }

    /// A key and the type of the values kept under it.
    private struct Typed: Hashable {
        var key: Key
        var type: ObjectIdentifier
        init<V>(_ key: Key, _ type: V.Type) {
            self.key = key
            self.type = ObjectIdentifier(type)
        }
    }

    /// How many grids are kept (tests).
    var count: Int { grids.withLock { $0.count } }

    private final class Grid<V> {
        let end: V
        let times: [Double]
        let values: [V]
        init(end: V, times: [Double], values: [V]) {
            self.end = end
            self.times = times
            self.values = values
        }
    }
}

/// Where the fit of one track may find and keep its grids: the inputs' grids and the track's
/// slot (the layer's index in `ReductionInputs.exact` and which of its tracks).
struct FitGridSlot {
    enum Track: Hashable {
        case position, size, translation, scale, rotation, maskFrame, maskCenter
        case number(LayerProperty)
        case maskNumber(LayerProperty)
    }

    let grids: FitGrids
    let layer: Int
    let track: Track

    func key(piece: Int, rate: Double) -> FitGrids.Key { FitGrids.Key(layer: layer, track: track, piece: piece, rate: rate.bitPattern) }
}

import Motion
// `movingState(at:)` at increasing times, recomputing only the layers that can have changed since
// the previous time. A track's value at t is its model value plus the deltas of the animations
// attached at t (PropertyTrack.value(at:)); between two times that no event and no attached
// animation touches, every read gives the same bits. So a layer whose own tracks are quiet over
// (previous, t] and whose moving parent was not recomputed keeps its state, map, opacity and
// visibility; the others are recomputed by the code `movingState(at:)` runs (the same reads and
// products in the same order, so the same bits). SubtreeRetrace's 120 Hz sampling of every
// moving layer was most of its cost, and most layers are at rest most of the loop
// (BENCHMARKS.md#lottie2d-quiet-samples-2026-12-04).
import TransitionModel

package struct MovingStateSampler {
    let sim: Simulation
    /// The state at the last time asked (entries as in `movingState(at:)`).
    package private(set) var state: MovingState
    /// Per entry: whether the last `advance` recomputed it (its numbers may differ).
    package private(set) var changed: [Bool]
    private var time: Double
    /// The closed spans over which an entry's own tracks can change, sorted and disjoint: entry
    /// k's are `spanLow[n]...spanHigh[n]` for n in `next[k]..<spanEnd[k]`; `next[k]` is the
    /// first that can still matter (times only increase).
    private let spanLow: [Double], spanHigh: [Double], spanEnd: [Int]
    private var next: [Int]
    /// Per entry: its parent's entry, or -1 (a root, or a parent still on screen).
    private let parentEntry: [Int]

    /// With `geometryOnly`, as `movingState(at:geometryOnly:)` (sizes and maps only: the near-eye check).
    private let geometryOnly: Bool

    package init(_ sim: Simulation, at time: Double, geometryOnly: Bool = false) {
        self.sim = sim
        self.time = time
        self.geometryOnly = geometryOnly
        state = sim.movingState(at: time, geometryOnly: geometryOnly)
        changed = [Bool](repeating: true, count: state.layers.count)
        var low: [Double] = [], high: [Double] = [], end: [Int] = [], next: [Int] = []
        for i in state.layers {
            next.append(low.count)
            for s in sim.still.state[i] == nil ? Self.spans(sim.layers[i]) : [] {
                low.append(s.lowerBound)
                high.append(s.upperBound)
            }
            end.append(low.count)
        }
        (spanLow, spanHigh, spanEnd, self.next) = (low, high, end, next)
        parentEntry = state.layers.map { i in sim.layers[i].parent.map { sim.still.slot[$0] } ?? -1 }
    }

    /// Whether entry k's own tracks can give a different value at t than at `time` (≤ t): some
    /// span meets (time, t]. A span [a, b] is an animation's call to its end (attached on
    /// [a, b), removed at b) or an assignment's instant (a = b).
    @inline(__always)
    private mutating func ownChange(_ k: Int, to t: Double) -> Bool {
        var n = next[k]
        let end = spanEnd[k]
        while n < end, spanHigh[n] <= time { n += 1 }
        next[k] = n
        return n < end && spanLow[n] <= t
    }

    /// Moves to time t (≥ the last time, both in the loop's [0, duration)).
    package mutating func advance(to t: Double) {
        precondition(t >= time && t < sim.timeline.duration, "sampler times must increase within the loop")
        let lt = sim.loopTime(t)
        let sim = self.sim, layers = state.layers
        var local = state.states, world = state.boundsToScreen, opacity = state.effectiveOpacity, visible = state.visible
        // Dropped so that the arrays above are the only references (no copy when written).
        state = MovingState(layers: [], states: [], boundsToScreen: [], effectiveOpacity: [], visible: [])
        sim.layers.withUnsafeBufferPointer { all in
            for (k, i) in layers.enumerated() {
                let own = ownChange(k, to: t)
                let p = parentEntry[k]
                let parentChanged = p >= 0 && changed[p]
                changed[k] = own || parentChanged
                guard changed[k] else { continue }
                if own {
                    let layer = all.baseAddress! + i
                    local[k] = geometryOnly ? SimulatedLayer.geometryState(of: layer, at: lt) : SimulatedLayer.state(of: layer, at: lt)
                }
                (world[k], opacity[k], visible[k]) = sim.entry(
                    i, local: local[k], geometryOnly: geometryOnly, in: all, local: local, world: world, opacity: opacity, visible: visible)
            }
        }
        time = t
        state = MovingState(layers: layers, states: local, boundsToScreen: world, effectiveOpacity: opacity, visible: visible)
    }

    /// Layer's change spans: every animation's [call, end] and every assignment's instant.
    static func spans(_ layer: SimulatedLayer) -> [ClosedRange<Double>] {
        var out: [ClosedRange<Double>] = []
        func add<V>(_ track: PropertyTrack<V>) {
            for e in track.events {
                switch e {
                case .set(let t, _): out.append(t...t)
                case .animate(let a): out.append(a.callTime...max(a.callTime, a.endTime))
                }
            }
        }
        func add<V>(_ track: DiscreteTrack<V>) { for c in track.changes { out.append(c.time...c.time) } }
        add(layer.position)
        add(layer.size)
        add(layer.transform)
        for track in layer.numbers.tracks { add(track) }
        add(layer.hidden)
        add(layer.zPosition)
        add(layer.anchorPoint)
        add(layer.maskFrame)
        add(layer.maskCenter)
        out.sort { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<Double>] = []
        for s in out {
            if let last = merged.last, s.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, s.upperBound)
            } else {
                merged.append(s)
            }
        }
        return merged
    }
}

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
    /// Per entry: its `Simulation.placed` matrix, a function of its placing fields and its
    /// parent's anchor only, so kept while their bits are kept (most recomputed layers are
    /// children of a moving layer, or change their opacity: BENCHMARKS.md#sampler35b-placed-maps-kept-same-bytes-2026-12-05).
    private var placedMaps: [Transform3D]
    /// Per entry: the parent's anchor that `placedMaps` used (zero for a root, which has none).
    private var placedAnchors: [Point]
    /// Per entry, the spans over which its own tracks can change.
    private var spans: ChangeSpans
    /// Per entry: its parent's entry, or -1 (a root, or a parent still on screen).
    private let parentEntry: [Int]

    /// With `geometryOnly`, as `movingState(at:geometryOnly:)` (sizes and maps only: the near-eye check).
    private let geometryOnly: Bool

    package init(_ sim: Simulation, at time: Double, geometryOnly: Bool = false) {
        self.sim = sim
        self.time = time
        self.geometryOnly = geometryOnly
        var maps: [Transform3D]? = []
        state = sim.movingState(at: time, geometryOnly: geometryOnly, placedMaps: &maps)
        placedMaps = maps!
        changed = [Bool](repeating: true, count: state.layers.count)
        let (layers, states) = (state.layers, state.states)
        placedAnchors = sim.layers.withUnsafeBufferPointer { all in
            layers.map { i in sim.parentAnchor(i, in: all, local: states) ?? .zero }
        }
        spans = ChangeSpans(sim, layers: state.layers)
        parentEntry = state.layers.map { i in sim.layers[i].parent.map { sim.still.slot[$0] } ?? -1 }
    }

    /// Moves to time t (≥ the last time, both in the loop's [0, duration)). False when no entry's
    /// own tracks can have changed (none recomputed: `changed` is all false), so that a reader
    /// need not scan the flags to learn it (most samples of a loop: the subtree sampling's scan was
    /// 0.25 % of the 2D batch).
    @discardableResult
    package mutating func advance(to t: Double) -> Bool {
        precondition(t >= time && t < sim.timeline.duration, "sampler times must increase within the loop")
        // No layer's own tracks can change: every entry keeps its bits (most of a loop is at rest).
        guard spans.anyChange(since: time, to: t) else {
            for k in changed.indices { changed[k] = false }
            time = t
            return false
        }
        let lt = sim.loopTime(t)
        let sim = self.sim, layers = state.layers
        var local = state.states, world = state.boundsToScreen, opacity = state.effectiveOpacity, visible = state.visible
        // Dropped so that the arrays above are the only references (no copy when written).
        state = MovingState(layers: [], states: [], boundsToScreen: [], effectiveOpacity: [], visible: [])
        sim.layers.withUnsafeBufferPointer { all in
            for (k, i) in layers.enumerated() {
                let own = spans.ownChange(k, since: time, to: t)
                let p = parentEntry[k]
                let parentChanged = p >= 0 && changed[p]
                changed[k] = own || parentChanged
                guard changed[k] else { continue }
                var moved = false
                if own {
                    let layer = all.baseAddress! + i
                    let s = geometryOnly ? SimulatedLayer.geometryState(of: layer, at: lt) : SimulatedLayer.state(of: layer, at: lt)
                    moved = !LayerState.samePlacing(local[k], s)
                    local[k] = s
                }
                // A moving parent's anchor, read as `placed` reads it (a still parent's never changes).
                let anchor = p >= 0 ? sim.parentAnchor(i, in: all, local: local) : nil
                if let a = anchor, a.x.bitPattern != placedAnchors[k].x.bitPattern || a.y.bitPattern != placedAnchors[k].y.bitPattern {
                    moved = true
                    placedAnchors[k] = a
                }
                if moved {
                    placedMaps[k] = sim.placed(i, local: local[k], parentAnchor: sim.parentAnchor(i, in: all, local: local), in: all)
                }
                if moved || parentChanged {
                    (world[k], opacity[k], visible[k]) = sim.entry(
                        i, placed: placedMaps[k], local: local[k], geometryOnly: geometryOnly, in: all, world: world, opacity: opacity, visible: visible)
                } else {
                    // The same map under the same parent map: only the opacity or visibility can differ.
                    (opacity[k], visible[k]) = sim.drawn(i, local: local[k], geometryOnly: geometryOnly, in: all, opacity: opacity, visible: visible)
                }
            }
        }
        time = t
        state = MovingState(layers: layers, states: local, boundsToScreen: world, effectiveOpacity: opacity, visible: visible)
        return true
    }
}

import Motion
// `state(of:at:)` at increasing times, recomputing only the entries that can have changed since
// the previous time: MovingStateSampler's rule (a layer whose own tracks are quiet over
// (previous, t] keeps its state, the same bits) for a LayerSubset. The 3D grid reads the projected
// layers at every grid time (1,000 steps a loop) and most of them keep their state over an
// interval, a whole quiet interval everything (BENCHMARKS.md#the-grids-quiet-layers-same-bytes-2026-12-04).
import TransitionModel

package struct LayerSubsetSampler {
    let sim: Simulation
    /// The state at the last time asked.
    package private(set) var state: LayerSubsetState
    /// Per entry: whether the last `advance` recomputed its own (local) state, and whether its
    /// map, opacity and visibility (its own state or an ancestor's); elsewhere the same bits.
    package private(set) var ownChanged: [Bool]
    package private(set) var changed: [Bool]
    private var time: Double
    /// Per entry, the spans over which its own tracks can change.
    private var spans: ChangeSpans
    /// Per entry: whether StillLayers holds its map on screen (read once, not an optional map per step).
    private let stillOnScreen: [Bool]
    /// Per entry: its map into its superlayer (`Simulation.placed`) as last made, and the parent's
    /// anchor it was made with: a function of its placing fields and that anchor only, so kept while
    /// their bits are (a page's children; MovingStateSampler's rule,
    /// BENCHMARKS.md#sampler36b-grid-sampling-quiet-steps-and-placed-maps-kept-same-bytes-2026-12-05).
    private var placedMap: [Transform3D]
    private var placedAnchor: [Point?]
    private var placedValid: [Bool]

    /// Starts at `time` with `state(of:at:)`'s state, every entry counted as changed.
    package init(_ sim: Simulation, _ subset: LayerSubset, at time: Double) {
        self.sim = sim
        self.time = time
        state = sim.state(of: subset, at: time)
        ownChanged = [Bool](repeating: true, count: subset.layers.count)
        changed = ownChanged
        spans = ChangeSpans(sim, layers: subset.layers)
        stillOnScreen = subset.layers.map { sim.still.world[$0] != nil }
        placedMap = [Transform3D](repeating: .identity, count: subset.layers.count)
        placedAnchor = [Point?](repeating: nil, count: subset.layers.count)
        placedValid = [Bool](repeating: false, count: subset.layers.count)
    }

    /// Whether two anchors are the same bits (both none, or both coordinates' bit patterns).
    @inline(__always)
    private static func sameBits(_ a: Point?, _ b: Point?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case (let a?, let b?): a.x.bitPattern == b.x.bitPattern && a.y.bitPattern == b.y.bitPattern
        default: false
        }
    }

    /// Moves to time t: `state(of:at:)`'s numbers at t. Times that do not increase, or leave the
    /// loop's [0, duration) where the loop time is the time itself, are evaluated whole.
    package mutating func advance(to t: Double) {
        let subset = state.subset
        guard t >= time, t >= 0, t < sim.timeline.duration else {
            state = sim.state(of: subset, at: t)
            time = t
            spans.restart()
            for k in changed.indices { (ownChanged[k], changed[k], placedValid[k]) = (true, true, false) }
            return
        }
        // No entry's own tracks can change: every entry keeps its bits (most of a loop is at rest).
        guard spans.anyChange(since: time, to: t) else {
            for k in changed.indices { (ownChanged[k], changed[k]) = (false, false) }
            time = t
            state = LayerSubsetState(
                subset: subset, time: t, states: state.states, boundsToScreen: state.boundsToScreen,
                effectiveOpacity: state.effectiveOpacity, visible: state.visible)
            return
        }
        let sim = self.sim
        var local = state.states, world = state.boundsToScreen, opacity = state.effectiveOpacity, visible = state.visible
        // Dropped so that the arrays above are the only references (no copy when written).
        state = LayerSubsetState(subset: subset, time: t, states: [], boundsToScreen: [], effectiveOpacity: [], visible: [])
        sim.layers.withUnsafeBufferPointer { all in
            for (k, i) in subset.layers.enumerated() {
                let own = spans.ownChange(k, since: time, to: t)
                let p = subset.parentEntry[k]
                let parentChanged = p >= 0 && changed[p]
                ownChanged[k] = own
                changed[k] = own || parentChanged
                var kept = placedValid[k]  // the placed map still this entry's
                if own {
                    let s = SimulatedLayer.state(of: all.baseAddress! + i, at: t)
                    kept = kept && LayerState.samePlacing(local[k], s)
                    local[k] = s
                }
                // A layer still on screen keeps StillLayers' map, opacity and visibility (state(of:at:)).
                guard changed[k], !stillOnScreen[k] else { continue }
                // state(of:at:)'s two steps for a layer not still on screen; the first kept when it can be.
                let anchor = p >= 0 ? local[p].anchorInBounds : nil
                kept = kept && Self.sameBits(anchor, placedAnchor[k])
                if !kept {
                    placedMap[k] = sim.placed(i, local: local[k], parentAnchor: anchor, in: all)
                    (placedAnchor[k], placedValid[k]) = (anchor, true)
                }
                if kept && !parentChanged {
                    // The same map under the same parent map: only the opacity or visibility can differ.
                    (opacity[k], visible[k]) = Simulation.composedPaint(local[k], under: p >= 0 ? (opacity[p], visible[p]) : nil)
                } else {
                    (world[k], opacity[k], visible[k]) = Simulation.composed(
                        placedMap[k], local[k], under: p >= 0 ? (world[p], opacity[p], visible[p]) : nil)
                }
            }
        }
        time = t
        state = LayerSubsetState(subset: subset, time: t, states: local, boundsToScreen: world, effectiveOpacity: opacity, visible: visible)
    }
}

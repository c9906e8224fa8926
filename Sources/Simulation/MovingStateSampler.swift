import Geometry
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
    /// Per entry k, when the entries are in preorder (each one's descendants right after it): the
    /// end of k's descendants, so that a step makes again only the subtrees of the entries whose
    /// own tracks can change (entries are made again exactly there: own || parent made again).
    private let subtreeEnd: [Int]?
    /// Per entry under a parent still on screen: that parent's anchor in its bounds, map,
    /// opacity and visibility, as `Simulation.entry` and `parentAnchor` read them from
    /// StillLayers (1 and true in a geometry-only state); a root's and a moving parent's are
    /// unused. Read per entry and step, they were array and optional reads of StillLayers.
    /// (Kept with them, this entry's own flag: whether the last `advance` made its map again.
    /// An entry whose `placed` matrix and parent's map keep their bits keeps its map, the same
    /// product of the same factors: a parent that changed only its opacity or visibility leaves
    /// its children's maps as they are. Read by a child only when the entry was recomputed.)
    private var stillParent: [StillParent]
    private struct StillParent {
        var isRoot = true
        var anchor = Point.zero
        var world = Transform3D.identity
        var opacity = 1.0
        var visible = true
        var mapMade = true
        /// This entry's own tracks can have changed in the step being made (`ChangeSpans.ownChange`,
        /// asked only of the entries with spans before the pass: the others' is false, and asking
        /// every entry was most of the pass's cost for the entries it does not recompute).
        var ownNow = false
    }

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
        spans = ChangeSpans(sim, layers: state.layers, byField: true)
        parentEntry = state.layers.map { i in sim.layers[i].parent.map { sim.still.slot[$0] } ?? -1 }
        subtreeEnd = Self.subtreeEnds(parentEntry)
        stillParent = state.layers.map { i in
            guard let p = sim.layers[i].parent else { return StillParent() }
            guard sim.still.slot[p] < 0 else { return StillParent(isRoot: false) }
            return StillParent(
                isRoot: false, anchor: sim.still.state[p]!.anchorInBounds, world: sim.still.world[p]!,
                opacity: geometryOnly ? 1 : sim.still.opacity[p], visible: geometryOnly ? true : sim.still.visible[p])
        }
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
        let layers = state.layers
        var local = state.states, world = state.boundsToScreen, opacity = state.effectiveOpacity, visible = state.visible
        // Dropped so that the arrays above are the only references (no copy when written).
        state = MovingState(layers: [], states: [], boundsToScreen: [], effectiveOpacity: [], visible: [])
        Self.step(
            sim, layers, since: time, to: t, loopTime: lt, geometryOnly: geometryOnly, parentEntry: parentEntry, subtreeEnd: subtreeEnd,
            stillParent: &stillParent,
            spans: &spans, changed: &changed, placedMaps: &placedMaps, placedAnchors: &placedAnchors,
            local: &local, world: &world, opacity: &opacity, visible: &visible)
        time = t
        state = MovingState(layers: layers, states: local, boundsToScreen: world, effectiveOpacity: opacity, visible: visible)
        return true
    }

    /// `advance`'s pass over the entries, the arrays it writes written through pointers (array
    /// subscripts checked bounds and uniqueness per entry and step: most of the sampler's own
    /// cost), and a parent's values read from the entry's arrays or `stillParent`. The numbers
    /// are `Simulation.entry`'s, the same reads and products in the same order.
    @inline(__always)
    private static func step(
        _ sim: Simulation, _ layers: [Int], since time: Double, to t: Double, loopTime lt: Double, geometryOnly: Bool,
        parentEntry: [Int], subtreeEnd: [Int]?, stillParent: inout [StillParent], spans: inout ChangeSpans, changed: inout [Bool],
        placedMaps: inout [Transform3D], placedAnchors: inout [Point], local: inout [LayerState], world: inout [Transform3D],
        opacity: inout [Double], visible: inout [Bool]
    ) {
        let all = sim.layers
        withBuffers(&local, &world, &opacity, &visible) { local, world, opacity, visible in
            withBuffers(&changed, &placedMaps, &placedAnchors, &stillParent) { changed, placedMaps, placedAnchors, stillParent in
                all.withUnsafeBufferPointer { all in
                    layers.withUnsafeBufferPointer { layers in
                        parentEntry.withUnsafeBufferPointer { parentEntry in
                            for k in spans.ownEntries { stillParent[k].ownNow = spans.ownChange(k, since: time, to: t) }
                            // Where a still parent's map lies in an entry's StillParent.
                            let stillWorld = MemoryLayout<StillParent>.offset(of: \StillParent.world)!
                            // The entries made again are the subtrees of those whose own tracks can
                            // change: with preorder ends, each such subtree is passed in turn and the
                            // entries between are marked unchanged (~20 instructions each otherwise).
                            let count = layers.count, owners = spans.ownEntries
                            var from = 0, owner = 0
                            while from < count {
                                var to = count
                                if let subtreeEnd {
                                    while owner < owners.count, owners[owner] < from || !stillParent[owners[owner]].ownNow { owner += 1 }
                                    let o = owner < owners.count ? owners[owner] : count
                                    for j in from..<o { changed[j] = false }
                                    guard o < count else { break }
                                    (from, to) = (o, subtreeEnd[o])
                                }
                                for k in from..<to {
                                    let own = stillParent[k].ownNow
                                    let p = parentEntry[k]
                                    let parentChanged = p >= 0 && changed[p]
                                    changed[k] = own || parentChanged
                                    guard changed[k] else { continue }
                                    // (The layer read only for an entry made again: most entries are passed.)
                                    let i = layers[k]
                                    var moved = false
                                    if own {
                                        // Only the fields whose own tracks can have changed are read
                                        // again (the others keep their bits, by the same rule per track).
                                        var fields: UInt16 = 0
                                        for f in ChangeSpans.Field.allCases where spans.fieldChange(k, f, since: time, to: t) { fields |= 1 << f.rawValue }
                                        moved = Self.update(&local[k], of: all.baseAddress! + i, at: lt, fields: fields, geometryOnly: geometryOnly)
                                    }
                                    // A moving parent's anchor, read as `placed` reads it (a still parent's never changes).
                                    if p >= 0 {
                                        let a = local[p].anchorInBounds
                                        if a.x.bitPattern != placedAnchors[k].x.bitPattern || a.y.bitPattern != placedAnchors[k].y.bitPattern {
                                            moved = true
                                            placedAnchors[k] = a
                                        }
                                    }
                                    let still = stillParent.baseAddress! + k
                                    if moved {
                                        let anchor = p >= 0 ? local[p].anchorInBounds : still.pointee.isRoot ? nil : still.pointee.anchor
                                        placedMaps[k] = sim.placed(i, local: local[k], parentAnchor: anchor, in: all)
                                    }
                                    // `Simulation.entry` (a root: its own map, opacity and visibility).
                                    if still.pointee.isRoot {
                                        if moved { world[k] = placedMaps[k] }
                                        still.pointee.mapMade = moved
                                        (opacity[k], visible[k]) = (local[k].opacity, !local[k].hidden)
                                        continue
                                    }
                                    let (parentOpacity, parentVisible) = p >= 0 ? (opacity[p], visible[p]) : (still.pointee.opacity, still.pointee.visible)
                                    (opacity[k], visible[k]) = (local[k].opacity * parentOpacity, !local[k].hidden && parentVisible)
                                    // The same map under the same parent map is kept: only the opacity or visibility can differ.
                                    let made = moved || (parentChanged && stillParent[p].mapMade)
                                    if made {
                                        let parentMap = p >= 0 ? UnsafeRawPointer(world.baseAddress! + p) : UnsafeRawPointer(still) + stillWorld
                                        Self.concatenate(
                                            placedMaps.baseAddress! + k, parentMap.assumingMemoryBound(to: Transform3D.self), into: world.baseAddress! + k)
                                    }
                                    still.pointee.mapMade = made
                                }
                                from = to
                            }
                        }
                    }
                }
            }
        }
    }
}

extension MovingStateSampler {
    /// Per entry k, the end of its descendants (k's subtree is k..<end[k]) when the entries are
    /// in preorder: each entry's parent is the entry before it or one of that one's ancestors
    /// (or it has none). Nil otherwise (the step then passes every entry).
    static func subtreeEnds(_ parentEntry: [Int]) -> [Int]? {
        let n = parentEntry.count
        for j in 1..<max(1, n) where parentEntry[j] >= 0 {
            var a = j - 1
            while a >= 0, a != parentEntry[j] { a = parentEntry[a] }
            guard a >= 0 else { return nil }
        }
        // Parents come first: each child's end is final before its parent's is raised to it.
        var end = (0..<n).map { $0 + 1 }
        for k in stride(from: n - 1, through: 0, by: -1) where parentEntry[k] >= 0 { end[parentEntry[k]] = max(end[parentEntry[k]], end[k]) }
        return end
    }

    /// `a.concatenating(b)` written at `out`, the same bits: each element the same sum of the
    /// same products in the same order, ((a_i1·b_1j + a_i2·b_2j) + a_i3·b_3j) + a_i4·b_4j, two
    /// elements of a row at a time (lane-wise IEEE products and sums; nothing fused). The
    /// compiler's own pairing of `concatenating` here read the parent's map through sixteen
    /// addresses chosen per element (~190 instructions a child, a third of the sampler's cost).
    @inline(__always)
    static func concatenate(_ a: UnsafePointer<Transform3D>, _ b: UnsafePointer<Transform3D>, into out: UnsafeMutablePointer<Transform3D>) {
        let (b1, b2) = (SIMD2(b.pointee.m11, b.pointee.m12), SIMD2(b.pointee.m13, b.pointee.m14))
        let (b3, b4) = (SIMD2(b.pointee.m21, b.pointee.m22), SIMD2(b.pointee.m23, b.pointee.m24))
        let (b5, b6) = (SIMD2(b.pointee.m31, b.pointee.m32), SIMD2(b.pointee.m33, b.pointee.m34))
        let (b7, b8) = (SIMD2(b.pointee.m41, b.pointee.m42), SIMD2(b.pointee.m43, b.pointee.m44))
        // Row (x1, x2, x3, x4) of a times b: its two halves.
        @inline(__always) func row(_ x1: Double, _ x2: Double, _ x3: Double, _ x4: Double) -> (SIMD2<Double>, SIMD2<Double>) {
            let (s1, s2, s3, s4) = (SIMD2(repeating: x1), SIMD2(repeating: x2), SIMD2(repeating: x3), SIMD2(repeating: x4))
            return (s1 * b1 + s2 * b3 + s3 * b5 + s4 * b7, s1 * b2 + s2 * b4 + s3 * b6 + s4 * b8)
        }
        let r1 = row(a.pointee.m11, a.pointee.m12, a.pointee.m13, a.pointee.m14)
        let r2 = row(a.pointee.m21, a.pointee.m22, a.pointee.m23, a.pointee.m24)
        let r3 = row(a.pointee.m31, a.pointee.m32, a.pointee.m33, a.pointee.m34)
        let r4 = row(a.pointee.m41, a.pointee.m42, a.pointee.m43, a.pointee.m44)
        out.pointee = Transform3D(
            m11: r1.0.x, m12: r1.0.y, m13: r1.1.x, m14: r1.1.y, m21: r2.0.x, m22: r2.0.y, m23: r2.1.x, m24: r2.1.y,
            m31: r3.0.x, m32: r3.0.y, m33: r3.1.x, m34: r3.1.y, m41: r4.0.x, m42: r4.0.y, m43: r4.1.x, m44: r4.1.y)
    }

    /// `s`, a state `SimulatedLayer.state(of:at:)` (or `geometryState`) gave for this layer, made
    /// the one it gives at t when only the `fields` (bits of ChangeSpans.Field) can differ: those
    /// are read again as it reads them, the same tracks and clamps (the same bits); the others'
    /// tracks give the same bits at t. Whether a field `LayerState.samePlacing` compares changed
    /// its bits. (A whole state read every track, each read retaining the track's arrays, when
    /// most layers change one or two: BENCHMARKS.md#retr42-only-the-changing-fields-read-again-same-bytes-2026-12-06.)
    @inline(__always)
    static func update(_ s: inout LayerState, of layer: UnsafePointer<SimulatedLayer>, at t: Double, fields: UInt16, geometryOnly: Bool) -> Bool {
        @inline(__always) func has(_ f: ChangeSpans.Field) -> Bool { fields & (1 << f.rawValue) != 0 }
        @inline(__always) func differ(_ a: Double, _ b: Double) -> Bool { a.bitPattern != b.bitPattern }
        var moved = false
        if has(.position) {
            let v = layer.pointee.position.value(at: t)
            moved = moved || differ(v.x, s.position.x) || differ(v.y, s.position.y)
            s.position = v
        }
        if has(.size) {
            let v = layer.pointee.size.value(at: t)
            moved = moved || differ(v.width, s.size.width) || differ(v.height, s.size.height)
            s.size = v
        }
        if has(.anchorPoint) {
            let v = layer.pointee.anchorPoint.value(at: t)
            moved = moved || differ(v.x, s.anchorPoint.x) || differ(v.y, s.anchorPoint.y)
            s.anchorPoint = v
        }
        if has(.transform) {
            let v = layer.pointee.transform.value(at: t), o = s.transform
            moved =
                moved || differ(v.translation.x, o.translation.x) || differ(v.translation.y, o.translation.y) || differ(v.scale.x, o.scale.x)
                || differ(v.scale.y, o.scale.y) || differ(v.rotation, o.rotation) || differ(v.rotationX, o.rotationX)
                || differ(v.rotationY, o.rotationY) || differ(v.m34, o.m34)
            s.transform = v
        }
        if has(.zPosition) {
            let v = layer.pointee.zPosition.value(at: t)
            moved = moved || differ(v, s.zPosition)
            s.zPosition = v
        }
        // A geometry-only state keeps opacity 1, shown, no corner and no mask.
        guard !geometryOnly else { return moved }
        if has(.opacity) { s.opacity = SimulatedLayer.opacity(of: layer, at: t) }
        if has(.hidden) { s.hidden = layer.pointee.hidden.value(at: t) }
        if has(.cornerRadius) { s.cornerRadius = SimulatedLayer.cornerRadius(of: layer, at: t) }
        if has(.mask), layer.pointee.definition.mask != nil { s.mask = SimulatedLayer.mask(of: layer, at: t) }
        return moved
    }
}

/// `body` with the arrays' buffers, each valid only during `body` (one closure instead of four
/// nested `withUnsafeMutableBufferPointer`).
@inline(__always)
private func withBuffers<A, B, C, D>(
    _ a: inout [A], _ b: inout [B], _ c: inout [C], _ d: inout [D],
    _ body: (UnsafeMutableBufferPointer<A>, UnsafeMutableBufferPointer<B>, UnsafeMutableBufferPointer<C>, UnsafeMutableBufferPointer<D>) -> Void
) {
    a.withUnsafeMutableBufferPointer { a in
        b.withUnsafeMutableBufferPointer { b in
            c.withUnsafeMutableBufferPointer { c in d.withUnsafeMutableBufferPointer { d in body(a, b, c, d) } }
        }
    }
}

/// The samplers one export's retrace detections make of one simulation (Retrace's phases, then
/// SubtreeRetrace's loop): each is a copy of one sampler made at the loop's start, moved on to
/// its own first time. A sampler made there anew built a whole moving state and every entry's
/// change spans again (~180 K instructions); moving a copy on reads only what changed since, and
/// gives the same bits (the sampler's rule: `advance` ends in `movingState(at:)`'s state).
/// Not shared between threads: one per detection pass.
package final class MovingStateSamplers {
    let sim: Simulation
    /// The sampler at time 0, made when first asked.
    private var start: MovingStateSampler?

    package init(_ sim: Simulation) { self.sim = sim }

    /// `movingState(at: 0)`, the start's state.
    package var startState: MovingState {
        if start == nil { start = MovingStateSampler(sim, at: 0) }
        return start!.state
    }

    /// `MovingStateSampler(sim, at: t)`'s state and rule, from the one at 0 when t is not
    /// earlier (t in the loop's [0, duration)).
    package func sampler(at t: Double) -> MovingStateSampler {
        guard t > 0 || t.bitPattern == 0 else { return MovingStateSampler(sim, at: t) }
        if start == nil { start = MovingStateSampler(sim, at: 0) }
        var s = start!
        if t > 0 { s.advance(to: t) }
        return s
    }
}

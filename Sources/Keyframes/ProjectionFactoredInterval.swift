import FoundationEssentials
import Glibc
import Motion
import Simulation
// One breakpoint interval's A per factored plane (ProjectionFactored.swift): its drawn keys and
// exact inverse at each grid time, and the planes' R points kept for the group fits
// (ProjectionFactoredGroup.swift); what is found before any tolerance is kept for a later fit
// (ProjectionPlaneBases.swift).
import TransitionModel

/// One interval's A per plane (by reference layer): as drawn (keyed, written) and its exact
/// inverse at each grid time, and its keys.
struct FactoredInterval {
    var drawn: [Int: [PlaneProjection]]
    var inverse: [Int: [PlaneProjection]]
    var keys: [Int: PlaneKeys]
    /// Per plane and grid time: seen edge-on (A's sx set to 1e-5), where R is taken as its limit.
    var edgeOn: [Int: [Bool]] = [:]
    /// Per grid time, every factored spec's R points (flat, ProjectionFitter.Layout.flat's order)
    /// and axis as `sample` makes them through the exact inverse (A's width needs them all): the
    /// group fit reads them at the times none of its planes is edge-on instead of sampling them
    /// again (same calls, same numbers).
    var residualPoints: [[Point]] = []
    var residualAxes: [[GradientAxis?]] = []
    /// Per spec (index in `specs`): where its points start in `residualPoints[k]` and how many
    /// (-1 and 0 when not stored), and its place in `residualAxes[k]`.
    var residualOffset: [Int] = []
    var residualCount: [Int] = []
    var residualSlot: [Int] = []
    /// The most points stored for one interval: a plane beyond it is sampled again by the group
    /// fit, so the heap peak stays near what it was without the store. 2^16 points (1 MB): two
    /// 3D exports side by side held 8.4 MB at 2^18, for 1.6-3.5 % fewer instructions
    /// (BENCHMARKS.md#the-merged-tree-of-stop-34).
    static let storedPoints = 1 << 16

    /// The members' R points at grid time k, flat, as `sample` gives them; nil when some member is not stored.
    func residualFlat(_ k: Int, _ members: [Int]) -> [Point]? {
        var out: [Point] = []
        out.reserveCapacity(members.reduce(0) { $0 + max(0, residualCount[$1]) })
        return appendResidualFlat(k, members, to: &out) ? out : nil
    }

    /// residualFlat's points appended to `out`; false (nothing appended) when some member is not stored.
    func appendResidualFlat(_ k: Int, _ members: [Int], to out: inout [Point]) -> Bool {
        guard members.allSatisfy({ residualOffset[$0] >= 0 }) else { return false }
        residualPoints[k].withUnsafeBufferPointer { stored in
            for n in members {
                let o = residualOffset[n]
                out.append(contentsOf: UnsafeBufferPointer(rebasing: stored[o..<(o + residualCount[n])]))
            }
        }
        return true
    }

    /// The members' R paths (shaped as `layout`'s) and axes at grid time k as `sample` gives
    /// them, from the store; nil when some member is not stored.
    func residual(_ k: Int, _ members: [Int], layout: ProjectionFitter.Layout, box: Rect) -> (paths: [BezierPath], axes: [GradientAxis?], box: Rect)? {
        guard let flat = residualFlat(k, members) else { return nil }
        return (layout.paths(flat), members.map { residualAxes[k][residualSlot[$0]] }, box)
    }
}

extension ProjectionSampler {
    /// One interval's A per plane: the drawn (keyed, written) A at each grid time, its exact
    /// inverse, and its keys. nil when A is not invertible at a grid time. A's budget goes to sx
    /// over the residual's widest x, halved with T's when T moves in the interval.
    func factorInterval(
        _ factors: PlaneFactors, _ grid: ProjectionGrid, _ times: [Double], left: SceneState, first: Bool, tolerance: Double
    ) -> FactoredInterval? {
        var drawn: [Int: [PlaneProjection]] = [:], inverse: [Int: [PlaneProjection]] = [:], keys: [Int: PlaneKeys] = [:]
        var edgeOn: [Int: [Bool]] = [:]
        var residualPoints = [[Point]](repeating: [], count: grid.count), residualAxes = [[GradientAxis?]](repeating: [], count: grid.count)
        var residualOffset = [Int](repeating: -1, count: specs.count), residualCount = [Int](repeating: 0, count: specs.count)
        var residualSlot = [Int](repeating: -1, count: specs.count), stored = 0
        for r in factors.references {
            let members = specs.indices.filter { factors.planeOf[specs[$0].layer] == r }
            // What an earlier fit of this prepared sampler found of the plane (ProjectionPlaneBases).
            let key = ProjectionPlaneBases.Key(start: times[0], count: grid.count, plane: r, members: members, imageArcs: imageArcs)
            let known = planeBases?.base(key)
            // A's sx and T per grid time, one SIMD2 each (sx in lane 0): not an array per time.
            var sx: [SIMD2<Double>] = [], t: [SIMD2<Double>] = [], back: [PlaneProjection] = [], flat: [Bool] = []
            if let known {
                sx = known.scaleX.map { SIMD2($0, 0) }
                t = known.inverse.indices.map { SIMD2(known.translation[2 * $0], known.translation[2 * $0 + 1]) }
                back = known.inverse; flat = known.edgeOn
            } else {
                for k in 0..<grid.count {
                    // Where the plane's projection and state repeat (ProjectionGrid.repeats), so do A and its inverse.
                    if k > 0, grid.repeats(k, r) {
                        sx.append(sx[k - 1]); t.append(t[k - 1]); back.append(back[k - 1]); flat.append(flat[k - 1])
                        continue
                    }
                    guard let a = Self.affine(grid.projection(k, r), grid.layerState(k, r)), let b = a.inverse else { return nil }
                    sx.append(SIMD2(a.h[0], 0)); t.append(SIMD2(a.h[6], a.h[7])); back.append(b); flat.append(Self.wasEdgeOn(a))
                }
            }
            edgeOn[r] = flat
            let memberLayers = Array(Set(members.map { specs[$0].layer }))
            var width = 1.0, stores = false, pointCount = 0
            var points: [Point] = [], axes: [GradientAxis?] = [], ends: [Int] = []
            // Known and not stored for the group fits (as the fit that kept it found): its points
            // were read only for the width, which is known.
            let sampled = known.map { stored + grid.count * $0.pointCount <= FactoredInterval.storedPoints } ?? true
            if let known, !sampled { width = known.width }
            for k in 0..<grid.count where sampled {
                // The members' R points are the previous time's where the plane and every member
                // repeat (a quiet stretch of the interval): the same numbers, the same widest x.
                let repeats = k > 0 && grid.repeats(k, r) && memberLayers.allSatisfy { grid.repeats(k, $0) }
                if !repeats {
                    // One buffer for every time (its points are copied into the store).
                    points.removeAll(keepingCapacity: true)
                    points.reserveCapacity(ends.last ?? 0)
                    axes = appendFlat(
                        members, to: &points, axes: true, state: { grid.layerState(k, $0) }, projection: { grid.projection(k, $0, then: back[k]) },
                        appendDrawn: { grid.appendDrawn(k, $0, layer: $1, by: $2, to: &$3) }, ends: k == 0 ? { ends.append($0) } : nil)
                    // allPoints' points path by path, as the paths' arrays were read.
                    for q in points { width = max(width, abs(q.x)) }
                }
                if k == 0 {
                    // A path's points are as many at every grid time (its levels are chosen once).
                    pointCount = points.count
                    stores = stored + grid.count * points.count <= FactoredInterval.storedPoints
                    if stores {
                        stored += grid.count * points.count
                        for (position, n) in members.enumerated() {
                            let start = position == 0 ? 0 : ends[position - 1]
                            residualSlot[n] = residualAxes[0].count + position
                            residualOffset[n] = residualPoints[0].count + start
                            residualCount[n] = ends[position] - start
                        }
                    }
                }
                if stores { residualPoints[k] += points; residualAxes[k] += axes }
            }
            let writtenT = { (v: SIMD2<Double>) in
                let p = FactoredProjection.written(Point(v[0], v[1])); return SIMD2(p.x, p.y)
            }
            let moves = t.contains { writtenT($0) != writtenT(t[0]) }
            // Kept only where Lottie fits the planes again: there T moves (a fixed hinge's planes
            // take the SVG's keys in Lottie: flip-edge-pan's 925-time interval held ~90 KB a plane for nothing).
            if known == nil, moves, FactoredProjection.isEnabledForMovingPlanesInLottie {
                planeBases?.keep(
                    key,
                    PlaneBase(
                        scaleX: sx.map { $0[0] }, translation: t.flatMap { [$0[0], $0[1]] }, inverse: back, edgeOn: flat, width: width, pointCount: pointCount))
            }
            let sxFit = Self.fitKeys(sx, dimensions: 1, times, limit: tolerance * (moves ? 0.5 : 1) / width) {
                SIMD2(FactoredProjection.written($0[0]), 0)
            }
            let tFit =
                moves
                ? Self.fitKeys(t, dimensions: 2, times, limit: tolerance * 0.5 / 2.squareRoot(), written: writtenT)
                : (spans: [(start: 0, easing: .linear)], drawn: t.map(writtenT))
            var plane = PlaneKeys()
            if !first, let l = Self.affine(projection(left, r, host: hosts[r]!), left.layers[r]) {
                let (ls, lt) = (FactoredProjection.written(l.h[0]), FactoredProjection.written(Point(l.h[6], l.h[7])))
                if ls != sxFit.drawn[0][0] { plane.scaleX.append(Keyframe(time: times[0], value: ls, easing: .hold)) }
                if lt != Point(tFit.drawn[0][0], tFit.drawn[0][1]) { plane.translation.append(Keyframe(time: times[0], value: lt, easing: .hold)) }
            }
            plane.scaleX += sxFit.spans.map { Keyframe(time: times[$0.start], value: sxFit.drawn[$0.start][0], easing: $0.easing) }
            plane.translation += tFit.spans.map {
                Keyframe(time: times[$0.start], value: Point(tFit.drawn[$0.start][0], tFit.drawn[$0.start][1]), easing: $0.easing)
            }
            keys[r] = plane
            drawn[r] = (0..<grid.count).map { k in PlaneProjection([sxFit.drawn[k][0], 0, 0, 0, 1, 0, tFit.drawn[k][0], tFit.drawn[k][1], 1]) }
            inverse[r] = back
        }
        return FactoredInterval(
            drawn: drawn, inverse: inverse, keys: keys, edgeOn: edgeOn, residualPoints: residualPoints, residualAxes: residualAxes,
            residualOffset: residualOffset, residualCount: residualCount, residualSlot: residualSlot)
    }

    /// The fewest keys for the per-time values `v` (their ends written): each span's easing is
    /// fitted on the component that moves most and checked on every component within `limit`;
    /// also the values as drawn (keyed and interpolated) at each time. Each value is its first
    /// `dimensions` (1 or 2) lanes (the rest are carried along, unread): an array per value,
    /// per written end and per blended time was made and freed in every span tried.
    static func fitKeys(
        _ v: [SIMD2<Double>], dimensions: Int, _ times: [Double], limit: Double, written: (SIMD2<Double>) -> SIMD2<Double>
    ) -> (spans: [(start: Int, easing: KeyframeEasing)], drawn: [SIMD2<Double>]) {
        precondition(dimensions >= 1 && dimensions <= 2)
        // The least-squares targets, reused span after span.
        var u: [Double] = [], q: [Double] = []
        let fitted = EasingFit.spans(count: v.count - 1) { i, j in
            let a = written(v[i]), b = written(v[j])
            // The first component that moves most (Sequence.max(by:)'s choice).
            var m = 0
            for c in 1..<dimensions where abs(b[m] - a[m]) < abs(b[c] - a[c]) { m = c }
            var exact = KeyframeEasing.linear
            if j - i > 1, abs(b[m] - a[m]) > 1e-12 {
                u.removeAll(keepingCapacity: true); q.removeAll(keepingCapacity: true)
                for k in (i + 1)..<j {
                    u.append((times[k] - times[i]) / (times[j] - times[i])); q.append((v[k][m] - a[m]) / (b[m] - a[m]))
                }
                let c = EasingFit.curve(u: u, q: q)
                if !c.isLinear { exact = .bezier(c) }
            }
            return EasingFit.writtenCandidates(exact).first { e in
                for k in (i + 1)..<j {
                    let p = e.progress(at: (times[k] - times[i]) / (times[j] - times[i]))
                    for c in 0..<dimensions where !(abs(a[c] + (b[c] - a[c]) * p - v[k][c]) <= limit) { return false }
                }
                return true
            }
        }
        let spans = v.count > 1 ? fitted : [(start: 0, easing: KeyframeEasing.linear)]
        var drawn = v
        for (n, span) in spans.enumerated() {
            let j = n + 1 < spans.count ? spans[n + 1].start : v.count - 1
            let a = written(v[span.start]), b = written(v[j])
            for k in span.start...j {
                if j == span.start {
                    drawn[k] = a
                    continue
                }
                let p = span.easing.progress(at: (times[k] - times[span.start]) / (times[j] - times[span.start]))
                for c in 0..<dimensions { drawn[k][c] = a[c] + (b[c] - a[c]) * p }
            }
        }
        return (spans, drawn)
    }
}

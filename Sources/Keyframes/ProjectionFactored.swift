import FoundationEssentials
import Glibc
import Motion
import Simulation
// Issue 13 written (SVG only, behind a switch): a plane-to-host homography turning about y is
// A ∘ R about its anchor (PlaneProjection.factored), A = translate(T) · scale(sx, 1), so the SVG
// draws A as group transforms and the paths' `d` as R, whose vertices move along rays from the
// anchor (BENCHMARKS.md#the-factored-projection-measured). T is fixed for a flip's hinge and
// travels with the shared edge for the cube's faces (BENCHMARKS.md#the-cube-factored-about-its-moving-edge).
// Only planes whose A is that over the whole timeline; every other layer keeps today's keys.
import TransitionModel

package enum FactoredProjection {
    /// The switch, read here only: on unless TRANS_EXPORT_FACTORED_SVG=0 (today's keys), on since
    /// Chromium, Firefox and the geometry check passed every flip row (docs/smil.md#perspective-in-svg).
    /// Read once per process: reading the environment copies all of it (0.35 % of a batch export).
    package static let isEnabled: Bool = ProcessInfo.processInfo.environment["TRANS_EXPORT_FACTORED_SVG"] != "0"
    /// Lottie's switch, read here only: on unless TRANS_EXPORT_FACTORED_LOTTIE=0 (today's keys in
    /// Lottie); rlottie, ThorVG and lottie-web draw a layer's negative and zero x-scale as SVG does.
    package static let isEnabledForLottie: Bool = lottieSetting != "0"
    /// Also planes whose T moves or that clip (the cube's faces), fitted for Lottie within
    /// ProjectionTolerance.lottieMovingPlanes: on unless TRANS_EXPORT_FACTORED_LOTTIE is 0 or
    /// `fixed` (today's keys for those; BENCHMARKS.md#the-cube-in-lottie-as-planes-by-default).
    package static let isEnabledForMovingPlanesInLottie: Bool = lottieSetting != "0" && lottieSetting != "fixed"
    /// TRANS_EXPORT_FACTORED_LOTTIE, read once per process.
    private static let lottieSetting: String? = ProcessInfo.processInfo.environment["TRANS_EXPORT_FACTORED_LOTTIE"]
    /// R's share of the tolerance; A's keys get the rest. 0.9, not the bench's 0.75: R's keys
    /// are most of the file and A's few (flip-push.svg 155,502 -> 148,656 B, flip-edge-pan.svg
    /// 193,561 -> 182,929; BENCHMARKS.md#the-flips-svg-under-target); at 0.95 A's limit nears its
    /// 5-decimal rounding (7e-6 in sx) and at 0.98 the files grow again.
    static let share = 0.9
    /// A's written x-scale: 5 decimals (1e-5 over a 1,772 pt residual is 0.02 pt).
    static func written(_ sx: Double) -> Double { (sx * 1e5).rounded() / 1e5 }
    /// R's easings as written, shortest first: keySplines to 1 decimal (".3 0 .7 1") when that
    /// passes the check too, then writtenCandidates' 2 and 3 (flip-push.svg -1,181 B).
    static func candidates(_ exact: KeyframeEasing) -> [KeyframeEasing] {
        guard case .bezier(let c) = exact else { return [exact] }
        // [1 decimal] + writtenCandidates' (2, then 3) less repeats, in one array.
        var out: [KeyframeEasing] = []
        out.reserveCapacity(3)
        for decimals in 1...3 {
            let r = EasingFit.rounded(c, decimals: decimals)
            let easing: KeyframeEasing = r.isLinear ? .linear : .bezier(r)
            if !out.contains(easing) { out.append(easing) }
        }
        return out
    }
    /// Per key of an animated track: its keyTimes and keySplines entry, about.
    static let perKey = 20

    /// One path's numbers, each in integer tenths relative to the point before (from 0, 0).
    static func characters(of path: BezierPath) -> Int {
        // allPoints' order, without the array it joins.
        var at = Point(0, 0), c = 0
        func add(_ points: [Point]) {
            for q in points {
                c += digits(q.x - at.x) + digits(q.y - at.y)
                at = q
            }
        }
        add(path.vertices); add(path.outControls); add(path.inControls)
        return c
    }

    /// A number's characters in integer tenths: String(Int((x * 10).rounded())).count, counted
    /// without the string (the budget of today's keys counts every settled key's numbers).
    static func digits(_ x: Double) -> Int {
        let v = Int((x * 10).rounded())
        var n = v < 0 ? 2 : 1, m = v.magnitude
        while m >= 10 { m /= 10; n += 1 }
        return n
    }

    static func written(_ t: Point) -> Point { Point((t.x * 100).rounded() / 100, (t.y * 100).rounded() / 100) }

    /// The characters of the paths' and gradient axes' keys, close to how SVG writes them: each
    /// number in integer tenths relative to the point before (SVGPath.d's relative commands), and
    /// per key of each animated track its keyTimes and keySplines entry (~20 characters). The
    /// factored keys are kept only when fewer (a card turned about its centre: +8 to +16 % bytes;
    /// the cube: its gradient axes in R's space, 17 -> 5.5 KB).
    static func characters(_ layers: [ProjectedLayer?]) -> Int {
        func count(_ paths: [BezierPath]) -> Int { paths.reduce(0) { $0 + characters(of: $1) } }
        func track<V>(_ t: KeyframeTrack<V>, _ numbers: (V) -> Int) -> Int {
            t.keyframes.reduce(0) { $0 + numbers($1.value) + (t.isAnimated ? perKey : 0) }
        }
        return layers.reduce(0) { sum, l in
            guard let l else { return sum }
            let paint = l.paint.reduce(0) { n, p in
                let axis = p.gradient.map { track($0) { a in [a.start.x, a.start.y, a.end.x, a.end.y].reduce(3 * perKey) { $0 + digits($1) } } } ?? 0
                return n + track(p.shape) { count($0.subpaths) } + axis
            }
            return sum + paint + (l.outline.map { track($0) { count([$0]) } } ?? 0) + (l.clip.map { track($0) { count([$0]) } } ?? 0)
        }
    }
}

/// Layers (by index) drawn in a plane's factored space; a plane is named by its reference layer.
struct PlaneFactors: Sendable {
    var planeOf: [Int: Int] = [:]
    var references: [Int] { Set(planeOf.filter { $0.key == $0.value }.keys).sorted() }
}

/// A plane's keys over one interval: A's x-scale and translation (written).
struct PlaneKeys: Sendable {
    var scaleX: [Keyframe<Double>] = []
    var translation: [Keyframe<Point>] = []
}

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
    /// A (affine, about the reference layer's anchor) at one state; nil when not factorable. A
    /// plane seen edge-on (the cube's face at ±90 degrees: sx = cos 90° ≈ 6e-17) gets sx = 1e-5,
    /// so A stays invertible; R = A⁻¹ H is then a line and A ∘ R still the exact H.
    static func affine(_ h: PlaneProjection, _ s: LayerState) -> PlaneProjection? {
        guard var a = h.factored(origin: Point(s.anchorPoint.x * s.size.width, s.anchorPoint.y * s.size.height))?.affine else { return nil }
        if isEdgeOn(a) { a.h[0] = a.h[0] < 0 ? -edgeOnScale : edgeOnScale }
        return a
    }

    /// The x-scale `affine` gives A where its plane is seen edge-on.
    static let edgeOnScale = 1e-5

    /// Whether A (as factored, before `affine` sets its sx) sees its plane edge-on.
    static func isEdgeOn(_ a: PlaneProjection) -> Bool { abs(a.h[0]) < 1e-6 && abs(a.h[1]) < 1e-9 }

    /// Whether A as `affine` returns it was seen edge-on (its x-scale set to `edgeOnScale`).
    static func wasEdgeOn(_ a: PlaneProjection) -> Bool { abs(a.h[0]) == edgeOnScale }

    /// Layer i's R (in plane r's factored space) at a state where r is seen edge-on: H_i · A⁻¹
    /// there is x = 0 for every vertex (H's x is the edge's, divided by sx = 1e-5), and R jumped
    /// to its limit at the next key. R's limit is exact instead: r's own R (which reads only H's
    /// perspective row, still whole edge-on) after i's in-plane map into r (its superlayers'
    /// toSuperlayer up to r), so R is continuous through edge-on and A ∘ R stays within
    /// 1e-5 · |R.x| of H. nil when i is not r or below it through plain superlayers.
    func edgeOnResidual(_ state: SceneState, _ i: Int, plane r: Int) -> PlaneProjection? {
        edgeOnResidual(i, plane: r, projection: projection(state, r, host: hosts[r]!), state: { state.layers[$0] })
    }

    /// The same from grid time k's numbers (r's projection into its host and the layers' states
    /// are the whole state's there, ProjectionGrid), without a whole state: the cube's faces are
    /// edge-on at about a thousand grid times, each a SceneState (BENCHMARKS.md#the-grids-quiet-layers-same-bytes-2026-12-04).
    /// Only when `inGrid(grid, i, plane: r)`.
    func edgeOnResidual(_ grid: ProjectionGrid, _ k: Int, _ i: Int, plane r: Int) -> PlaneProjection? {
        edgeOnResidual(i, plane: r, projection: grid.projection(k, r), state: { grid.layerState(k, $0) })
    }

    /// Whether every layer `edgeOnResidual` reads for i in plane r is held by the grid.
    func inGrid(_ grid: ProjectionGrid, _ i: Int, plane r: Int) -> Bool {
        guard grid.holds(r) else { return false }
        var j = i
        while j != r {
            guard grid.holds(j) else { return false }
            guard let p = simulation.layers[j].parent else { return true }
            j = p
        }
        return true
    }

    /// `h`: r's projection into its host; `state`: a layer's state, read for r and the layers from i up to r.
    private func edgeOnResidual(_ i: Int, plane r: Int, projection h: PlaneProjection, state: (Int) -> LayerState) -> PlaneProjection? {
        let s = state(r)
        guard let rr = h.factored(origin: Point(s.anchorPoint.x * s.size.width, s.anchorPoint.y * s.size.height))?.residual else { return nil }
        var inPlane = Transform3D.identity, j = i
        while j != r {
            guard let p = simulation.layers[j].parent, simulation.layers[p].definition.sublayerTransform.isIdentity else { return nil }
            inPlane = inPlane.concatenating(state(j).geometry.toSuperlayer)
            j = p
        }
        return PlaneProjection(inPlane).concatenating(rr)
    }

    /// Whether A is translate(T) · scale(sx, 1) with |sx| ≤ 1 (so R's errors never grow in host space).
    static func isFlip(_ a: PlaneProjection) -> Bool {
        let h = a.h
        return abs(h[1]) < 1e-9 && abs(h[3]) < 1e-9 && abs(h[4] - 1) < 1e-9 && abs(h[0]) <= 1 + 1e-9 && abs(h[0]) > 1e-6
    }

    /// The planes whose A is a flip's at every time in `times`; layers with a mask or art clip,
    /// in a group with a layer outside, or with a clip (clipsToBounds) over a sublayer outside
    /// its plane, are left out (their groups span spaces).
    func planeFactors(times: [Double], end: Double, groups: [[Int]]) -> PlaneFactors {
        let states = times.map { state($0, end: end) }
        // Each layer's projections, and each reference's inverse (nil: edge-on, skipped), made
        // once: every layer was compared with every reference of its host at every time.
        var projections: [Int: [PlaneProjection]] = [:], inverses: [Int: [PlaneProjection??]] = [:]
        func h(_ i: Int) -> [PlaneProjection] {
            if let known = projections[i] { return known }
            let made = states.map { projection($0, i, host: hosts[i]!) }
            projections[i] = made
            return made
        }
        func coplanar(_ i: Int, _ r: Int) -> Bool {
            let hr = h(r), hi = h(i)
            let backs =
                inverses[r]
                ?? states.indices.map { k -> PlaneProjection?? in
                    // Edge-on (the cube's face at ±90°) H_ref is singular: nothing to compare there.
                    if let a = Self.affine(hr[k], states[k].layers[r]), abs(a.h[0] * a.h[4] - a.h[1] * a.h[3]) < 1e-3 { return nil }
                    return .some(hr[k].inverse)
                }
            inverses[r] = backs
            var compared = false
            for k in states.indices {
                guard let known = backs[k] else { continue }
                guard let back = known else { return false }
                let m = hi[k].concatenating(back).h
                guard abs(m[2]) <= 1e-9 * abs(m[8]), abs(m[5]) <= 1e-9 * abs(m[8]) else { return false }
                compared = true
            }
            return compared
        }
        var out = PlaneFactors(), references: [Int] = []
        for (i, host) in layers {
            let r = ranges[i]!
            guard r.mask.isEmpty, (artClips[i] ?? []).isEmpty else { continue }
            if let ref = references.first(where: { hosts[$0]! == host && coplanar(i, $0) }) { out.planeOf[i] = ref; continue }
            let hi = h(i)
            let flips = states.indices.allSatisfy { k in Self.affine(hi[k], states[k].layers[i]).map(Self.isFlip) ?? false }
            guard flips else { continue }
            references.append(i); out.planeOf[i] = i
        }
        // A group is drawn in one space: all of it factored, or none; a clip's group holds the sublayers.
        var changed = true
        while changed {
            changed = false
            for (i, _) in layers where ranges[i]!.clip != nil {
                if let p = out.planeOf[i], simulation.descendants(of: i).contains(where: { out.planeOf[$0] != p }) { out.planeOf[i] = nil; changed = true }
            }
            for members in groups {
                let ls = members.map { specs[$0].layer }
                if ls.contains(where: { out.planeOf[$0] == nil }), ls.contains(where: { out.planeOf[$0] != nil }) {
                    for l in ls { out.planeOf[l] = nil }
                    changed = true
                }
            }
            let kept = out.planeOf.filter { out.planeOf[$0.value] == $0.value }
            if kept.count != out.planeOf.count { out.planeOf = kept; changed = true }
        }
        return out
    }

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
        let everywhere = Rect(-1e9, -1e9, 2e9, 2e9)
        for r in factors.references {
            var sx: [[Double]] = [], t: [[Double]] = [], back: [PlaneProjection] = [], flat: [Bool] = []
            for k in 0..<grid.count {
                // Where the plane's projection and state repeat (ProjectionGrid.repeats), so do A and its inverse.
                if k > 0, grid.repeats(k, r) {
                    sx.append(sx[k - 1]); t.append(t[k - 1]); back.append(back[k - 1]); flat.append(flat[k - 1])
                    continue
                }
                guard let a = Self.affine(grid.projection(k, r), grid.layerState(k, r)), let b = a.inverse else { return nil }
                sx.append([a.h[0]]); t.append([a.h[6], a.h[7]]); back.append(b); flat.append(Self.wasEdgeOn(a))
            }
            edgeOn[r] = flat
            let members = specs.indices.filter { factors.planeOf[specs[$0].layer] == r }
            let memberLayers = Array(Set(members.map { specs[$0].layer }))
            var width = 1.0, stores = false
            var points: [Point] = [], axes: [GradientAxis?] = [], ends: [Int] = []
            for k in 0..<grid.count {
                // The members' R points are the previous time's where the plane and every member
                // repeat (a quiet stretch of the interval): the same numbers, the same widest x.
                let repeats = k > 0 && grid.repeats(k, r) && memberLayers.allSatisfy { grid.repeats(k, $0) }
                if !repeats {
                    points = []
                    points.reserveCapacity(ends.last ?? 0)
                    axes = appendFlat(
                        members, to: &points, axes: true, state: { grid.layerState(k, $0) }, projection: { grid.projection(k, $0, then: back[k]) },
                        appendDrawn: { grid.appendDrawn(k, $0, layer: $1, by: $2, to: &$3) }, ends: k == 0 ? { ends.append($0) } : nil)
                    // allPoints' points path by path, as the paths' arrays were read.
                    for q in points { width = max(width, abs(q.x)) }
                }
                if k == 0 {
                    // A path's points are as many at every grid time (its levels are chosen once).
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
            let writtenT = { (v: [Double]) in
                let p = FactoredProjection.written(Point(v[0], v[1])); return [p.x, p.y]
            }
            let moves = t.contains { writtenT($0) != writtenT(t[0]) }
            let sxFit = Self.fitKeys(sx, times, limit: tolerance * (moves ? 0.5 : 1) / width) { [FactoredProjection.written($0[0])] }
            let tFit =
                moves
                ? Self.fitKeys(t, times, limit: tolerance * 0.5 / 2.squareRoot(), written: writtenT)
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
    /// also the values as drawn (keyed and interpolated) at each time.
    static func fitKeys(
        _ v: [[Double]], _ times: [Double], limit: Double, written: ([Double]) -> [Double]
    ) -> (spans: [(start: Int, easing: KeyframeEasing)], drawn: [[Double]]) {
        func blend(_ a: [Double], _ b: [Double], _ u: Double) -> [Double] { a.indices.map { a[$0] + (b[$0] - a[$0]) * u } }
        let fitted = EasingFit.spans(count: v.count - 1) { i, j in
            let a = written(v[i]), b = written(v[j])
            let m = a.indices.max { abs(b[$0] - a[$0]) < abs(b[$1] - a[$1]) }!
            var exact = KeyframeEasing.linear
            if j - i > 1, abs(b[m] - a[m]) > 1e-12 {
                let ks = Array(i + 1..<j)
                let c = EasingFit.curve(u: ks.map { (times[$0] - times[i]) / (times[j] - times[i]) }, q: ks.map { (v[$0][m] - a[m]) / (b[m] - a[m]) })
                if !c.isLinear { exact = .bezier(c) }
            }
            return EasingFit.writtenCandidates(exact).first { e in
                (i + 1..<j).allSatisfy { k in
                    let d = blend(a, b, e.progress(at: (times[k] - times[i]) / (times[j] - times[i])))
                    return d.indices.allSatisfy { abs(d[$0] - v[k][$0]) <= limit }
                }
            }
        }
        let spans = v.count > 1 ? fitted : [(start: 0, easing: KeyframeEasing.linear)]
        var drawn = v
        for (n, span) in spans.enumerated() {
            let j = n + 1 < spans.count ? spans[n + 1].start : v.count - 1
            let a = written(v[span.start]), b = written(v[j])
            for k in span.start...j {
                drawn[k] = j == span.start ? a : blend(a, b, span.easing.progress(at: (times[k] - times[span.start]) / (times[j] - times[span.start])))
            }
        }
        return (spans, drawn)
    }
}

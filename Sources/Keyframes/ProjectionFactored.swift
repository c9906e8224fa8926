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
    static func written(_ sx: Double) -> Double { ProjectionFitter.rounded(sx * 1e5) / 1e5 }
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
        let v = Int(ProjectionFitter.rounded(x * 10))
        var n = v < 0 ? 2 : 1, m = v.magnitude
        while m >= 10 { m /= 10; n += 1 }
        return n
    }

    static func written(_ t: Point) -> Point { Point(ProjectionFitter.rounded(t.x * 100) / 100, ProjectionFitter.rounded(t.y * 100) / 100) }

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
        // Found before the groups' rule, the same for every fit of a prepared sampler: Lottie's
        // fit of the moving planes reads the SVG's (ProjectionPlaneBases).
        let known = planeBases?.candidates(times: times, end: end)
        var out = known ?? planeCandidates(times: times, end: end)
        if known == nil { planeBases?.keepCandidates(out, times: times, end: end) }
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

    /// `planeFactors` before its groups' rule: each layer's plane where A is a flip's at every
    /// time (layers with a mask or art clip left out).
    func planeCandidates(times: [Double], end: Double) -> PlaneFactors {
        // The projected layers' states and projections on a grid (ProjectionGrid: the same numbers
        // as whole states', which simulated every layer at every time: 1 % of the 3D batch).
        let states = grid(times, end: end), count = states.count
        // Each layer's projections, and each reference's inverse (nil: edge-on, skipped), made
        // once: every layer was compared with every reference of its host at every time.
        var projections: [Int: [PlaneProjection]] = [:], inverses: [Int: [PlaneProjection??]] = [:]
        func h(_ i: Int) -> [PlaneProjection] {
            if let known = projections[i] { return known }
            let made = (0..<count).map { states.projection($0, i) }
            projections[i] = made
            return made
        }
        func coplanar(_ i: Int, _ r: Int) -> Bool {
            let hr = h(r), hi = h(i)
            let backs =
                inverses[r]
                ?? (0..<count).map { k -> PlaneProjection?? in
                    // Edge-on (the cube's face at ±90°) H_ref is singular: nothing to compare there.
                    if let a = Self.affine(hr[k], states.layerState(k, r)), abs(a.h[0] * a.h[4] - a.h[1] * a.h[3]) < 1e-3 { return nil }
                    return .some(hr[k].inverse)
                }
            inverses[r] = backs
            var compared = false
            for k in 0..<count {
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
            let flips = (0..<count).allSatisfy { k in Self.affine(hi[k], states.layerState(k, i)).map(Self.isFlip) ?? false }
            guard flips else { continue }
            references.append(i); out.planeOf[i] = i
        }
        return out
    }
}

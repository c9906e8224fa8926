import Keyframes
import Motion
// Neighbouring projected paints drawn as one <path>: the same solid fill and fill rule, the same
// key times and easings, so one `d` animation (its `values` the subpaths' concatenated, one
// keyTimes and keySplines) morphs them all; stories-cube.svg's faces hold ~40 white text bars
// and icons of one plane. Only where the outlines never come near each other: overlapping
// subpaths of one path fill once (nonzero: or not at all, even-odd), not twice, and two edges in
// one pixel blend as one coverage, not two.
import TransitionModel

enum SVGMergedPaths {
    /// The least gap (pt, in the paths' own space) between two outlines merged, at every time:
    /// ten times the 0.05 pt the written `d` rounds each point by, and a pixel wide at 1x where
    /// the plane is seen face-on (a factored plane's A only narrows x, |sx| ≤ 1).
    static let gap = 1.0

    /// The paints in draw order as runs, each written as one path: consecutive paints join a run
    /// when `joins` holds with every paint already in it (order within a run then never matters).
    static func runs(_ paints: [ProjectedPaint]) -> [[ProjectedPaint]] {
        var out: [[ProjectedPaint]] = []
        for p in paints {
            if let run = out.last, run.allSatisfy({ joins($0, p) }) { out[out.count - 1].append(p) } else { out.append([p]) }
        }
        return out
    }

    /// One paint whose subpaths are the run's, in order, on the run's shared keys.
    static func merged(_ run: [ProjectedPaint]) -> ProjectedPaint {
        guard run.count > 1 else { return run[0] }
        var out = run[0]
        if run[0].shape.isAnimated {
            out.shape = KeyframeTrack(
                run[0].shape.keyframes.indices.map { k in
                    let key = run[0].shape.keyframes[k]
                    return Keyframe(time: key.time, value: MultiPath(run.flatMap { $0.shape.keyframes[k].value.subpaths }), easing: key.easing)
                })
        } else {
            out.shape = .constant(MultiPath(run.flatMap { $0.shape.initialValue.subpaths }))
        }
        return out
    }

    /// Whether two paints can share one path: solid, same fill and rule, same keys' times and
    /// easings (each within [0, 1], so every drawn outline is a blend of two neighbouring keys),
    /// and apart by `gap` at every key pair.
    static func joins(_ a: ProjectedPaint, _ b: ProjectedPaint) -> Bool {
        guard case .solid = a.fill, a.fill == b.fill, a.evenOdd == b.evenOdd, a.gradient == nil, b.gradient == nil else { return false }
        let (s, t) = (a.shape, b.shape)
        guard s.isAnimated == t.isAnimated else { return false }
        if !s.isAnimated {
            let (p, q) = (points(s.initialValue), points(t.initialValue))
            return apart(p, p, q, q)
        }
        guard s.keyframes.count == t.keyframes.count,
            zip(s.keyframes, t.keyframes).allSatisfy({ $0.time == $1.time && $0.easing == $1.easing }),
            s.keyframes.allSatisfy({ if case .bezier(let c) = $0.easing { return c.staysInUnitInterval } else { return true } })
        else { return false }
        let ps = s.keyframes.map { points($0.value) }, qs = t.keyframes.map { points($0.value) }
        return ps.indices.allSatisfy { k in
            let n = min(k + 1, ps.count - 1)
            return apart(ps[k], ps[n], qs[k], qs[n])
        }
    }

    /// Every vertex and control point: the outline lies in their convex hull.
    static func points(_ m: MultiPath) -> [Point] { m.subpaths.flatMap(\.allPoints) }

    /// Whether one line direction separates hull(a0) from hull(b0) and hull(a1) from hull(b1) by
    /// `gap` on the same side. Then it separates every blend a0 + (a1 - a0) u from b0 + (b1 - b0) u,
    /// u in [0, 1] (each point pair's distance along it is linear in u), and with it the outlines
    /// a player draws between the two keys. Directions tried: both axes, the hulls' edge normals
    /// (two convex sets apart are apart along one of them) and from a's centre to b's at each key
    /// and both summed (b passing a corner); a test that is sufficient, not necessary.
    static func apart(_ a0: [Point], _ a1: [Point], _ b0: [Point], _ b1: [Point]) -> Bool {
        func centre(_ p: [Point]) -> Point { p.reduce(Point(0, 0), +) * (1 / Double(max(p.count, 1))) }
        func range(_ p: [Point], _ n: Point) -> (lo: Double, hi: Double) {
            p.reduce((Double.infinity, -Double.infinity)) { r, q in
                let d = q.x * n.x + q.y * n.y
                return (min(r.0, d), max(r.1, d))
            }
        }
        func separates(_ n: Point) -> Bool {
            let (ra0, ra1, rb0, rb1) = (range(a0, n), range(a1, n), range(b0, n), range(b1, n))
            return (ra0.hi + gap <= rb0.lo && ra1.hi + gap <= rb1.lo) || (rb0.hi + gap <= ra0.lo && rb1.hi + gap <= ra1.lo)
        }
        // The answer is whether any of the directions separates, so they are tried as they are
        // made, the axes and centres first: the four hulls (most of the cost) are made only when
        // none of those does (`testApartIsTheAnswerOverEveryDirection`).
        if separates(Point(1, 0)) || separates(Point(0, 1)) { return true }
        let (d0, d1) = (centre(b0) - centre(a0), centre(b1) - centre(a1))
        for d in [d0, d1, d0 + d1] {
            let length = (d.x * d.x + d.y * d.y).squareRoot()
            if length > 1e-9, separates(d * (1 / length)) { return true }
        }
        for set in [a0, a1, b0, b1] {
            let h = hull(set)
            for i in h.indices {
                let e = h[(i + 1) % h.count] - h[i]
                let length = (e.x * e.x + e.y * e.y).squareRoot()
                if length > 1e-9, separates(Point(-e.y / length, e.x / length)) { return true }
            }
        }
        return false
    }

    /// Convex hull (Andrew's monotone chain), counter-clockwise in y-up terms.
    static func hull(_ points: [Point]) -> [Point] {
        let p = Array(Set(points)).sorted { ($0.x, $0.y) < ($1.x, $1.y) }
        guard p.count > 2 else { return p }
        func cross(_ o: Point, _ a: Point, _ b: Point) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
        var lower: [Point] = [], upper: [Point] = []
        for q in p {
            while lower.count >= 2, cross(lower[lower.count - 2], lower[lower.count - 1], q) <= 0 { lower.removeLast() }
            lower.append(q)
        }
        for q in p.reversed() {
            while upper.count >= 2, cross(upper[upper.count - 2], upper[upper.count - 1], q) <= 0 { upper.removeLast() }
            upper.append(q)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }
}

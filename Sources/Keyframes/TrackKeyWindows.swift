import Motion
import TransitionModel

// An estimate, made before today's fit runs, of the keys it will make, so that its budget
// (ProjectionKeyBudget) can give up before the fit where today's keys lose by a wide margin
// (docs/smil.md#an-estimate-of-todays-keys). Between two keys that change a track, a player
// draws each of its points at a + (b − a)·g, g one progress for the whole track, monotone in
// [0, 1] (every written easing's controls lie in the unit square). So at grid times k1 < k2 < k3
// with no such key strictly between, every point drawn at k2 is (1 − λ)·drawn(k1) + λ·drawn(k3)
// for one λ in [0, 1], and where the fit checks the point at the three times, its exact value
// P satisfies |P(k2) − ((1 − λ)P(k1) + λP(k3))| ≤ 2E, E its tolerance (or a key's rounding).
// When no λ does that for every point, a key lies strictly between k1 and k3: a window. It is
// an estimate because the fit checks a painted point only where it can be seen (ProjectionFitter.within),
// and a page's corners leave the canvas while it turns: counting only the points that stay
// inside it gives 5 % of flip-pop's keys, every point 98 %.

/// A track's windows: each one's first and last grid index and the characters estimated for its key.
struct TrackKeyWindows {
    var windows: [(start: Int, end: Int, characters: Int)] = []
    /// The windows not yet released (those from `next` on).
    private(set) var next = 0

    /// The characters of the windows starting before grid index k (their key may be k or
    /// before, already counted as fitted): released from the promise.
    mutating func release(before k: Int) -> Int {
        var n = 0
        while next < windows.count, windows[next].start < k {
            n += windows[next].characters
            next += 1
        }
        return n
    }

    var total: Int { windows.reduce(0) { $0 + $1.characters } }

    /// `release(before:)` over every track of a group: the characters released.
    static func release(_ tracks: inout [TrackKeyWindows], before k: Int) -> Int {
        tracks.indices.reduce(0) { $0 + tracks[$1].release(before: k) }
    }

    /// A key's value on the 0.1 grid is within this of the exact point (0.05 on each axis).
    static let rounding = 0.0708

    /// The windows of one track (`paths`: positions in the layout) over samples[0…N] (flat points
    /// at some of the fit's grid times), for a fitter's `visible` and `outline` tolerances: every
    /// vertex, and every control of a cubic, taken as checked at every time; each window from the
    /// first time where one ends, each key's characters the track's at the window's middle.
    static func find(
        _ layout: ProjectionFitter.Layout, paths: [Int], samples: [[Point]], visible: Double, outline: Double
    ) -> [(start: Int, end: Int, characters: Int)] {
        precondition(samples.allSatisfy { $0.count == layout.pointCount })
        return find(layout, paths: paths, flat: samples.flatMap { $0 }, visible: visible, outline: outline)
    }

    /// The same over samples held flat, `layout.pointCount` points a time one after the other
    /// (estimatedWindows: an array per coarse time was allocated, filled and freed, ~160 k in
    /// the 3D mix).
    static func find(
        _ layout: ProjectionFitter.Layout, paths: [Int], flat samples: [Point], visible: Double, outline: Double
    ) -> [(start: Int, end: Int, characters: Int)] {
        let stride = layout.pointCount
        guard stride > 0 else { return [] }
        precondition(samples.count % stride == 0)
        let last = samples.count / stride - 1
        guard last >= 2 else { return [] }
        // The checked points and their squared radius (2E with a margin for the floating point),
        // made once: `separated` runs for every point at every grid time a window grows by.
        var points: [Int] = [], squared: [Double] = [], highest = -1
        let capacity = paths.reduce(0) { $0 + 3 * layout.counts[$1] }
        points.reserveCapacity(capacity); squared.reserveCapacity(capacity)
        func check(_ n: Int, radius r: Double) {
            points.append(n); squared.append(r * r); highest = max(highest, n)
        }
        for p in paths {
            let o = layout.offsets[p], count = layout.counts[p], painted = max(0, visible - layout.shapeErrors[p])
            for v in 0..<count {
                let tolerance = layout.isOutline[p] ? min(painted, outline) : painted
                check(o + v, radius: 2 * max(tolerance, rounding) + 1e-6)
            }
            for s in 0..<count where !layout.isLine[p][s] {
                let r = 2 * max(painted, rounding) + 1e-6
                check(o + count + s, radius: r); check(o + 2 * count + (s + 1) % count, radius: r)
            }
        }
        // Whether no λ in [0, 1] keeps every point within its radius at k2 (reads unchecked: the
        // highest point index is checked against the samples' counts once per call).
        func separated(_ k1: Int, _ k2: Int, _ k3: Int) -> Bool {
            var lo = 0.0, hi = 1.0
            return samples.withUnsafeBufferPointer { all in
                points.withUnsafeBufferPointer { points in
                    squared.withUnsafeBufferPointer { squared in
                        precondition(highest < stride && k1 >= 0 && k2 >= 0 && k3 <= last)
                        let o1 = k1 * stride, o2 = k2 * stride, o3 = k3 * stride
                        for x in 0..<points.count {
                            let n = points[x]
                            let p1 = all[o1 + n], p2 = all[o2 + n], p3 = all[o3 + n]
                            let ux = p2.x - p1.x, uy = p2.y - p1.y, vx = p3.x - p1.x, vy = p3.y - p1.y
                            let a = vx * vx + vy * vy, b = ux * vx + uy * vy, c = ux * ux + uy * uy - squared[x]
                            if a < 1e-18 {
                                if c > 0 { return true }
                                continue
                            }
                            let disc = b * b - a * c
                            if disc < 0 { return true }
                            let root = disc.squareRoot()
                            lo = max(lo, (b - root) / a); hi = min(hi, (b + root) / a)
                            if lo > hi { return true }
                        }
                        return false
                    }
                }
            }
        }
        // The key's characters: its track's numbers as written at the window's middle.
        func characters(_ k: Int) -> Int {
            var n = 0
            for p in paths {
                let o = layout.offsets[p]
                var at = Point(0, 0)
                for x in o..<(o + 3 * layout.counts[p]) {
                    let q = ProjectionFitter.onGrid(samples[k * stride + x])
                    n += FactoredProjection.digits(q.x - at.x) + FactoredProjection.digits(q.y - at.y)
                    at = q
                }
            }
            return n
        }
        var out: [(start: Int, end: Int, characters: Int)] = []
        var k1 = 0, k3 = 2
        while k3 <= last {
            if separated(k1, (k1 + k3) / 2, k3) {
                out.append((k1, k3, FactoredProjection.perKey + characters((k1 + k3) / 2)))
                k1 = k3
                k3 = k1 + 2
            } else {
                k3 += 1
            }
        }
        return out
    }
}

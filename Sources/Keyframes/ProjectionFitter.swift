import Motion
// Fitted keyframes for a group of projected paths (every projected path of one host, so shapes
// that share an edge share every key time and easing and never part). Between two keys a
// player blends every number of a path with one easing (SMIL: one keySpline per interval for
// the whole `d`; Lottie: one o/i per shape keyframe), so the fit finds, per interval, the one
// curve that moves all of the group's points best, and takes the longest intervals whose blend,
// from the keys as written (points on the 0.1 grid), stays within the tolerances at every
// grid time (on flat arrays: no allocation per check). Off the canvas a painted path is not
// seen and not bounded; a named layer's outline (what readers measure) is, everywhere.
import TransitionModel

struct ProjectionFitter {
    /// Every member path's structure, in the order of the flat point arrays.
    struct Layout {
        /// Per path: where its points start; vertices, then out controls, then in controls.
        var offsets: [Int] = []
        var counts: [Int] = []
        var isLine: [[Bool]] = []
        var isOutline: [Bool] = []
        /// Per path: how far its drawn shape strays from the exact one (PathSpec.shapeError),
        /// taken off its `visible` tolerance.
        var shapeErrors: [Double] = []
        var pointCount = 0

        init(_ paths: [BezierPath], outlines: [Bool], shapeErrors: [Double]? = nil) {
            self.shapeErrors = shapeErrors ?? Array(repeating: 0, count: paths.count)
            for (p, o) in zip(paths, outlines) {
                offsets.append(pointCount); counts.append(p.segmentCount); isLine.append(p.isLine); isOutline.append(o)
                pointCount += 3 * p.segmentCount
            }
        }

        func flat(_ paths: [BezierPath]) -> [Point] {
            var out: [Point] = []
            out.reserveCapacity(pointCount)
            // By index: `for p in paths` and `out += p.vertices` retained and released each path's
            // arrays, per grid time (~2 % of the default run's samples).
            for n in paths.indices {
                for k in paths[n].vertices.indices { out.append(paths[n].vertices[k]) }
                for k in paths[n].outControls.indices { out.append(paths[n].outControls[k]) }
                for k in paths[n].inControls.indices { out.append(paths[n].inControls[k]) }
            }
            return out
        }

        /// The paths whose flat points are `flat` (the inverse of `flat(_:)`).
        func paths(_ flat: [Point]) -> [BezierPath] {
            offsets.indices.map { p in
                let o = offsets[p], n = counts[p]
                return BezierPath(
                    vertices: Array(flat[o..<(o + n)]), outControls: Array(flat[(o + n)..<(o + 2 * n)]),
                    inControls: Array(flat[(o + 2 * n)..<(o + 3 * n)]), isLine: isLine[p])
            }
        }
    }

    /// Tolerances in host units (ProjectionTolerance divided by the host's scale): where a
    /// painted path can be seen, and for an outline's vertices anywhere.
    var visible: Double
    var outline: Double
    /// Key values are written on this grid (SVGPath, LottieProjected): the check uses them so.
    static let grid = 0.1

    /// Always inlined: the factored search rounds every point of each key (a call a coordinate otherwise).
    @inline(__always) static func onGrid(_ x: Double) -> Double { rounded(x / grid) * grid }

    /// `x.rounded()` (to nearest, halves away from zero), the same bits, without libm's `round`
    /// call (the x86-64 baseline has no rounding instruction; ~2.5 M calls in a 3D batch of 12):
    /// truncation through Int64 is exact below 2^52, and so is the fraction x − t there; a zero
    /// keeps x's sign. Larger values, infinities and NaN go to `rounded()`.
    @inline(__always) static func rounded(_ x: Double) -> Double {
        guard abs(x) < 0x1p52 else { return x.rounded() }
        let t = Double(Int64(x))
        let f = x - t
        let r = f >= 0.5 ? t + 1 : f <= -0.5 ? t - 1 : t
        return r == 0 ? Double(signOf: x, magnitudeOf: 0) : r
    }
    @inline(__always) static func onGrid(_ p: Point) -> Point { Point(onGrid(p.x), onGrid(p.y)) }

    /// Key times (grid indices) and easings over samples[0…n]: samples are the exact flat points
    /// at `times` (the last one the value just before the interval's end), `boxes` the canvas in
    /// host space at each. A curve is written with 2 decimals when that fits, else with 3.
    /// `keyAt(i)` is told each key's grid index as the key is settled (EasingFit.spans tries
    /// spans from a key only once the key before is final); when it returns false the fit gives
    /// up: every later span is refused at once and the keys are meaningless (ProjectionKeyBudget).
    func fit(
        _ layout: Layout, times: [Double], samples: [[Point]], boxes: [Rect], keyAt: ((Int) -> Bool)? = nil, coarse: Bool = true
    ) -> [(start: Int, easing: KeyframeEasing)] {
        var settled = -1, givenUp = false
        // The least-squares easing per span from the current start: the dense check of a span
        // the coarse search took tries the same curve's candidates again.
        // The start's key as written (`a` below) is made once per start, not per span tried.
        var exactFrom = -1, exactEasings: [Int: KeyframeEasing] = [:], a: [Point] = []
        let every = coarse ? Self.coarseStride(times) : 1
        return EasingFit.spans(count: samples.count - 1, coarse: every > 1) { i, j, dense in
            if let keyAt, i != settled {
                settled = i
                if !keyAt(i) { givenUp = true }
            }
            if givenUp { return nil }
            // The two keys as written, made per span: a copy of every sample on the grid was as
            // big as the samples (BENCHMARKS.md#memory-and-time-pass).
            if exactFrom != i { exactFrom = i; exactEasings = [:]; a = samples[i].map(Self.onGrid) }
            let b = samples[j].map(Self.onGrid)
            let order = Self.checkOrder(i, j, every: dense ? 1 : every)  // once per span: the bound and every candidate use it
            let exact: KeyframeEasing
            if let known = exactEasings[j] {
                exact = known
            } else {
                // A span no easing can save is rejected before the least-squares fit (most of the cost).
                guard self.someEasingMayFit(layout, samples, a, b, boxes, i, j, Array(order.prefix(Self.boundChecks))) else { return nil }
                exact = self.easing(times, samples, a, b, i, j)
                exactEasings[j] = exact
            }
            // Each candidate checks first the time where the one before failed (the same answers).
            var failed = -1
            return EasingFit.writtenCandidates(exact).first { easing in
                self.fits(layout, times, samples, a, b, boxes, i, j, easing, order, first: failed, failed: &failed)
            }
        }
    }

    /// How many far-apart grid times the bound before the easing fit reads (`someEasingMayFit`):
    /// a span that fails usually fails at one of them; one that passes is checked whole after.
    static let boundChecks = 16

    /// The coarse search's checks a second (every grid time at 300-1000 a second is checked once a span is found).
    static let coarseRate = 120.0

    /// Grid steps between the times the coarse search checks (about `coarseRate` a second).
    static func coarseStride(_ times: [Double]) -> Int {
        guard times.count > 2 else { return 1 }
        return max(1, Int((1 / coarseRate / (times[2] - times[1])).rounded(.down)))
    }

    /// The least-squares easing of the blend a → b (the keys at i and j) through the exact samples between.
    func easing(_ times: [Double], _ samples: [[Point]], _ a: [Point], _ b: [Point], _ i: Int, _ j: Int) -> KeyframeEasing {
        easing(times, a, b, i, j) { samples[$0] }
    }

    /// The same with every grid time's samples in one flat array, `a.count` points a time (the factored group's).
    func easing(_ times: [Double], flat samples: [Point], _ a: [Point], _ b: [Point], _ i: Int, _ j: Int) -> KeyframeEasing {
        let count = a.count
        return samples.withUnsafeBufferPointer { s in easing(times, a, b, i, j) { UnsafeBufferPointer(rebasing: s[($0 * count)..<($0 * count + count)]) } }
    }

    /// `sample(k)`: the exact points at grid time k (indexed from 0, as `a`).
    @inline(__always)
    private func easing<Row: RandomAccessCollection<Point>>(
        _ times: [Double], _ a: [Point], _ b: [Point], _ i: Int, _ j: Int, sample: (Int) -> Row
    ) -> KeyframeEasing where Row.Index == Int {
        guard j - i > 1 else { return .linear }
        var length2 = 0.0
        for n in a.indices { let d = b[n] - a[n]; length2 += d.x * d.x + d.y * d.y }
        guard length2 > 1e-12 else { return .linear }
        // At most 12 samples steer the curve (24 cost twice as much for 0.2 % fewer bytes); every one is checked after.
        let stride = max(1, (j - i - 1) / 12)
        // u and q in one stack buffer (two arrays were made and freed per fit).
        let count = (j - i - 2) / stride + 1
        // b − a made once per fit, not once per sample (the same differences).
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * count) { uq in
            withUnsafeTemporaryAllocation(of: Point.self, capacity: a.count) { d in
                a.withUnsafeBufferPointer { a in
                    for n in a.indices { d[n] = b[n] - a[n] }
                    var m = 0
                    for k in Swift.stride(from: i + 1, to: j, by: stride) {
                        var dot = 0.0
                        let s = sample(k)
                        precondition(s.count >= a.count)
                        for n in a.indices {
                            let e = s[n] - a[n]
                            dot += d[n].x * e.x + d[n].y * e.y
                        }
                        uq[m] = (times[k] - times[i]) / (times[j] - times[i]); uq[count + m] = dot / length2
                        m += 1
                    }
                    precondition(m == count)
                }
            }
            let c = EasingFit.curve(u: UnsafeBufferPointer(rebasing: uq[0..<count]), q: UnsafeBufferPointer(rebasing: uq[count..<(2 * count)]))
            return c.isLinear ? .linear : .bezier(c)
        }
    }

    /// Whether the blend with `easing` stays within every tolerance at each grid time in (i, j);
    /// times far apart first, so a span that fails usually fails after a few checks.
    func fits(
        _ layout: Layout, _ times: [Double], _ samples: [[Point]], _ a: [Point], _ b: [Point], _ boxes: [Rect], _ i: Int, _ j: Int,
        _ easing: KeyframeEasing,
        _ order: [Int]? = nil
    ) -> Bool {
        var failed = -1
        return fits(layout, times, samples, a, b, boxes, i, j, easing, order ?? Self.checkOrder(i, j), failed: &failed)
    }

    /// The same at the times in `order`, `first` (a time of `order`, or −1) checked before the
    /// others: a yes needs every time, so the order changes no answer. `failed` is set to the
    /// time where it fails.
    func fits(
        _ layout: Layout, _ times: [Double], _ samples: [[Point]], _ a: [Point], _ b: [Point], _ boxes: [Rect], _ i: Int, _ j: Int,
        _ easing: KeyframeEasing, _ order: [Int], first: Int = -1, failed: inout Int
    ) -> Bool {
        guard j - i > 1 else { return true }
        assert(first < 0 || order.contains(first))
        @inline(__always) func check(_ k: Int) -> Bool {
            let u = (times[k] - times[i]) / (times[j] - times[i])
            let f = easing.progress(at: u)
            return within(layout, samples[k], a, b, f, boxes[k])
        }
        if first >= 0, !check(first) { failed = first; return false }
        for k in order where k != first {
            if !check(k) { failed = k; return false }
        }
        return true
    }

    /// The grid times in (i, j), far apart first, so a span that fails usually fails after a few checks.
    /// With `every` > 1, only the grid times k with k % every == 0 (the coarse search's).
    static func checkOrder(_ i: Int, _ j: Int, every: Int = 1) -> [Int] {
        var order: [Int] = [], seen: [Bool] = []
        checkOrder(i, j, into: &order, seen: &seen) { every == 1 || $0 % every == 0 }
        return order
    }

    /// The same order, of the times `keep` takes, written into `order` (`seen` is scratch): the
    /// factored group's search reuses both arrays across the spans it tries.
    @inline(__always)
    static func checkOrder(_ i: Int, _ j: Int, into order: inout [Int], seen: inout [Bool], keep: (Int) -> Bool) {
        order.removeAll(keepingCapacity: true)
        if order.capacity < j - i - 1 { order.reserveCapacity(j - i - 1) }  // not grown one by one; a reused array has room
        seen.removeAll(keepingCapacity: true)
        seen.append(contentsOf: repeatElement(false, count: max(0, j - i)))  // seen[k − i]
        // Through a buffer: a write to the array checked its uniqueness per time.
        seen.withUnsafeMutableBufferPointer { seen in
            var step = max(1, (j - i) / 8)
            while true {
                for k in Swift.stride(from: i + step, to: j, by: step) where !seen[k - i] {
                    seen[k - i] = true
                    if keep(k) { order.append(k) }
                }
                if step == 1 { break }
                step = max(1, step / 2)
            }
        }
    }

    /// `checkOrder(i, j, every: every)` written into `order` (`seen` is scratch), each level's
    /// times visited only where they are multiples of `every`: a kept time is first visited at the
    /// same level as there, and each level's in ascending order, so the same order (the closure
    /// form visits every time of a level and keeps 1 in `every`).
    static func checkOrder(_ i: Int, _ j: Int, every: Int, into order: inout [Int], seen: inout [Bool]) {
        guard every > 1, i >= 0 else {
            checkOrder(i, j, into: &order, seen: &seen) { every <= 1 || $0 % every == 0 }
            return
        }
        order.removeAll(keepingCapacity: true)
        if order.capacity < max(0, j - i - 1) / every + 1 { order.reserveCapacity(max(0, j - i - 1) / every + 1) }
        seen.removeAll(keepingCapacity: true)
        seen.append(contentsOf: repeatElement(false, count: max(0, j - i)))  // seen[k − i]
        seen.withUnsafeMutableBufferPointer { seen in
            var step = max(1, (j - i) / 8)
            while true {
                // The level's times i + m·step (m ≥ 1) that are multiples of `every` repeat every
                // lcm(step, every); the first is among the first every / gcd(step, every) of them.
                var a = step, b = every
                while b != 0 { (a, b) = (b, a % b) }
                let cycle = every / a, period = step * cycle
                var first = -1, k = i + step, m = 0
                while m < cycle, k < j {
                    if k % every == 0 { first = k; break }
                    k += step; m += 1
                }
                if first >= 0 {
                    for k in Swift.stride(from: first, to: j, by: period) where !seen[k - i] {
                        seen[k - i] = true
                        order.append(k)
                    }
                }
                if step == 1 { break }
                step = max(1, step / 2)
            }
        }
    }

    /// False only when no blend of a → b (the keys at i and j) passes `within` at some grid time in (i, j)
    /// for any progress f in [0, 1] (every easing written stays in the unit square, so its
    /// progress does): a checked point's error is then at least its distance from the chord
    /// a[n] → b[n]. Uses only the checks whose visibility does not depend on f (an
    /// outline's vertices; a cubic's hull, which the drawn points never widen; a line's corner
    /// that shows at either key), so `fits` would fail for every candidate easing: same output.
    func someEasingMayFit(
        _ layout: Layout, _ samples: [[Point]], _ a: [Point], _ b: [Point], _ boxes: [Rect], _ i: Int, _ j: Int, _ order: [Int]
    ) -> Bool {
        guard j - i > 1 else { return true }
        // The margin covers the rounding of a + (b − a)·f in `within`.
        let outlineLimit = outline + 1e-9, visibleLimit = visible + 1e-9
        @inline(__always) func chordDistance(_ n: Int, _ e: Point) -> Double {
            let dx = b[n].x - a[n].x, dy = b[n].y - a[n].y, ex = e.x - a[n].x, ey = e.y - a[n].y
            let length2 = dx * dx + dy * dy
            let t = length2 > 0 ? min(1, max(0, (ex * dx + ey * dy) / length2)) : 0
            let rx = ex - dx * t, ry = ey - dy * t
            return (rx * rx + ry * ry).squareRoot()
        }
        for k in order {
            let exact = samples[k], box = boxes[k]
            for path in layout.offsets.indices {
                let o = layout.offsets[path], count = layout.counts[path]
                if layout.isOutline[path] {
                    for n in o..<(o + count) where chordDistance(n, exact[n]) > outlineLimit { return false }
                }
                for s in 0..<count {
                    let next = (s + 1) % count
                    let vA = o + s, vB = o + next
                    if layout.isLine[path][s] {
                        let ra = ProjectionSampler.clip(a[vA], a[vB], to: box), rb = ProjectionSampler.clip(b[vA], b[vB], to: box)
                        if ra?.0 == 0 || rb?.0 == 0, chordDistance(vA, exact[vA]) > visibleLimit { return false }
                        if ra?.1 == 1 || rb?.1 == 1, chordDistance(vB, exact[vB]) > visibleLimit { return false }
                    } else {
                        let c1 = o + count + s, c2 = o + 2 * count + next
                        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
                        // Unrolled (no array literal per segment and time), in the same order.
                        @inline(__always) func extend(_ p: Point) { minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y) }
                        extend(a[vA]); extend(b[vA]); extend(a[c1]); extend(b[c1])
                        extend(a[c2]); extend(b[c2]); extend(a[vB]); extend(b[vB])
                        guard maxX >= box.minX, minX <= box.maxX, maxY >= box.minY, minY <= box.maxY else { continue }
                        @inline(__always) func off(_ n: Int) -> Bool { chordDistance(n, exact[n]) > visibleLimit }
                        if off(vA) || off(c1) || off(c2) || off(vB) { return false }
                    }
                }
            }
        }
        return true
    }

    /// A line edge whose part `l0...l1` (of 0...1) shows, its ends' errors `eA`, `eB`: a corner that
    /// shows counts whole; along an edge, a slide along it draws the same edge, so what counts is
    /// the drawn edge's distance across the exact one (`pA` to `pB`).
    @inline(__always)
    static func lineEdgeWithin(_ eA: Point, _ eB: Point, exact pA: Point, _ pB: Point, _ l0: Double, _ l1: Double, visible: Double) -> Bool {
        @inline(__always) func norm(_ p: Point) -> Double { (p.x * p.x + p.y * p.y).squareRoot() }
        if l0 == 0, norm(eA) > visible { return false }
        if l1 == 1, norm(eB) > visible { return false }
        let edge = Point(pB.x - pA.x, pB.y - pA.y), length = norm(edge)
        @inline(__always) func across(_ l: Double) -> Double {
            let e = Point(eA.x * (1 - l) + eB.x * l, eA.y * (1 - l) + eB.y * l)
            return length > 1e-9 ? abs(e.x * edge.y - e.y * edge.x) / length : norm(e)
        }
        return !(across(l0) > visible || across(l1) > visible)
    }

    /// The check for one time, as a yes/no: an outline's vertices within `outline` anywhere,
    /// and where a segment can be seen
    /// (a line: its part inside the box at either key or in between; a cubic: when its hull
    /// reaches the box) its ends' (and controls') errors within `visible`.
    func within(_ layout: Layout, _ exact: [Point], _ a: [Point], _ b: [Point], _ f: Double, _ box: Rect) -> Bool {
        @inline(__always) func drawn(_ n: Int) -> Point { Point(a[n].x + (b[n].x - a[n].x) * f, a[n].y + (b[n].y - a[n].y) * f) }
        @inline(__always) func error(_ n: Int) -> Point { let d = drawn(n); return Point(d.x - exact[n].x, d.y - exact[n].y) }
        @inline(__always) func norm(_ p: Point) -> Double { (p.x * p.x + p.y * p.y).squareRoot() }
        for path in layout.offsets.indices {
            let o = layout.offsets[path], count = layout.counts[path], visible = self.visible - layout.shapeErrors[path]
            if layout.isOutline[path] {
                for n in o..<(o + count) where norm(error(n)) > outline { return false }
            }
            for k in 0..<count {
                let next = (k + 1) % count
                let vA = o + k, vB = o + next
                let eA = error(vA), eB = error(vB)
                if layout.isLine[path][k] {
                    var l0 = 2.0, l1 = -1.0
                    // Unrolled (no array per edge and time): the drawn edge, then at either key.
                    @inline(__always) func widen(_ p: Point, _ q: Point) {
                        if let r = ProjectionSampler.clip(p, q, to: box) { l0 = min(l0, r.0); l1 = max(l1, r.1) }
                    }
                    widen(drawn(vA), drawn(vB))
                    widen(a[vA], a[vB])
                    widen(b[vA], b[vB])
                    guard l0 <= l1 else { continue }
                    if !Self.lineEdgeWithin(eA, eB, exact: exact[vA], exact[vB], l0, l1, visible: visible) { return false }
                } else {
                    let c1 = o + count + k, c2 = o + 2 * count + next
                    var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
                    @inline(__always) func extend(_ p: Point) {
                        minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
                    }
                    // Unrolled (no array literal per segment and time), in the same order.
                    @inline(__always) func extendAll(_ n: Int) {
                        extend(drawn(n))
                        extend(a[n])
                        extend(b[n])
                    }
                    extendAll(vA); extendAll(c1); extendAll(c2); extendAll(vB)
                    guard maxX >= box.minX, minX <= box.maxX, maxY >= box.minY, minY <= box.maxY else { continue }
                    @inline(__always) func off(_ n: Int) -> Bool { norm(error(n)) > visible }
                    if off(vA) || off(c1) || off(c2) || off(vB) { return false }
                }
            }
        }
        return true
    }
}

import Motion
// Keys for a projected gradient's axis (ProjectedContent.swift), fitted on their own: the axis
// is animated apart from its path (SVG: the <linearGradient>'s x1…y2 and stop offsets; Lottie:
// the `gf`'s s, e and g), so it need not share the path group's keys, and the group's check
// never saw it: the flip's shadow axis ends on the page's far edge, off the canvas and so not
// bounded there, and drifted 2 px between keys (flip-edge-pan.cancel at 0.8 s). What a colour
// sample looks like is its iso-line (perpendicular to the axis), so the check is how far the
// drawn iso-line of every sample lies from the exact one where the paint can be seen: within the
// paths' own bound, or further where the colour changes so slowly that the colour stays within
// `ProjectionTolerance.gradientLevels`.
import TransitionModel

struct GradientAxisFitter {
    /// Host units, as ProjectionFitter.visible: every iso-line may stray this far.
    var distance: Double
    /// The largest colour error (0…255 levels, any channel) at full opacity, where more than `distance`.
    var levels: Double
    /// The colour at each sample offset.
    var colors: [Color]

    /// Key times (grid indices) and easings over samples[0…n]; `areas` is, per time, where the
    /// paint can be seen (its hull within the canvas box), nil where it cannot.
    /// The spans' easings and checks read each time's colour sample points and its check's numbers
    /// from `PreparedAxes`, made once per time (`easing` and `fits` below made them per span and
    /// check, arrays each: 6 % of the 3D batch's instructions); the same numbers, the same keys.
    func fit(times: [Double], samples: [GradientAxis], areas: [Rect?]) -> [(start: Int, easing: KeyframeEasing)] {
        let keys = samples.map(Self.written)
        let prepared = PreparedAxes(self, samples: samples, keys: keys, areas: areas)
        defer { prepared.deallocate() }
        var u: [Double] = [], q: [Double] = [], order: [Int] = [], seen: [Bool] = []
        return EasingFit.spans(count: samples.count - 1) { i, j in
            let exact = prepared.easing(times, i, j, u: &u, q: &q)
            // checkOrder(i, j)'s order, once per span (every candidate reads it).
            ProjectionFitter.checkOrder(i, j, into: &order, seen: &seen) { _ in true }
            // Each candidate checks first the time where the one before failed (the same answers).
            var failed = -1
            return EasingFit.writtenCandidates(exact).first { easing in prepared.fits(times, i, j, easing, order: order, first: failed, failed: &failed) }
        }
    }

    /// An axis as written: its ends on the writers' 0.1 grid, its offsets to 4 decimals
    /// (SVGProjected writes them so; along a 700 pt axis 0.035 pt at most, and checked so).
    static func written(_ a: GradientAxis) -> GradientAxis {
        GradientAxis(
            start: ProjectionFitter.onGrid(a.start), end: ProjectionFitter.onGrid(a.end), offsets: a.offsets.map { ProjectionFitter.rounded($0 * 1e4) / 1e4 })
    }

    static func samplePoints(_ a: GradientAxis) -> [Point] {
        let d = a.end - a.start
        return a.offsets.map { a.start + d.scaled(by: $0) }
    }

    /// The least-squares easing of the blend keys[i] → keys[j] through the exact samples
    /// between, steered by where the colour samples sit on the axis.
    func easing(_ times: [Double], _ samples: [GradientAxis], _ keys: [GradientAxis], _ i: Int, _ j: Int) -> KeyframeEasing {
        guard j - i > 1 else { return .linear }
        let a = Self.samplePoints(keys[i]), b = Self.samplePoints(keys[j])
        var length2 = 0.0
        for n in a.indices { let d = b[n] - a[n]; length2 += d.x * d.x + d.y * d.y }
        guard length2 > 1e-12 else { return .linear }
        let stride = max(1, (j - i - 1) / 24)
        var u: [Double] = [], q: [Double] = []
        for k in Swift.stride(from: i + 1, to: j, by: stride) {
            let s = Self.samplePoints(samples[k])
            var dot = 0.0
            for n in a.indices {
                let d = b[n] - a[n], e = s[n] - a[n]
                dot += d.x * e.x + d.y * e.y
            }
            u.append((times[k] - times[i]) / (times[j] - times[i])); q.append(dot / length2)
        }
        let c = EasingFit.curve(u: u, q: q)
        return c.isLinear ? .linear : .bezier(c)
    }

    func fits(_ times: [Double], _ samples: [GradientAxis], _ keys: [GradientAxis], _ areas: [Rect?], _ i: Int, _ j: Int, _ easing: KeyframeEasing)
        -> Bool
    {
        guard j - i > 1 else { return true }
        for k in ProjectionFitter.checkOrder(i, j) {
            guard let area = areas[k] else { continue }
            let u = (times[k] - times[i]) / (times[j] - times[i])
            let f = easing.progress(at: u)
            let drawn = keys[i] + (keys[j] - keys[i]).scaled(by: f)
            if !Self.isoLinesWithin(drawn, samples[k], area, allowed(samples[k])) { return false }
        }
        return true
    }

    /// How far each sample's iso-line may stray (host units): `distance`, or `levels` over the
    /// steepest colour change per unit on either side of it when that is more.
    func allowed(_ exact: GradientAxis) -> [Double] {
        let m = exact.offsets.count
        return [Double](unsafeUninitializedCapacity: m) { out, made in
            writeAllowed(exact, count: m, into: out.baseAddress!) { Self.change(colors[$0], colors[$0 + 1]) }
            made = m
        }
    }

    /// `allowed(exact)` written into `out` (its first `count` offsets), with `change(n)` the colour
    /// change between samples n and n + 1 (PreparedAxes passes the ones it made once per fit).
    @inline(__always)
    func writeAllowed(_ exact: GradientAxis, count m: Int, into out: UnsafeMutablePointer<Double>, change: (Int) -> Double) {
        let length = exact.start.distance(to: exact.end)
        out.initialize(repeating: 0, count: m)
        exact.offsets.withUnsafeBufferPointer { offsets in
            for n in 0..<(m - 1) {
                let dx = (offsets[n + 1] - offsets[n]) * length
                guard dx > 1e-6 else { continue }  // a jump in colour: no stretch to blend over
                let slope = change(n) / dx
                out[n] = max(out[n], slope); out[n + 1] = max(out[n + 1], slope)
            }
        }
        for n in 0..<m { out[n] = out[n] > 0 ? max(distance, levels / out[n]) : .infinity }
    }

    /// The steepest colour change between two samples (0…255 levels), premultiplied:
    /// |Δ(c·α)| ≤ |Δc| + |Δα|.
    @inline(__always) static func change(_ a: Color, _ b: Color) -> Double {
        255 * (max(abs(a.red - b.red), abs(a.green - b.green), abs(a.blue - b.blue)) + abs(a.alpha - b.alpha))
    }

    static func isoLinesWithin(_ drawn: GradientAxis, _ exact: GradientAxis, _ area: Rect, _ tolerance: Double) -> Bool {
        isoLinesWithin(drawn, exact, area, [Double](repeating: tolerance, count: exact.offsets.count))
    }

    /// Whether each colour sample's drawn iso-line lies within `allowed[n]` of the exact one
    /// along the exact one's stretch across `area` (the distance is linear along it, so its ends
    /// bound it).
    static func isoLinesWithin(_ drawn: GradientAxis, _ exact: GradientAxis, _ area: Rect, _ allowed: [Double]) -> Bool {
        func dot(_ p: Point, _ q: Point) -> Double { p.x * q.x + p.y * q.y }
        let de = exact.end - exact.start, dd = drawn.end - drawn.start
        let le = dot(de, de).squareRoot(), ld = dot(dd, dd).squareRoot()
        guard le > 1e-9, ld > 1e-9 else {
            let tolerance = allowed.min() ?? 0
            return drawn.start.distance(to: exact.start) <= tolerance && drawn.end.distance(to: exact.end) <= tolerance
        }
        let ue = de.scaled(by: 1 / le), ud = dd.scaled(by: 1 / ld), ve = Point(-ue.y, ue.x)
        let corners = [Point(area.minX, area.minY), Point(area.maxX, area.minY), Point(area.maxX, area.maxY), Point(area.minX, area.maxY)]
        let slope = dot(ve, ud)
        for n in exact.offsets.indices {
            let pe = exact.start + de.scaled(by: exact.offsets[n]), pd = drawn.start + dd.scaled(by: drawn.offsets[n])
            let across = dot(pe - pd, ud)
            var lo = Double.infinity, hi = -Double.infinity
            for c in corners {
                let l = dot(c - pe, ve)
                lo = min(lo, l); hi = max(hi, l)
            }
            if abs(across + lo * slope) > allowed[n] || abs(across + hi * slope) > allowed[n] { return false }
        }
        return true
    }

    /// Where a paint can be seen: its hull's box within the canvas box, nil when they miss.
    static func visibleArea(_ path: BezierPath, _ box: Rect) -> Rect? { visibleArea(MultiPath([path]), box) }

    /// One pass over the points (PointBounds: `allPoints`' order, each bound kept as Array.min()
    /// and max() keep it): no array of the points, nor of their x and y (four arrays a call, per
    /// gradient and grid time).
    static func visibleArea(_ paths: MultiPath, _ box: Rect) -> Rect? {
        var bounds = PointBounds()
        for path in paths.subpaths { bounds.add(path) }
        return visibleArea(bounds, box)
    }

    /// The part of `box` within the bounds of the points read (none read: nil).
    static func visibleArea(_ bounds: PointBounds, _ box: Rect) -> Rect? {
        guard !bounds.isEmpty else { return nil }
        let x0 = max(bounds.minX, box.minX), x1 = min(bounds.maxX, box.maxX)
        let y0 = max(bounds.minY, box.minY), y1 = min(bounds.maxY, box.maxY)
        guard x0 <= x1, y0 <= y1 else { return nil }
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }
}

/// What `GradientAxisFitter.fit` reads per grid time, made the first time it is read: the colour
/// sample points of the exact axis (`samplePoints`) and of its key as written, and for the check
/// (`isoLinesWithin`) the exact axis's normal, per sample the reach of the area's corners along it
/// and the sample's allowance (`allowed`). Each is computed as those functions compute it (the
/// same operations in the same order), so every easing and check gives the same answer. Flat
/// buffers: no array per span or check; freed by `deallocate`.
private struct PreparedAxes {
    let fitter: GradientAxisFitter
    let samples: [GradientAxis], keys: [GradientAxis], areas: [Rect?]
    /// Colour samples per axis (every axis of one gradient has as many).
    let m: Int
    /// Per time: bit 1 its exact points made, bit 2 its key's points, bit 4 its check's numbers.
    let made: UnsafeMutablePointer<UInt8>
    /// m per time: samplePoints(samples[k]), samplePoints(keys[k]); per sample its corners' reach
    /// (lo, hi) along the normal and its allowance.
    let points: UnsafeMutablePointer<Point>, keyPoints: UnsafeMutablePointer<Point>
    let lo: UnsafeMutablePointer<Double>, hi: UnsafeMutablePointer<Double>, allowed: UnsafeMutablePointer<Double>
    /// Per time: the exact axis's unit normal, whether the axis is shorter than 1e-9 (the check's
    /// other branch), and the least allowance.
    let normal: UnsafeMutablePointer<Point>, short: UnsafeMutablePointer<Bool>, leastAllowed: UnsafeMutablePointer<Double>
    /// Per pair of neighbouring colour samples, GradientAxisFitter.change (the same at every time).
    let changes: [Double]

    init(_ fitter: GradientAxisFitter, samples: [GradientAxis], keys: [GradientAxis], areas: [Rect?]) {
        self.fitter = fitter; self.samples = samples; self.keys = keys; self.areas = areas
        let m = samples.first?.offsets.count ?? 0, n = samples.count
        precondition(samples.allSatisfy { $0.offsets.count == m } && areas.count == n)
        self.m = m
        let pairs = min(m, fitter.colors.count) - 1
        changes = pairs > 0 ? (0..<pairs).map { GradientAxisFitter.change(fitter.colors[$0], fitter.colors[$0 + 1]) } : []
        made = .allocate(capacity: n); made.initialize(repeating: 0, count: n)
        points = .allocate(capacity: n * m); keyPoints = .allocate(capacity: n * m)
        lo = .allocate(capacity: n * m); hi = .allocate(capacity: n * m); allowed = .allocate(capacity: n * m)
        normal = .allocate(capacity: n); short = .allocate(capacity: n); leastAllowed = .allocate(capacity: n)
    }

    func deallocate() {
        for p in [lo, hi, allowed, leastAllowed] { p.deallocate() }
        made.deallocate(); points.deallocate(); keyPoints.deallocate(); normal.deallocate(); short.deallocate()
    }

    /// GradientAxisFitter.samplePoints(a) written into `out`.
    @inline(__always) private static func samplePoints(_ a: GradientAxis, into out: UnsafeMutablePointer<Point>) {
        let d = a.end - a.start
        for (n, o) in a.offsets.enumerated() { out[n] = Point(a.start.x + d.x * o, a.start.y + d.y * o) }
    }

    /// samplePoints(samples[k]), m points.
    func exactPoints(_ k: Int) -> UnsafeMutablePointer<Point> {
        let out = points + k * m
        if made[k] & 1 == 0 { Self.samplePoints(samples[k], into: out); made[k] |= 1 }
        return out
    }

    /// samplePoints(keys[k]), m points.
    func keyPoints(_ k: Int) -> UnsafeMutablePointer<Point> {
        let out = keyPoints + k * m
        if made[k] & 2 == 0 { Self.samplePoints(keys[k], into: out); made[k] |= 2 }
        return out
    }

    /// GradientAxisFitter.easing(times, samples, keys, i, j), `u` and `q` its buffers.
    func easing(_ times: [Double], _ i: Int, _ j: Int, u: inout [Double], q: inout [Double]) -> KeyframeEasing {
        guard j - i > 1 else { return .linear }
        let a = keyPoints(i), b = keyPoints(j)
        var length2 = 0.0
        for n in 0..<m { let d = b[n] - a[n]; length2 += d.x * d.x + d.y * d.y }
        guard length2 > 1e-12 else { return .linear }
        let stride = max(1, (j - i - 1) / 24)
        u.removeAll(keepingCapacity: true); q.removeAll(keepingCapacity: true)
        for k in Swift.stride(from: i + 1, to: j, by: stride) {
            let s = exactPoints(k)
            var dot = 0.0
            for n in 0..<m {
                let d = b[n] - a[n], e = s[n] - a[n]
                dot += d.x * e.x + d.y * e.y
            }
            u.append((times[k] - times[i]) / (times[j] - times[i])); q.append(dot / length2)
        }
        let c = EasingFit.curve(u: u, q: q)
        return c.isLinear ? .linear : .bezier(c)
    }

    /// GradientAxisFitter.fits at the times in `order` (checkOrder(i, j)), `first` (a time of
    /// `order`, or −1) checked before the others: a yes needs every time, so the order changes no
    /// answer. `failed` is set to the time where it fails.
    func fits(_ times: [Double], _ i: Int, _ j: Int, _ easing: KeyframeEasing, order: [Int], first: Int, failed: inout Int) -> Bool {
        guard j - i > 1 else { return true }
        assert(first < 0 || order.contains(first))
        let ki = keys[i], kj = keys[j]
        precondition(ki.offsets.count == m && kj.offsets.count == m)
        @inline(__always) func check(_ k: Int) -> Bool {
            guard let area = areas[k] else { return true }
            let u = (times[k] - times[i]) / (times[j] - times[i])
            let f = easing.progress(at: u)
            // keys[i] + (keys[j] − keys[i]).scaled(by: f), number by number.
            let start = Point(ki.start.x + (kj.start.x - ki.start.x) * f, ki.start.y + (kj.start.y - ki.start.y) * f)
            let end = Point(ki.end.x + (kj.end.x - ki.end.x) * f, ki.end.y + (kj.end.y - ki.end.y) * f)
            return isoLinesWithin(k, area, start, end, ki.offsets, kj.offsets, f)
        }
        if first >= 0, !check(first) { failed = first; return false }
        for k in order where k != first {
            if !check(k) { failed = k; return false }
        }
        return true
    }

    /// The check's numbers of the exact axis at time k (isoLinesWithin's, for `area`).
    private func prepare(_ k: Int, _ area: Rect) {
        let exact = samples[k], pe = exactPoints(k)
        // `fitter.allowed(exact)`, each colour pair's change made once per fit (`changes`), no array per time.
        let changes = changes
        fitter.writeAllowed(exact, count: m, into: allowed + k * m) { changes[$0] }
        // `all.min() ?? 0` over those, as Sequence.min() keeps the first least.
        var least = m > 0 ? allowed[k * m] : 0
        for n in 0..<m where allowed[k * m + n] < least { least = allowed[k * m + n] }
        leastAllowed[k] = least
        let de = exact.end - exact.start
        let le = (de.x * de.x + de.y * de.y).squareRoot()
        short[k] = !(le > 1e-9)
        if !short[k] {
            let ue = Point(de.x * (1 / le), de.y * (1 / le)), ve = Point(-ue.y, ue.x)
            normal[k] = ve
            for n in 0..<m {
                var low = Double.infinity, high = -Double.infinity
                @inline(__always) func corner(_ c: Point) {
                    let l = (c.x - pe[n].x) * ve.x + (c.y - pe[n].y) * ve.y
                    low = min(low, l); high = max(high, l)
                }
                corner(Point(area.minX, area.minY)); corner(Point(area.maxX, area.minY))
                corner(Point(area.maxX, area.maxY)); corner(Point(area.minX, area.maxY))
                lo[k * m + n] = low; hi[k * m + n] = high
            }
        }
        made[k] |= 4
    }

    /// GradientAxisFitter.isoLinesWithin(drawn, samples[k], area, allowed(samples[k])) for the
    /// drawn axis from `start` to `end` with offsets a + (b − a)·f.
    private func isoLinesWithin(_ k: Int, _ area: Rect, _ start: Point, _ end: Point, _ a: [Double], _ b: [Double], _ f: Double) -> Bool {
        if made[k] & 4 == 0 { prepare(k, area) }
        let dd = end - start
        let ld = (dd.x * dd.x + dd.y * dd.y).squareRoot()
        guard !short[k], ld > 1e-9 else {
            let exact = samples[k], tolerance = leastAllowed[k]
            return start.distance(to: exact.start) <= tolerance && end.distance(to: exact.end) <= tolerance
        }
        let ud = Point(dd.x * (1 / ld), dd.y * (1 / ld)), ve = normal[k]
        let slope = ve.x * ud.x + ve.y * ud.y
        let pe = exactPoints(k)
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                for n in 0..<m {
                    let o = a[n] + (b[n] - a[n]) * f
                    let pd = Point(start.x + dd.x * o, start.y + dd.y * o)
                    let across = (pe[n].x - pd.x) * ud.x + (pe[n].y - pd.y) * ud.y
                    let x = k * m + n
                    if abs(across + lo[x] * slope) > allowed[x] || abs(across + hi[x] * slope) > allowed[x] { return false }
                }
                return true
            }
        }
    }
}

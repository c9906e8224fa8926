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
    func fit(times: [Double], samples: [GradientAxis], areas: [Rect?]) -> [(start: Int, easing: KeyframeEasing)] {
        let keys = samples.map(Self.written)
        return EasingFit.spans(count: samples.count - 1) { i, j in
            let exact = self.easing(times, samples, keys, i, j)
            return EasingFit.writtenCandidates(exact).first { easing in self.fits(times, samples, keys, areas, i, j, easing) }
        }
    }

    /// An axis as written: its ends on the writers' 0.1 grid, its offsets to 4 decimals
    /// (SVGProjected writes them so; along a 700 pt axis 0.035 pt at most, and checked so).
    static func written(_ a: GradientAxis) -> GradientAxis {
        GradientAxis(
            start: ProjectionFitter.onGrid(a.start), end: ProjectionFitter.onGrid(a.end), offsets: a.offsets.map { ($0 * 1e4).rounded() / 1e4 })
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
        let length = exact.start.distance(to: exact.end)
        func change(_ a: Color, _ b: Color) -> Double {
            // Premultiplied: |Δ(c·α)| ≤ |Δc| + |Δα|.
            255 * (max(abs(a.red - b.red), abs(a.green - b.green), abs(a.blue - b.blue)) + abs(a.alpha - b.alpha))
        }
        var slopes = [Double](repeating: 0, count: exact.offsets.count)
        for n in 0..<(exact.offsets.count - 1) {
            let dx = (exact.offsets[n + 1] - exact.offsets[n]) * length
            guard dx > 1e-6 else { continue }  // a jump in colour: no stretch to blend over
            let slope = change(colors[n], colors[n + 1]) / dx
            slopes[n] = max(slopes[n], slope); slopes[n + 1] = max(slopes[n + 1], slope)
        }
        return slopes.map { $0 > 0 ? max(distance, levels / $0) : .infinity }
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

    static func visibleArea(_ paths: MultiPath, _ box: Rect) -> Rect? {
        let points = paths.subpaths.flatMap(\.allPoints)
        guard let minX = points.map(\.x).min(), let maxX = points.map(\.x).max(), let minY = points.map(\.y).min(), let maxY = points.map(\.y).max()
        else { return nil }
        let x0 = max(minX, box.minX), x1 = min(maxX, box.maxX), y0 = max(minY, box.minY), y1 = min(maxY, box.maxY)
        guard x0 <= x1, y0 <= y1 else { return nil }
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }
}

import Motion
// The factored group's check of one span (ProjectionFactoredGroup.swift): R blended between its
// written keys, taken through each plane's drawn A at a grid time, against the host samples, by
// ProjectionFitter's rules at R's share of the tolerance, A applied and `within` specialised for
// one drawn shape (BENCHMARKS.md#the-factored-fits-check-2026-12-04).
import TransitionModel

struct FactoredSpanCheck {
    let layout: ProjectionFitter.Layout
    /// The tolerances at R's share.
    let fitter: ProjectionFitter
    /// Every grid time's host samples (flat, as `layout`, `layout.pointCount` a time, one after
    /// another) and per grid time the canvas in host space.
    let host: [Point]
    let boxes: [Rect]
    /// Per plane and grid time, its drawn A = translate(shift) · scale(scale, 1).
    let scale: [[Double]]
    let shift: [[Point]]
    /// Per flat point, its plane (an index into `scale` and `shift`).
    let slot: [Int]
    /// `layout`'s checks, flat (made once per group, not walked path by path at every check).
    private let checks: OneShapeChecks
    /// The drawn points of the time checked last (one buffer, no allocation per check).
    private var drawn: [Point]

    /// `drawnA`: per plane, its drawn A at each grid time, [sx, 0, 0, 0, 1, 0, tx, ty, 1] as
    /// factorInterval makes it.
    init(
        layout: ProjectionFitter.Layout, fitter: ProjectionFitter, host: [Point], boxes: [Rect], drawnA: [[PlaneProjection]],
        slot: [Int]
    ) {
        self.layout = layout; self.fitter = fitter; self.host = host; self.boxes = boxes; self.slot = slot
        scale = drawnA.map { $0.map { $0.h[0] } }
        shift = drawnA.map { $0.map { Point($0.h[6], $0.h[7]) } }
        checks = OneShapeChecks(layout, fitter)
        drawn = [Point](repeating: Point(0, 0), count: layout.pointCount)
    }

    /// A(p) as PlaneProjection.apply computes it for that A: (x sx + y·0 + tx) / 1 and
    /// (x·0 + y + ty) / 1, the same numbers but for the sign of a zero.
    @inline(__always) static func apply(_ sx: Double, _ t: Point, _ p: Point) -> Point { Point(p.x * sx + t.x, p.y + t.y) }

    /// Whether the blend a → b over grid times i…j with `easing` passes at every time in `order`:
    /// at each, R blended at the easing's progress, through A there, within the tolerances.
    /// `first`, a time of `order` (or −1), is checked before the others: the time where the
    /// candidate tried before failed, where this one usually fails too (a yes needs every time, so
    /// the order changes no answer). `failed` is set to the time where it fails.
    /// The arrays are read through buffers taken once per span (not per time checked). Inlined
    /// at both of the search's call sites: out of line a check cost ~60 % more instructions.
    @inline(__always)
    mutating func passes(
        _ easing: KeyframeEasing, _ a: [Point], _ b: [Point], _ i: Int, _ j: Int, times: [Double], order: [Int], first: Int = -1,
        failed: inout Int
    ) -> Bool {
        let count = drawn.count
        precondition(a.count == count && b.count == count && slot.count == count && host.count >= boxes.count * count)
        assert(first < 0 || order.contains(first))
        let checks = checks, scale = scale, shift = shift, slot = slot, boxes = boxes, host = host
        let progress = PreparedProgress(easing)
        var failedAt = -1
        let passed = drawn.withUnsafeMutableBufferPointer { drawn in
            a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in
                    host.withUnsafeBufferPointer { host in
                        @inline(__always) func check(_ k: Int) -> Bool {
                            let u = progress.at((times[k] - times[i]) / (times[j] - times[i]))
                            @inline(__always) func blend(_ v: Int) -> Point { Point(a[v].x + (b[v].x - a[v].x) * u, a[v].y + (b[v].y - a[v].y) * u) }
                            if scale.count == 1 {
                                let sx = scale[0][k], t = shift[0][k]
                                for v in 0..<count { drawn[v] = Self.apply(sx, t, blend(v)) }
                            } else {
                                for v in 0..<count {
                                    let p = slot[v]
                                    drawn[v] = Self.apply(scale[p][k], shift[p][k], blend(v))
                                }
                            }
                            let exact = UnsafeBufferPointer(rebasing: host[(k * count)..<(k * count + count)])
                            return checks.within(exact, UnsafeBufferPointer(drawn), box: boxes[k])
                        }
                        if first >= 0, !check(first) { failedAt = first; return false }
                        for k in order where k != first {
                            if !check(k) { failedAt = k; return false }
                        }
                        return true
                    }
                }
            }
        }
        failed = failedAt
        return passed
    }
}

/// ProjectionFitter.within's checks for keys that are one drawn shape (a = b = drawn, f = 0), as
/// the factored check makes them: the same decisions (a + (b − a)·0 is a, and the key shapes
/// widen nothing), each point's error and each edge's clip computed once instead of three times,
/// and the layout's paths read once into a flat list of outline vertices and segments (a yes or
/// no does not depend on the order the checks are made in).
struct OneShapeChecks {
    struct Segment {
        /// The segment's start and end vertices and (a cubic's) controls, flat indices.
        var vA: Int, c1: Int, c2: Int, vB: Int
        var isLine: Bool
        /// Its path's `visible` tolerance less the path's shape error.
        var visible: Double
        /// `visible` less a margin far above rounding (−∞ when `visible` is not positive): a line
        /// whose ends both stray less passes wherever it shows (no part of it strays more than its
        /// farther end, and each distance `lineEdgeWithin` takes is within rounding of one).
        var sure: Double
    }
    /// The outlines' vertices, checked against `outline` wherever they are.
    let outlineVertices: [Int]
    let segments: [Segment]
    let outline: Double
    /// The layout's point count (every index above is below it).
    let pointCount: Int

    init(_ layout: ProjectionFitter.Layout, _ fitter: ProjectionFitter) {
        var vertices: [Int] = [], segments: [Segment] = []
        for path in layout.offsets.indices {
            let o = layout.offsets[path], count = layout.counts[path], visible = fitter.visible - layout.shapeErrors[path]
            if layout.isOutline[path] { vertices += o..<(o + count) }
            for k in 0..<count {
                let next = (k + 1) % count
                segments.append(
                    Segment(
                        vA: o + k, c1: o + count + k, c2: o + 2 * count + next, vB: o + next, isLine: layout.isLine[path][k], visible: visible,
                        sure: visible > 0 ? visible * (1 - 1e-6) : -.infinity))
            }
        }
        outlineVertices = vertices; self.segments = segments; outline = fitter.outline; pointCount = layout.pointCount
    }

    /// Whether `drawn` is within the tolerances of `exact` (flat, as the layout) inside `box`.
    func within(_ exact: UnsafeBufferPointer<Point>, _ drawn: UnsafeBufferPointer<Point>, box: Rect) -> Bool {
        precondition(exact.count >= pointCount && drawn.count >= pointCount)
        @inline(__always) func error(_ n: Int) -> Point { Point(drawn[n].x - exact[n].x, drawn[n].y - exact[n].y) }
        @inline(__always) func norm(_ p: Point) -> Double { (p.x * p.x + p.y * p.y).squareRoot() }
        for n in outlineVertices where norm(error(n)) > outline { return false }
        // Per segment the errors first, then (only where they stray) whether it shows: the same
        // answers, most segments of a check that passes stray nowhere.
        for s in segments {
            if s.isLine {
                let eA = error(s.vA), eB = error(s.vB)
                if norm(eA) <= s.sure, norm(eB) <= s.sure { continue }
                guard let (l0, l1) = ProjectionSampler.clip(drawn[s.vA], drawn[s.vB], to: box) else { continue }
                if !ProjectionFitter.lineEdgeWithin(eA, eB, exact: exact[s.vA], exact[s.vB], l0, l1, visible: s.visible) {
                    return false
                }
            } else {
                @inline(__always) func off(_ n: Int) -> Bool { norm(error(n)) > s.visible }
                guard off(s.vA) || off(s.c1) || off(s.c2) || off(s.vB) else { continue }
                let p0 = drawn[s.vA], p1 = drawn[s.c1], p2 = drawn[s.c2], p3 = drawn[s.vB]
                if max(max(p0.x, p1.x), max(p2.x, p3.x)) >= box.minX, min(min(p0.x, p1.x), min(p2.x, p3.x)) <= box.maxX,
                    max(max(p0.y, p1.y), max(p2.y, p3.y)) >= box.minY, min(min(p0.y, p1.y), min(p2.y, p3.y)) <= box.maxY
                {
                    return false
                }
            }
        }
        return true
    }
}

extension ProjectionFitter {
    /// `within` for keys that are one drawn shape (a = b = drawn, f = 0): OneShapeChecks' answer.
    func within(_ layout: Layout, _ exact: [Point], _ drawn: [Point], box: Rect) -> Bool {
        let checks = OneShapeChecks(layout, self)
        return exact.withUnsafeBufferPointer { exact in drawn.withUnsafeBufferPointer { checks.within(exact, $0, box: box) } }
    }
}

/// `KeyframeEasing.progress(at:)` of one easing at many times, a Bézier's coefficients made once
/// (CubicBezier.progress makes them per call): the same products in the same order, the same bits.
struct PreparedProgress {
    private enum Kind { case linear, hold, bezier }
    private let kind: Kind
    private let x: EasingFit.UnitCubic, y: EasingFit.UnitCubic

    init(_ easing: KeyframeEasing) {
        switch easing {
        case .linear: kind = .linear; x = EasingFit.UnitCubic(0, 1); y = x
        case .hold: kind = .hold; x = EasingFit.UnitCubic(0, 1); y = x
        case .bezier(let c): kind = .bezier; x = EasingFit.UnitCubic(c.x1, c.x2); y = EasingFit.UnitCubic(c.y1, c.y2)
        }
    }

    @inline(__always) func at(_ u: Double) -> Double {
        switch kind {
        case .linear: return u
        case .hold: return 0
        case .bezier:
            if !(u > 0) { return 0 }
            if u >= 1 { return 1 }
            return y.value(CubicBezier.solveParameter(a: x.a, b: x.b, c: x.c, forX: u))
        }
    }
}

extension FactoredProjection {
    /// `candidates(exact)` appended to `out` (at most 3), and how many: the factored search keeps
    /// them in one store instead of an array per fit.
    static func appendCandidates(_ exact: KeyframeEasing, to out: inout [KeyframeEasing]) -> Int {
        guard case .bezier(let c) = exact else {
            out.append(exact)
            return 1
        }
        let start = out.count
        for decimals in 1...3 {
            let r = EasingFit.rounded(c, decimals: decimals)
            let easing: KeyframeEasing = r.isLinear ? .linear : .bezier(r)
            if !out[start...].contains(easing) { out.append(easing) }
        }
        return out.count - start
    }
}

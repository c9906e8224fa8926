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
    /// Per grid time, the host samples (flat, as `layout`) and the canvas in host space.
    let host: [[Point]]
    let boxes: [Rect]
    /// Per plane and grid time, its drawn A = translate(shift) · scale(scale, 1).
    let scale: [[Double]]
    let shift: [[Point]]
    /// Per flat point, its plane (an index into `scale` and `shift`).
    let slot: [Int]
    /// The drawn points of the time checked last (one buffer, no allocation per check).
    private var drawn: [Point]

    /// `drawnA`: per plane, its drawn A at each grid time, [sx, 0, 0, 0, 1, 0, tx, ty, 1] as
    /// factorInterval makes it.
    init(
        layout: ProjectionFitter.Layout, fitter: ProjectionFitter, host: [[Point]], boxes: [Rect], drawnA: [[PlaneProjection]],
        slot: [Int]
    ) {
        self.layout = layout; self.fitter = fitter; self.host = host; self.boxes = boxes; self.slot = slot
        scale = drawnA.map { $0.map { $0.h[0] } }
        shift = drawnA.map { $0.map { Point($0.h[6], $0.h[7]) } }
        drawn = [Point](repeating: Point(0, 0), count: layout.pointCount)
    }

    /// A(p) as PlaneProjection.apply computes it for that A: (x sx + y·0 + tx) / 1 and
    /// (x·0 + y + ty) / 1, the same numbers but for the sign of a zero.
    @inline(__always) static func apply(_ sx: Double, _ t: Point, _ p: Point) -> Point { Point(p.x * sx + t.x, p.y + t.y) }

    /// Whether the blend a → b at progress u, through A at grid time k, is within the tolerances there.
    mutating func passes(_ a: [Point], _ b: [Point], at k: Int, progress u: Double) -> Bool {
        if scale.count == 1 {
            let sx = scale[0][k], t = shift[0][k]
            for v in a.indices { drawn[v] = Self.apply(sx, t, Point(a[v].x + (b[v].x - a[v].x) * u, a[v].y + (b[v].y - a[v].y) * u)) }
        } else {
            for v in a.indices {
                let p = slot[v]
                drawn[v] = Self.apply(scale[p][k], shift[p][k], Point(a[v].x + (b[v].x - a[v].x) * u, a[v].y + (b[v].y - a[v].y) * u))
            }
        }
        return fitter.within(layout, host[k], drawn, box: boxes[k])
    }

    /// Whether the blend a → b over grid times i…j with `easing` passes at every time in `order`.
    mutating func passes(_ easing: KeyframeEasing, _ a: [Point], _ b: [Point], _ i: Int, _ j: Int, times: [Double], order: [Int]) -> Bool {
        for k in order where !passes(a, b, at: k, progress: easing.progress(at: (times[k] - times[i]) / (times[j] - times[i]))) { return false }
        return true
    }
}

extension ProjectionFitter {
    /// `within` for keys that are one drawn shape (a = b = drawn, f = 0), as the factored check
    /// calls it: the same decisions (a + (b − a)·0 is a, and the key shapes widen nothing), each
    /// point's error and each edge's clip computed once instead of three times.
    func within(_ layout: Layout, _ exact: [Point], _ drawn: [Point], box: Rect) -> Bool {
        @inline(__always) func error(_ n: Int) -> Point { Point(drawn[n].x - exact[n].x, drawn[n].y - exact[n].y) }
        @inline(__always) func norm(_ p: Point) -> Double { (p.x * p.x + p.y * p.y).squareRoot() }
        for path in layout.offsets.indices {
            let o = layout.offsets[path], count = layout.counts[path], visible = self.visible - layout.shapeErrors[path]
            if layout.isOutline[path] {
                for n in o..<(o + count) where norm(error(n)) > outline { return false }
            }
            for k in 0..<count {
                let next = (k + 1) % count
                let vA = o + k, vB = o + next
                if layout.isLine[path][k] {
                    guard let (l0, l1) = ProjectionSampler.clip(drawn[vA], drawn[vB], to: box) else { continue }
                    if !Self.lineEdgeWithin(error(vA), error(vB), exact: exact[vA], exact[vB], l0, l1, visible: visible) { return false }
                } else {
                    let c1 = o + count + k, c2 = o + 2 * count + next
                    let p0 = drawn[vA], p1 = drawn[c1], p2 = drawn[c2], p3 = drawn[vB]
                    guard max(max(p0.x, p1.x), max(p2.x, p3.x)) >= box.minX, min(min(p0.x, p1.x), min(p2.x, p3.x)) <= box.maxX,
                        max(max(p0.y, p1.y), max(p2.y, p3.y)) >= box.minY, min(min(p0.y, p1.y), min(p2.y, p3.y)) <= box.maxY
                    else { continue }
                    @inline(__always) func off(_ n: Int) -> Bool { norm(error(n)) > visible }
                    if off(vA) || off(c1) || off(c2) || off(vB) { return false }
                }
            }
        }
        return true
    }
}

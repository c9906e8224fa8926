import Motion
// What ProjectionSampler.chooseLevels measures at each grid time: an ellipse's image arcs against
// its projected cubics (ProjectedEllipse.swift), whether a path reaches the canvas, and how far a
// path's Hermite cubics stray from its projected cubics.
import TransitionModel

extension ProjectionSampler {
    /// Whether spec n is an ellipse whose image's 4 · 2^levels arcs stay within `tolerance` of
    /// its projected cubics at every grid time (ProjectedEllipse.swift).
    func arcsMeet(_ n: Int, _ states: ProjectionGrid, _ tolerance: Double, levels: Int) -> Bool {
        arcsFailure(n, states, tolerance, levels: levels) == nil
    }

    /// The first grid time, from `start` on and then from 0, where spec n's arcs do not stay
    /// within `tolerance` (`arcsMeet`); nil when they do at every time. Every time is judged
    /// until one fails, so whether one fails is the same from any start (chooseLevels starts
    /// where the last spec failed: the cube's hills fail at the same times).
    func arcsFailure(_ n: Int, _ states: ProjectionGrid, _ tolerance: Double, levels: Int, from start: Int = 0) -> Int? {
        for j in 0..<states.count {
            let k = start + j < states.count ? start + j : start + j - states.count
            // Time k - 1, judged just before (or passed over, equal to the one before it), passed
            // with these very numbers (ProjectionGrid.repeats).
            if j > 0, k > 0, states.repeats(k, specs[n].layer), states.boxRepeats(k, host: hosts[specs[n].layer]!) { continue }
            let path = specs[n].boundsPath(states.layerState(k, specs[n].layer)), h = states.projection(k, specs[n].layer)
            guard let e = path.quarterArcs, let arcs = BezierPath.projectedEllipse(e, h, count: 4 << levels),
                path.ellipseImageError(arcs, h, box: states.box(k, host: hosts[specs[n].layer]!), atLeast: tolerance, stopAbove: tolerance)
                    <= tolerance
            else { return k }
        }
        return nil
    }

    /// Whether a path's control-point hull reaches the box.
    /// The hull's bounds in one pass, as the points' min() and max() (PointBounds).
    static func meets(_ path: BezierPath, _ box: Rect) -> Bool {
        var b = PointBounds()
        b.add(path)
        precondition(!b.isEmpty, "a path with no points")  // as the arrays' max()! did
        return b.maxX >= box.minX && b.minX <= box.maxX && b.maxY >= box.minY && b.minY <= box.maxY
    }

    /// How far the Hermite cubics (BezierPath.projected) stray from the projected cubics.
    /// Each cubic's projected ends and controls are BezierPath.projectedPoint's, made in place
    /// (no projected path: three arrays per spec and grid time), each vertex's once for the
    /// segments on either side; the points on the cubics as BezierPath.point(segment:at:) makes them.
    static func curveError(_ path: BezierPath, _ h: PlaneProjection) -> Double {
        let count = path.segmentCount
        var last: (k: Int, d: Point, out: Point, in: Point)? = nil
        func projected(_ k: Int) -> (d: Point, out: Point, in: Point) {
            if let last, last.k == k { return (last.d, last.out, last.in) }
            let (d, o, i) = BezierPath.projectedPoint(path.vertices[k], path.outControls[k], path.inControls[k], h.h)
            last = (k, d, o, i)
            return (d, o, i)
        }
        @inline(__always) func point(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ s: Double) -> Point {
            let u: Double = 1 - s
            let a: Double = u * u * u, b: Double = 3 * u * u * s, c: Double = 3 * u * s * s, d: Double = s * s * s
            let x: Double = a * p0.x + b * p1.x + c * p2.x + d * p3.x
            let y: Double = a * p0.y + b * p1.y + c * p2.y + d * p3.y
            return Point(x, y)
        }
        var worst = 0.0
        for k in 0..<count where !path.isLine[k] {
            let next = (k + 1) % count
            let p0 = path.vertices[k], p1 = path.outControls[k], p2 = path.inControls[next], p3 = path.vertices[next]
            let start = projected(k), end = projected(next)
            for s in 1...3 {
                let s = Double(s) * 0.25
                let on = h.apply(point(p0, p1, p2, p3, s)), drawn = point(start.d, start.out, end.in, end.d, s)
                worst = max(worst, on.distance(to: drawn))
            }
        }
        return worst
    }
}

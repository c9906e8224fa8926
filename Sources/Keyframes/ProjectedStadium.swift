import FoundationEssentials
import Glibc
import Motion
import Simulation
// Text bars under a projection drawn with one cubic per round end (BezierPath.stadium) where
// that is close enough: a bar's key is then 16 numbers, not 24. What the drawn end (the Hermite
// cubic of the projected one) strays from the exact projected half circle is measured
// (Hausdorff, on the canvas) and taken off the bar's own fit tolerance (PathSpec.shapeError,
// ProjectionFitter), so what a player draws stays within ProjectionTolerance.interpolation.
import TransitionModel

extension PathSpec {
    /// A text bar wide enough to be a stadium: at level 0 its round ends are one cubic each.
    var isStadiumBar: Bool {
        if case .bar(let bar, _) = source { return bar.size.width >= bar.size.height }
        return false
    }

    /// The path as drawn, in bounds space: a stadium bar at level 0 with one cubic per round
    /// end, above it the quarter arcs halved `levels - 1` times; any other path's cubics halved
    /// `levels` times.
    func drawnPath(_ s: LayerState) -> BezierPath {
        guard isStadiumBar, case .bar(let bar, let base) = source else { return boundsPath(s).subdivided(levels: levels) }
        if levels > 0 { return boundsPath(s).subdivided(levels: levels - 1) }
        let (sx, sy) = Self.stretch(base, s)
        return BezierPath.stadium(bar).map { Point($0.x * sx, $0.y * sy) }
    }

    static func stretch(_ base: Size, _ s: LayerState) -> (Double, Double) {
        (base.width > 0 ? s.size.width / base.width : 0, base.height > 0 ? s.size.height / base.height : 0)
    }

    /// The path as drawn in the host's space under h (BezierPath.projected: the Hermite cubics).
    /// Fitting a one-cubic end's tangent lengths to the exact projected half circle instead
    /// (least squares) was tried: the lengths then jump from state to state, and keys multiply
    /// (flip-push.svg +7 %, stories-cube.svg +54 %).
    /// With `arcs`, an ellipse with `arcLevels`: 4 · 2^arcLevels arcs of its image (its projected
    /// cubics halved as many times where some of it is behind the eye: the same structure).
    func projectedPath(_ s: LayerState, _ h: PlaneProjection, arcs: Bool = false) -> BezierPath {
        guard arcs, let levels = arcLevels else { return drawnPath(s).projected(by: h) }
        let path = boundsPath(s)
        return path.quarterArcs.flatMap { BezierPath.projectedEllipse($0, h, count: 4 << levels) } ?? path.subdivided(levels: levels).projected(by: h)
    }

    /// For a stadium bar: each round end's segment index and its exact half circle, projected
    /// (49 points at even angles, the ends included).
    func exactEnds(_ s: LayerState, _ h: PlaneProjection) -> [(Int, [Point])] {
        guard isStadiumBar, case .bar(let bar, let base) = source else { return [] }
        let (sx, sy) = Self.stretch(base, s), c = bar.size.height / 2
        return [(1, bar.maxX - c, Self.rightEnd), (3, bar.minX + c, Self.leftEnd)].map { k, cx, angles in
            // Segment 1 runs from the top clockwise to the bottom; segment 3 back up.
            (
                k,
                angles.map { a in h.apply(Point((cx + c * a.cos) * sx, (bar.midY + c * a.sin) * sy)) }
            )
        }
    }

    /// The half circles' cosines and sines at 49 even angles from -π/2 (the right end) and from
    /// π/2 (the left end): the same numbers for every bar and time, made once.
    static let rightEnd = endAngles(from: -Double.pi / 2)
    static let leftEnd = endAngles(from: Double.pi / 2)
    static func endAngles(from start: Double) -> [(cos: Double, sin: Double)] {
        (0...48).map { m in
            let a = start + Double.pi * Double(m) / 48
            return (cos(a), sin(a))
        }
    }

    /// For a stadium bar at level 0: how far its drawn round ends (projectedPath) stray from the
    /// exact projected half circles, both ways (Hausdorff distance between the two curves, each
    /// as a polyline of 48 pieces, whose chords sit within 0.03 % of the radius of the curves).
    /// With `atLeast`: max(atLeast, the distance), the same number, found sooner (a point no
    /// farther than the largest distance so far ends its search at once).
    /// `drawn`: projectedPath(s, h), when made already.
    func stadiumError(_ s: LayerState, _ h: PlaneProjection, drawn: BezierPath? = nil, atLeast: Double = 0) -> Double {
        let drawn = drawn ?? projectedPath(s, h)
        var worst = atLeast
        for (k, exact) in exactEnds(s, h) {
            // BezierPath.point(segment:at:) at s = m/48, its weights made once (the same bits).
            let p0 = drawn.vertices[k], p1 = drawn.outControls[k], next = (k + 1) % drawn.segmentCount
            let p2 = drawn.inControls[next], p3 = drawn.vertices[next]
            let curve = Self.endWeights.map { w in
                Point(w.a * p0.x + w.b * p1.x + w.c * p2.x + w.d * p3.x, w.a * p0.y + w.b * p1.y + w.c * p2.y + w.d * p3.y)
            }
            worst = Self.farthest(exact, from: curve, atLeast: worst)
            worst = Self.farthest(curve, from: exact, atLeast: worst)
        }
        return worst
    }

    /// A cubic's Bernstein weights at s = m/48, m = 0...48, as BezierPath.point(segment:at:) makes them.
    static let endWeights = (0...48).map { m in
        let s = Double(m) / 48, u = 1 - s
        return (a: u * u * u, b: 3 * u * u * s, c: 3 * u * s * s, d: s * s * s)
    }

    /// The largest distance from a point of `points` to the polyline `line`.
    /// A point's search stops at the first segment no farther than the largest distance so far
    /// (that point cannot raise it), starting at the segment nearest the point before it (both
    /// run along the same curve): the same number as the full search over every pair, which was
    /// 9 % of the default run's CPU (BENCHMARKS.md#memory-and-time-pass). On plain numbers, in
    /// Point's own order of operations (the same bits): Geometry's operators are calls from
    /// here, and a point that raises the largest distance scans every segment (9 % of flip-pop's
    /// instructions, in `chooseLevels`).
    /// With `atLeast`: max(atLeast, the distance).
    static func farthest(_ points: [Point], from line: [Point], atLeast: Double = 0) -> Double {
        var worst = atLeast
        let segments = line.count - 1
        guard segments > 0 else { return points.isEmpty ? atLeast : .infinity }  // as the full search
        return line.withUnsafeBufferPointer { line in
            // The segment tried first: the one after the previous point's nearest (point m of two
            // polylines along one curve sits near vertex m, the end of segment m and the start of
            // m + 1: the previous point's nearest, tried first, missed most points by a step), then
            // the previous nearest itself, then on from the first. Every segment is tried unless
            // one is within `worst`, so the order changes no number: `worst` becomes
            // max(worst, the point's distance) either way.
            var first = 1
            for p in points {
                var best = Double.infinity, nearest = first
                var n = first
                for j in 0..<segments {
                    let a = line[n - 1], b = line[n]
                    let dx = b.x - a.x, dy = b.y - a.y, len2 = dx * dx + dy * dy
                    let u = len2 > 0 ? max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2)) : 0
                    let qx = a.x + dx * u, qy = a.y + dy * u
                    let distance = ((p.x - qx) * (p.x - qx) + (p.y - qy) * (p.y - qy)).squareRoot()
                    if distance < best { best = distance; nearest = n }
                    if best <= worst { break }
                    // first, first - 1, then first + 1 ... first + segments - 2 (each segment once).
                    if j == 0 {
                        n = first == 1 ? segments : first - 1
                    } else {
                        let m = first + j
                        n = m > segments ? m - segments : m
                    }
                }
                first = nearest == segments ? 1 : nearest + 1
                worst = max(worst, best)
            }
            return worst
        }
    }
}

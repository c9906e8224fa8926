import FoundationEssentials
import Glibc
import Motion
// An ellipse under a projection drawn as 4 arcs of its image: a conic maps to a conic, and an
// ellipse wholly in front of the eye to an ellipse. The image's centre and conjugate
// semi-diameters are exact (a Lorentz boost of the circle's parameter moves the projection's
// w to a constant); its 4 kappa quarter arcs stray 0.027 % of its radius from it, where the
// projected cubics needed halving (the cube's sun: 8 segments a key, now 4;
// BENCHMARKS.md#the-cubes-svg-under-target). Used only where today's cubics needed halving, and
// only in the factored SVG (ProjectionSampler.imageArcs).
import TransitionModel

extension BezierPath {
    /// c + a cos θ + b sin θ when the path is its 4 kappa quarter arcs from θ = 0 (vertex 1 at
    /// θ = 90°), as BezierPath.ellipse draws them; nil for any other path.
    var quarterArcs: (c: Point, a: Point, b: Point)? {
        guard vertices.count == 4, !isLine.contains(true) else { return nil }
        let c = (vertices[0] + vertices[2]) * 0.5, a = vertices[0] - c, b = vertices[1] - c
        let d = [a, b, a * -1, b * -1], scale = max(abs(a.x), abs(a.y), abs(b.x), abs(b.y))
        guard scale > 0 else { return nil }
        func near(_ p: Point, _ q: Point) -> Bool { p.distance(to: q) <= 1e-9 * scale }
        for k in 0..<4 {
            let next = (k + 1) % 4
            guard near(vertices[k], c + d[k]), near(outControls[k], vertices[k] + d[next] * Self.kappa),
                near(inControls[next], vertices[next] + d[k] * Self.kappa)
            else { return nil }
        }
        return (c, a, b)
    }

    /// c + d1 cos φ + d2 sin φ from φ = 0 as `count` arcs, each one cubic (for 4, kappa's).
    static func arcs(_ c: Point, _ d1: Point, _ d2: Point, count: Int = 4) -> BezierPath {
        let (k, turns) = ArcTurns.of(count)
        let v = turns.map { c + d1 * $0.cos + d2 * $0.sin }, t = turns.map { d2 * $0.cos - d1 * $0.sin }
        return BezierPath(
            vertices: v, outControls: (0..<count).map { v[$0] + t[$0] * k }, inControls: (0..<count).map { v[$0] - t[$0] * k },
            isLine: Array(repeating: false, count: count))
    }

    /// `arcs`' numbers that depend on the count alone: the control length k and each arc's start
    /// angle's cosine and sine, made once for the counts the levels give (4 · 2^levels; a path of
    /// arcs per sample called cos and sin per arc, 156 k calls in the 3D batch).
    enum ArcTurns {
        static func of(_ count: Int) -> (k: Double, turns: [(cos: Double, sin: Double)]) {
            if count >= 4, count <= 4 << 5, count.nonzeroBitCount == 1 { return table[count.trailingZeroBitCount - 2] }
            return make(count)
        }
        static let table = (0...5).map { make(4 << $0) }
        static func make(_ count: Int) -> (k: Double, turns: [(cos: Double, sin: Double)]) {
            let step = 2 * Double.pi / Double(count)
            return (4.0 / 3 * tan(step / 4), (0..<count).map { (cos(step * Double($0)), sin(step * Double($0))) })
        }
    }

    /// The image under h of the ellipse c + a cos θ + b sin θ as `count` arcs on conjugate
    /// semi-diameters of the image (4: kappa's), starting at the image of θ = 0 (so vertex 0 moves with the
    /// plane) and running the same way; nil unless the whole ellipse is in front of the eye.
    static func projectedEllipse(_ e: (c: Point, a: Point, b: Point), _ h: PlaneProjection, count: Int = 4) -> BezierPath? {
        typealias V = (x: Double, y: Double, w: Double)
        func image(_ p: Point, _ w: Double) -> V {
            (p.x * h.h[0] + p.y * h.h[3] + w * h.h[6], p.x * h.h[1] + p.y * h.h[4] + w * h.h[7], p.x * h.h[2] + p.y * h.h[5] + w * h.h[8])
        }
        func sum(_ u: V, _ k: Double, _ v: V) -> V { (u.x + k * v.x, u.y + k * v.y, u.w + k * v.w) }
        var c = image(e.c, 1), a = image(e.a, 0), b = image(e.b, 0)
        // w = c.w + a.w cos θ + b.w sin θ; its least value is c.w - s.
        let s = (a.w * a.w + b.w * b.w).squareRoot()
        guard c.w > s * (1 + 1e-9), c.w > 1e-12 else { return nil }
        // The phase φ0 of θ = 0 on the image: (1, cos φ0, sin φ0) ∝ L⁻¹ (1, 1, 0). Read from the
        // boost, not solved from the image, which is a segment when the plane is seen edge-on.
        var (cosine, sine) = (1.0, 0.0)
        if s > 0 {
            // The boost L of (1, cos θ, sin θ) along n that takes w's row (c.w, s n) to (λ, 0, 0).
            let (nx, ny) = (a.w / s, b.w / s), beta = -s / c.w
            let gamma = 1 / (1 - beta * beta).squareRoot()
            let m = sum(sum((0, 0, 0), nx, a), ny, b)
            let c1 = sum((gamma * c.x, gamma * c.y, gamma * c.w), gamma * beta, m)
            let a1 = sum(sum(a, gamma * beta * nx, c), (gamma - 1) * nx, m)
            let b1 = sum(sum(b, gamma * beta * ny, c), (gamma - 1) * ny, m)
            (c, a, b) = (c1, a1, b1)
            let x = 1 - gamma * beta * nx + (gamma - 1) * nx * nx, y = -gamma * beta * ny + (gamma - 1) * nx * ny
            let r = (x * x + y * y).squareRoot()
            (cosine, sine) = (x / r, y / r)
        }
        let centre = Point(c.x / c.w, c.y / c.w), p = Point(a.x / c.w, a.y / c.w), q = Point(b.x / c.w, b.y / c.w)
        let d1 = p * cosine + q * sine
        return arcs(centre, d1, q * cosine - p * sine, count: count)
    }

    /// How far the arcs of the image stray from the projected cubics of `self` (an ellipse) where
    /// `box` (the canvas) sees them: the farthest point of either, in the box, from the other
    /// (polylines of `pieces` pieces each). Off the canvas it is not seen, and the fit does not bound
    /// it there either (as a stadium bar's ends, ProjectedStadium.swift). A point's distance to
    /// the other polyline counts that polyline's chords' sag: at 64 pieces 0.28 pt on the cube's
    /// hills (radius 230), over the whole 0.2 budget, so they kept 16 projected cubics; at 1024, 0.001.
    /// With `atLeast`: max(atLeast, the distance), the same number, found sooner (`arcsMeet` asks
    /// only whether it is within the tolerance: from the tolerance on, a point's search ends at the
    /// first near segment within it; 14 % of the cube's instructions). With `stopAbove`: once the
    /// answer is known to be above it, some number above it, not the answer (`arcsMeet`'s failing
    /// levels: the rest of the points and the other direction are not searched).
    func ellipseImageError(
        _ arcs: BezierPath, _ h: PlaneProjection, box: Rect, pieces: Int = 1024, atLeast: Double = 0, stopAbove: Double = .infinity
    ) -> Double {
        // Into one array of its size, each segment's ends read once and the Bernstein weights made
        // once per s = m / per: BezierPath.point(segment:at:)'s numbers in its order of operations
        // (the same bits), then h's (PlaneProjection.apply, inline).
        func points(_ p: BezierPath, projected: Bool) -> [Point] {
            let n = p.segmentCount, per = pieces / n
            let weights = (0..<per).map { m in
                let s = Double(m) / Double(per), u = 1 - s
                return (a: u * u * u, b: 3 * u * u * s, c: 3 * u * s * s, d: s * s * s)
            }
            var out: [Point] = []
            out.reserveCapacity(n * per + 1)
            for k in 0..<n {
                let p0 = p.vertices[k], p1 = p.outControls[k], p2 = p.inControls[(k + 1) % n], p3 = p.vertices[(k + 1) % n]
                for w in weights {
                    let q = Point(w.a * p0.x + w.b * p1.x + w.c * p2.x + w.d * p3.x, w.a * p0.y + w.b * p1.y + w.c * p2.y + w.d * p3.y)
                    out.append(projected ? h.apply(q) : q)
                }
            }
            out.append(projected ? h.apply(p.vertices[0]) : p.vertices[0])
            return out
        }
        let exact = points(self, projected: true), drawn = points(arcs, projected: false)
        func seen(_ p: Point) -> Bool { p.x >= box.minX && p.x <= box.maxX && p.y >= box.minY && p.y <= box.maxY }
        let first = Self.farthest(exact.filter(seen), from: drawn, atLeast: atLeast, stopAbove: stopAbove)
        if first > stopAbove { return first }
        return Self.farthest(drawn.filter(seen), from: exact, atLeast: first, stopAbove: stopAbove)
    }

    /// The farthest of `points` from the polyline `line`, as PathSpec.farthest, for points that
    /// run along the line (both around one closed curve): each point's nearest segment is sought
    /// first among the 7 about the previous point's, that one first, and the search ends at the
    /// first within the largest distance so far (the point cannot raise it); only where none is,
    /// the rest, by blocks of 32 segments whose bounding box is nearer than the best so far. At
    /// 1024 pieces PathSpec.farthest's forward search cost 57 % of the cube's instructions.
    /// With `atLeast`: max(atLeast, the distance) (a point no farther than the largest distance
    /// so far cannot raise it). With `stopAbove`: the largest distance so far as soon as it is
    /// above `stopAbove` (then so is the answer). On plain numbers, in Point's own order of operations.
    /// The answer is max(atLeast, each point's least distance to a segment): the order in which
    /// segments are tried changes only how soon a point's search ends.
    static func farthest(_ points: [Point], from line: [Point], atLeast: Double = 0, stopAbove: Double = .infinity) -> Double {
        let segments = line.count - 1
        guard segments > 0 else { return points.isEmpty ? atLeast : .infinity }
        @inline(__always) func distance(_ p: Point, _ n: Int) -> Double {
            let a = line[n], b = line[n + 1]
            let dx = b.x - a.x, dy = b.y - a.y, len2 = dx * dx + dy * dy
            let u = len2 > 0 ? max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2)) : 0
            let qx = a.x + dx * u, qy = a.y + dy * u
            return ((p.x - qx) * (p.x - qx) + (p.y - qy) * (p.y - qy)).squareRoot()
        }
        // Each block's points' bounds in one pass, as their min() and max() (PointBounds); made
        // when a point first needs them (a point within the largest distance of a near segment does not).
        var blocks: [(Range<Int>, Rect)] = []
        func makeBlocks() {
            blocks = stride(from: 0, to: segments, by: 32).map { b -> (Range<Int>, Rect) in
                var bounds = PointBounds()
                for p in line[b...min(b + 32, segments)] { bounds.add(p) }
                return (b..<min(b + 32, segments), Rect(bounds.minX, bounds.minY, bounds.maxX - bounds.minX, bounds.maxY - bounds.minY))
            }
        }
        var worst = atLeast, near = 0
        for p in points {
            var best = Double.infinity, nearest = near
            // near + 0, +1, -1, +2, -2, +3, -3.
            for j in 0..<7 {
                // (near + k) mod segments: near is in 0..<segments, so one wrap at most from 3 segments on.
                var n = near + (j & 1 == 1 ? (j + 1) >> 1 : -(j >> 1))
                if segments >= 3 { n = n < 0 ? n + segments : n >= segments ? n - segments : n } else { n = (n % segments + segments) % segments }
                let d = distance(p, n)
                if d < best { best = d; nearest = n }
                if best <= worst { break }
            }
            if best > worst {
                if blocks.isEmpty { makeBlocks() }
                for (range, box) in blocks {
                    let dx = max(box.minX - p.x, 0, p.x - box.maxX), dy = max(box.minY - p.y, 0, p.y - box.maxY)
                    guard (dx * dx + dy * dy).squareRoot() < best else { continue }
                    for n in range {
                        let d = distance(p, n)
                        if d < best { best = d; nearest = n }
                    }
                }
            }
            near = nearest
            worst = max(worst, best)
            if worst > stopAbove { return worst }
        }
        return worst
    }
}

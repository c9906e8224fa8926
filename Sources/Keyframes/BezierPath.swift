import Motion
import Simulation
// Closed paths of line and cubic segments, in a layer's bounds space or projected into its
// host's. Interpolating two paths point by point is what SVG `d` morphs and Lottie `sh`
// keyframes do (and CAShapeLayer.path, docs/uikit-motion.md#shape-paths), so a path is an animatable value
// as long as its structure (vertex count, which segments are lines) stays the same.
import TransitionModel

package struct BezierPath: AnimatableValue {
    /// Segment k runs from vertices[k] to vertices[(k + 1) % n] through the control points
    /// outControls[k] and inControls[(k + 1) % n] (absolute coordinates).
    package var vertices: [Point]
    package var outControls: [Point]
    package var inControls: [Point]
    /// Segment k is a straight line (its control points sit on its ends). Structure, not value:
    /// it is never interpolated.
    package var isLine: [Bool]

    package init(vertices: [Point], outControls: [Point], inControls: [Point], isLine: [Bool]) {
        self.vertices = vertices; self.outControls = outControls; self.inControls = inControls; self.isLine = isLine
    }

    package static func + (a: BezierPath, b: BezierPath) -> BezierPath {
        BezierPath(
            vertices: zip(a.vertices, b.vertices).map(+), outControls: zip(a.outControls, b.outControls).map(+),
            inControls: zip(a.inControls, b.inControls).map(+), isLine: a.isLine)
    }
    package static func - (a: BezierPath, b: BezierPath) -> BezierPath {
        BezierPath(
            vertices: zip(a.vertices, b.vertices).map(-), outControls: zip(a.outControls, b.outControls).map(-),
            inControls: zip(a.inControls, b.inControls).map(-), isLine: a.isLine)
    }
    package func scaled(by k: Double) -> BezierPath { map { $0.scaled(by: k) } }

    /// Every point (vertex or control) mapped by f.
    package func map(_ f: (Point) -> Point) -> BezierPath {
        BezierPath(vertices: vertices.map(f), outControls: outControls.map(f), inControls: inControls.map(f), isLine: isLine)
    }

    /// The path under a projective map: vertices projected, and each cubic replaced by the
    /// cubic with the projected curve's exact end tangents (Hermite), which follows the rational
    /// projected curve far closer than projecting the control points. Lines stay lines.
    /// PlaneProjection.apply and applyDerivative written out, in their order of operations (the
    /// same bits): calls into Motion per point were 40 % of this, itself 13 % of flip-pop's
    /// instructions; each vertex projected once, not once per control.
    package func projected(by h: PlaneProjection) -> BezierPath {
        Self.projected(count: vertices.count, isLine: isLine, by: h) { (vertices[$0], outControls[$0], inControls[$0]) }
    }

    /// The same for a path given as its `allPoints` (vertices, out controls, in controls; n each)
    /// and its lines (ProjectionGrid's drawn paths, held flat).
    static func projected(_ points: UnsafeBufferPointer<Point>, isLine: [Bool], by h: PlaneProjection) -> BezierPath {
        let n = points.count / 3
        return projected(count: n, isLine: isLine, by: h) { (points[$0], points[n + $0], points[2 * n + $0]) }
    }

    /// The path of n vertices whose k-th vertex and controls are `point(k)`, projected by h.
    /// (Arrays made at their size with Array(unsafeUninitializedCapacity:) went through an
    /// unspecialised buffer init and a runtime metadata lookup each: more instructions.)
    @inline(__always)
    private static func projected(
        count n: Int, isLine: [Bool], by h: PlaneProjection, _ point: (Int) -> (Point, Point, Point)
    ) -> BezierPath {
        var drawn: [Point] = [], outs: [Point] = [], ins: [Point] = []
        drawn.reserveCapacity(n); outs.reserveCapacity(n); ins.reserveCapacity(n)
        for k in 0..<n {
            let (v, c1, c2) = point(k)
            let (d, o, i) = projectedPoint(v, c1, c2, h.h)
            drawn.append(d); outs.append(o); ins.append(i)
        }
        return BezierPath(vertices: drawn, outControls: outs, inControls: ins, isLine: isLine)
    }

    /// `projected(by: h).allPoints` appended to `out` (vertices, out controls, in controls), the
    /// same numbers without the path's arrays (the 3D fits read every grid time's points flat),
    /// for a path given as its `allPoints` (ProjectionGrid's drawn paths, held flat: a path read
    /// from an array was copied, its arrays retained and released, per call).
    /// The points are made in place in `out`'s new tail (Array.append(addingCapacity:), which grows
    /// it as appends do). Appending 3n zeros first and writing them over went through the generic
    /// append, ~250 instructions a path; a stack buffer appended in one copy, ~150.
    static func appendProjected(_ points: UnsafeBufferPointer<Point>, by h: PlaneProjection, to out: inout [Point]) {
        let n = points.count / 3
        out.append(addingCapacity: 3 * n) { span in
            span.withUnsafeMutableBufferPointer { o, initialized in
                for k in 0..<n {
                    let (d, c1, c2) = projectedPoint(points[k], points[n + k], points[2 * n + k], h.h)
                    o.initializeElement(at: k, to: d); o.initializeElement(at: n + k, to: c1); o.initializeElement(at: 2 * n + k, to: c2)
                }
                initialized = 3 * n
            }
        }
    }

    /// A vertex p and its two controls under m (PlaneProjection.h), as `projected` draws them.
    /// x and y in the lanes of a SIMD2 (w apart): each lane's products, sums and quotients are the
    /// scalar ones in their order (the same bits). LLVM vectorised the scalar form already; this
    /// one is ~3 % fewer instructions (appendProjected, flip-edge-pan: 125.7 -> 122.6 M).
    @inline(__always)
    static func projectedPoint(_ p: Point, _ out: Point, _ in: Point, _ m: InlineArray<9, Double>) -> (Point, Point, Point) {
        let h01 = SIMD2(m[0], m[1]), h34 = SIMD2(m[3], m[4]), h67 = SIMD2(m[6], m[7]), h2 = m[2], h5 = m[5], h8 = m[8]
        // x = p.x·h0 + p.y·h3 + h6, y = p.x·h1 + p.y·h4 + h7.
        let xy = SIMD2(repeating: p.x) * h01 + SIMD2(repeating: p.y) * h34 + h67
        let w = p.x * h2 + p.y * h5 + h8
        let d = xy / SIMD2(repeating: w)
        let ww = SIMD2(repeating: w * w)
        // d + the derivative at p along the control's offset v: (dx·w − x·dw) / w², the same for y.
        @inline(__always) func control(_ c: Point) -> Point {
            let vx = c.x - p.x, vy = c.y - p.y
            let dxy = SIMD2(repeating: vx) * h01 + SIMD2(repeating: vy) * h34, dw = vx * h2 + vy * h5
            let r = d + (dxy * SIMD2(repeating: w) - xy * SIMD2(repeating: dw)) / ww
            return Point(r.x, r.y)
        }
        return (Point(d.x, d.y), control(out), control(`in`))
    }

    /// The same outline without its zero-length lines (a stadium's sides: a rounded rect whose
    /// radius is half its height): fewer numbers per key. Vertex 0 stays.
    package var withoutEmptyLines: BezierPath {
        var v: [Point] = [], o: [Point] = [], i: [Point] = [], line: [Bool] = []
        // At most as many as now: one allocation each, not the appends' growth.
        v.reserveCapacity(vertices.count); o.reserveCapacity(vertices.count); i.reserveCapacity(vertices.count); line.reserveCapacity(vertices.count)
        for k in vertices.indices {
            if k > 0, isLine[k - 1], vertices[k - 1].distance(to: vertices[k]) < 1e-9 {
                // The empty line ends here: the kept vertex before it takes this one's segment.
                o[o.count - 1] = outControls[k]; line[line.count - 1] = isLine[k]
                continue
            }
            v.append(vertices[k]); o.append(outControls[k]); i.append(inControls[k]); line.append(isLine[k])
        }
        return BezierPath(vertices: v, outControls: o, inControls: i, isLine: line)
    }

    /// All points, for error measures: a cubic lies in the hull of its control points, so a
    /// bound on every point's error bounds the curve's.
    package var allPoints: [Point] { vertices + outControls + inControls }

    package var segmentCount: Int { vertices.count }

    /// The point at parameter s of segment k.
    package func point(segment k: Int, at s: Double) -> Point {
        let p0 = vertices[k], p1 = outControls[k], p2 = inControls[(k + 1) % vertices.count], p3 = vertices[(k + 1) % vertices.count]
        let u = 1 - s
        let a = u * u * u, b = 3 * u * u * s, c = 3 * u * s * s, d = s * s * s
        return Point(a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// The same curve with every cubic segment split into 2^levels pieces (de Casteljau at ½);
    /// lines stay single segments (a projective map keeps them straight).
    package func subdivided(levels: Int) -> BezierPath {
        guard levels > 0 else { return self }
        let n = vertices.count
        var segments: [(p0: Point, c1: Point, c2: Point, line: Bool)] = []
        for k in 0..<n {
            let piece = (vertices[k], outControls[k], inControls[(k + 1) % n], vertices[(k + 1) % n])
            if isLine[k] { segments.append((piece.0, piece.1, piece.2, true)); continue }
            var pieces = [piece]
            for _ in 0..<levels { pieces = pieces.flatMap(Self.split) }
            segments += pieces.map { ($0.0, $0.1, $0.2, false) }
        }
        let m = segments.count
        return BezierPath(
            vertices: segments.map(\.p0), outControls: segments.map(\.c1),
            inControls: (0..<m).map { segments[($0 - 1 + m) % m].c2 }, isLine: segments.map(\.line))
    }

    static func split(_ c: (Point, Point, Point, Point)) -> [(Point, Point, Point, Point)] {
        func mid(_ a: Point, _ b: Point) -> Point { Point((a.x + b.x) / 2, (a.y + b.y) / 2) }
        let ab = mid(c.0, c.1), bc = mid(c.1, c.2), cd = mid(c.2, c.3)
        let abc = mid(ab, bc), bcd = mid(bc, cd), m = mid(abc, bcd)
        return [(c.0, ab, abc, m), (m, bcd, cd, c.3)]
    }

    /// The same outline run backwards (a counter-wound subpath).
    package var reversed: BezierPath {
        let n = vertices.count
        var v: [Point] = [], o: [Point] = [], i: [Point] = [], line: [Bool] = []
        for m in 0..<n {
            let k = (n - m) % n  // vertex order: 0, n−1, n−2, …
            v.append(vertices[k]); o.append(inControls[k]); i.append(outControls[k])
            line.append(isLine[(k - 1 + n) % n])  // the segment leaving k backwards is the one arriving at k
        }
        return BezierPath(vertices: v, outControls: o, inControls: i, isLine: line)
    }
}

/// Several closed subpaths drawn as one (a hole: a rect and a counter-wound circle, even-odd).
package struct MultiPath: AnimatableValue {
    package var subpaths: [BezierPath]
    package init(_ subpaths: [BezierPath]) { self.subpaths = subpaths }
    package static func + (a: MultiPath, b: MultiPath) -> MultiPath { MultiPath(zip(a.subpaths, b.subpaths).map(+)) }
    package static func - (a: MultiPath, b: MultiPath) -> MultiPath { MultiPath(zip(a.subpaths, b.subpaths).map(-)) }
    package func scaled(by k: Double) -> MultiPath { MultiPath(subpaths.map { $0.scaled(by: k) }) }
}

extension BezierPath {
    /// A cubic's tangent length for a quarter circle: 0.5522847498 · r (4 cubics, as CG draws ovals).
    package static let kappa = 0.5522847498

    /// Clockwise on screen (y down) from the top-left corner.
    package static func rect(_ r: Rect) -> BezierPath {
        let v = [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)]
        return BezierPath(vertices: v, outControls: v, inControls: v, isLine: [true, true, true, true])
    }

    /// A rounded rect with 8 vertices (4 lines, 4 quarter arcs) whatever the radius, so a radius
    /// animating through 0 keeps the structure; the radius is clamped as CA does.
    package static func roundedRect(_ r: Rect, radius: Double) -> BezierPath {
        let c = max(0, min(radius, r.size.width / 2, r.size.height / 2)), k = kappa * c
        let (x0, y0, x1, y1) = (r.minX, r.minY, r.maxX, r.maxY)
        let v = [
            Point(x0 + c, y0), Point(x1 - c, y0), Point(x1, y0 + c), Point(x1, y1 - c),
            Point(x1 - c, y1), Point(x0 + c, y1), Point(x0, y1 - c), Point(x0, y0 + c),
        ]
        let o = [v[0], Point(x1 - c + k, y0), v[2], Point(x1, y1 - c + k), v[4], Point(x0 + c - k, y1), v[6], Point(x0, y0 + c - k)]
        let i = [Point(x0 + c - k, y0), v[1], Point(x1, y0 + c - k), v[3], Point(x1 - c + k, y1), v[5], Point(x0, y1 - c + k), v[7]]
        return BezierPath(vertices: v, outControls: o, inControls: i, isLine: [true, false, true, false, true, false, true, false])
    }

    /// A stadium's round end as one cubic: the tangent length (× radius) for a half circle that
    /// strays least from it, 1.33 % of the radius either way (docs/smil.md#perspective-in-svg).
    package static let halfCircleTangent = 1.316
    package static let halfCircleError = 0.01327

    /// A stadium (a bar whose radius is half its height, r.width ≥ r.height): 4 vertices, the
    /// top and bottom lines and one cubic per round end, clockwise on screen from the top-left.
    package static func stadium(_ r: Rect) -> BezierPath {
        let c = r.size.height / 2, k = halfCircleTangent * c
        let v = [Point(r.minX + c, r.minY), Point(r.maxX - c, r.minY), Point(r.maxX - c, r.maxY), Point(r.minX + c, r.maxY)]
        let o = [v[0], Point(v[1].x + k, v[1].y), v[2], Point(v[3].x - k, v[3].y)]
        let i = [Point(v[0].x - k, v[0].y), v[1], Point(v[2].x + k, v[2].y), v[3]]
        return BezierPath(vertices: v, outControls: o, inControls: i, isLine: [true, false, true, false])
    }

    /// The oval inscribed in r: 4 cubics from the top, clockwise on screen.
    package static func ellipse(_ r: Rect) -> BezierPath {
        let cx = r.midX, cy = r.midY, rx = r.size.width / 2, ry = r.size.height / 2
        let kx = kappa * rx, ky = kappa * ry
        let v = [Point(cx, cy - ry), Point(cx + rx, cy), Point(cx, cy + ry), Point(cx - rx, cy)]
        let o = [Point(cx + kx, cy - ry), Point(cx + rx, cy + ky), Point(cx - kx, cy + ry), Point(cx - rx, cy - ky)]
        let i = [Point(cx - kx, cy - ry), Point(cx + rx, cy - ky), Point(cx + kx, cy + ry), Point(cx - rx, cy + ky)]
        return BezierPath(vertices: v, outControls: o, inControls: i, isLine: [false, false, false, false])
    }

    package static func circle(center c: Point, radius r: Double) -> BezierPath {
        ellipse(Rect(c.x - r, c.y - r, 2 * r, 2 * r))
    }
}

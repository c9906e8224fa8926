import Artwork
import Motion
import Simulation
// A radial gradient of SVG art under a 3D transform: the measurement that decides how it could be
// carried (docs/artwork.md#radial-gradients-under-3d). A homography maps the gradient's circles
// to conics with moved centres, so a player's radial gradient (SVG's radialGradient with a
// gradientTransform, Lottie's circle `gf` under a group transform) can only draw an affine image
// of it. This file fits, per time, the affine map that best matches the projection over the
// painted shape (least squares) and measures what that draws against the exact projected colour,
// with the bound the linear gradients keep (ProjectionTolerance): each colour within
// `interpolation` (0.5 pt) of where it belongs, or within `gradientLevels` (0.25/255) of the exact
// colour. It also gives a lower bound no affine map can beat (three collinear points), so a
// refusal is a measured fact, not a fitting weakness.
import TransitionModel

/// An SVG art radial gradient in the layer's bounds space (the art laid out at its initial size).
package struct ArtRadialPaint: Hashable, Sendable {
    /// The gradient's own space (where its circles are circles) to the bounds space.
    package var matrix: ArtTransform
    package var center: ArtPoint
    package var focus: ArtPoint
    package var radius: Double
    package var stops: [ArtGradientStop]

    /// The radial paint of `paint` drawn with the art's transform `m`, nil for any other paint.
    package init?(_ paint: ArtPaint, _ m: ArtTransform) {
        guard case .radial(let center, let radius, let focus, let transform, let stops) = paint else { return nil }
        matrix = m.concatenating(transform)
        self.center = center; self.focus = focus; self.radius = radius; self.stops = stops
    }

    /// SVG's gradient parameter at a point of the gradient's own space: the t whose circle
    /// (centre focus + t (center - focus), radius t r; `fr` is 0) passes through p, the larger
    /// root; nil where no circle does (a focus outside the circle: the cone's outside).
    func parameter(_ p: ArtPoint) -> Double? {
        let dx = p.x - focus.x, dy = p.y - focus.y, ex = center.x - focus.x, ey = center.y - focus.y
        let a = ex * ex + ey * ey - radius * radius, de = dx * ex + dy * ey, dd = dx * dx + dy * dy
        guard abs(a) > 1e-12 else { return de > 0 ? dd / (2 * de) : nil }
        let disc = de * de - a * dd
        guard disc >= 0 else { return nil }
        let roots = [(de - disc.squareRoot()) / a, (de + disc.squareRoot()) / a].filter { $0 >= 0 }
        return roots.max()
    }

    /// The colour (premultiplied, 0…1) at a point of the bounds space; spread is `pad` (the reader refuses others).
    package func color(at p: Point) -> (red: Double, green: Double, blue: Double, alpha: Double)? {
        let m = matrix, det = m.a * m.d - m.b * m.c
        guard abs(det) > 1e-12, let first = stops.first, let last = stops.last else { return nil }
        let x = p.x - m.e, y = p.y - m.f
        guard let t = parameter(ArtPoint((m.d * x - m.c * y) / det, (-m.b * x + m.a * y) / det)) else { return nil }
        var c = first.color
        if t >= last.offset {
            c = last.color
        } else if t > first.offset, let k = stops.lastIndex(where: { $0.offset <= t }), k + 1 < stops.count {
            let s0 = stops[k], s1 = stops[k + 1]
            let f = s1.offset > s0.offset ? (t - s0.offset) / (s1.offset - s0.offset) : 0
            func mix(_ u: Double, _ v: Double) -> Double { u + (v - u) * f }
            c = ArtColor(
                red: mix(s0.color.red, s1.color.red), green: mix(s0.color.green, s1.color.green), blue: mix(s0.color.blue, s1.color.blue),
                alpha: mix(s0.color.alpha, s1.color.alpha))
        }
        return (c.red * c.alpha, c.green * c.alpha, c.blue * c.alpha, c.alpha)
    }
}

/// How well an affine image of a radial gradient draws it under one projection.
package struct RadialAffineMeasure: Hashable, Sendable {
    /// The least-squares affine map of the bounds space to the host (`nil`: too few samples).
    package var affine: ArtTransform?
    /// The farthest any colour lands from where the projection puts it (host units).
    package var worstShift: Double
    /// The worst colour error (levels of 255, any premultiplied channel) where the shift is over 0.5.
    package var worstLevels: Double
    /// The share of the samples that are off by more than both bounds.
    package var failingShare: Double
    /// No affine map can draw the shape's points within this of the projection (host units).
    package var lowerBound: Double
    /// Within the linear gradients' bound everywhere (0.5 pt or 0.25/255).
    package var holds: Bool { failingShare == 0 }
}

package enum RadialAffineFit {
    /// Points of the shape (nonzero or even-odd) on a `count` x `count` grid over its box, by rows;
    /// curves flattened to 16 chords a segment.
    package static func samples(_ subpaths: [BezierPath], evenOdd: Bool, count: Int = 48) -> [[Point]] {
        let polygons = subpaths.map { sub in (0..<sub.segmentCount).flatMap { k in (0..<16).map { sub.point(segment: k, at: Double($0) / 16) } } }
        let all = polygons.flatMap { $0 }
        guard let x0 = all.map(\.x).min(), let x1 = all.map(\.x).max(), let y0 = all.map(\.y).min(), let y1 = all.map(\.y).max() else {
            return []
        }
        func inside(_ p: Point) -> Bool {
            var winding = 0
            for poly in polygons {
                for (n, a) in poly.enumerated() {
                    let b = poly[(n + 1) % poly.count]
                    guard (a.y <= p.y) != (b.y <= p.y) else { continue }
                    if a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) > p.x { winding += b.y > a.y ? 1 : -1 }
                }
            }
            return evenOdd ? winding % 2 != 0 : winding != 0
        }
        // Cell centres, so an edge on the grid is never sampled.
        return (0..<count).map { j in
            let y = y0 + (y1 - y0) * (Double(j) + 0.5) / Double(count)
            return (0..<count).map { i in Point(x0 + (x1 - x0) * (Double(i) + 0.5) / Double(count), y) }.filter(inside)
        }
    }

    /// The affine map minimising the summed squared distance to `h` over `points`.
    package static func fit(_ h: PlaneProjection, _ points: [Point]) -> ArtTransform? {
        var m = [[Double]](repeating: [0, 0, 0], count: 3), rx = [0.0, 0, 0], ry = [0.0, 0, 0]
        for p in points {
            let v = [p.x, p.y, 1], q = h.apply(p)
            for r in 0..<3 {
                for c in 0..<3 { m[r][c] += v[r] * v[c] }
                rx[r] += v[r] * q.x; ry[r] += v[r] * q.y
            }
        }
        func det(_ a: [[Double]]) -> Double {
            a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
        }
        let d = det(m)
        guard abs(d) > 1e-9 * max(1, m[0][0] * m[1][1] * m[2][2]) else { return nil }
        func solve(_ rhs: [Double]) -> [Double] {
            (0..<3).map { k in det(m.enumerated().map { r, row in row.enumerated().map { c, v in c == k ? rhs[r] : v } }) / d }
        }
        let x = solve(rx), y = solve(ry)
        return ArtTransform(a: x[0], b: y[0], c: x[1], d: y[1], e: x[2], f: y[2])
    }

    /// The best affine image of `paint` on the shape sampled by `rows` (bounds space) under `h`
    /// (bounds to host), against the exact projected gradient.
    package static func measure(_ paint: ArtRadialPaint, _ h: PlaneProjection, rows: [[Point]]) -> RadialAffineMeasure {
        let points = rows.flatMap { $0 }
        guard let a = fit(h, points), abs(a.a * a.d - a.b * a.c) > 1e-12 else {
            return RadialAffineMeasure(affine: nil, worstShift: 0, worstLevels: 0, failingShare: 0, lowerBound: 0)
        }
        let det = a.a * a.d - a.b * a.c
        var shift = 0.0, levels = 0.0, failing = 0
        for p in points {
            let q = h.apply(p), drawn = Point(a.a * p.x + a.c * p.y + a.e, a.b * p.x + a.d * p.y + a.f)
            let s = q.distance(to: drawn)
            shift = max(shift, s)
            guard s > ProjectionTolerance.interpolation, let exact = paint.color(at: p) else { continue }
            // What the affine gradient shows at q is the colour of the bounds point it maps there.
            let x = q.x - a.e, y = q.y - a.f
            guard let shown = paint.color(at: Point((a.d * x - a.c * y) / det, (-a.b * x + a.a * y) / det)) else { continue }
            let l =
                255 * max(abs(exact.red - shown.red), abs(exact.green - shown.green), abs(exact.blue - shown.blue), abs(exact.alpha - shown.alpha))
            levels = max(levels, l)
            if l > ProjectionTolerance.gradientLevels { failing += 1 }
        }
        return RadialAffineMeasure(
            affine: a, worstShift: shift, worstLevels: levels, failingShare: points.isEmpty ? 0 : Double(failing) / Double(points.count),
            lowerBound: lowerBound(h, rows))
    }

    /// Any affine map A sends the ends and midpoint of a segment to the ends and midpoint of one,
    /// so A(p) + A(q) - 2 A(m) = 0 and one of the three is at least |h(p) + h(q) - 2 h(m)| / 4 off
    /// the projection. The worst over each row's first and last point with its midpoint in the shape.
    static func lowerBound(_ h: PlaneProjection, _ rows: [[Point]]) -> Double {
        var bound = 0.0
        for row in rows where row.count > 2 {
            // An even span, so the midpoint is a sample; it is the middle one only when the row has no gap.
            let n = row.count % 2 == 1 ? row.count : row.count - 1
            let p = row[0], q = row[n - 1], mid = row[(n - 1) / 2]
            guard abs(mid.x - (p.x + q.x) / 2) < 1e-9 else { continue }
            let d = h.apply(p) + h.apply(q) - h.apply(mid).scaled(by: 2)
            bound = max(bound, (d.x * d.x + d.y * d.y).squareRoot() / 4)
        }
        return bound
    }
}

// A stroke of SVG art under a 3D transform, turned into the outline of what it paints: closed
// subpaths filled together with the nonzero rule, each wound the same way, so the fill is their
// union (drawn once: a translucent stroke stays even where pieces overlap). Per segment a strip
// between its offsets at ±width/2 (a line's exactly; a cubic's offset halved until each piece,
// the cubic's piece with its control points moved along its end normals, is within
// `tolerance` of the true offset), per corner the join (miter, round, bevel; a miter past
// `stroke-miterlimit` is beveled, as SVG does), per open end the cap. Built in the art's user
// space, where the width is, then mapped into the bounds, so a stretched stroke stays exact.
import Artwork
import Motion
import TransitionModel

package enum StrokeOutline {
    /// Largest distance (pt, in the layer's bounds space) between the outline and the stroke's edge.
    static let tolerance = 0.02

    /// The closed pieces in the bounds space (through `matrix`), nil when a curve is too tight
    /// to outline within the tolerance.
    package static func subpaths(_ path: ArtPath, _ stroke: ArtStroke, matrix m: ArtTransform) -> [ArtPath]? {
        let r = stroke.width / 2
        guard r > 0 else { return [] }
        let norm = (m.a * m.a + m.b * m.b + m.c * m.c + m.d * m.d).squareRoot()
        guard norm > 0 else { return [] }
        var pieces: [[Point]] = []  // each: a closed polygon of cubic runs (p0 c1 c2 p1 c1 c2 p2 …)
        for sub in Self.split(path) {
            guard let strips = Self.strips(sub, r: r, tolerance: tolerance / norm) else { return nil }
            pieces += strips
            pieces += Self.joinsAndCaps(sub, stroke, r: r)
        }
        return pieces.map { piece in
            let mapped = piece.map { p -> Point in
                let q = m.apply(ArtPoint(p.x, p.y)); return Point(q.x, q.y)
            }
            let wound = Self.signedArea(mapped) > 0 ? Self.reversed(mapped) : mapped
            var segments: [ArtPathSegment] = [.move(ArtPoint(wound[0].x, wound[0].y))]
            func art(_ p: Point) -> ArtPoint { ArtPoint(p.x, p.y) }
            for k in stride(from: 1, to: wound.count, by: 3) {
                // A line is a cubic with its controls on its ends here; written as a line.
                if wound[k] == wound[k - 1], wound[k + 1] == wound[k + 2] {
                    segments.append(.line(art(wound[k + 2])))
                } else {
                    segments.append(.cubic(art(wound[k]), art(wound[k + 1]), art(wound[k + 2])))
                }
            }
            segments.append(.close)
            return ArtPath(segments)
        }
    }

    /// A subpath: its segments as cubics (p0, c1, c2, p1; a line's controls on its ends) with
    /// zero-length ones dropped, its start point, and whether it is closed.
    struct Subpath {
        var start: Point
        var segments: [[Point]] = []
        var closed = false
        var isLine: [Bool] = []
    }

    static func split(_ path: ArtPath) -> [Subpath] {
        var out: [Subpath] = []
        var current: Subpath?
        var at = Point.zero
        func add(_ seg: [Point], line: Bool) {
            if current == nil { current = Subpath(start: at) }
            if seg.allSatisfy({ $0 == seg[0] }) { return }
            current!.segments.append(seg); current!.isLine.append(line)
        }
        for s in path.segments {
            switch s {
            case .move(let p):
                if let c = current { out.append(c) }
                at = Point(p.x, p.y); current = Subpath(start: at)
            case .line(let p):
                let q = Point(p.x, p.y)
                add([at, at, q, q], line: true); at = q
            case .cubic(let c1, let c2, let p):
                let q = Point(p.x, p.y)
                add([at, Point(c1.x, c1.y), Point(c2.x, c2.y), q], line: false); at = q
            case .close:
                guard var c = current else { continue }
                if at != c.start { c.segments.append([at, at, c.start, c.start]); c.isLine.append(true) }
                c.closed = true
                out.append(c); current = nil; at = c.start
            }
        }
        if let c = current { out.append(c) }
        return out
    }

    static func unit(_ p: Point) -> Point {
        let l = (p.x * p.x + p.y * p.y).squareRoot()
        return l > 0 ? Point(p.x / l, p.y / l) : .zero
    }
    /// The unit tangents at a cubic's ends (falling back to further control points where two coincide).
    static func startTangent(_ c: [Point]) -> Point { unit(c[1] != c[0] ? c[1] - c[0] : c[2] != c[0] ? c[2] - c[0] : c[3] - c[0]) }
    static func endTangent(_ c: [Point]) -> Point { unit(c[3] != c[2] ? c[3] - c[2] : c[3] != c[1] ? c[3] - c[1] : c[3] - c[0]) }
    static func normal(_ t: Point) -> Point { Point(-t.y, t.x) }

    static func point(_ c: [Point], _ t: Double) -> Point {
        let u = 1 - t
        return c[0] * (u * u * u) + c[1] * (3 * u * u * t) + c[2] * (3 * u * t * t) + c[3] * (t * t * t)
    }
    static func derivative(_ c: [Point], _ t: Double) -> Point {
        let u = 1 - t
        return (c[1] - c[0]) * (3 * u * u) + (c[2] - c[1]) * (6 * u * t) + (c[3] - c[2]) * (3 * t * t)
    }
    static func halves(_ c: [Point]) -> ([Point], [Point]) {
        func mid(_ a: Point, _ b: Point) -> Point { (a + b) * 0.5 }
        let ab = mid(c[0], c[1]), bc = mid(c[1], c[2]), cd = mid(c[2], c[3])
        let abc = mid(ab, bc), bcd = mid(bc, cd), m = mid(abc, bcd)
        return ([c[0], ab, abc, m], [m, bcd, cd, c[3]])
    }

    /// The cubic's offset at distance d (left of its direction for d > 0) as cubics, nil when
    /// ten halvings do not bring it within the tolerance.
    static func offset(_ c: [Point], _ d: Double, tolerance: Double, depth: Int = 0) -> [[Point]]? {
        let n0 = normal(startTangent(c)), n1 = normal(endTangent(c))
        // The handles keep their directions and scale with the offset's radius of curvature,
        // (1 - d·κ) at each end (κ signed, positive turning towards the normal): a circular arc's
        // offset is then the arc of radius R - d drawn the same way, within the tolerance at once.
        func curvature(_ a: Point, _ b: Point, _ c: Point) -> Double {
            let d1 = (b - a) * 3, d2 = (c - b * 2 + a) * 6
            let speed = (d1.x * d1.x + d1.y * d1.y).squareRoot()
            return speed > 1e-9 ? (d1.x * d2.y - d1.y * d2.x) / (speed * speed * speed) : 0
        }
        let k0 = 1 - d * curvature(c[0], c[1], c[2]), k1 = 1 - d * curvature(c[3], c[2], c[1]) * -1
        let p0 = c[0] + n0 * d, p3 = c[3] + n1 * d
        let approx = [p0, p0 + (c[1] - c[0]) * k0, p3 + (c[2] - c[3]) * k1, p3]
        let fits = [0.25, 0.5, 0.75].allSatisfy { t in
            let tangent = derivative(c, t)
            guard tangent != .zero else { return false }
            return point(approx, t).distance(to: point(c, t) + normal(unit(tangent)) * d) <= tolerance
        }
        if fits { return [approx] }
        guard depth < 10 else { return nil }
        let (a, b) = halves(c)
        guard let oa = offset(a, d, tolerance: tolerance, depth: depth + 1), let ob = offset(b, d, tolerance: tolerance, depth: depth + 1) else { return nil }
        return oa + ob
    }

    static func reversedCubics(_ cubics: [[Point]]) -> [[Point]] { cubics.reversed().map { $0.reversed() } }

    /// Per segment: its left offset forward, its right offset back, as one closed run of cubics.
    static func strips(_ sub: Subpath, r: Double, tolerance: Double) -> [[Point]]? {
        var out: [[Point]] = []
        for (k, c) in sub.segments.enumerated() {
            let left: [[Point]], right: [[Point]]
            if sub.isLine[k] {
                let n = normal(unit(c[3] - c[0]))
                left = [line(c[0] + n * r, c[3] + n * r)]; right = [line(c[0] - n * r, c[3] - n * r)]
            } else {
                guard let l = offset(c, r, tolerance: tolerance), let rr = offset(c, -r, tolerance: tolerance) else { return nil }
                left = l; right = rr
            }
            var run = left + [line(left.last![3], right.last![3])] + reversedCubics(right)
            run.append(line(right.first![0], left.first![0]))
            out.append(polygon(run))
        }
        return out
    }

    static func line(_ a: Point, _ b: Point) -> [Point] { [a, a, b, b] }
    /// Cubics joined end to start as one point list (p0 c1 c2 p1 c1 c2 p2 …).
    static func polygon(_ cubics: [[Point]]) -> [Point] { [cubics[0][0]] + cubics.flatMap { $0.dropFirst() } }

    /// Joins at the corners (every vertex of a closed subpath) and caps at an open subpath's ends.
    static func joinsAndCaps(_ sub: Subpath, _ stroke: ArtStroke, r: Double) -> [[Point]] {
        var out: [[Point]] = []
        let segs = sub.segments
        guard !segs.isEmpty else {
            // A subpath of zero length: SVG draws a dot for round and square caps.
            switch stroke.cap {
            case .round: return [circle(sub.start, r)]
            case .square: return [polygon(corners: [sub.start + Point(-r, -r), sub.start + Point(r, -r), sub.start + Point(r, r), sub.start + Point(-r, r)])]
            case .butt: return []
            }
        }
        let corners = sub.closed ? segs.count : segs.count - 1
        for k in 0..<corners {
            let a = segs[k], b = segs[(k + 1) % segs.count]
            let tIn = endTangent(a), tOut = startTangent(b), v = a[3]
            let cross = tIn.x * tOut.y - tIn.y * tOut.x, dot = tIn.x * tOut.x + tIn.y * tOut.y
            guard abs(cross) > 1e-9 || dot < 0 else { continue }  // smooth: the strips meet
            let side = cross > 0 ? -1.0 : 1.0  // the outer side of the turn
            let pIn = v + normal(tIn) * (side * r), pOut = v + normal(tOut) * (side * r)
            switch stroke.join {
            case .round:
                out.append(circle(v, r))
            case .bevel:
                out.append(polygon(corners: [v, pIn, pOut]))
            case .miter:
                let nIn = normal(tIn), nOut = normal(tOut), cosine = nIn.x * nOut.x + nIn.y * nOut.y
                // Miter length / width = 1 / sin(θ/2), θ the angle between the segments.
                let ratio = (2 / max(1 + cosine, 1e-12)).squareRoot()
                if ratio <= stroke.miterLimit {
                    out.append(polygon(corners: [v, pIn, v + (nIn + nOut) * (side * r / (1 + cosine)), pOut]))
                } else {
                    out.append(polygon(corners: [v, pIn, pOut]))
                }
            }
        }
        if !sub.closed {
            for (p, t) in [(segs[0][0], startTangent(segs[0]) * -1), (segs[segs.count - 1][3], endTangent(segs[segs.count - 1]))] {
                switch stroke.cap {
                case .butt: break
                case .round: out.append(circle(p, r))
                case .square:
                    let n = normal(t) * r
                    out.append(polygon(corners: [p + n, p + n + t * r, p - n + t * r, p - n]))
                }
            }
        }
        return out
    }

    static func polygon(corners: [Point]) -> [Point] { polygon(corners.indices.map { line(corners[$0], corners[($0 + 1) % corners.count]) }) }

    static func circle(_ c: Point, _ r: Double) -> [Point] {
        let k = 0.5522847498 * r
        let e = Point(r, 0), s = Point(0, r), ke = Point(k, 0), ks = Point(0, k)
        return [
            c + e, c + e + ks, c + s + ke, c + s, c + s - ke, c - e + ks, c - e, c - e - ks, c - s - ke, c - s, c - s + ke, c + e - ks, c + e,
        ]
    }

    /// The shoelace area of the closed run of cubics, each flattened at 8 points.
    static func signedArea(_ p: [Point]) -> Double {
        var flat: [Point] = []
        for k in stride(from: 0, to: p.count - 1, by: 3) {
            let c = [p[k], p[k + 1], p[k + 2], p[k + 3]]
            flat += (0..<8).map { point(c, Double($0) / 8) }
        }
        var area = 0.0
        for (n, a) in flat.enumerated() {
            let b = flat[(n + 1) % flat.count]
            area += a.x * b.y - b.x * a.y
        }
        return area / 2
    }

    static func reversed(_ p: [Point]) -> [Point] { p.reversed() }
}

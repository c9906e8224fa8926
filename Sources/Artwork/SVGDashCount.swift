// A dashed stroke is cut into its dashes, each outlined, in the Lottie export and under 3D
// (StrokeDashes in Keyframes): `stroke-dasharray="1e-9 1e-9"` on a circle asked for 10^11
// dashes and never ended (found by fuzzing the sample art). The reader counts each shape's
// dashes from above, by the length of the control polygon of each cubic halved twice (never
// shorter than the curve, 0.7 % over a circle's length; the cubic's own polygon was 11 % over),
// and refuses a file whose dashes pass ArtworkLimits.strokeDashes, at the element that does.

extension ArtPath {
    /// The length of the control polygons of each cubic's four quarters (halved twice), lines
    /// and closing lines included: at least the path's arc length.
    var controlLength: Double {
        var total = 0.0
        var start = ArtPoint(0, 0), at = start
        func distance(_ p: ArtPoint, _ q: ArtPoint) -> Double { ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot() }
        func mid(_ p: ArtPoint, _ q: ArtPoint) -> ArtPoint { ArtPoint((p.x + q.x) / 2, (p.y + q.y) / 2) }
        func polygon(_ p0: ArtPoint, _ p1: ArtPoint, _ p2: ArtPoint, _ p3: ArtPoint, halvings: Int) -> Double {
            guard halvings > 0 else { return distance(p0, p1) + distance(p1, p2) + distance(p2, p3) }
            // de Casteljau at t = 1/2.
            let a = mid(p0, p1), b = mid(p1, p2), c = mid(p2, p3), d = mid(a, b), e = mid(b, c), m = mid(d, e)
            return polygon(p0, a, d, m, halvings: halvings - 1) + polygon(m, e, c, p3, halvings: halvings - 1)
        }
        for s in segments {
            switch s {
            case .move(let p): start = p; at = p
            case .line(let p): total += distance(at, p); at = p
            case .cubic(let a, let b, let c): total += polygon(at, a, b, c, halvings: 2); at = c
            case .close: total += distance(at, start); at = start
            }
        }
        return total
    }

    var subpathCount: Int { max(1, segments.count { if case .move = $0 { return true } else { return false } }) }
}

extension ArtStroke {
    /// At most how many dashes this stroke cuts `path` into (0 for a solid stroke): each subpath
    /// restarts the pattern, so each may add one partial pattern.
    func dashCount(on path: ArtPath) -> Double {
        let total = dashes.reduce(0, +)
        guard !dashes.isEmpty, total > 0 else { return 0 }
        let perPattern = Double((dashes.count + 1) / 2)
        return ((path.controlLength / total).rounded(.up) + Double(path.subpathCount)) * perPattern
    }
}

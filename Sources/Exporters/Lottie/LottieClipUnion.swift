// A clip path of several shapes (their union) as ONE mask contour. rlottie 0.2 unites two "a"
// masks wrongly when their pixel boxes are disjoint but share rows (shapes side by side): its
// run-length union then just appends the second shape's spans and one of the shapes is lost
// (measured: two 50 x 50 rects side by side, 2,450 px missing; overlapping boxes or boxes one
// above the other are right). So the shapes are joined into one contour: each shape in turn,
// wound the same way as the first, a straight bridge from one shape's start to the next, and
// the same bridges walked back at the end. A bridge walked both ways encloses no area, so
// nonzero filling draws the union of the shapes (docs/artwork.md#svg-art-in-the-flat-lottie-export).
import Artwork
import Keyframes

enum ClipUnion {
    /// One closed contour covering the union of `paths` (each a single contour, implicitly
    /// closed), less the `holes` (indices into `paths`, each inside one of the others): a hole
    /// is wound against the first, so nonzero filling counts it out of the shape around it.
    static func oneContour(_ paths: [ArtPath], holes: Set<Int> = []) -> ArtPath {
        let all = paths.enumerated().compactMap { n, p in contour(p).map { (n, $0) } }
        let contours = all.map(\.1)
        guard let first = contours.first else { return ArtPath([]) }
        let sign = area(first) >= 0
        var segments: [ArtPathSegment] = [.move(first.start)]
        for (n, c) in contours.enumerated() {
            let c = ((area(c) >= 0) == sign) != holes.contains(all[n].0) ? c : reversed(c)
            if n > 0 { segments.append(.line(c.start)) }
            segments += c.segments
        }
        for c in contours.dropFirst().dropLast().reversed() { segments.append(.line(c.start)) }
        segments.append(.close)
        return ArtPath(segments)
    }

    /// A contour as its start and its drawing segments, ending back at the start.
    struct Contour {
        var start: ArtPoint
        var segments: [ArtPathSegment]
    }

    static func contour(_ path: ArtPath) -> Contour? {
        guard case .move(let start) = path.segments.first else { return nil }
        var segments: [ArtPathSegment] = []
        var last = start
        for s in path.segments.dropFirst() {
            switch s {
            case .move: break
            case .line(let p): segments.append(s); last = p
            case .cubic(_, _, let p): segments.append(s); last = p
            case .close: break
            }
        }
        if last != start { segments.append(.line(start)) }
        return segments.isEmpty ? nil : Contour(start: start, segments: segments)
    }

    /// Twice the signed area of the control polygon (its sign is the winding of a simple shape).
    static func area(_ c: Contour) -> Double {
        var points = [c.start]
        for s in c.segments {
            switch s {
            case .line(let p): points.append(p)
            case .cubic(let a, let b, let p): points += [a, b, p]
            case .move, .close: break
            }
        }
        return zip(points, points.dropFirst() + [points[0]]).reduce(0) { $0 + $1.0.x * $1.1.y - $1.1.x * $1.0.y }
    }

    static func reversed(_ c: Contour) -> Contour {
        var from = c.start
        var pieces: [(from: ArtPoint, segment: ArtPathSegment)] = []
        for s in c.segments {
            pieces.append((from, s))
            switch s {
            case .line(let p), .cubic(_, _, let p): from = p
            case .move, .close: break
            }
        }
        let segments = pieces.reversed().compactMap { piece -> ArtPathSegment? in
            switch piece.segment {
            case .line: return .line(piece.from)
            case .cubic(let a, let b, _): return .cubic(b, a, piece.from)
            case .move, .close: return nil
            }
        }
        return Contour(start: c.start, segments: segments)
    }

    /// Tracks with the same keys (times and easings) mapped key by key, exact for a map that is
    /// affine in them all (one shared easing moves every vertex alike); nil when the keys differ.
    /// The projected clip shapes are fitted on the same keys, so their union keeps them
    /// (LottieTracks.combine would sample it at 240 Hz: svg-clip-flip's Lottie 64 KB -> 187 KB).
    static func keyByKey(_ tracks: [KeyframeTrack<LVec>], _ f: ([LVec]) -> LVec) -> KeyframeTrack<LVec>? {
        guard let first = tracks.first else { return nil }
        for t in tracks.dropFirst() {
            guard t.keyframes.count == first.keyframes.count,
                zip(t.keyframes, first.keyframes).allSatisfy({ $0.time == $1.time && $0.easing == $1.easing })
            else { return nil }
        }
        return KeyframeTrack(
            first.keyframes.indices.map { n in
                Keyframe(time: first.keyframes[n].time, value: f(tracks.map { $0.keyframes[n].value }), easing: first.keyframes[n].easing)
            })
    }

    /// The same for closed Lottie paths (`v`, `i`, `o` with tangents relative to their vertex),
    /// for the projected clip shapes of SVG art under 3D: all of them must have the same
    /// vertex counts at every key, which holds since each is one track's value at a time.
    static func oneContour(_ paths: [LVec]) -> LVec {
        struct Vertex { var v: (Double, Double), i: (Double, Double), o: (Double, Double) }
        func vertices(_ p: LVec) -> [Vertex] {
            let n = p.c.count / 6
            return (0..<n).map { k in
                Vertex(
                    v: (p.c[2 * k], p.c[2 * k + 1]), i: (p.c[2 * n + 2 * k], p.c[2 * n + 2 * k + 1]),
                    o: (p.c[4 * n + 2 * k], p.c[4 * n + 2 * k + 1]))
            }
        }
        func signedArea(_ vs: [Vertex]) -> Double {
            var points: [(Double, Double)] = []
            for (k, x) in vs.enumerated() {
                let next = vs[(k + 1) % vs.count]
                points += [x.v, (x.v.0 + x.o.0, x.v.1 + x.o.1), (next.v.0 + next.i.0, next.v.1 + next.i.1)]
            }
            return zip(points, points.dropFirst() + [points[0]]).reduce(0) { $0 + $1.0.0 * $1.1.1 - $1.1.0 * $1.0.1 }
        }
        let shapes = paths.map(vertices).filter { !$0.isEmpty }
        guard let first = shapes.first else { return LVec([]) }
        let sign = signedArea(first) >= 0
        var out: [Vertex] = []
        let zero = (0.0, 0.0)
        for var vs in shapes {
            if (signedArea(vs) >= 0) != sign {
                vs = [vs[0]] + vs.dropFirst().reversed()
                vs = vs.map { Vertex(v: $0.v, i: $0.o, o: $0.i) }
            }
            // The start twice: entered and left by straight bridges, the shape's own closing
            // curve arriving at the second.
            out.append(Vertex(v: vs[0].v, i: zero, o: vs[0].o))
            out += vs.dropFirst()
            out.append(Vertex(v: vs[0].v, i: vs[0].i, o: zero))
        }
        for vs in shapes.dropFirst().dropLast().reversed() { out.append(Vertex(v: vs[0].v, i: zero, o: zero)) }
        return LVec(out.flatMap { [$0.v.0, $0.v.1] } + out.flatMap { [$0.i.0, $0.i.1] } + out.flatMap { [$0.o.0, $0.o.1] })
    }
}

/// Which subpaths of one clip path are holes. Drawn by its rule, a subpath inside another is a
/// hole under evenodd, and under nonzero when wound the other way (wound alike it only adds to
/// the winding). Carried: subpaths apart or one deep inside another; nil when two cross (their
/// boxes overlap but neither holds the other) or one lies inside a subpath that is itself inside.
enum ClipHoles {
    static func holes(_ subpaths: [ArtPath], rule: ArtFillRule) -> Set<Int>? {
        let contours = subpaths.map(ClipUnion.contour)
        let polygons = contours.map { $0.map(polygon) ?? [] }
        let boxes = subpaths.map(\.controlBounds)
        func holds(_ a: Int, _ b: Int) -> Bool {
            guard let p = boxes[a], let q = boxes[b], !polygons[a].isEmpty, !polygons[b].isEmpty,
                q.x >= p.x, q.y >= p.y, q.x + q.width <= p.x + p.width, q.y + q.height <= p.y + p.height
            else { return false }
            return polygons[b].allSatisfy { inside($0, polygons[a]) }
        }
        var holes: Set<Int> = []
        for b in subpaths.indices {
            let around = subpaths.indices.filter { $0 != b && holds($0, b) }
            for a in subpaths.indices where a != b && !around.contains(a) && !holds(b, a) {
                if let p = boxes[a], let q = boxes[b],
                    p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height
                {
                    return nil  // boxes overlap, neither holds the other: they may cross
                }
            }
            guard around.count <= 1 else { return nil }
            guard let a = around.first else { continue }
            if !subpaths.indices.filter({ $0 != a && holds($0, a) }).isEmpty { return nil }
            let alike = (ClipUnion.area(contours[a]!) >= 0) == (ClipUnion.area(contours[b]!) >= 0)
            if rule == .evenodd || !alike { holes.insert(b) }
        }
        return holes
    }

    /// The contour flattened (16 steps a cubic).
    static func polygon(_ c: ClipUnion.Contour) -> [ArtPoint] {
        var points = [c.start]
        for s in c.segments {
            switch s {
            case .line(let p): points.append(p)
            case .cubic(let a, let b, let p):
                let p0 = points[points.count - 1]
                for k in 1...16 {
                    let t = Double(k) / 16, u = 1 - t
                    let w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t
                    points.append(ArtPoint(w0 * p0.x + w1 * a.x + w2 * b.x + w3 * p.x, w0 * p0.y + w1 * a.y + w2 * b.y + w3 * p.y))
                }
            case .move, .close: break
            }
        }
        return points
    }

    /// Even-odd crossing test (a point on the edge counts as either).
    static func inside(_ q: ArtPoint, _ polygon: [ArtPoint]) -> Bool {
        var inside = false
        var j = polygon.count - 1
        for i in polygon.indices {
            let a = polygon[i], b = polygon[j]
            if (a.y > q.y) != (b.y > q.y), q.x < (b.x - a.x) * (q.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
            j = i
        }
        return inside
    }
}

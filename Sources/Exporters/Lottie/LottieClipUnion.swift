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
    /// One closed contour covering the union of `paths` (each a single contour, implicitly closed).
    static func oneContour(_ paths: [ArtPath]) -> ArtPath {
        let contours = paths.compactMap(contour)
        guard let first = contours.first else { return ArtPath([]) }
        let sign = area(first) >= 0
        var segments: [ArtPathSegment] = [.move(first.start)]
        for (n, c) in contours.enumerated() {
            let c = (area(c) >= 0) == sign ? c : reversed(c)
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

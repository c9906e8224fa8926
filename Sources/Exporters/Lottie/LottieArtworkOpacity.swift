// Opacity on a node of flat SVG art in Lottie. SVG composites the node's content once; a Lottie
// shape group's `tr.o` is multiplied into each item by rlottie and ThorVG (docs/artwork.md,
// "Opacity groups under 3D"), so the two pictures agree only where no two drawn items overlap.
// Items whose boxes lie `gap` apart share no pixel: the group's `tr.o` is then exact. Overlapping
// items (a shape's own fill and stroke included) are refused with the node's file and line.
import Artwork

enum LottieArtworkOpacity {
    /// Boxes at least this far apart (pt, in the layer's bounds at its initial size) share no
    /// antialiased pixel at a 2x raster down to a 1/4 scale (as ArtOpacity.gap under 3D).
    static let gap = 2.0

    struct Box {
        var minX, minY, maxX, maxY: Double
        func apart(_ o: Box) -> Bool {
            minX - o.maxX >= gap || o.minX - maxX >= gap || minY - o.maxY >= gap || o.minY - maxY >= gap
        }
    }

    /// Whether the node's drawn items (in the space `outer` maps into) are pairwise apart.
    static func itemsApart(_ node: ArtNode, matrix outer: ArtTransform) -> Bool {
        guard let boxes = boxes(node, matrix: outer) else { return false }
        for (n, a) in boxes.enumerated() where boxes[(n + 1)...].contains(where: { !a.apart($0) }) { return false }
        return true
    }

    /// The box of everything the node draws (clips ignored: an outer bound).
    static func extent(_ node: ArtNode, matrix outer: ArtTransform) -> Box? {
        let m = outer.concatenating(node.transform)
        switch node.content {
        case .shape(let shape):
            return box(shape, matrix: m)
        case .group(let children):
            let all = children.compactMap { extent($0, matrix: m) }
            guard let first = all.first else { return nil }
            return all.dropFirst().reduce(first) {
                Box(minX: min($0.minX, $1.minX), minY: min($0.minY, $1.minY), maxX: max($0.maxX, $1.maxX), maxY: max($0.maxY, $1.maxY))
            }
        }
    }

    /// One box per drawn item (every vertex and control point, a stroke's reach added), nil when
    /// a shape overlaps itself (a fill under its stroke) or holds a clip.
    static func boxes(_ node: ArtNode, matrix outer: ArtTransform) -> [Box]? {
        guard node.clip == nil else { return nil }
        let m = outer.concatenating(node.transform)
        switch node.content {
        case .group(let children):
            var out: [Box] = []
            for child in children {
                guard let b = boxes(child, matrix: m) else { return nil }
                out += b
            }
            return out
        case .shape(let shape):
            if shape.fill != nil, shape.stroke != nil { return nil }
            return box(shape, matrix: m).map { [$0] } ?? []
        }
    }

    static func box(_ shape: ArtShape, matrix m: ArtTransform) -> Box? {
        guard let r = shape.path.transformed(by: m).controlBounds else { return nil }
        // A stroke reaches at most w/2 times the map's largest stretch (below its Frobenius
        // norm), times the miter limit at a miter join or √2 at a square cap, past the path's
        // control points.
        let reach =
            shape.stroke.map { s in
                s.width / 2 * (m.a * m.a + m.b * m.b + m.c * m.c + m.d * m.d).squareRoot() * max(s.miterLimit, 2.0.squareRoot())
            } ?? 0
        return Box(minX: r.x - reach, minY: r.y - reach, maxX: r.x + r.width + reach, maxY: r.y + r.height + reach)
    }
}

// SVG art under a 3D transform: vector, so each shape goes through the same projection path as
// any layer's paint (ProjectedContent.swift): one closed path per shape, laid out at the layer's
// initial bounds and stretched with them, projected per keyframe. What that path cannot draw
// exactly is refused with the art's file and line: strokes, gradients, clip paths, shapes of
// several subpaths (holes), opacity on a group of several shapes. Pictures (PNG/JPEG) are cut
// into affinely mapped cells instead (ProjectedPicture.swift).
import Artwork
import Motion
import TransitionModel

package enum ProjectedArtwork {
    /// The art's shapes in the layer's bounds space at `bounds` size, bottom first, each a closed
    /// path with its solid colour (the node opacities multiplied in).
    package static func shapes(_ art: LayerArtwork, bounds: Size) throws -> [(path: BezierPath, color: Color)] {
        guard case .vector(let document) = art.artwork else {
            throw TransExportError.artwork(file: art.path, "a PNG/JPEG picture under a 3D transform is not drawn yet (SVG art is)")
        }
        let f = art.frame(in: bounds)
        let root = ArtTransform.translation(f.minX, f.minY).concatenating(document.viewportTransform(width: f.size.width, height: f.size.height))
        var out: [(BezierPath, Color)] = []
        func visit(_ node: ArtNode, _ outer: ArtTransform, _ opacity: Double) throws {
            func refuse(_ why: String) -> TransExportError {
                TransExportError.artwork(file: art.path, line: node.line, why + " under a 3D transform is not drawn yet")
            }
            if node.clip != nil { throw refuse("a clip path inside SVG art") }
            let m = outer.concatenating(node.transform)
            switch node.content {
            case .group(let children):
                if node.opacity < 1, children.count > 1 { throw refuse("opacity on a group of several shapes") }
                for c in children { try visit(c, m, opacity * node.opacity) }
            case .shape(let shape):
                if shape.stroke != nil { throw refuse("a stroke") }
                guard let fill = shape.fill else { return }
                guard case .color(let c) = fill else { throw refuse("a gradient fill") }
                let subpaths = closedSubpaths(shape.path.transformed(by: m))
                if subpaths.count > 1 { throw refuse("a shape of several subpaths") }
                guard let path = subpaths.first else { return }
                out.append((path, Color(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha * opacity * node.opacity)))
            }
        }
        for node in document.nodes { try visit(node, root, 1) }
        return out
    }

    /// Each subpath closed (a fill closes it), as a BezierPath; subpaths of fewer than 2 points dropped.
    static func closedSubpaths(_ path: ArtPath) -> [BezierPath] {
        var out: [BezierPath] = []
        var v: [Point] = [], o: [Point] = [], i: [Point] = [], line: [Bool] = []
        func flush() {
            if v.count > 1 {
                // The closing segment back to the start is a line, unless the path came back there.
                if let last = v.last, last == v[0], v.count > 2 {
                    i[0] = i.removeLast(); v.removeLast(); o.removeLast(); line.removeLast()
                } else {
                    o[o.count - 1] = v[v.count - 1]; line[line.count - 1] = true
                }
                out.append(BezierPath(vertices: v, outControls: o, inControls: i, isLine: line))
            }
            v = []; o = []; i = []; line = []
        }
        func point(_ p: ArtPoint) -> Point { Point(p.x, p.y) }
        for s in path.segments {
            switch s {
            case .move(let p):
                flush(); v = [point(p)]; o = [point(p)]; i = [point(p)]; line = [true]
            case .line(let p):
                guard !v.isEmpty else { continue }
                o[o.count - 1] = v[v.count - 1]; line[line.count - 1] = true
                v.append(point(p)); o.append(point(p)); i.append(point(p)); line.append(true)
            case .cubic(let c1, let c2, let p):
                guard !v.isEmpty else { continue }
                o[o.count - 1] = point(c1); line[line.count - 1] = false
                v.append(point(p)); o.append(point(p)); i.append(point(c2)); line.append(true)
            case .close:
                flush()
            }
        }
        flush()
        return out
    }
}

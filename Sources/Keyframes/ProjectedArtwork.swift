// SVG art under a 3D transform: vector, so each shape goes through the same projection path as
// any layer's paint (ProjectedContent.swift): closed paths laid out at the layer's initial
// bounds and stretched with them, projected per keyframe. A shape keeps all its subpaths and its
// fill rule (holes); a stroke becomes the outline of what it paints (ProjectedArtworkStroke.swift),
// filled nonzero; a linear gradient keeps its axis and iso-colour direction in the bounds, so the
// projection lays it like the flip page's shadow (ProjectedContent.swift, GradientAxisFitter.swift).
// A dashed stroke is cut into its dashes first (ProjectedArtworkDashes.swift); a node's opacity
// is multiplied into shapes that do not overlap, else kept as an opacity group
// (ProjectedArtworkOpacity.swift); a node's clip path becomes projected paths of its own over the
// run of shapes it clips (ProjectedArtworkClip.swift). Pictures (PNG/JPEG) are cut into affinely
// mapped cells instead (ProjectedPicture.swift); so is art with a radial gradient, drawn as a
// picture first (Exporters' ArtworkRadialFallback.swift, ProjectedRadialGradient.swift).
import Artwork
import Motion
import TransitionModel

/// One painted shape of SVG art in the layer's bounds space at its initial size.
package struct ProjectedArtShape: Hashable, Sendable {
    /// Closed subpaths, filled together (one path: holes and overlaps as `evenOdd` says).
    package var subpaths: [BezierPath]
    package var evenOdd: Bool
    package var fill: Fill
    /// For a gradient: the direction of its iso-colour lines in the bounds space (not always
    /// perpendicular to the axis there: the art's transform may shear or stretch it).
    package var isoLine: Point?
}

package enum ProjectedArtwork {
    /// How many instants of a loop of `duration` seconds the projection samples every projected
    /// path at, all kept at once (ProjectionSampler's grid): what a path's vertices cost.
    package static func sampledInstants(loop duration: Double) -> Int { Int(ProjectionSampler.divisions(end: duration)) }

    /// The art's shapes in the layer's bounds space at `bounds` size, bottom first: each fill,
    /// then its stroke's outline (node opacities multiplied in where that is exact: `layout`).
    package static func shapes(_ art: LayerArtwork, bounds: Size) throws -> [ProjectedArtShape] {
        try layout(art, bounds: bounds).shapes
    }

    /// The shapes, the opacity groups over runs of them that overlap and the clip paths over
    /// runs of them (inner groups and clips first).
    package static func layout(_ art: LayerArtwork, bounds: Size) throws -> (
        shapes: [ProjectedArtShape], groups: [ProjectedArtOpacityGroup], clips: [ProjectedArtClipRegion]
    ) {
        guard case .vector(let document) = art.artwork else {
            throw TransExportError.artwork(file: art.path, "a PNG/JPEG picture under a 3D transform is not drawn yet (SVG art is)")
        }
        let f = art.frame(in: bounds)
        let root = ArtTransform.translation(f.minX, f.minY).concatenating(document.viewportTransform(width: f.size.width, height: f.size.height))
        var out: [ProjectedArtShape] = []
        var groups: [ProjectedArtOpacityGroup] = []
        var clips: [ProjectedArtClipRegion] = []
        func visit(_ node: ArtNode, _ outer: ArtTransform) throws {
            func refuse(_ why: String) -> TransExportError {
                TransExportError.artwork(file: art.path, line: node.line, why + " under a 3D transform is not drawn yet")
            }
            let m = outer.concatenating(node.transform)
            let first = out.count
            switch node.content {
            case .group(let children):
                for c in children { try visit(c, m) }
            case .shape(let shape):
                if let fill = shape.fill {
                    let subpaths = closedSubpaths(shape.path.transformed(by: m))
                    if !subpaths.isEmpty {
                        let (paint, iso) = try self.paint(fill, m, bounds, refuse)
                        out.append(ProjectedArtShape(subpaths: subpaths, evenOdd: shape.fillRule == .evenodd, fill: paint, isoLine: iso))
                    }
                }
                if let stroke = shape.stroke {
                    // A dashed stroke: its dashes, each outlined (ProjectedArtworkDashes.swift).
                    let path = StrokeDashes.dashed(
                        shape.path, dashes: stroke.dashes, offset: stroke.dashOffset, directedDots: stroke.cap == .square)
                    guard let outline = StrokeOutline.subpaths(path, stroke, matrix: m) else {
                        throw refuse("a stroke on a curve too tight to outline")
                    }
                    if !outline.isEmpty {
                        let (paint, iso) = try self.paint(stroke.paint, m, bounds, refuse)
                        out.append(ProjectedArtShape(subpaths: outline.flatMap(closedSubpaths), evenOdd: false, fill: paint, isoLine: iso))
                    }
                }
            }
            if node.opacity < 1, first < out.count {
                if ArtOpacity.disjoint(out[first...]) {
                    for n in first..<out.count { out[n].fill = ArtOpacity.faded(out[n].fill, by: node.opacity) }
                } else {
                    groups.append(ProjectedArtOpacityGroup(shapes: first..<out.count, opacity: node.opacity, line: node.line))
                }
            }
            if let clip = node.clip, first < out.count {
                clips.append(ArtClips.region(clip, m, shapes: first..<out.count, line: node.line))
            }
        }
        for node in document.nodes { try visit(node, root) }
        return (out, groups, clips)
    }

    /// A solid colour, or a linear gradient with its ends in unit coordinates of the layer's
    /// bounds (at `bounds` size: the `.art` path spec's box) and its iso-colour direction.
    static func paint(_ paint: ArtPaint, _ m: ArtTransform, _ bounds: Size, _ refuse: (String) -> TransExportError) throws -> (
        Fill, Point?
    ) {
        func color(_ c: ArtColor) -> Color { Color(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha) }
        switch paint {
        case .color(let c):
            return (.solid(color(c)), nil)
        case .radial:
            throw refuse("a radial gradient")
        case .linear(let start, let end, let transform, let stops):
            let g = m.concatenating(transform)
            let a = g.apply(start), b = g.apply(end)
            let w = bounds.width > 0 ? bounds.width : 1, h = bounds.height > 0 ? bounds.height : 1
            // Iso-colour lines are perpendicular to the axis in the gradient's own space.
            let along = ArtPoint(end.x - start.x, end.y - start.y)
            let iso = Point(g.a * -along.y + g.c * along.x, g.b * -along.y + g.d * along.x)
            return (
                .linearGradient(
                    LinearGradient(
                        start: Point(a.x / w, a.y / h), end: Point(b.x / w, b.y / h),
                        stops: stops.map { LinearGradient.Stop(offset: $0.offset, color: color($0.color)) })),
                iso
            )
        }
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

import Artwork
import CRsvg
// SVG art with a radial gradient under a 3D transform, drawn as a picture: a projected radial
// gradient is not a radial gradient (circles become conics with moved centres), and the best
// affine image of it -- all SVG's radialGradient or Lottie's circle `gf` could draw -- is
// measured tens of points off on a screen-sized flip (ProjectedRadialGradient.swift,
// docs/artwork.md#radial-gradients-under-3d). So the whole art is drawn by librsvg at
// `pixelsPerPoint` into a PNG and carried like a user's picture: cut into affinely mapped cells
// within 0.5 px in both formats (ProjectedPicture.swift).
import FoundationEssentials
import Glibc
import Keyframes
import Simulation
import TransitionModel

package enum ArtworkRadialFallback {
    /// The picture's pixels per point: the @3x of the screens it stands in for.
    package static let pixelsPerPoint = 3.0

    /// `simulation`, or a new one where every projected SVG art layer that paints a radial
    /// gradient holds its art drawn as a PNG picture instead (same file name, content mode, size).
    package static func applied(_ simulation: Simulation) throws -> Simulation {
        let projected = Projection.projectedLayers(simulation)
        // Each such layer's index, with the art's file and the line of its first radial paint.
        var drawn: [Int: (file: String, line: Int)] = [:]
        for layer in simulation.layers where projected[layer.index] {
            if case .artwork(let art) = layer.definition.kind, case .vector(let document) = art.artwork, let line = radialLine(document.nodes) {
                drawn[layer.index] = (art.path, line)
            }
        }
        guard !drawn.isEmpty else { return simulation }
        // Each drawn layer's art replaced by `make`'s picture, depth first, parents before
        // children (the simulation's layer order, allLayers).
        func replaced(_ make: (LayerArtwork, Int) throws -> LayerArtwork) throws -> TransitionDefinition {
            var index = 0
            func visit(_ layer: LayerDefinition) throws -> LayerDefinition {
                var layer = layer
                if let at = drawn[index], case .artwork(let art) = layer.kind { layer.kind = .artwork(try make(art, at.line)) }
                index += 1
                layer.children = try layer.children.map(visit)
                return layer
            }
            var definition = simulation.definition
            definition.layers = try definition.layers.map(visit)
            return definition
        }
        // The cells depend on the picture's size, not its pixels: checked on stand-ins first, so
        // art refused for its cells is never drawn (3,001 gradient rects took 43 s to draw, then
        // were refused; found by fuzzing the sample art).
        let standIns = try Simulation(
            replaced { art, line in
                let (width, height) = try pixelSize(art, line: line)
                return LayerArtwork(
                    path: art.path, artwork: .raster(Artwork.Picture(standInWidth: width, height: height)), contentMode: art.contentMode,
                    scale: pixelsPerPoint)
            })
        // Said here, by the gradient's line, rather than as a PNG/JPEG picture's cell limit.
        if let i = ProjectedPicture.layersOverCellLimit(standIns).first(where: { drawn[$0] != nil }), let at = drawn[i] {
            throw TransExportError.artwork(
                file: at.file, line: at.line,
                "layer \"\(simulation.layers[i].id ?? "layer-\(i)")\": a radial gradient under a 3D transform is drawn as a picture "
                    + "(docs/artwork.md#radial-gradients-under-3d), and this perspective would take more than \(ProjectedPicture.maxCells) "
                    + "affinely mapped cells to draw it within 0.5 px; use a weaker perspective or a smaller turn, "
                    + "or art without a radial gradient (drawn as projected paths, with no cell limit)")
        }
        return try Simulation(replaced { art, line in try picture(art, line: line) })
    }

    /// The line of the first shape painting a radial gradient (fill or stroke), nil when none does.
    static func radialLine(_ nodes: [ArtNode]) -> Int? {
        for node in nodes {
            switch node.content {
            case .group(let children):
                if let line = radialLine(children) { return line }
            case .shape(let shape):
                for paint in [shape.fill, shape.stroke?.paint] { if case .radial? = paint { return node.line } }
            }
        }
        return nil
    }

    /// The SVG art drawn at its natural size times `pixelsPerPoint` (the art re-emitted as clean
    /// SVG, SVGArtworkMarkup) as a PNG with alpha; its scale makes its natural size the art's.
    /// Art over a PNG's limits (ArtworkLimits: 8192 px a side, 40 Mpx) is refused before any pixel is allocated.
    static func picture(_ art: LayerArtwork, line: Int = 0) throws -> LayerArtwork {
        let natural = art.artwork.size()
        let (width, height) = try pixelSize(art, line: line)
        if case .vector(let document) = art.artwork {
            let painted = paintedPixels(document, natural: natural)
            guard painted <= maxPaintedPixels else {
                throw TransExportError.artwork(
                    file: art.path, line: line,
                    "a radial gradient under a 3D transform is drawn as a picture at \(Int(pixelsPerPoint)) px/pt "
                        + "(docs/artwork.md#radial-gradients-under-3d), and its shapes would paint \(Int(painted / 1e6)) million pixels; "
                        + "expected at most \(Int(maxPaintedPixels / 1e6)) million (fewer or smaller shapes)")
            }
        }
        let xml = XMLTextWriter()
        xml.start(
            "svg",
            [
                ("xmlns", "http://www.w3.org/2000/svg"), ("width", String(width)), ("height", String(height)),
                ("viewBox", "0 0 \(SVGArtworkMarkup.number(natural.width)) \(SVGArtworkMarkup.number(natural.height))"),
            ])
        var next = 0
        func newID(_ prefix: String) -> String {
            next += 1
            return "\(prefix)-\(next)"
        }
        let markup = SVGArtworkMarkup(xml: xml, newID: newID, images: SVGEmbeddedImages())
        markup.write(art.artwork, mode: .scaleToFill, scale: 1, bounds: natural)
        let image = try SVGRasterizer.draw(try xml.finish(), width: width, height: height)
        let png = try argbPNG(image)
        let picture = try Artwork.Picture(bytes: [UInt8](png), file: art.path)
        return LayerArtwork(path: art.path, artwork: .raster(picture), contentMode: art.contentMode, scale: pixelsPerPoint)
    }

    /// librsvg draws about 50 million gradient pixels a second: 3,001 overlapping gradient rects
    /// (2.1 billion pixels) took 43 s (found by fuzzing the sample art). A screen at @3x is 3
    /// million pixels, so this is some eighty screens of shapes, about 5 s.
    static let maxPaintedPixels = 250e6

    /// About how many pixels drawing `document` at `natural` size paints: each shape's box (its
    /// control points', widened by half its stroke; a miter's spike can reach further), cut to
    /// the picture, summed.
    static func paintedPixels(_ document: ArtDocument, natural: (width: Double, height: Double)) -> Double {
        var total = 0.0
        func visit(_ node: ArtNode, _ outer: ArtTransform) {
            let m = outer.concatenating(node.transform)
            switch node.content {
            case .group(let children): for c in children { visit(c, m) }
            case .shape(let shape):
                guard shape.fill != nil || shape.stroke != nil, let box = shape.path.transformed(by: m).controlBounds else { return }
                let pad = (shape.stroke?.width ?? 0) / 2 * (abs(m.a * m.d - m.b * m.c)).squareRoot()
                let w = min(box.x + box.width + pad, natural.width) - max(box.x - pad, 0)
                let h = min(box.y + box.height + pad, natural.height) - max(box.y - pad, 0)
                if w > 0, h > 0 { total += w * h * pixelsPerPoint * pixelsPerPoint }
            }
        }
        let root = document.viewportTransform(width: natural.width, height: natural.height)
        for node in document.nodes { visit(node, root) }
        return total
    }

    /// The picture's size in pixels; art over a PNG's limits (ArtworkLimits: 8192 px a side,
    /// 40 Mpx) is refused before any pixel is allocated.
    static func pixelSize(_ art: LayerArtwork, line: Int) throws -> (width: Int, height: Int) {
        let natural = art.artwork.size()
        guard let size = pixels(width: natural.width, height: natural.height) else {
            throw TransExportError.artwork(
                file: art.path, line: line,
                "a radial gradient under a 3D transform is drawn as a picture at \(Int(pixelsPerPoint)) px/pt "
                    + "(docs/artwork.md#radial-gradients-under-3d): art of \(SVGArtworkMarkup.number(natural.width)) x \(SVGArtworkMarkup.number(natural.height)) pt would be over the limit of "
                    + "\(ArtworkLimits.imageSide) px a side and \(ArtworkLimits.imagePixels) px in all")
        }
        return size
    }

    /// `width` x `height` points in pixels at `pixelsPerPoint` (at least 1 each), nil past a
    /// PNG's limits (ArtworkLimits); also the size of a layer's stand-in picture (ArtworkLayerChecks).
    static func pixels(width: Double, height: Double) -> (width: Int, height: Int)? {
        let w = (width * pixelsPerPoint).rounded(), h = (height * pixelsPerPoint).rounded()
        guard w.isFinite, h.isFinite, w <= Double(ArtworkLimits.imageSide), h <= Double(ArtworkLimits.imageSide),
            w * h <= Double(ArtworkLimits.imagePixels)
        else { return nil }
        return (max(1, Int(w)), max(1, Int(h)))
    }

    /// cairo's PNG writer on the premultiplied ARGB32 pixels, alpha kept (the poster drops it).
    static func argbPNG(_ image: RasterImage) throws -> Data {
        try PNGPosterWriter.png(image, alpha: true, what: "the radial-gradient art's picture")
    }
}

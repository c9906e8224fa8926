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
        var index = 0
        // Depth first, parents before children: the simulation's layer order (allLayers).
        func visit(_ layer: LayerDefinition) throws -> LayerDefinition {
            var layer = layer
            if let at = drawn[index], case .artwork(let art) = layer.kind { layer.kind = .artwork(try picture(art, line: at.line)) }
            index += 1
            layer.children = try layer.children.map(visit)
            return layer
        }
        var definition = simulation.definition
        definition.layers = try definition.layers.map(visit)
        let pictured = try Simulation(definition)
        // Said here, by the gradient's line, rather than as a PNG/JPEG picture's cell limit.
        if let i = ProjectedPicture.layersOverCellLimit(pictured).first(where: { drawn[$0] != nil }), let at = drawn[i] {
            throw TransExportError.artwork(
                file: at.file, line: at.line,
                "layer \"\(simulation.layers[i].id ?? "layer-\(i)")\": a radial gradient under a 3D transform is drawn as a picture "
                    + "(docs/artwork.md#radial-gradients-under-3d), and this perspective would take more than \(ProjectedPicture.maxCells) "
                    + "affinely mapped cells to draw it within 0.5 px; use a weaker perspective or a smaller turn, "
                    + "or art without a radial gradient (drawn as projected paths, with no cell limit)")
        }
        return pictured
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
        let w = (natural.width * pixelsPerPoint).rounded(), h = (natural.height * pixelsPerPoint).rounded()
        guard w.isFinite, h.isFinite, w <= Double(ArtworkLimits.imageSide), h <= Double(ArtworkLimits.imageSide),
            w * h <= Double(ArtworkLimits.imagePixels)
        else {
            throw TransExportError.artwork(
                file: art.path, line: line,
                "a radial gradient under a 3D transform is drawn as a picture at \(Int(pixelsPerPoint)) px/pt "
                    + "(docs/artwork.md#radial-gradients-under-3d): art of \(SVGArtworkMarkup.number(natural.width)) x \(SVGArtworkMarkup.number(natural.height)) pt would be over the limit of "
                    + "\(ArtworkLimits.imageSide) px a side and \(ArtworkLimits.imagePixels) px in all")
        }
        let width = max(1, Int(w)), height = max(1, Int(h))
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

    /// cairo's PNG writer on the premultiplied ARGB32 pixels, alpha kept (the poster drops it).
    static func argbPNG(_ image: RasterImage) throws -> Data {
        try PNGPosterWriter.png(image, alpha: true, what: "the radial-gradient art's picture")
    }
}

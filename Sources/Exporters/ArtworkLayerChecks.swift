// What image/svg layers cannot do yet, refused before any file is written (exit 2).
import Artwork
import Keyframes
import Simulation
import TransitionModel

package enum ArtworkLayerChecks {
    /// Artwork under a 3D transform is drawn projected within 0.5 px like other paint: SVG art
    /// whose shapes that path carries (ProjectedArtwork), a picture as cells; art the path cannot
    /// carry is refused by name and by the art's file and line.
    package static func refuseUnderPerspective(_ simulation: Simulation) throws {
        if let i = ProjectedPicture.layersOverCellLimit(simulation).first {
            let layer = simulation.layers[i]
            var file = ""
            if case .artwork(let art) = layer.definition.kind { file = art.path }
            throw TransExportError.artwork(
                file: file,
                "layer \"\(layer.id ?? "layer-\(i)")\": this perspective would take more than \(ProjectedPicture.maxCells) affinely mapped cells "
                    + "to draw the PNG/JPEG picture within 0.5 px; use a weaker perspective or a smaller turn, "
                    + "or SVG art without a radial gradient (drawn as projected paths, with no cell limit)")
        }
        let projected = Projection.projectedLayers(simulation)
        let instants = ProjectedArtwork.sampledInstants(loop: simulation.timeline.duration)
        var vertices = 0
        for layer in simulation.layers where projected[layer.index] {
            // A picture is cut into affinely mapped cells (ProjectedPicture.swift).
            guard case .artwork(let art) = layer.definition.kind, case .vector = art.artwork else { continue }
            let shapes: [ProjectedArtShape]
            do {
                shapes = try ProjectedArtwork.shapes(art, bounds: layer.definition.size)
            } catch let error as TransExportError where error.isArtworkRefusal {
                throw TransExportError.artwork(
                    file: error.file, line: error.location?.line ?? 0, "layer \"\(layer.id ?? "layer-\(layer.index)")\": \(error.message)")
            }
            vertices += shapes.reduce(0) { $0 + $1.subpaths.reduce(0) { $0 + $1.vertices.count } }
            guard vertices * instants <= maxProjectedVertexSamples else {
                // The whole art's cost, no one element's: located at the layer in the definition.
                let paths = Simulation.layerPaths(simulation.definition)
                throw TransExportError(
                    path: paths.indices.contains(layer.index) ? paths[layer.index] : "layers",
                    message:
                        "layer \"\(layer.id ?? "layer-\(layer.index)")\": its art (\(art.path)) under a 3D transform takes the file's projected paths to \(vertices) vertices, "
                        + "each sampled at \(instants) instants; expected at most \(maxProjectedVertexSamples) vertex samples "
                        + "(simpler art, fewer shapes or strokes, or a shorter timeline)")
            }
        }
    }

    /// Projected art is sampled at every instant of its grid (ProjectedArtwork.sampledInstants: at
    /// least 1,000 a loop) with all its vertices kept, 30-140 bytes a vertex an instant (more on long timelines):
    /// 1,000 stroked rects turning for 0.3 s took 10.8 s and 1 GB, 3,000 31.5 s and 3.1 GB
    /// (found by fuzzing the sample art; BENCHMARKS.md#8-limits-and-cost-issue-15).
    package static let maxProjectedVertexSamples = 10_000_000

    /// Whether a PNG or JPEG shown in layer `id` (`--screen ID=FILE`) can be drawn: false where
    /// the layer turns under a perspective whose picture would take more than
    /// `ProjectedPicture.maxCells` cells (a stand-in picture at the screenshots' @3x, as
    /// ArtworkRadialFallback draws art, is put there and checked as an export checks it; only that
    /// layer's answer counts). Nil when no replaceable layer has that id.
    package static func pictureFits(_ definition: TransitionDefinition, id: String) throws -> Bool? {
        guard let layer = definition.replaceableLayers.first(where: { $0.id == id }) else { return nil }
        guard let (w, h) = ArtworkRadialFallback.pixels(width: layer.size.width, height: layer.size.height) else { return true }
        let standIn = Artwork.Picture(standInWidth: w, height: h)
        guard let replaced = definition.replacingScreen(id: id, path: "\(id).png", artwork: .raster(standIn)) else { return nil }
        // layersOverCellLimit samples projected pictures only: a flat layer's answer is quick.
        let simulation = try Simulation(replaced)
        guard let k = simulation.index(ofLayer: id) else { return true }
        return !ProjectedPicture.layersOverCellLimit(simulation).contains(k)
    }
}

// image/svg layers in the Lottie export. SVG art becomes shape items (LottieArtworkShapes);
// pictures become image layers with embedded assets (LottiePictures.swift).
import Artwork
import JSONText
import TransitionModel

extension LottieDocument {
    /// Refuses what `artworkItems` cannot draw, before anything is written.
    func checkArtwork() throws {
        // A layer under 3D is drawn as projected paths (checkArtOpacityGroups), not as these
        // items, unless a snapshot may copy its art.
        let snapshots = hasSnapshots
        for i in simulation.layers.indices {
            // Read in place (LottieDocument.read): a bound copy of the layer retained every track.
            guard case .artwork(let art) = Self.read(simulation.layers, i, { $0.pointee.definition.kind }) else { continue }
            if isProjected(i), !snapshots { continue }
            switch art.artwork {
            case .raster:
                continue  // an image layer (LottiePictures.swift)
            case .vector(let document):
                do {
                    // A clip path is carried by splitting the art into layers in a precomp
                    // (LottieArtPieces.swift), opacity over overlapping shapes by layers of
                    // their own (LottieArtOpacityRuns.swift), but not in a snapshot's copy of it.
                    if !snapshots, !LottieArtworkShapes.hasClip(document.nodes) {
                        try checkArtOpacityRuns(i, document, art)
                        continue
                    }
                    if !snapshots {
                        _ = try LottieArtworkShapes.pieces(
                            document, file: art.path, mode: art.contentMode,
                            bounds: (simulation.layers[i].definition.size.width, simulation.layers[i].definition.size.height))
                        try checkArtPrecomp(i, document, art)
                        continue
                    }
                    artItemsMade[i] = try LottieArtItemsCache.shared.items(
                        document, file: art.path, mode: art.contentMode,
                        bounds: (simulation.layers[i].definition.size.width, simulation.layers[i].definition.size.height))
                } catch {
                    throw TransExportError.lottie("layer \"\(names[i])\": \(error)", layer: i)
                }
            }
        }
    }

    /// The artwork's shape items (top first) in the layer's initial bounds; checked by `checkArtwork`.
    func artworkItems(_ art: LayerArtwork, bounds: Size) -> [JSONValue] {
        guard case .vector(let document) = art.artwork else { return [] }
        return
            (try? LottieArtItemsCache.shared.items(
                document, file: art.path, mode: art.contentMode,
                bounds: (bounds.width, bounds.height))) ?? []
    }
}

// What image/svg layers cannot do yet, refused before any file is written (exit 2).
import Artwork
import TransitionModel
import Simulation
import Keyframes

public enum ArtworkLayerChecks {
    /// Artwork under a 3D transform would have to be drawn projected within 0.5 px; the projected
    /// drawing path does not carry pictures or SVG art yet, so such a layer is refused by name.
    public static func refuseUnderPerspective(_ simulation: Simulation) throws {
        let projected = Projection.projectedLayers(simulation)
        for layer in simulation.layers where projected[layer.index] {
            guard case .artwork(let art) = layer.definition.kind else { continue }
            throw ArtworkError(file: art.path, "layer \"\(layer.id ?? "layer-\(layer.index)")\" is under a 3D transform; "
                               + "image and svg layers under perspective are not drawn yet")
        }
    }
}

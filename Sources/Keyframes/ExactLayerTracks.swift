import Motion
import Simulation
// A layer's exact motion as the reducers see it: one `ExactTrack` per exported property, the
// transform's components apart (each is its own SVG transform and Lottie property).
import TransitionModel

package struct ExactLayerTracks: Sendable {
    package struct Mask: Sendable {
        package var shape: LayerMask.Shape
        package var frame: ExactTrack<Rect>
        package var center: ExactTrack<Point>
        /// `LayerProperty.animatedMaskNumbers`, drawn values.
        package var numbers: NumberTracks<ExactTrack<Double>>
    }

    package var layer: Int
    package var position: ExactTrack<Point>
    package var size: ExactTrack<Size>
    package var translation: ExactTrack<Point>
    package var scale: ExactTrack<Point>
    /// Radians, clockwise on screen.
    package var rotation: ExactTrack<Double>
    /// `LayerProperty.animatedLayerNumbers`, drawn values.
    package var numbers: NumberTracks<ExactTrack<Double>>
    /// When the layer has a mask.
    package var mask: Mask?

    /// One per layer, indexed like `simulation.layers`, over the whole timeline.
    package static func all(_ simulation: Simulation) -> [ExactLayerTracks] {
        let end = simulation.timeline.duration
        return simulation.layers.map { l in
            ExactLayerTracks(
                layer: l.index, position: ExactTrack(l.position, until: end), size: ExactTrack(l.size, until: end),
                translation: ExactTrack(l.transform, until: end, component: { $0.translation }),
                scale: ExactTrack(l.transform, until: end, component: { $0.scale }),
                rotation: ExactTrack(l.transform, until: end, component: { $0.rotation }),
                // Drawn values: CA clamps opacity and corner radii when it draws (LayerProperty.drawnRange).
                numbers: NumberTracks(LayerProperty.animatedLayerNumbers) { ExactTrack(l.numberTrack($0), until: end).clamped(as: $0) },
                mask: l.definition.mask.map { m in
                    Mask(
                        shape: m.shape, frame: ExactTrack(l.maskFrame, until: end), center: ExactTrack(l.maskCenter, until: end),
                        numbers: NumberTracks(LayerProperty.animatedMaskNumbers) { ExactTrack(l.numberTrack($0), until: end).clamped(as: $0) })
                })
        }
    }
}

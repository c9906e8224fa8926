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

    /// One per layer, indexed like `simulation.layers`, over the whole timeline. Every track
    /// that moves keeps the values it computed (ExactValueMemo: both players' fits read them),
    /// one memo for the transform's three components.
    /// - Parameter keepingAll: false for a reader that reads each time once (FitReport): only
    ///   the transform keeps its values, read once for its three components.
    package static func all(_ simulation: Simulation, keepingAll: Bool = true) -> [ExactLayerTracks] {
        let end = simulation.timeline.duration
        func memo<V>(_ track: PropertyTrack<V>) -> ExactValueMemo<V>? { track.events.isEmpty || !keepingAll ? nil : ExactValueMemo() }
        return simulation.layers.map { l in
            let transform = l.transform.events.isEmpty ? nil : ExactValueMemo<LayerTransform>()
            return ExactLayerTracks(
                layer: l.index, position: ExactTrack(l.position, until: end, memo: memo(l.position)),
                size: ExactTrack(l.size, until: end, memo: memo(l.size)),
                translation: ExactTrack(l.transform, until: end, component: { $0.translation }, memo: transform),
                scale: ExactTrack(l.transform, until: end, component: { $0.scale }, memo: transform),
                rotation: ExactTrack(l.transform, until: end, component: { $0.rotation }, memo: transform),
                // Drawn values: CA clamps opacity and corner radii when it draws (LayerProperty.drawnRange).
                numbers: NumberTracks(LayerProperty.animatedLayerNumbers) {
                    let track = l.numberTrack($0)
                    return ExactTrack(track, until: end, memo: memo(track)).clamped(as: $0)
                },
                mask: l.definition.mask.map { m in
                    Mask(
                        shape: m.shape, frame: ExactTrack(l.maskFrame, until: end, memo: memo(l.maskFrame)),
                        center: ExactTrack(l.maskCenter, until: end, memo: memo(l.maskCenter)),
                        numbers: NumberTracks(LayerProperty.animatedMaskNumbers) {
                            let track = l.numberTrack($0)
                            return ExactTrack(track, until: end, memo: memo(track)).clamped(as: $0)
                        })
                })
        }
    }
}

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
        let still = StillTrack.breakpoints(until: end)
        // Each layer's tracks read in place, through a pointer, its numbers by field: `layers.map
        // { l in … }` copied every layer, and so did `layers[i].numberTrack(…)`, even through it.
        return simulation.layers.withUnsafeBufferPointer { layers in
            layers.indices.map { i in
                let position = layers[i].position, size = layers[i].size, whole = layers[i].transform
                let transform = whole.events.isEmpty ? nil : ExactValueMemo<LayerTransform>()
                return ExactLayerTracks(
                    layer: layers[i].index, position: ExactTrack(position, until: end, memo: memo(position), stillBreakpoints: still),
                    size: ExactTrack(size, until: end, memo: memo(size), stillBreakpoints: still),
                    translation: ExactTrack(whole, until: end, component: { $0.translation }, memo: transform, stillBreakpoints: still),
                    scale: ExactTrack(whole, until: end, component: { $0.scale }, memo: transform, stillBreakpoints: still),
                    rotation: ExactTrack(whole, until: end, component: { $0.rotation }, memo: transform, stillBreakpoints: still),
                    // Drawn values: CA clamps opacity and corner radii when it draws (LayerProperty.drawnRange).
                    numbers: NumberTracks(LayerProperty.animatedLayerNumbers) {
                        let track = layers[i].numbers[$0]
                        return ExactTrack(track, until: end, memo: memo(track), stillBreakpoints: still).clamped(as: $0)
                    },
                    mask: layers[i].definition.mask.map { m in
                        let frame = layers[i].maskFrame, center = layers[i].maskCenter
                        return Mask(
                            shape: m.shape, frame: ExactTrack(frame, until: end, memo: memo(frame), stillBreakpoints: still),
                            center: ExactTrack(center, until: end, memo: memo(center), stillBreakpoints: still),
                            numbers: NumberTracks(LayerProperty.animatedMaskNumbers) {
                                let track = layers[i].numbers[$0]
                                return ExactTrack(track, until: end, memo: memo(track), stillBreakpoints: still).clamped(as: $0)
                            })
                    })
            }
        }
    }
}

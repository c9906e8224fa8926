import Motion
import Simulation
// A layer's exact motion as the reducers see it: one `ExactTrack` per exported property, the
// transform's components apart (each is its own SVG transform and Lottie property).
import TransitionModel

public struct ExactLayerTracks: Sendable {
    public struct Mask: Sendable {
        public var shape: LayerMask.Shape
        public var frame: ExactTrack<Rect>
        public var cornerRadius: ExactTrack<Double>
        public var center: ExactTrack<Point>
        public var radius: ExactTrack<Double>
    }

    public var layer: Int
    public var position: ExactTrack<Point>
    public var size: ExactTrack<Size>
    public var translation: ExactTrack<Point>
    public var scale: ExactTrack<Point>
    /// Radians, clockwise on screen.
    public var rotation: ExactTrack<Double>
    public var opacity: ExactTrack<Double>
    public var cornerRadius: ExactTrack<Double>
    /// When the layer has a mask.
    public var mask: Mask?

    /// One per layer, indexed like `simulation.layers`, over the whole timeline.
    public static func all(_ simulation: Simulation) -> [ExactLayerTracks] {
        let end = simulation.timeline.duration
        return simulation.layers.map { l in
            ExactLayerTracks(
                layer: l.index, position: ExactTrack(l.position, until: end), size: ExactTrack(l.size, until: end),
                translation: ExactTrack(l.transform, until: end, component: \.translation),
                scale: ExactTrack(l.transform, until: end, component: \.scale),
                rotation: ExactTrack(l.transform, until: end, component: \.rotation),
                // Drawn values: CA clamps opacity and corner radii when it draws (LayerProperty.drawnRange).
                opacity: ExactTrack(l.opacity, until: end).clamped(as: .opacity),
                cornerRadius: ExactTrack(l.cornerRadius, until: end).clamped(as: .cornerRadius),
                mask: l.definition.mask.map { m in
                    Mask(
                        shape: m.shape, frame: ExactTrack(l.maskFrame, until: end),
                        cornerRadius: ExactTrack(l.maskCornerRadius, until: end).clamped(as: .maskCornerRadius),
                        center: ExactTrack(l.maskCenter, until: end), radius: ExactTrack(l.maskRadius, until: end))
                })
        }
    }
}

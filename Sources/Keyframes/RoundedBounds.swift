// A layer's bounds as Core Animation draws them: a rectangle of the layer's size whose corners
// are rounded by `layer.cornerRadius` (its drawn value, ≥ 0: LayerProperty.drawnRange). The fill,
// the clip of a layer that clips to bounds and a clipping ancestor's outline are this shape;
// the writers read its radius here rather than naming the property.
import TransitionModel

extension LayerKeyframes {
    /// The radius of the bounds' rounded corners over time (bounds space, points).
    package var boundsRadius: KeyframeTrack<Double> { numbers[.cornerRadius] }

    /// Whether the bounds stay a plain rectangle: corners never rounded.
    package var hasSquareCorners: Bool { !boundsRadius.isAnimated && boundsRadius.initialValue == 0 }
}

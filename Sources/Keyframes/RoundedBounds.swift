// The rounded bounds (TransitionModel/RoundedBounds.swift) as keyframes: the writers draw the
// fill, a clip to bounds and a clipping ancestor's outline from these.
import TransitionModel

extension LayerKeyframes {
    /// The radius of the bounds' rounded corners over time (bounds space, points).
    package var boundsRadius: KeyframeTrack<Double> { numbers.boundsRadius }

    /// Whether the bounds stay a plain rectangle: corners never rounded.
    package var hasSquareCorners: Bool { !boundsRadius.isAnimated && boundsRadius.initialValue == 0 }
}

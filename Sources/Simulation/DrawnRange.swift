// Core Animation draws some properties clamped (LayerProperty.drawnRange): a spring's overshoot
// may carry a model or presentation value past the range, but what is drawn is the clamped value.
// The simulation's drawn state (LayerState) carries these clamps, and so does every exported
// track, so that no player is handed a value outside the range it accepts.
import TransitionModel

package enum DrawnRange {
    @inlinable
    package static func clamp(_ v: Double, _ range: ClosedRange<Double>) -> Double {
        min(max(v, range.lowerBound), range.upperBound)
    }

    /// `v` as Core Animation draws `property`.
    @inlinable
    package static func clamp(_ v: Double, as property: LayerProperty) -> Double {
        guard let range = property.drawnRange else { return v }
        return clamp(v, range)
    }
}

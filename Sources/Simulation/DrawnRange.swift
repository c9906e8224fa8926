// Core Animation draws some properties clamped: a spring's overshoot may carry a model or
// presentation value past them, but what is drawn is the clamped value. Opacity is drawn in
// [0, 1]; a negative cornerRadius (the layer's or its mask's) draws square corners, as 0.
// The simulation's drawn state (LayerState) carries these clamps, and so does every exported
// track, so that no player is handed a value outside the range it accepts.
package enum DrawnRange {
    package static let opacity: ClosedRange<Double> = 0...1
    package static let cornerRadius: ClosedRange<Double> = 0...Double.greatestFiniteMagnitude

    @inlinable
    package static func clamp(_ v: Double, _ range: ClosedRange<Double>) -> Double {
        min(max(v, range.lowerBound), range.upperBound)
    }
}

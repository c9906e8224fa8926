// Phases and animation blocks: each block means one `UIView.animate` call.

package struct Phase: Hashable, Sendable {
    package var name: String
    package var blocks: [AnimationBlock]
    /// Seconds of hold before this phase; nil = the timeline's (holdBefore for the first phase,
    /// holdBetween for the others). 0 chains it: it starts when the previous phase ends, as a
    /// completion handler does.
    package var holdBefore: Double?
    package init(name: String, blocks: [AnimationBlock], holdBefore: Double? = nil) {
        self.name = name; self.blocks = blocks; self.holdBefore = holdBefore
    }
}

/// One `UIView.animate(withDuration:delay:…)` call. `before` are the plain assignments made just
/// before the call (e.g. `view.alpha = 0`); `changes` are the assignments inside the block.
package struct AnimationBlock: Hashable, Sendable {
    /// Seconds; nil only when the timing determines it (caSpring → settlingDuration, swiftUISpring).
    package var duration: Double?
    package var delay: Double
    package var timing: Timing
    package var before: [PropertyChange]
    package var changes: [PropertyChange]
    /// Plain assignments made in the completion handler, when the block's animations end
    /// (e.g. `removeFromSuperview()` as `hidden = true`).
    package var completion: [PropertyChange]
    package init(
        duration: Double?, delay: Double = 0, timing: Timing = .named(.easeInOut),
        before: [PropertyChange] = [], changes: [PropertyChange], completion: [PropertyChange] = []
    ) {
        self.duration = duration; self.delay = delay; self.timing = timing
        self.before = before; self.changes = changes; self.completion = completion
    }
}

package enum NamedCurve: String, Hashable, Sendable, CaseIterable {
    case linear, easeIn, easeOut, easeInOut
    /// CAMediaTimingFunctionName.default (0.25, 0.1, 0.25, 1).
    case `default`
}

package enum Timing: Hashable, Sendable {
    case named(NamedCurve)
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
    /// `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:)`; duration from the block.
    case uikitSpring(dampingRatio: Double, velocity: Double)
    /// `CASpringAnimation` with explicit parameters; duration from the block, else its settlingDuration.
    case caSpring(mass: Double, stiffness: Double, damping: Double, velocity: Double)
    /// SwiftUI `Spring(duration:bounce:)` / `UIView.animate(springDuration:bounce:)`.
    case swiftUISpring(duration: Double, bounce: Double)
}

/// An assignment to one property of one layer.
package struct PropertyChange: Hashable, Sendable {
    package var layer: String
    package var value: PropertyValue
    /// Where the change was written (a JSON path), for diagnostics; empty for code-built models.
    package var origin: String
    package init(layer: String, _ value: PropertyValue, origin: String = "") {
        self.layer = layer; self.value = value; self.origin = origin
    }
}

package enum PropertyValue: Hashable, Sendable {
    /// `center` / `layer.position`.
    case position(Point)
    /// `bounds.size`.
    case size(Size)
    /// `frame`: sets position and bounds size (UIKit leaves it undefined under a non-identity transform).
    case frame(Rect)
    case transform(LayerTransform)
    /// A number-valued property (`LayerProperty.numberUnit`: `alpha` / `layer.opacity`, the
    /// layer's z and corner radius, the mask's corner radius and radius) and its number; made by
    /// `PropertyValue.opacity(_:)` and its siblings (LayerProperties.swift).
    case number(LayerProperty, Double)
    /// `isHidden`: never animates, takes effect at once.
    case hidden(Bool)
    case anchorPoint(Point)
    /// The `mask`'s geometry (bounds space); CA interpolates the shape's points linearly, which
    /// for these shapes is the same as interpolating the parameters (docs/uikit-motion.md#shape-paths).
    case maskFrame(Rect)
    case maskCenter(Point)
}

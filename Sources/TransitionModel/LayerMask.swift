// `layer.mask` as a shape in the layer's bounds space (a CAShapeLayer with an opaque fill):
// content shows where the shape is. Its geometry animates through the `mask.*` properties.

package struct LayerMask: Hashable, Sendable {
    package enum Shape: String, Hashable, Sendable, CaseIterable {
        /// A (rounded) rectangle: `frame`, `cornerRadius`.
        case rect
        /// A circle: `center`, `radius`.
        case circle
        /// A rectangle plus a counter-wound circle filled even-odd (`fillRule = .evenOdd`): a
        /// hole that shows what lies below (the circle reveal). `frame`, `center`, `radius`.
        case hole
    }

    package var shape: Shape
    /// rect, hole: the rectangle (bounds space).
    package var frame: Rect
    /// rect: corner radius.
    package var cornerRadius: Double
    /// circle, hole: the circle.
    package var center: Point
    package var radius: Double

    package init(
        shape: Shape, frame: Rect = Rect(0, 0, 0, 0), cornerRadius: Double = 0,
        center: Point = .zero, radius: Double = 0
    ) {
        self.shape = shape; self.frame = frame; self.cornerRadius = cornerRadius
        self.center = center; self.radius = radius
    }

    /// The `mask.*` properties this shape has (the others would change nothing).
    package var animatableProperties: [LayerProperty] {
        switch shape {
        case .rect: return [.maskFrame, .maskCornerRadius]
        case .circle: return [.maskCenter, .maskRadius]
        case .hole: return [.maskFrame, .maskCenter, .maskRadius]
        }
    }
}

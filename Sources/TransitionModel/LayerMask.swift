// `layer.mask` as a shape in the layer's bounds space (a CAShapeLayer with an opaque fill):
// content shows where the shape is. Its geometry animates through the `mask.*` properties.

package struct LayerMask: Hashable, Sendable {
    package enum Shape: String, Hashable, Sendable, CaseIterable {
        /// A (rounded) rectangle: `frame` and a corner radius (`numbers`).
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
    /// circle, hole: the circle's centre.
    package var center: Point
    /// The number-valued `mask.*` properties (`LayerProperty.maskNumbers`: rect's corner radius,
    /// the circle's radius), keyed by the registry.
    package var numbers: PropertyNumbers
    /// circle, hole: the circle's radius.
    package var radius: Double {
        get { numbers[.maskRadius] }
        set { numbers[.maskRadius] = newValue }
    }

    /// `numbers`: values of other number-valued mask properties; the rest take their defaults.
    package init(
        shape: Shape, frame: Rect = Rect(0, 0, 0, 0), center: Point = .zero, radius: Double = 0,
        numbers: [LayerProperty: Double] = [:]
    ) {
        self.shape = shape; self.frame = frame; self.center = center
        self.numbers = PropertyNumbers(LayerProperty.maskNumbers, values: numbers)
        self.radius = radius
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

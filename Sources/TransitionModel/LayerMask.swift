// `layer.mask` as a shape in the layer's bounds space (a CAShapeLayer with an opaque fill):
// content shows where the shape is. Its geometry animates through the `mask.*` properties.

public struct LayerMask: Hashable, Sendable {
    public enum Shape: String, Hashable, Sendable, CaseIterable {
        /// A (rounded) rectangle: `frame`, `cornerRadius`.
        case rect
        /// A circle: `center`, `radius`.
        case circle
        /// A rectangle plus a counter-wound circle filled even-odd (`fillRule = .evenOdd`): a
        /// hole that shows what lies below (the circle reveal). `frame`, `center`, `radius`.
        case hole
    }

    public var shape: Shape
    /// rect, hole: the rectangle (bounds space).
    public var frame: Rect
    /// rect: corner radius.
    public var cornerRadius: Double
    /// circle, hole: the circle.
    public var center: Point
    public var radius: Double

    public init(
        shape: Shape, frame: Rect = Rect(0, 0, 0, 0), cornerRadius: Double = 0,
        center: Point = .zero, radius: Double = 0
    ) {
        self.shape = shape; self.frame = frame; self.cornerRadius = cornerRadius
        self.center = center; self.radius = radius
    }

    /// The `mask.*` properties this shape has (the others would change nothing).
    public var animatableProperties: [LayerProperty] {
        switch shape {
        case .rect: return [.maskFrame, .maskCornerRadius]
        case .circle: return [.maskCenter, .maskRadius]
        case .hole: return [.maskFrame, .maskCenter, .maskRadius]
        }
    }
}

import Geometry

/// docs/uikit-motion.md#layer-geometry: the matrix taking a point in a layer's bounds coordinates to its superlayer's bounds coordinates.
package struct LayerGeometry: Hashable, Sendable {
    /// Where the anchor point lies in superlayer coordinates (UIView.center for the default anchor).
    package var position: Point
    package var boundsOrigin: Point
    package var boundsSize: Size
    /// Unit coordinates of the bounds; the transform is applied about it (docs/uikit-motion.md#layer-geometry).
    package var anchorPoint: Point
    package var anchorPointZ: Double
    package var zPosition: Double
    package var transform: Transform3D

    package init(
        position: Point = .zero, boundsOrigin: Point = .zero, boundsSize: Size = .zero,
        anchorPoint: Point = Point(0.5, 0.5), anchorPointZ: Double = 0, zPosition: Double = 0,
        transform: Transform3D = .identity
    ) {
        self.position = position; self.boundsOrigin = boundsOrigin; self.boundsSize = boundsSize
        self.anchorPoint = anchorPoint; self.anchorPointZ = anchorPointZ; self.zPosition = zPosition
        self.transform = transform
    }

    /// The anchor point in the layer's own bounds coordinates: b + a⊙size.
    package var anchorInBounds: Point {
        Point(
            boundsOrigin.x + anchorPoint.x * boundsSize.width,
            boundsOrigin.y + anchorPoint.y * boundsSize.height)
    }

    /// Tr(−(b.x + a.x·w), −(b.y + a.y·h), −anchorZ) · T · Tr(position.x, position.y, zPosition)
    /// (docs/uikit-motion.md#layer-geometry).
    package var toSuperlayer: Transform3D {
        let a = anchorInBounds
        return Transform3D.translation(-a.x, -a.y, -anchorPointZ)
            .concatenating(transform)
            .concatenating(.translation(position.x, position.y, zPosition))
    }

    /// docs/uikit-motion.md#layer-geometry: when the superlayer has a sublayerTransform ST, M ← M · Tr(−A_S) · ST · Tr(A_S),
    /// A_S = the superlayer's anchor in its bounds coordinates (its `anchorInBounds`).
    package static func applyingSublayerTransform(
        _ m: Transform3D, sublayerTransform: Transform3D,
        superlayerAnchorInBounds: Point
    ) -> Transform3D {
        let a = superlayerAnchorInBounds
        return m.concatenating(.translation(-a.x, -a.y))
            .concatenating(sublayerTransform)
            .concatenating(.translation(a.x, a.y))
    }

    /// Bounding box of the 4 transformed bounds corners (QA1620, CA_CGRectApplyTransform);
    /// with an identity transform, origin = position − anchor⊙size exactly.
    package var frame: Rect {
        if transform == .identity {
            return Rect(
                origin: Point(
                    position.x - anchorPoint.x * boundsSize.width,
                    position.y - anchorPoint.y * boundsSize.height),
                size: boundsSize)
        }
        let m = toSuperlayer
        let b = boundsOrigin, w = boundsSize.width, h = boundsSize.height
        let corners = [b, Point(b.x + w, b.y), Point(b.x, b.y + h), Point(b.x + w, b.y + h)].map(m.apply(to:))
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min()!, minY = ys.min()!
        return Rect(minX, minY, xs.max()! - minX, ys.max()! - minY)
    }
}

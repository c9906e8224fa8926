import Motion
// A layer of the simulated tree: its definition (art, initial values) and one track per property.
import TransitionModel

package struct SimulatedLayer: Hashable, Sendable {
    package let index: Int
    package let id: String?
    /// Initial values and art. `children` of the definition are represented by `children` indices instead.
    package let definition: LayerDefinition
    package let parent: Int?
    /// Children in paint order, bottom to top (sorted by zPosition, then by order of addition).
    package internal(set) var children: [Int]
    /// For a snapshot layer: the layer whose initial art it shows, stretched to this layer's bounds.
    package let snapshotSource: Int?

    package internal(set) var position: PropertyTrack<Point>
    package internal(set) var size: PropertyTrack<Size>
    package internal(set) var transform: PropertyTrack<LayerTransform>
    package internal(set) var opacity: PropertyTrack<Double>
    package internal(set) var cornerRadius: PropertyTrack<Double>
    package internal(set) var hidden: DiscreteTrack<Bool>
    package internal(set) var zPosition: DiscreteTrack<Double>
    package internal(set) var anchorPoint: DiscreteTrack<Point>
    /// The mask's geometry (constant, unused, when the layer has no mask).
    package internal(set) var maskFrame: PropertyTrack<Rect>
    package internal(set) var maskCornerRadius: PropertyTrack<Double>
    package internal(set) var maskCenter: PropertyTrack<Point>
    package internal(set) var maskRadius: PropertyTrack<Double>

    init(index: Int, definition: LayerDefinition, parent: Int?, snapshotSource: Int?) {
        self.index = index
        self.id = definition.id
        var art = definition
        art.children = []
        self.definition = art
        self.parent = parent
        self.children = []
        self.snapshotSource = snapshotSource
        position = PropertyTrack(initial: definition.position)
        size = PropertyTrack(initial: definition.size)
        transform = PropertyTrack(initial: definition.transform)
        opacity = PropertyTrack(initial: definition.opacity)
        cornerRadius = PropertyTrack(initial: definition.cornerRadius)
        hidden = DiscreteTrack(initial: definition.hidden)
        zPosition = DiscreteTrack(initial: definition.zPosition)
        anchorPoint = DiscreteTrack(initial: definition.anchorPoint)
        let mask = definition.mask ?? LayerMask(shape: .rect)
        maskFrame = PropertyTrack(initial: mask.frame)
        maskCornerRadius = PropertyTrack(initial: mask.cornerRadius)
        maskCenter = PropertyTrack(initial: mask.center)
        maskRadius = PropertyTrack(initial: mask.radius)
    }

    /// The layer's presentation values at time t, as drawn (opacity and corner radii clamped: DrawnRange).
    package func state(at t: Double) -> LayerState {
        LayerState(
            position: position.value(at: t), size: size.value(at: t), anchorPoint: anchorPoint.value(at: t),
            transform: transform.value(at: t), opacity: DrawnRange.clamp(opacity.value(at: t), as: .opacity),
            hidden: hidden.value(at: t), zPosition: zPosition.value(at: t),
            cornerRadius: DrawnRange.clamp(cornerRadius.value(at: t), as: .cornerRadius),
            mask: definition.mask.map { m in
                LayerMask(
                    shape: m.shape, frame: maskFrame.value(at: t),
                    cornerRadius: DrawnRange.clamp(maskCornerRadius.value(at: t), as: .maskCornerRadius),
                    center: maskCenter.value(at: t), radius: maskRadius.value(at: t))
            })
    }
}

extension SimulatedLayer {
    /// Visits each registry property's track in registry order (LayerTracks.swift); `frame` has
    /// none (it sets position and size).
    static func forEachTrack(_ visitor: inout some LayerTrackVisitor) {
        for p in LayerProperty.allCases {
            switch p {
            case .position: visitor.visit(p, \SimulatedLayer.position)
            case .size: visitor.visit(p, \SimulatedLayer.size)
            case .transform: visitor.visit(p, \SimulatedLayer.transform)
            case .opacity: visitor.visit(p, \SimulatedLayer.opacity)
            case .cornerRadius: visitor.visit(p, \SimulatedLayer.cornerRadius)
            case .hidden: visitor.visit(p, \SimulatedLayer.hidden)
            case .zPosition: visitor.visit(p, \SimulatedLayer.zPosition)
            case .anchorPoint: visitor.visit(p, \SimulatedLayer.anchorPoint)
            case .maskFrame: visitor.visit(p, \SimulatedLayer.maskFrame)
            case .maskCornerRadius: visitor.visit(p, \SimulatedLayer.maskCornerRadius)
            case .maskCenter: visitor.visit(p, \SimulatedLayer.maskCenter)
            case .maskRadius: visitor.visit(p, \SimulatedLayer.maskRadius)
            case .frame: break
            }
        }
    }
}

/// What a layer presents at one instant.
package struct LayerState: Hashable, Sendable {
    package var position: Point
    package var size: Size
    package var anchorPoint: Point
    package var transform: LayerTransform
    package var opacity: Double
    package var hidden: Bool
    package var zPosition: Double
    package var cornerRadius: Double
    /// The mask's current geometry (bounds space), when the layer has a mask.
    package var mask: LayerMask?

    package init(
        position: Point, size: Size, anchorPoint: Point, transform: LayerTransform, opacity: Double,
        hidden: Bool, zPosition: Double, cornerRadius: Double, mask: LayerMask? = nil
    ) {
        self.position = position; self.size = size; self.anchorPoint = anchorPoint; self.transform = transform
        self.opacity = opacity; self.hidden = hidden; self.zPosition = zPosition; self.cornerRadius = cornerRadius
        self.mask = mask
    }

    /// The drawn value of a number-valued property (`LayerProperty.numberUnit`), the layer's own
    /// or its mask's; nil for a mask property without a mask, and for other properties.
    package func number(_ property: LayerProperty) -> Double? {
        switch property {
        case .opacity: return opacity
        case .zPosition: return zPosition
        case .cornerRadius: return cornerRadius
        case .maskCornerRadius: return mask?.cornerRadius
        case .maskRadius: return mask?.radius
        case .position, .size, .frame, .transform, .hidden, .anchorPoint, .maskFrame, .maskCenter: return nil
        }
    }

    /// The transform as a CATransform3D, applied to points relative to the anchor.
    package var transform3D: Transform3D { Self.matrix(transform) }

    /// S·Rz·Ry·Rx·T·P (row vectors: scale first, perspective last; see LayerTransform).
    package static func matrix(_ t: LayerTransform) -> Transform3D {
        var m = Transform3D.scale(t.scale.x, t.scale.y)
            .concatenating(.rotation(angle: t.rotation, x: 0, y: 0, z: 1))
        // Skipped when zero, so 2D transforms stay bit-for-bit what they were.
        if t.rotationY != 0 { m = m.concatenating(.rotation(angle: t.rotationY, x: 0, y: 1, z: 0)) }
        if t.rotationX != 0 { m = m.concatenating(.rotation(angle: t.rotationX, x: 1, y: 0, z: 0)) }
        m = m.concatenating(.translation(t.translation.x, t.translation.y))
        if t.m34 != 0 { m = m.concatenating(.perspective(eyeDistance: -1 / t.m34)) }
        return m
    }

    /// zPosition is the layer's z in its superlayer: it only shows through a perspective above.
    package var geometry: LayerGeometry {
        LayerGeometry(position: position, boundsSize: size, anchorPoint: anchorPoint, zPosition: zPosition, transform: transform3D)
    }
}

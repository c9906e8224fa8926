// A layer of the simulated tree: its definition (art, initial values) and one track per property.
import TransitionModel
import Motion

public struct SimulatedLayer: Hashable, Sendable {
    public let index: Int
    public let id: String?
    /// Initial values and art. `children` of the definition are represented by `children` indices instead.
    public let definition: LayerDefinition
    public let parent: Int?
    /// Children in paint order, bottom to top (sorted by zPosition, then by order of addition).
    public internal(set) var children: [Int]
    /// For a snapshot layer: the layer whose initial art it shows, stretched to this layer's bounds.
    public let snapshotSource: Int?

    public internal(set) var position: PropertyTrack<Point>
    public internal(set) var size: PropertyTrack<Size>
    public internal(set) var transform: PropertyTrack<LayerTransform>
    public internal(set) var opacity: PropertyTrack<Double>
    public internal(set) var cornerRadius: PropertyTrack<Double>
    public internal(set) var hidden: DiscreteTrack<Bool>
    public internal(set) var zPosition: DiscreteTrack<Double>
    public internal(set) var anchorPoint: DiscreteTrack<Point>

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
    }

    /// The layer's model and presentation values at time t.
    public func state(at t: Double) -> LayerState {
        LayerState(position: position.value(at: t), size: size.value(at: t), anchorPoint: anchorPoint.value(at: t),
                   transform: transform.value(at: t), opacity: opacity.value(at: t), hidden: hidden.value(at: t),
                   zPosition: zPosition.value(at: t), cornerRadius: cornerRadius.value(at: t))
    }
}

/// What a layer presents at one instant.
public struct LayerState: Hashable, Sendable {
    public var position: Point
    public var size: Size
    public var anchorPoint: Point
    public var transform: LayerTransform
    public var opacity: Double
    public var hidden: Bool
    public var zPosition: Double
    public var cornerRadius: Double

    /// The 2D transform as a CATransform3D: translation · rotation · scale applied to points relative to the anchor.
    public var transform3D: Transform3D {
        let t = transform
        return Transform3D.scale(t.scale.x, t.scale.y)
            .concatenating(.rotation(angle: t.rotation, x: 0, y: 0, z: 1))
            .concatenating(.translation(t.translation.x, t.translation.y))
    }

    public var geometry: LayerGeometry {
        LayerGeometry(position: position, boundsSize: size, anchorPoint: anchorPoint, zPosition: 0, transform: transform3D)
    }
}

// A simulated layer's tracks, one per property of the registry (LayerProperties.swift), listed
// once here so that code doing the same thing to every track (restoring a cancelled gesture's
// changes, finding the last event) does not write the property list out again. A property
// added to the registry makes `forEachTrack`'s switch incomplete until its track is named.
import TransitionModel

/// Something done to each of a layer's tracks, whatever its value type.
protocol LayerTrackVisitor {
    /// A track that animates (basic, spring, followed by a finger).
    mutating func visit<V>(_ property: LayerProperty, _ track: WritableKeyPath<SimulatedLayer, PropertyTrack<V>>)
    /// A track that changes at instants.
    mutating func visit<V>(_ property: LayerProperty, _ track: WritableKeyPath<SimulatedLayer, DiscreteTrack<V>>)
}

extension SimulatedLayer {
    /// Visits each registry property's track in registry order; `frame` has none (it sets
    /// position and size).
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

extension SimulatedLayer {
    /// The track of a number-valued property that animates (`LayerProperty.animatedLayerNumbers`
    /// and `animatedMaskNumbers`).
    package func numberTrack(_ property: LayerProperty) -> PropertyTrack<Double> { self[keyPath: Self.numberTrack(property)] }

    /// Where that track is, found through `forEachTrack`.
    static func numberTrack(_ property: LayerProperty) -> WritableKeyPath<SimulatedLayer, PropertyTrack<Double>> {
        struct Find: LayerTrackVisitor {
            let property: LayerProperty
            var path: WritableKeyPath<SimulatedLayer, PropertyTrack<Double>>?
            mutating func visit<V>(_ p: LayerProperty, _ track: WritableKeyPath<SimulatedLayer, PropertyTrack<V>>) {
                if p == property { path = (track as Any) as? WritableKeyPath<SimulatedLayer, PropertyTrack<Double>> }
            }
            mutating func visit<V>(_ p: LayerProperty, _ track: WritableKeyPath<SimulatedLayer, DiscreteTrack<V>>) {}
        }
        var find = Find(property: property)
        Self.forEachTrack(&find)
        guard let path = find.path else { preconditionFailure("\(property.rawValue) has no animated number track") }
        return path
    }
}

// Doing the same thing to every track of a simulated layer (restoring a cancelled gesture's
// changes, finding the last event, finding a number's track) without writing the property list
// out again: the list is `SimulatedLayer.forEachTrack`, beside the tracks (SimulatedLayer.swift).
// A property added to the registry makes its switch incomplete until its track is named.
import TransitionModel

/// Something done to each of a layer's tracks, whatever its value type.
protocol LayerTrackVisitor {
    /// A track that animates (basic, spring, followed by a finger).
    mutating func visit<V>(_ property: LayerProperty, _ track: WritableKeyPath<SimulatedLayer, PropertyTrack<V>>)
    /// A track that changes at instants.
    mutating func visit<V>(_ property: LayerProperty, _ track: WritableKeyPath<SimulatedLayer, DiscreteTrack<V>>)
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

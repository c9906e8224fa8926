// Doing the same thing to every track of a simulated layer (restoring a cancelled gesture's
// changes, finding the last event) without writing the property list
// out again: the list is `SimulatedLayer.forEachTrack`, beside the tracks (SimulatedLayer.swift).
// A property added to the registry makes its switch incomplete until its track is named.
import TransitionModel

/// Something done to each of a layer's tracks, whatever its value type: it reads the track (and
/// the same track of the layer forEachTrack was given as `was`, if any) and returns the change to
/// make to it, if any.
protocol LayerTrackVisitor {
    /// A track that animates (basic, spring, followed by a finger): an event to append.
    mutating func visit<V>(_ property: LayerProperty, _ track: PropertyTrack<V>, was: PropertyTrack<V>?) -> PropertyTrack<V>.Event?
    /// A track that changes at instants: a value to set at a time.
    mutating func visit<V>(_ property: LayerProperty, _ track: DiscreteTrack<V>, was: DiscreteTrack<V>?) -> (value: V, time: Double)?
}

extension SimulatedLayer {
    /// The track of a number-valued property that animates (`LayerProperty.animatedLayerNumbers`
    /// and `animatedMaskNumbers`): `numbers` holds them all (forEachTrack visits them there).
    /// Read directly: finding it through `forEachTrack` built a key path per property at run
    /// time, ~8 % of a 2D export's instructions (BENCHMARKS.md#2d-cpu-pass-same-bytes).
    @inline(__always)
    package func numberTrack(_ property: LayerProperty) -> PropertyTrack<Double> { numbers[property] }
}

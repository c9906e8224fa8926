// A layer's bounds as Core Animation draws them: a rectangle of the layer's size whose corners
// are rounded by `layer.cornerRadius` (its drawn value, ≥ 0: LayerProperty.drawnRange). The fill,
// the clip of a layer that clips to bounds, a snapshot's cut and a clipping ancestor's outline
// are this shape; the simulation, projection and writers read its radius here rather than
// naming the property.

extension LayerProperty {
    /// The property that rounds a layer's bounds.
    @usableFromInline package static let boundsRadius = LayerProperty.cornerRadius
}

extension NumberTracks {
    /// The radius of the bounds' rounded corners (bounds space, points): a value for a
    /// definition's or a state's numbers, a track for tracks or keyframes.
    @inlinable package var boundsRadius: Track { self[.boundsRadius] }
}

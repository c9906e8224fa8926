// A layer's number-valued tracks (or their measures), keyed by the registry's property
// (LayerProperties.swift): `LayerProperty.animatedLayerNumbers` for the layer,
// `animatedMaskNumbers` for its mask. Code that does the same to every such track (reduce it,
// measure it, report it) iterates the list; only code that draws one reads it by its property.

/// One value per property of a fixed list, in the list's order. Usable from inline (not public)
/// so that its `@inlinable` members specialize in the modules that read it (Geometry.swift).
@usableFromInline package struct NumberTracks<Track> {
    /// The properties held, in registry order.
    @usableFromInline package let properties: [LayerProperty]
    /// In `properties` order (read directly where generic access is not specialized: StillLayers).
    @usableFromInline package internal(set) var tracks: [Track]

    // Inlinable: the simulation reads these per sampled state; specialized in the caller they
    // cost no generic-metadata lookups.
    @inlinable package init(_ properties: [LayerProperty], _ make: (LayerProperty) throws -> Track) rethrows {
        self.properties = properties
        tracks = try properties.map(make)
    }

    /// The track of `property`, which must be one of `properties`.
    @inlinable package subscript(_ property: LayerProperty) -> Track {
        get { tracks[index(property)] }
        set { tracks[index(property)] = newValue }
    }

    /// The track of `property`, or nil when it is not one of `properties`.
    @inlinable package func value(of property: LayerProperty) -> Track? {
        properties.firstIndex(of: property).map { tracks[$0] }
    }

    /// The tracks with their properties, in order. A loop, not `Array(zip(...))`: that took
    /// the standard library's unspecialized paths (~17,000 instructions a call, 6 % of the 2D
    /// batch: BENCHMARKS.md#speed2d-2d-batch-cpu-same-bytes-2026-12-04).
    @inlinable package var all: [(property: LayerProperty, track: Track)] {
        var out: [(property: LayerProperty, track: Track)] = []
        out.reserveCapacity(tracks.count)
        for k in tracks.indices { out.append((properties[k], tracks[k])) }
        return out
    }

    /// Each track transformed, keyed as before.
    @inlinable package func map<U>(_ transform: (LayerProperty, Track) throws -> U) rethrows -> NumberTracks<U> {
        try NumberTracks<U>(properties) { try transform($0, self[$0]) }
    }

    @inlinable func index(_ property: LayerProperty) -> Int {
        guard let i = properties.firstIndex(of: property) else { preconditionFailure("no \(property.rawValue) track here") }
        return i
    }
}

extension NumberTracks: Equatable where Track: Equatable {}
extension NumberTracks: Hashable where Track: Hashable {}
extension NumberTracks: Sendable where Track: Sendable {}

/// A layer's (or its mask's) number values at one instant, keyed the same way: a definition's
/// initial values over `LayerProperty.layerNumbers` / `maskNumbers`, or a drawn mask's.
package typealias PropertyNumbers = NumberTracks<Double>

extension NumberTracks where Track == Double {
    /// Each property's value from `values`, else the registry's default.
    @inlinable package init(_ properties: [LayerProperty], values: [LayerProperty: Double]) {
        self.init(properties) { values[$0] ?? $0.defaultNumber }
    }
}

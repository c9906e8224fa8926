import TransitionModel
import XCTest

@testable import Simulation

/// Layers made in one flatten share the number tracks of a layer made before from the same
/// initial values (SimulatedLayer.numberTracks): each value is part of the key, by its bits.
final class SharedNumberTracksTests: XCTestCase {
    private func make(
        _ layer: [LayerProperty: Double], _ mask: [LayerProperty: Double], _ shared: inout [NumberTracks<PropertyTrack<Double>>]
    ) -> NumberTracks<PropertyTrack<Double>> {
        SimulatedLayer.numberTracks(
            PropertyNumbers(LayerProperty.layerNumbers, values: layer), PropertyNumbers(LayerProperty.maskNumbers, values: mask),
            sharing: &shared)
    }

    /// What a layer's track of `p` starts at: its own value, or its mask's.
    private func expected(_ p: LayerProperty, _ layer: [LayerProperty: Double], _ mask: [LayerProperty: Double]) -> Double {
        let numbers = SimulatedLayer.layerNumberProperties.contains(p) ? layer : mask
        return numbers[p] ?? p.defaultNumber
    }

    func testEachInitialValueIsPartOfTheKey() {
        var shared: [NumberTracks<PropertyTrack<Double>>] = []
        let base: [LayerProperty: Double] = [:]
        let first = make(base, base, &shared)
        XCTAssertEqual(make(base, base, &shared), first)
        XCTAssertEqual(shared.count, 1, "the same values reuse the set kept")
        for p in SimulatedLayer.numberProperties {
            for v in [0.25, -0.0, 7] {
                let layer = SimulatedLayer.layerNumberProperties.contains(p) ? [p: v] : base
                let mask = SimulatedLayer.layerNumberProperties.contains(p) ? base : [p: v]
                let tracks = make(layer, mask, &shared)
                XCTAssertEqual(tracks.properties, SimulatedLayer.numberProperties)
                for (k, q) in tracks.properties.enumerated() {
                    XCTAssertEqual(tracks.tracks[k].initial.bitPattern, expected(q, layer, mask).bitPattern, "\(p) = \(v): \(q)")
                    XCTAssertTrue(tracks.tracks[k].events.isEmpty)
                }
            }
        }
        XCTAssertEqual(shared.count, SimulatedLayer.sharedNumberTracks, "a few sets kept, no more")
    }

    /// A layer's tracks changed later (an event) leave the set kept for the next layers as made.
    func testAChangedLayerDoesNotChangeTheSetKept() {
        var shared: [NumberTracks<PropertyTrack<Double>>] = []
        var first = make([:], [:], &shared)
        first[.opacity].change(to: 0, at: 1, curve: nil, delay: 0)
        let next = make([:], [:], &shared)
        XCTAssertTrue(next[.opacity].events.isEmpty)
        XCTAssertEqual(first[.opacity].events.count, 1)
    }
}

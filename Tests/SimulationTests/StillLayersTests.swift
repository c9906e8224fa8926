import Motion
import TransitionModel
import XCTest

@testable import Keyframes
@testable import Simulation

/// The shortcuts of the 2D CPU pass give what the direct reads give, bit for bit
/// (BENCHMARKS.md#2d-cpu-pass-same-bytes).
final class StillLayersTests: XCTestCase {
    /// A layer whose tracks never change is copied from the table made once; a moving one is not.
    func testStillLayersReadAsTheirTracks() throws {
        let sim = try Simulation(douyinPresent())
        let feed = try XCTUnwrap(sim.index(ofLayer: "feed")), player = try XCTUnwrap(sim.index(ofLayer: "player"))
        XCTAssertNotNil(sim.still.state[feed])
        XCTAssertNil(sim.still.state[player])
        var playerStates: Set<LayerState> = []
        for k in 0..<Int(sim.timeline.duration * 60) {
            let t = Double(k) / 60, s = sim.state(at: t)
            XCTAssertEqual(s.layers[feed], sim.layers[feed].state(at: t))
            XCTAssertEqual(s.layers[player], sim.layers[player].state(at: t))
            for i in [feed, player] {
                XCTAssertEqual(s.boundsToScreen[i], s.layers[i].geometry.toSuperlayer.flatteningZ)
                XCTAssertEqual(s.effectiveOpacity[i], s.layers[i].opacity)
                XCTAssertEqual(s.visible[i], !s.layers[i].hidden)
            }
            playerStates.insert(s.layers[player])
        }
        XCTAssertGreaterThan(playerStates.count, 10, "the player moves")
    }

    /// A still layer's state read from its tracks' initial values is the one its tracks give.
    func testStillStateIsTheTracksState() throws {
        let sim = try Simulation(douyinPresent())
        var still = 0
        for i in sim.layers.indices where sim.layers[i].isStill {
            let direct = sim.layers[i].state(at: 0)
            let fromInitials = sim.layers.withUnsafeBufferPointer { SimulatedLayer.stillState(of: $0.baseAddress! + i) }
            XCTAssertEqual(fromInitials, direct)
            XCTAssertEqual(fromInitials.opacity.bitPattern, direct.opacity.bitPattern)
            XCTAssertEqual(fromInitials.cornerRadius.bitPattern, direct.cornerRadius.bitPattern)
            still += 1
        }
        XCTAssertGreaterThan(still, 0)
    }

    /// The fit report's cursor gives `KeyframeTrack.value(at:)` at non-decreasing times: before
    /// the first key, across a jump (two keys at one time), a hold, a bezier and after the last.
    func testKeyframeCursorMatchesValueAt() {
        let track = KeyframeTrack<Double>([
            Keyframe(time: 0.1, value: 1),
            Keyframe(time: 0.3, value: 5, easing: .hold),
            Keyframe(time: 0.5, value: 5),
            Keyframe(time: 0.5, value: -2, easing: .bezier(CubicBezier(0.42, 0, 0.58, 1))),
            Keyframe(time: 0.9, value: 3),
        ])
        var cursor = KeyframeCursor()
        var distinct: Set<Double> = []
        for k in 0...1000 {
            let t = Double(k) / 1000
            let v = cursor.value(of: track, at: t)
            XCTAssertEqual(v, track.value(at: t), "t = \(t)")
            distinct.insert(v)
        }
        XCTAssertGreaterThan(distinct.count, 500)
    }
}

import Keyframes
import Simulation
import TransitionModel
import XCTest

/// One rule for the instant of a discrete change (hidden, a `before` assignment, a completion):
/// the new value applies at the instant itself, as SMIL's `set` and discrete `animate` apply
/// their value from their begin time. The simulation, `--at` (KeyframedTransition.still) and
/// the exported keyframes follow it.
final class DiscreteInstantTests: XCTestCase {
    /// stories-close's `before` at 0.6 s (the story hides, its snapshot shows) and
    /// circle-reveal-pop's completion at 1.4 s (cover, snapshot and detail removed).
    static let instants: [(template: String, time: Double, changed: [String])] = [
        ("stories-close", 0.6, ["story", "story-snapshot"]),
        ("circle-reveal-pop", 1.4, ["cover", "poster-snapshot", "detail"]),
    ]

    func testTheNewValueAppliesAtTheInstant() throws {
        for (name, t, changed) in Self.instants {
            let sim = try Simulation(try ExportFixtures.template(name))
            let at = sim.state(at: t), before = sim.state(at: t - 1e-6), after = sim.state(at: t + 1e-6)
            let still = KeyframedTransition.still(sim, at: t)
            for id in changed {
                let i = try XCTUnwrap(sim.index(ofLayer: id), "\(name): \(id)")
                XCTAssertNotEqual(before.layers[i].hidden, after.layers[i].hidden, "\(name): \(id) changes at \(t) s")
                XCTAssertEqual(at.layers[i].hidden, after.layers[i].hidden, "\(name): \(id) at \(t) s shows the new value")
                XCTAssertEqual(still.layers[i].visible.initialValue, !after.layers[i].hidden, "\(name): --at \(t) shows the new value")
            }
        }
    }

    /// The animated file's visibility track holds the new value from the instant on: its
    /// keyframe sits at the instant itself, not a frame later or earlier.
    func testTheAnimatedVisibilityKeyframeSitsAtTheInstant() throws {
        for (name, t, changed) in Self.instants {
            let sim = try Simulation(try ExportFixtures.template(name))
            let k = KeyframedTransition.fitted(sim, for: .smil)
            for id in changed {
                let i = try XCTUnwrap(sim.index(ofLayer: id))
                let visible = k.layers[i].visible
                let keyTimes = visible.keyframes.map(\.time)
                XCTAssert(keyTimes.contains { abs($0 - t) < 1e-9 }, "\(name): \(id) keyframes at \(keyTimes)")
                XCTAssertEqual(visible.keyframes.last { $0.time <= t }?.value, !sim.state(at: t + 1e-6).layers[i].hidden, "\(name): \(id)")
            }
        }
    }
}

import XCTest

@testable import Simulation
@testable import TransitionModel

/// LayerState.equal (the grid's in-place comparison) answers as the synthesized ==, field by
/// field: every pair of states of a masked, moving template at a few times, and states that
/// differ in one field each (the transform's and the mask's included).
final class LayerStateEqualTests: XCTestCase {
    func testEqualAnswersAsTheSynthesizedComparison() throws {
        let sim = try Simulation(try ExportFixtures.template("circle-reveal-pop"))
        let end = sim.timeline.duration
        var states: [LayerState] = []
        for t in [0, end * 0.3, end * 0.6] { states += sim.state(at: t).layers }
        XCTAssertTrue(states.contains { $0.mask != nil })
        let base = states.first { $0.mask != nil }!
        var changed: [LayerState] = []
        func with(_ change: (inout LayerState) -> Void) { var s = base; change(&s); changed.append(s) }
        with { $0.position.x += 1 }
        with { $0.size.height += 1 }
        with { $0.anchorPoint.y = 0 }
        with { $0.transform.rotationY = 0.5 }
        with { $0.transform.m34 = -0.002 }
        with { $0.opacity = 0.5 }
        with { $0.hidden.toggle() }
        with { $0.zPosition = 3 }
        with { $0.cornerRadius = 7 }
        with { $0.mask = nil }
        with { $0.mask?.center.x += 1 }
        with { $0.mask?.radius += 1 }
        states += changed + [base]
        var equalPairs = 0
        for i in states.indices {
            for j in states.indices {
                XCTAssertEqual(LayerState.equal(states, i, states, j), states[i] == states[j], "\(i) \(j)")
                if states[i] == states[j] { equalPairs += 1 }
            }
        }
        XCTAssertGreaterThan(equalPairs, states.count)  // some equal pairs besides each with itself
        for k in changed.indices { XCTAssertFalse(LayerState.equal(changed, k, [base], 0), "change \(k)") }
    }
}

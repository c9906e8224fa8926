import Exporters
import Keyframes
import Simulation
import TransitionModel
import XCTest

/// The catalog's interactive entries (Templates/douyin-drag-dismiss.json, Templates/flip-edge-pan.json) as shipped.
final class InteractiveTemplateTests: XCTestCase {
    func testBranchesReleaseAtTheCatalogsProgress() throws {
        let expected: [String: [(String, Double)]] = [
            "douyin-drag-dismiss": [("cancel", 60.0 / 390), ("finish", 160.0 / 390)],
            "flip-edge-pan": [("cancel", 120.0 / 390), ("finish", 250.0 / 390)],
        ]
        for (name, branches) in expected {
            let sim = try Simulation(try ExportFixtures.template(name))
            XCTAssertEqual(sim.timeline.branches.map(\.name), branches.map(\.0), name)
            XCTAssertEqual(sim.timeline.phases.map(\.name), branches.map(\.0), "markers, \(name)")
            for (span, (_, p)) in zip(sim.timeline.branches, branches) {
                XCTAssertEqual(span.progress, p, accuracy: 1e-12, "\(name) \(span.name)")
                XCTAssertEqual((span.end * 60).rounded(), span.end * 60, accuracy: 1e-6, "\(name) \(span.name) ends on a frame")
            }
            // A cancel ends exactly where the branch started.
            let cancel = sim.timeline.branches[0]
            let start = sim.state(at: cancel.start), end = sim.state(at: cancel.motionEnd)
            for l in sim.layers where l.id != nil && !["finger", "branch-label"].contains(where: { l.id!.hasPrefix($0) }) {
                XCTAssertEqual(end.layers[l.index], start.layers[l.index], "\(name) \(l.id!)")
            }
        }
    }

    func testDouyinCancelTakesPSecondsAndFinishRunsTheDismiss() throws {
        let sim = try Simulation(try ExportFixtures.template("douyin-drag-dismiss"))
        let cancel = sim.timeline.branches[0], finish = sim.timeline.branches[1]
        XCTAssertEqual(cancel.motionEnd - cancel.release, cancel.progress, accuracy: 1e-9)
        let player = try XCTUnwrap(sim.index(ofLayer: "player")), snapshot = try XCTUnwrap(sim.index(ofLayer: "cell-snapshot"))
        XCTAssertEqual(sim.layers[player].position.animations.first { $0.callTime == cancel.release }?.curve.shape, .bezier(.easeOut))
        let released = sim.state(at: finish.release)
        XCTAssertEqual(released.layers[player].opacity, 0)
        XCTAssertEqual(released.layers[snapshot].position, Point(195, 422))
        XCTAssertEqual(finish.motionEnd - finish.release, 0.25, accuracy: 1e-9)
    }
}

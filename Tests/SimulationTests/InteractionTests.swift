import Motion
import Simulation
import TransitionModel
import XCTest

/// The seed's rules for interactive transitions (docs/uikit-motion.md#direct-manipulation, #percent-driven-transitions).
final class InteractionTests: XCTestCase {
    static let layers = """
          "canvas": {"size": [390, 844]},
          "layers": [
            {"id": "feed", "type": "rect", "frame": [0, 0, 390, 844], "fill": "#202020"},
            {"id": "player", "type": "rect", "frame": [0, 0, 390, 844], "fill": "#7F7FD5", "clipsToBounds": true},
            {"id": "snap", "type": "rect", "position": [293, 478.5], "size": [194, 259], "fill": "#FF0000", "hidden": true}
          ],
        """

    /// The drag-to-dismiss of seed 000 with one script that lifts at translation (tx, ty).
    func drag(_ name: String, tx: Double, ty: Double = 0, time: Double = 0.25, begin: String = "\"tx >= 0\", \"ty >= 0\", \"tx >= ty\", \"vx >= 0\"") throws
        -> TransitionDefinition
    {
        try DefinitionDecoder.decode(
            """
            {
              "version": 1, "name": "drag", "description": "drag to dismiss",
              \(Self.layers)
              "phases": {
                "dismiss": [{"duration": 0.25, "timing": {"uikitSpring": {"damping": 0.8, "velocity": 0.2}},
                             "before": [{"layer": "player", "property": "alpha", "value": 0},
                                        {"layer": "snap", "property": "hidden", "value": false},
                                        {"layer": "snap", "property": "center", "value": [195, 422]}],
                             "changes": [{"layer": "snap", "property": "center", "value": [293, 478.5]}]}]
              },
              "interaction": {
                "touch": [150, 560],
                "progress": "clamp(tx / W, 0, 1)",
                "let": {"ratio": "1 - 0.5 * p"},
                "begin": [\(begin)],
                "follow": [
                  {"layer": "player", "property": "center", "value": ["195 + tx * ratio", "422 + ty * ratio"]},
                  {"layer": "player", "property": "transform", "value": {"scale": "ratio"}}
                ],
                "release": [
                  {"when": "p < 0.2", "outcome": "cancel",
                   "blocks": [{"duration": "p", "timing": "easeOut",
                               "changes": [{"layer": "player", "property": "center", "value": ["W / 2", "H / 2"]},
                                           {"layer": "player", "property": "transform", "value": {"scale": 1}}]}]},
                  {"outcome": "finish", "phase": "dismiss"}
                ],
                "scripts": {"\(name)": {"easing": "easeOut", "points": [{"time": \(time), "translation": [\(tx), \(ty)]}]}},
                "scrub": {"translation": ["p * W", "p * W / 2"]}
              }
            }
            """, file: "drag.json")
    }

    func testCancelRunsForPSecondsWithEaseOut() throws {
        let sim = try Simulation(try drag("cancel", tx: 60, ty: 20))
        let branch = try XCTUnwrap(sim.timeline.branches.first)
        XCTAssertEqual(branch.name, "cancel")
        XCTAssertEqual(branch.progress, 60.0 / 390, accuracy: 1e-15)
        let player = try XCTUnwrap(sim.index(ofLayer: "player"))
        let back = sim.layers[player].position.animations.filter { $0.callTime == branch.release }
        XCTAssertEqual(back.count, 1)
        XCTAssertEqual(back[0].curve.duration, branch.progress, "the seed passes progress as the duration")
        XCTAssertEqual(back[0].curve.shape, .bezier(.easeOut))
        XCTAssertEqual(back[0].to, Point(195, 422))
        XCTAssertEqual(branch.motionEnd, SimulationBuilderTidy.tidy(branch.release + branch.progress), accuracy: 1e-9)
    }

    func testReleaseAtP019CancelsAndAtP021Finishes() throws {
        for (p, outcome, other) in [(0.19, "cancel", "finish"), (0.21, "finish", "cancel")] {
            let sim = try Simulation(try drag(outcome, tx: p * 390))
            XCTAssertEqual(sim.timeline.branches[0].progress, p, accuracy: 1e-12)
            XCTAssertEqual(sim.timeline.phases.map(\.name), [outcome])
            // A script named after the other outcome is reported at its release.
            XCTAssertThrowsError(try Simulation(try drag(other, tx: p * 390))) { error in
                XCTAssertTrue("\(error)".hasPrefix("drag.json:"), "\(error)")
                XCTAssertTrue("\(error)".contains("gives \(outcome)"), "\(error)")
            }
        }
    }

    func testAfterCancelTheStateIsTheStartStateExactly() throws {
        let sim = try Simulation(try drag("cancel", tx: 60, ty: 20))
        let branch = sim.timeline.branches[0]
        let start = sim.state(at: 0), end = sim.state(at: branch.motionEnd), last = sim.state(at: branch.end.nextDown)
        for id in ["feed", "player", "snap"] {
            let i = try XCTUnwrap(sim.index(ofLayer: id))
            XCTAssertEqual(end.layers[i], start.layers[i], id)
            XCTAssertEqual(last.layers[i], start.layers[i], id)
            XCTAssertEqual(end.boundsToScreen[i], start.boundsToScreen[i], id)
        }
        // While dragging, the seed's mapping: centre = start + t·ratio, scale = ratio.
        let t = branch.touchDown + 0.1
        let player = try XCTUnwrap(sim.index(ofLayer: "player"))
        let u = CubicBezier.easeOut.progress(at: 0.1 / 0.25)
        let tx = 60 * u, ty = 20 * u, ratio = 1 - 0.5 * tx / 390
        let s = sim.state(at: t).layers[player]
        XCTAssertEqual(s.position.x, 195 + tx * ratio, accuracy: 1e-9)
        XCTAssertEqual(s.position.y, 422 + ty * ratio, accuracy: 1e-9)
        XCTAssertEqual(s.transform.scale.x, ratio, accuracy: 1e-12)
    }

    func testFinishRunsTheDismissFromTheRelease() throws {
        let sim = try Simulation(try drag("finish", tx: 160, ty: 80, time: 0.35))
        let branch = sim.timeline.branches[0]
        XCTAssertEqual(branch.progress, 160.0 / 390, accuracy: 1e-15)
        let player = try XCTUnwrap(sim.index(ofLayer: "player")), snap = try XCTUnwrap(sim.index(ofLayer: "snap"))
        let atRelease = sim.state(at: branch.release)
        XCTAssertEqual(atRelease.layers[player].opacity, 0)
        XCTAssertFalse(atRelease.layers[snap].hidden)
        XCTAssertEqual(atRelease.layers[snap].position, Point(195, 422))
        XCTAssertEqual(branch.motionEnd, SimulationBuilderTidy.tidy(branch.release + 0.25), accuracy: 1e-9)
        XCTAssertEqual(sim.state(at: branch.motionEnd).layers[snap].position, Point(293, 478.5))
    }

    func testAGestureThatNeverBeginsIsReported() throws {
        XCTAssertThrowsError(try Simulation(try drag("cancel", tx: -60, ty: 0))) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("drag.json:"), text)
            XCTAssertTrue(text.contains("interaction.scripts.cancel: the gesture never begins"), text)
            XCTAssertTrue(text.contains("at the release tx >= 0, tx >= ty, vx >= 0 fail"), text)
        }
        // Straight down: tx ≥ ty fails from the first movement on (the seed returns early).
        XCTAssertThrowsError(try Simulation(try drag("cancel", tx: 0, ty: 60)))
    }

    func testOneBranchAloneAndTheScrubClip() throws {
        var d = try drag("cancel", tx: 60, ty: 20)
        let finish = GestureScript(name: "finish", points: [.init(time: 0.35, translation: Point(160, 80), easing: .named(.easeOut))])
        d.interaction!.scripts.append(finish)
        let both = try Simulation(d)
        XCTAssertEqual(both.timeline.branches.map(\.name), ["cancel", "finish"])
        let alone = try Simulation(d, branch: "finish")
        XCTAssertEqual(alone.timeline.branches.map(\.name), ["finish"])
        // The finish branch alone is the combined file's second segment, shifted.
        let shift = both.timeline.branches[1].start
        let player = try XCTUnwrap(both.index(ofLayer: "player"))
        for t in stride(from: 0.0, to: alone.timeline.duration, by: 0.05) {
            XCTAssertEqual(alone.state(at: t).layers[player].position.x, both.state(at: shift + t).layers[player].position.x, accuracy: 1e-9, "t=\(t)")
        }
        XCTAssertThrowsError(try Simulation(d, branch: "undo"))

        let clip = try ScrubClip(d)
        XCTAssertEqual(clip.duration, 1)
        for p in [0.0, 0.25, 0.5, 1.0] {
            let s = clip.state(atProgress: p).layers[player]
            let tx = p * 390, ty = p * 195, ratio = 1 - 0.5 * p
            XCTAssertEqual(s.position.x, 195 + tx * ratio, accuracy: 1e-9, "p=\(p)")
            XCTAssertEqual(s.position.y, 422 + ty * ratio, accuracy: 1e-9, "p=\(p)")
            XCTAssertEqual(s.transform.scale.y, ratio, accuracy: 1e-12, "p=\(p)")
        }
    }
}

/// SimulationBuilder.tidy is internal; the same rounding to 1 ns.
enum SimulationBuilderTidy {
    static func tidy(_ t: Double) -> Double { (t * 1e9).rounded() / 1e9 }
}

extension InteractionTests {
    /// The option to start the finish from the dragged frame: `start` replaces the phase's
    /// `before` assignment with the released values (the seed's snapshotView.center = fromVC.view.center).
    func testFinishCanStartFromTheDraggedFrame() throws {
        var d = try drag("finish", tx: 160, ty: 80, time: 0.35)
        let center = ValueExpression.position(
            Expression(source: "195 + tx * ratio", root: .binary(.add, .number(195), .binary(.multiply, .name(.tx), .name(.let(0))))),
            Expression(source: "422 + ty * ratio", root: .binary(.add, .number(422), .binary(.multiply, .name(.ty), .name(.let(0))))))
        d.interaction!.release[1].action = .phase("dismiss", start: [ExpressionChange(layer: "snap", center)])
        let sim = try Simulation(d)
        let branch = sim.timeline.branches[0]
        let player = try XCTUnwrap(sim.index(ofLayer: "player")), snap = try XCTUnwrap(sim.index(ofLayer: "snap"))
        let dragged = sim.state(at: branch.release.nextDown).layers[player].position
        let ratio = 1 - 0.5 * 160 / 390
        XCTAssertEqual(dragged.x, 195 + 160 * ratio, accuracy: 1e-6)
        XCTAssertEqual(sim.state(at: branch.release).layers[snap].position, Point(195 + 160 * ratio, 422 + 80 * ratio))
        XCTAssertEqual(sim.state(at: branch.motionEnd).layers[snap].position, Point(293, 478.5))
    }

    /// Between branches every property returns to its initial value: the next branch starts from
    /// the state at time 0, and only a track whose value differs gets a `set` there.
    func testTheNextBranchStartsFromTheInitialState() throws {
        var d = try drag("finish", tx: 160, ty: 80, time: 0.35)
        d.interaction!.scripts.append(GestureScript(name: "cancel", points: [.init(time: 0.25, translation: Point(60, 20), easing: .named(.easeOut))]))
        let sim = try Simulation(d)
        XCTAssertEqual(sim.timeline.branches.map(\.name), ["finish", "cancel"])
        let second = sim.timeline.branches[1].start
        let start = sim.state(at: 0), reset = sim.state(at: second)
        for id in ["feed", "player", "snap"] {
            let i = try XCTUnwrap(sim.index(ofLayer: id))
            XCTAssertEqual(reset.layers[i], start.layers[i], id)
            XCTAssertEqual(reset.boundsToScreen[i], start.boundsToScreen[i], id)
        }
        let player = try XCTUnwrap(sim.index(ofLayer: "player")), snap = try XCTUnwrap(sim.index(ofLayer: "snap"))
        XCTAssertEqual(sim.state(at: second.nextDown).layers[player].opacity, 0)
        XCTAssertTrue(sim.layers[player].numberTrack(.opacity).events.contains(.set(time: second, value: 1)))
        XCTAssertTrue(sim.layers[snap].hidden.changes.contains { $0.time == second && $0.value })
        // The snapshot ends the finish at its initial centre: no reset event.
        XCTAssertEqual(sim.state(at: second.nextDown).layers[snap].position, Point(293, 478.5))
        XCTAssertFalse(sim.layers[snap].position.events.contains(.set(time: second, value: Point(293, 478.5))))
    }
}

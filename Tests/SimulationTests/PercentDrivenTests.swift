import Motion
import Simulation
import TransitionModel
import XCTest

/// UIPercentDrivenInteractiveTransition (docs/uikit-motion.md#percent-driven-transitions, layer path): while the finger drags,
/// each animation of the phase shows local time p·D through its own curve; the completion runs
/// the rest at completionSpeed, its layer time eased by completionCurve.
final class PercentDrivenTests: XCTestCase {
    /// Three blocks with different curves, a delay and a spring; D = 0.6 s.
    func definition(speed: Double = 1, curve: String = "\"easeInOut\"") throws -> TransitionDefinition {
        try DefinitionDecoder.decode(
            """
            {
              "version": 1, "name": "pan", "description": "edge pan",
              "canvas": {"size": [390, 844]},
              "layers": [
                {"id": "next", "type": "rect", "frame": [0, 0, 390, 844], "fill": "#FFFFFF"},
                {"id": "page", "type": "rect", "frame": [0, 0, 390, 844], "fill": "#3366CC"},
                {"id": "shadow", "type": "rect", "frame": [0, 0, 390, 844], "fill": "#000000", "opacity": 0}
              ],
              "phases": {
                "push": [
                  {"duration": 0.6, "timing": "easeOut",
                   "changes": [{"layer": "page", "property": "transform", "value": {"translate": [-390, 0], "rotation": 10}}]},
                  {"duration": 0.4, "delay": 0.1, "timing": "easeIn",
                   "changes": [{"layer": "shadow", "property": "alpha", "value": 1}]},
                  {"duration": 0.5, "timing": {"uikitSpring": {"damping": 0.6, "velocity": 0}},
                   "before": [{"layer": "next", "property": "center", "value": [100, 422]}],
                   "changes": [{"layer": "next", "property": "center", "value": [195, 422]}]}
                ]
              },
              "interaction": {
                "touch": [385, 500],
                "progress": "abs(tx) / W",
                "percentDriven": {"phase": "push", "completionSpeed": \(speed), "completionCurve": \(curve)},
                "release": [{"when": "p > 0.5", "outcome": "finish"}, {"outcome": "cancel"}],
                "scripts": {
                  "finish": {"points": [{"time": 0.4, "translation": [-250, 0]}]},
                  "cancel": {"points": [{"time": 0.3, "translation": [-120, 0]}]}
                },
                "scrub": {"translation": ["-p * W", 0]}
              }
            }
            """, file: "pan.json")
    }

    /// The phase played plainly from time 0: its state at local time τ.
    func plain(_ d: TransitionDefinition) throws -> Simulation {
        var p = d
        p.interaction = nil
        p.timeline = TimelineSettings(holdBefore: 0, holdBetween: 0, holdAfter: 1)
        return try Simulation(p)
    }

    func assertSameLayers(_ a: SceneState, _ b: SceneState, _ sim: Simulation, accuracy: Double, _ message: String) throws {
        for id in ["next", "page", "shadow"] {
            let i = try XCTUnwrap(sim.index(ofLayer: id))
            let x = a.layers[i], y = b.layers[i]
            XCTAssertEqual(x.position.x, y.position.x, accuracy: accuracy, "\(id) \(message)")
            XCTAssertEqual(x.transform.translation.x, y.transform.translation.x, accuracy: accuracy, "\(id) \(message)")
            XCTAssertEqual(x.transform.rotation, y.transform.rotation, accuracy: accuracy, "\(id) \(message)")
            XCTAssertEqual(x.opacity, y.opacity, accuracy: accuracy, "\(id) \(message)")
        }
    }

    func testScrubbingShowsEachTrackAtPTimesDThroughItsOwnCurve() throws {
        let d = try definition()
        let sim = try Simulation(d), reference = try plain(d)
        for branch in sim.timeline.branches {
            let script = d.interaction!.script(named: branch.name)!
            let end = script.points[0]
            for k in 1...10 {
                let τ = script.release * Double(k) / 10
                let p = abs(end.translation.x) * τ / end.time / 390  // linear finger
                try assertSameLayers(
                    sim.state(at: branch.touchDown + τ), reference.state(at: p * 0.6), sim, accuracy: 1e-9,
                    "\(branch.name) p=\(p)")
            }
        }
        // The scrub clip: time t is progress t / D, D = 0.6 s.
        let clip = try ScrubClip(d)
        XCTAssertEqual(clip.duration, 0.6)
        for p in [0.0, 0.3, 0.64, 1.0] {
            try assertSameLayers(clip.state(atProgress: p), reference.state(at: p * 0.6), sim, accuracy: 1e-12, "scrub p=\(p)")
        }
    }

    func testCompletionRunsTheRestAtCompletionSpeedThroughCompletionCurve() throws {
        for speed in [1.0, 2.0] {
            let d = try definition(speed: speed)
            let sim = try Simulation(d), reference = try plain(d)
            for branch in sim.timeline.branches {
                let p = branch.progress, D = 0.6
                let R = (branch.name == "finish" ? (1 - p) * D : p * D) / speed
                XCTAssertEqual(branch.motionEnd - branch.release, R, accuracy: 1e-9, "\(branch.name) speed \(speed)")
                for k in 1..<8 {
                    let s = R * Double(k) / 8
                    let c = CubicBezier.easeInEaseOut.progress(at: s / R)
                    let τ = branch.name == "finish" ? p * D + (1 - p) * D * c : p * D * (1 - c)
                    try assertSameLayers(
                        sim.state(at: branch.release + s), reference.state(at: τ), sim, accuracy: 1e-9,
                        "\(branch.name) s=\(s)")
                }
            }
            XCTAssertEqual(sim.timeline.branches.map(\.progress), [250.0 / 390, 120.0 / 390])
        }
    }

    func testCancelEndsAtTheStartStateAndFinishAtThePhaseEnd() throws {
        let d = try definition(curve: "\"linear\"")
        let sim = try Simulation(d), reference = try plain(d)
        let finish = sim.timeline.branches[0], cancel = sim.timeline.branches[1]
        try assertSameLayers(sim.state(at: finish.motionEnd), reference.state(at: 0.6), sim, accuracy: 0, "finish end")
        let start = sim.state(at: cancel.start)
        let end = sim.state(at: cancel.motionEnd)
        for id in ["next", "page", "shadow"] {
            let i = try XCTUnwrap(sim.index(ofLayer: id))
            XCTAssertEqual(end.layers[i], start.layers[i], id)
        }
        // Linear completion: the phase's local time runs back at speed 1.
        let s = 0.05
        try assertSameLayers(sim.state(at: cancel.release + s), reference.state(at: cancel.progress * 0.6 - s), sim, accuracy: 1e-9, "linear")
    }

    /// The finger lifts at the release; the cancel that follows reverts what the gesture's
    /// phase set since it began, and nothing else: the finger must not show again.
    func testCancelDoesNotShowTheFingerAgain() throws {
        let sim = try Simulation(try definition())
        let finger = try XCTUnwrap(sim.index(ofLayer: "finger"))
        for branch in sim.timeline.branches {
            let step = 1.0 / 120
            var t = branch.start
            while t < branch.end {
                let drawn = sim.state(at: t).visible[finger]
                let touching = t >= branch.touchDown && t < branch.release
                XCTAssertEqual(drawn, touching, "\(branch.name) at t=\(t): finger drawn \(drawn)")
                t += step
            }
        }
        XCTAssertEqual(sim.timeline.branches.map(\.name), ["finish", "cancel"])
    }
}

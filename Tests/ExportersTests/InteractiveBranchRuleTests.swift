import Motion
import Simulation
import TransitionModel
import XCTest

/// The shipped templates' release rules at the seed's thresholds (issue 4): douyin-drag-dismiss
/// cancels below p = 0.2 (0.19 cancels, 0.21 finishes; seed 000), flip-edge-pan finishes above
/// p = 0.5 (0.5 cancels, 0.51 finishes; seed 002). Each script is named after the outcome it must
/// give, so a script released on the wrong side of a rule is an error at its release. And the
/// shipped flip's scrub clip against the curve written out by hand.
final class InteractiveBranchRuleTests: XCTestCase {
    /// The template with each named script's last point moved to progress p (|tx| = p·W, same direction, y scaled alike).
    func template(_ name: String, lifting progress: [String: Double]) throws -> TransitionDefinition {
        var d = try ExportFixtures.template(name)
        let w = d.canvas.size.width
        for k in d.interaction!.scripts.indices {
            guard let p = progress[d.interaction!.scripts[k].name] else { continue }
            let last = d.interaction!.scripts[k].points.count - 1
            let t = d.interaction!.scripts[k].points[last].translation
            d.interaction!.scripts[k].points[last].translation = Point((t.x < 0 ? -p : p) * w, t.y * p * w / abs(t.x))
        }
        return d
    }

    func assertWrongSide(_ name: String, _ progress: [String: Double], gives outcome: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try Simulation(try template(name, lifting: progress)), file: file, line: line) { error in
            XCTAssertTrue("\(error)".hasPrefix("Templates/\(name).json:"), "\(error)", file: file, line: line)
            XCTAssertTrue("\(error)".contains("gives \(outcome)"), "\(error)", file: file, line: line)
        }
    }

    func testDouyinReleaseAtP019CancelsForPSecondsAndAtP021Finishes() throws {
        let sim = try Simulation(try template("douyin-drag-dismiss", lifting: ["cancel": 0.19, "finish": 0.21]))
        XCTAssertEqual(sim.timeline.branches.map(\.name), ["cancel", "finish"])
        let cancel = sim.timeline.branches[0], finish = sim.timeline.branches[1]
        XCTAssertEqual(cancel.progress, 0.19, accuracy: 1e-12)
        XCTAssertEqual(finish.progress, 0.21, accuracy: 1e-12)
        XCTAssertEqual(cancel.motionEnd - cancel.release, 0.19, accuracy: 1e-9, "the cancel runs p seconds")
        XCTAssertEqual(finish.motionEnd - finish.release, 0.25, accuracy: 1e-9, "the finish runs the 0.25 s dismiss")
        // After the cancel every layer but the finger and the label is back at its start state, exactly.
        let start = sim.state(at: cancel.start), end = sim.state(at: cancel.motionEnd)
        for l in sim.layers where l.id != nil && !["finger", "branch-label"].contains(where: { l.id!.hasPrefix($0) }) {
            XCTAssertEqual(end.layers[l.index], start.layers[l.index], l.id!)
        }
        assertWrongSide("douyin-drag-dismiss", ["cancel": 0.21], gives: "finish")
        assertWrongSide("douyin-drag-dismiss", ["finish": 0.19], gives: "cancel")
    }

    func testFlipEdgePanFinishesAboveP05() throws {
        let sim = try Simulation(try template("flip-edge-pan", lifting: ["cancel": 0.5, "finish": 0.51]))
        XCTAssertEqual(sim.timeline.branches.map(\.name), ["cancel", "finish"])
        XCTAssertEqual(sim.timeline.branches[0].progress, 0.5, "exactly the threshold: p > 0.5 fails, so it cancels")
        XCTAssertEqual(sim.timeline.branches[1].progress, 0.51, accuracy: 1e-12)
        assertWrongSide("flip-edge-pan", ["cancel": 0.51], gives: "finish")
        assertWrongSide("flip-edge-pan", ["finish": 0.5], gives: "cancel")
    }

    /// Percent-driven (docs/uikit-motion.md#percent-driven-transitions): at progress p the phase shows local time p·D, each track
    /// through its own curve: the page's turn and the shadow's alpha, both easeOut over D = 0.6 s.
    func testFlipEdgePanScrubClipShowsTheTurnAtPTimesD() throws {
        let clip = try ScrubClip(try ExportFixtures.template("flip-edge-pan"))
        XCTAssertEqual(clip.duration, 0.6)
        let page = try XCTUnwrap(clip.simulation.index(ofLayer: "page")), shadow = try XCTUnwrap(clip.simulation.index(ofLayer: "shadow"))
        for p in [0.0, 0.19, 0.21, 0.37, 0.5, 0.83, 1.0] {
            let s = clip.state(atProgress: p), e = CubicBezier.easeOut.progress(at: p)
            XCTAssertEqual(s.layers[page].transform.rotationY, -Double.pi / 2 * e, accuracy: 1e-12, "p=\(p)")
            XCTAssertEqual(s.layers[shadow].opacity, e, accuracy: 1e-12, "p=\(p)")
            XCTAssertEqual(clip.time(atProgress: p), p * 0.6, accuracy: 1e-15)
        }
    }
}

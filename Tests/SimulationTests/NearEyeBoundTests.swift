import Motion
import TransitionModel
import XCTest

@testable import Simulation

/// The near-eye check runs only when some assignment can carry a perspective: without an m34
/// every map's w is 1 (BENCHMARKS.md#retrace2d-cpu-pass-same-bytes).
final class NearEyeBoundTests: XCTestCase {
    /// A drag whose follow and cancel assign `followTransform` and `releaseTransform` to the player.
    func drag(follow followTransform: String, release releaseTransform: String) throws -> TransitionDefinition {
        try DefinitionDecoder.decode(
            """
            {
              "version": 1, "name": "drag", "description": "drag to dismiss",
              \(InteractionTests.layers)
              "phases": {"dismiss": [{"duration": 0.25, "changes": [{"layer": "player", "property": "alpha", "value": 0}]}]},
              "interaction": {
                "touch": [150, 560],
                "progress": "clamp(tx / W, 0, 1)",
                "begin": ["tx >= 0"],
                "follow": [{"layer": "player", "property": "transform", "value": \(followTransform)}],
                "release": [
                  {"when": "p < 0.2", "outcome": "cancel",
                   "blocks": [{"duration": "p", "changes": [{"layer": "player", "property": "transform", "value": \(releaseTransform)}]}]},
                  {"outcome": "finish", "phase": "dismiss"}
                ],
                "scripts": {"cancel": {"points": [{"time": 0.25, "translation": [50, 0]}]}},
                "scrub": {"translation": ["p * W", "0"]}
              }
            }
            """, file: "drag.json")
    }

    func testAnInteractionWithoutPerspectiveSkipsTheCheck() throws {
        let flat = try drag(follow: #"{"scale": "1 - p / 2", "rotationY": "p"}"#, release: #"{"scale": 1}"#)
        XCTAssertFalse(flat.usesPerspective)
        // The drag's maps are affine at every time: w = 1 (what the skipped check would read).
        let sim = try Simulation(flat)
        let m = sim.state(at: sim.timeline.duration / 2).boundsToScreen[1]
        XCTAssertEqual([m.m14, m.m24, m.m34, m.m44], [0, 0, 0, 1])
    }

    func testAPerspectiveInTheFollowOrTheReleaseKeepsTheCheck() throws {
        let near = #"{"rotationY": "80", "perspective": "60"}"#
        XCTAssertTrue(try drag(follow: near, release: #"{"scale": 1}"#).usesPerspective)
        XCTAssertTrue(try drag(follow: #"{"scale": 1}"#, release: near).usesPerspective)
        // Followed while dragging: a corner comes within a tenth of the eye distance.
        XCTAssertThrowsError(try Simulation(try drag(follow: near, release: #"{"scale": 1}"#))) { error in
            XCTAssertTrue("\(error)".contains("comes within a tenth of the eye distance"), "\(error)")
        }
    }
}

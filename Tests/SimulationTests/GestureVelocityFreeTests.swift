import Motion
import TransitionModel
import XCTest

@testable import Simulation

/// Readers of a gesture's central environment that do not read vx, vy get one made without the
/// velocity (GestureProgram.environment(local:readsVelocity:)): every other number the same.
final class GestureVelocityFreeTests: XCTestCase {
    /// InteractionTests' drag with `progress` and the followed values given.
    func interaction(progress: String, center: String) throws -> Interaction {
        let text = """
            {
              "version": 1, "name": "drag", "description": "drag",
              \(InteractionTests.layers)
              "phases": {
                "dismiss": [{"duration": 0.25, "changes": [{"layer": "snap", "property": "center", "value": [293, 478.5]}]}]
              },
              "interaction": {
                "touch": [150, 560],
                "progress": "\(progress)",
                "let": {"ratio": "1 - 0.5 * p"},
                "follow": [{"layer": "player", "property": "center", "value": [\(center)]}],
                "release": [{"outcome": "finish", "phase": "dismiss"}],
                "scripts": {"finish": {"easing": "easeOut", "points": [{"time": 0.25, "translation": [200, 40]}]}},
                "scrub": {"translation": ["p * W", "p * W / 2"]}
              }
            }
            """
        return try XCTUnwrap(DefinitionDecoder.decode(text, file: "v.json").interaction)
    }

    func driver(_ interaction: Interaction) -> GestureDriver {
        GestureDriver(path: .script(interaction.scripts[0]), start: 0, interaction: interaction, canvas: Size(390, 844))
    }

    func followed(_ interaction: Interaction) throws -> FollowedValue {
        guard case .directManipulation(let changes) = interaction.kind else { throw XCTSkip("not direct manipulation") }
        return FollowedValue(changes[0].value)
    }

    func testWithoutTheVelocityEveryOtherNumberIsTheSame() throws {
        let i = try interaction(progress: "clamp(tx / W, 0, 1)", center: "\"195 + tx * ratio\", \"422 + ty * ratio\"")
        let d = driver(i), f = try followed(i)
        XCTAssertFalse(d.program.progressReadsVelocity)
        XCTAssertFalse(f.readsVelocity)
        var compared = 0
        for k in 0...300 {
            let τ = Double(k) / 1000
            let full = d.environment(local: τ), free = d.program.environment(local: τ, readsVelocity: false)
            XCTAssertEqual(free.vx, 0)
            XCTAssertEqual(free.vy, 0)
            XCTAssertEqual(free.tx.bitPattern, full.tx.bitPattern)
            XCTAssertEqual(free.ty.bitPattern, full.ty.bitPattern)
            XCTAssertEqual(free.p.bitPattern, full.p.bitPattern)
            XCTAssertEqual(Array(free.lets), Array(full.lets))
            XCTAssertEqual(f.value(free), f.value(full))
            // A reader of the velocity gets the full environment.
            XCTAssertEqual(d.program.environment(local: τ, readsVelocity: true), full)
            compared += 1
        }
        XCTAssertEqual(compared, 301)
        XCTAssertNotEqual(d.environment(local: 0.1).vx, 0)
    }

    func testAVelocityInTheProgressOrTheValueIsRead() throws {
        let byProgress = try interaction(progress: "clamp(tx / W + vx / 1e6, 0, 1)", center: "\"195 + tx\", \"422\"")
        let d = driver(byProgress)
        XCTAssertTrue(d.program.progressReadsVelocity)
        XCTAssertEqual(d.program.environment(local: 0.1, readsVelocity: false), d.environment(local: 0.1))
        let byValue = try interaction(progress: "clamp(tx / W, 0, 1)", center: "\"195 + tx\", \"422 + vy / 100\"")
        XCTAssertTrue(try followed(byValue).readsVelocity)
        XCTAssertFalse(driver(byValue).program.progressReadsVelocity)
    }
}

import Motion
import Simulation
import TransitionModel
import XCTest

@testable import Keyframes

/// Today's budget start asks whether a group is still with the paths its first-key count made at
/// the last grid time (ProjectionSampler.stillOver(_:_:_:end:)): the answer must be the eight
/// probes' (stillOver(_:_:_:)) for every group of every interval.
final class ProjectionStillProbesTests: XCTestCase {
    func definitions() -> [TransitionDefinition] {
        var barred = flipDefinition(to: -75)
        barred.layers[0].children[0].children = [
            LayerDefinition(
                id: "bar", kind: .rect, position: Point(195, 100), size: Size(200, 40), numbers: [.cornerRadius: 20], fill: .solid(.black))
        ]
        // A second page that stays: a still group in every interval.
        var twoPages = flipDefinition(to: -60, hold: 0.3)
        twoPages.layers[0].children.append(
            LayerDefinition(
                id: "under", kind: .rect, position: Point(0, 422), size: Size(390, 844), anchorPoint: Point(0, 0.5),
                transform: LayerTransform(rotationY: -10 * .pi / 180), fill: .solid(.black)))
        return [flipDefinition(to: -60), barred, twoPages, flipDefinition(to: -90, eyeDistance: 800, hold: 0.2)]
    }

    func testTheLastProbeFirstGivesTheProbesAnswer() throws {
        var still = 0, moving = 0
        for def in definitions() {
            let prepared = try XCTUnwrap(ProjectionPreparation(try Simulation(def)))
            let (sampler, end, groups) = (prepared.sampler, prepared.end, prepared.groups)
            let cuts = sampler.breakpoints(end: end)
            for n in cuts.indices {
                let (_, rightState, _, states, _) = sampler.intervalStart(n, cuts, end: end)
                guard states.count > 1 else { continue }
                for members in groups {
                    let right = sampler.sample(rightState, members)
                    let last = sampler.samplePaths(states, states.count - 1, members)
                    let probes = sampler.stillOver(states, members, right)
                    XCTAssertEqual(sampler.stillOver(states, members, right, end: last), probes)
                    if probes { still += 1 } else { moving += 1 }
                }
            }
        }
        // Both answers met (the hold intervals' groups are still, the turns' move).
        XCTAssertGreaterThan(still, 0)
        XCTAssertGreaterThan(moving, 0)
    }
}

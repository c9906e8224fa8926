import Foundation
import Motion
import Simulation
import TransExportTestSupport
import TransitionModel
import XCTest

@testable import Keyframes

/// Today's budget start reads each moving gradient's axis and visible area at every grid time
/// from the paint paths' flat points (`gradientReads`, no path made): they must be the reads of
/// the sampled paths (`sample` then `readGradients`), for every group of every interval of the
/// catalog's projected templates.
final class ProjectionGradientReadsTests: XCTestCase {
    /// `gradientReads` as it read the sampled paths.
    func sampledReads(_ sampler: ProjectionSampler, _ members: [Int], _ right: ProjectionSampler.Sample, _ states: ProjectionGrid)
        -> ProjectionSampler.GradientReads?
    {
        let gradients = members.indices.filter { right.axes[$0] != nil }
        if gradients.isEmpty { return nil }
        var axisSamples = [[GradientAxis]](repeating: [], count: gradients.count), areas = [[Rect?]](repeating: [], count: gradients.count)
        let read = Set(gradients.flatMap { sampler.paintPaths(members, $0) }).sorted()
        var slot = [Int](repeating: 0, count: members.count)
        for (i, m) in read.enumerated() { slot[m] = i }
        let subset = read.map { members[$0] }
        for k in 0..<states.count {
            if k == 0 {
                sampler.readGradients(right, members, gradients, axes: &axisSamples, areas: &areas)
            } else {
                sampler.readGradients(sampler.sample(states, k, subset), members, gradients, axes: &axisSamples, areas: &areas) { slot[$0] }
            }
        }
        return (gradients, axisSamples, areas)
    }

    func testFlatReadsAreTheSampledPathsReads() throws {
        var gradientGroups = 0, reads = 0
        // Three 3D templates in the catalog tier, one in the fast tier.
        for name in CatalogTier.templates(["flip-edge-pan", "flip-push", "stories-cube"], fast: ["flip-push"]) {
            let prepared = try XCTUnwrap(ProjectionPreparation(try Simulation(try ExportFixtures.template(name))))
            let (sampler, end, groups) = (prepared.sampler, prepared.end, prepared.groups)
            let cuts = sampler.breakpoints(end: end)
            for n in cuts.indices {
                let (_, rightState, _, states, _) = sampler.intervalStart(n, cuts, end: end)
                for members in groups {
                    let right = sampler.sample(rightState, members)
                    let flat = sampler.gradientReads(members, right, states), sampled = sampledReads(sampler, members, right, states)
                    XCTAssertEqual(flat?.gradients, sampled?.gradients, "\(name) \(n)")
                    XCTAssertEqual(flat?.axes, sampled?.axes, "\(name) \(n)")
                    XCTAssertEqual(flat?.areas, sampled?.areas, "\(name) \(n)")
                    if let sampled {
                        gradientGroups += 1
                        reads += sampled.areas.reduce(0) { $0 + $1.count }
                    }
                }
            }
        }
        // Gradients read at many grid times, some of them visible.
        XCTAssertGreaterThan(gradientGroups, 0)
        XCTAssertGreaterThan(reads, gradientGroups)
    }

    /// The bounds' visible area is GradientAxisFitter's: clipped by the box, nil outside it or without points.
    func testVisibleAreaOfBoundsIsTheFittersArea() {
        let box = Rect(0, 0, 100, 50)
        let paths = [
            BezierPath(
                vertices: [Point(-10, 5), Point(40, 70), Point(20, 20)], outControls: [Point(0, 0), Point(1, 1), Point(2, 2)],
                inControls: [Point(3, 3), Point(4, 4), Point(5, 5)], isLine: [false, false, false]),
            BezierPath(
                vertices: [Point(200, 200), Point(300, 300)], outControls: [Point(200, 200), Point(300, 300)],
                inControls: [Point(200, 200), Point(300, 300)], isLine: [true, true]),
        ]
        for path in paths {
            var bounds = PointBounds()
            for q in path.vertices + path.outControls + path.inControls { bounds.add(q) }
            XCTAssertEqual(GradientAxisFitter.visibleArea(bounds, box), GradientAxisFitter.visibleArea(MultiPath([path]), box))
        }
        XCTAssertEqual(GradientAxisFitter.visibleArea(PointBounds(), box), nil)
        var one = PointBounds()
        one.add(Point(1, 1))
        XCTAssertEqual(GradientAxisFitter.visibleArea(one, box), Rect(1, 1, 0, 0))
    }
}

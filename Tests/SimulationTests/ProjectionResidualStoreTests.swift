import Motion
import Simulation
import TransitionModel
import XCTest

@testable import Keyframes

/// The R points factorInterval stores for the group fit (FactoredInterval.residual) are the ones
/// `sample` makes at the same grid time through the same exact inverse, so reading them changes
/// no key; a plane beyond the store's limit is not stored and the fit samples it again.
final class ProjectionResidualStoreTests: XCTestCase {
    func testStoredResidualsEqualTheSampledOnes() throws {
        // A flip to -90 degrees: its last grid times see the page edge-on (not stored for the fit).
        for def in [flipDefinition(to: -60), flipDefinition(to: -90)] {
            let prepared = try XCTUnwrap(ProjectionPreparation(try Simulation(def)))
            var sampler = prepared.sampler
            sampler.imageArcs = true
            let factors = sampler.planeFactors(times: prepared.coarse, end: prepared.end, groups: prepared.groups)
            let plane = try XCTUnwrap(factors.references.first)
            let cuts = sampler.breakpoints(end: prepared.end)
            var compared = 0
            for n in 0..<(cuts.count - 1) {
                let times = [cuts[n]] + ProjectionSampler.gridTimes(from: cuts[n], to: cuts[n + 1], end: prepared.end) + [cuts[n + 1].nextDown]
                var grid = ProjectionGrid(sampler, capacity: times.count)
                for t in times { grid.append(sampler.gridState(t, end: prepared.end), sampler) }
                grid.drawPaths(sampler)
                let f = try XCTUnwrap(
                    sampler.factorInterval(
                        factors, grid, times, left: sampler.state(cuts[n].nextDown, end: prepared.end), first: n == 0, tolerance: 0.1))
                let members = sampler.specs.indices.filter { factors.planeOf[sampler.specs[$0].layer] == plane }
                let everywhere = Rect(-1e9, -1e9, 2e9, 2e9)
                for k in 0..<grid.count {
                    let sampled = sampler.sample(
                        members, box: everywhere, state: { grid.layerState(k, $0) },
                        projection: { grid.projection(k, $0).concatenating(f.inverse[plane]![k]) },
                        projectedDrawn: { grid.projectedDrawn(k, $0, layer: $1, by: $2) })
                    let layout = ProjectionFitter.Layout(sampled.paths, outlines: members.map { _ in false })
                    let stored = try XCTUnwrap(f.residual(k, members, layout: layout, box: everywhere))
                    XCTAssertEqual(stored.paths, sampled.paths)
                    XCTAssertEqual(stored.axes, sampled.axes)
                    // The flat points, bit for bit, for every member and for a member alone.
                    let flat = try XCTUnwrap(f.residualFlat(k, members)), expected = layout.flat(sampled.paths)
                    XCTAssertEqual(flat.map(\.x.bitPattern), expected.map(\.x.bitPattern))
                    XCTAssertEqual(flat.map(\.y.bitPattern), expected.map(\.y.bitPattern))
                    let last = members.count - 1
                    XCTAssertEqual(try XCTUnwrap(f.residualFlat(k, [members[last]])), Array(expected[layout.offsets[last]...]))
                    compared += 1
                }
            }
            XCTAssertGreaterThan(compared, 100)
        }
    }

    /// A member outside the store is not read from it.
    func testUnstoredMemberIsSampledAgain() {
        var f = FactoredInterval(drawn: [:], inverse: [:], keys: [:])
        let square = BezierPath.rect(Rect(0, 0, 1, 1))
        let layout = ProjectionFitter.Layout([square], outlines: [false])
        f.residualPoints = [layout.flat([square])]
        f.residualAxes = [[nil]]
        f.residualOffset = [0, -1]
        f.residualCount = [layout.pointCount, 0]
        f.residualSlot = [0, -1]
        XCTAssertEqual(f.residual(0, [0], layout: layout, box: Rect(0, 0, 0, 0))?.paths, [square])
        XCTAssertNil(f.residual(0, [0, 1], layout: layout, box: Rect(0, 0, 0, 0)))
        XCTAssertNil(f.residualFlat(0, [0, 1]))
    }
}

import Motion
import Simulation
import TransitionModel
import XCTest

@testable import Keyframes

/// The 3D fit's time grid at the density its guarantee needs (at least 300 checks a second, under
/// 600, key times with 3 decimals up to 3.33 s), and each interval's grid states made once for
/// every fit of one prepared sampler, equal to freshly simulated ones
/// (BENCHMARKS.md#the-3d-grid-at-the-density-it-needs-2026-12-04).
final class ProjectionIntervalGridsTests: XCTestCase {
    /// The grid over a whole loop: steps of end / divisions, 300 to 600 a second for short and
    /// long loops (the loop / 1000 · 2^k gave a 0.65 s scrub clip 1,538 a second).
    func testGridHasAtLeast1000StepsAnd300ASecond() {
        var ends = stride(from: 0.02, to: 40, by: 0.173).map { $0 }
        ends += [0.65, 1.55, 1.8, 3, 3.55, 3.34, 33.4]
        for end in ends {
            let times = ProjectionSampler.gridTimes(from: 0, to: end, end: end)
            let steps = Double(times.count + 1), perSecond = steps / end
            XCTAssertGreaterThanOrEqual(perSecond, 300 * (1 - 1e-9), "\(end) s")
            XCTAssertGreaterThanOrEqual(steps, 1000, "\(end) s")
            if end > 1000.0 / 300 { XCTAssertLessThan(perSecond, 600, "\(end) s") }
            // keyTimes (time / end) of 3 decimals up to 3.33 s, 4 up to 33.3 s.
            let decimals = end <= 1000.0 / 300 ? 1000.0 : end <= 10_000.0 / 300 ? 10_000.0 : .infinity
            if decimals.isFinite {
                for t in times { XCTAssertEqual((t / end * decimals).rounded(), t / end * decimals, accuracy: 1e-6, "\(end) s at \(t)") }
            }
        }
        // The catalog's 3D loops: the scrub clip 0.65 s, the cube 1.55, flip-pop 1.8, flip-push 3, flip-edge-pan 3.55.
        let expected: [(Double, Double)] = [(0.65, 1000), (1.55, 1000), (1.8, 1000), (3, 1000), (3.55, 1250), (40, 20_000)]
        for (end, divisions) in expected {
            XCTAssertEqual(ProjectionSampler.gridTimes(from: 0, to: end, end: end).count, Int(divisions) - 1, "\(end) s")
        }
    }

    /// A flip whose page carries a rounded bar (a layer keeping its state while its projection
    /// moves): every interval's shared grid, after the factored fit and today's fit both read it,
    /// has the times and samples of a grid simulated afresh, and was made once.
    func testSharedGridsEqualFreshOnesAndAreMadeOnce() throws {
        var def = flipDefinition(to: -60)
        def.layers[0].children[0].children = [
            LayerDefinition(
                id: "bar", kind: .rect, position: Point(195, 100), size: Size(200, 40), numbers: [.cornerRadius: 20], fill: .solid(.black))
        ]
        let prepared = try XCTUnwrap(ProjectionPreparation(try Simulation(def)))
        let sampler = prepared.sampler, end = prepared.end
        let shared = try XCTUnwrap(sampler.intervalGrids)
        let cuts = sampler.breakpoints(end: end)
        XCTAssertEqual(shared.made, 0)
        XCTAssertNotNil(prepared.factoredLayers())
        XCTAssertNotNil(sampler.keyframes(prepared.groups, end: end))
        XCTAssertEqual(shared.made, cuts.count, "one grid per interval for both fits")
        // The same keys from a sampler that simulates its own grids.
        var alone = sampler
        alone.intervalGrids = nil
        let mine = try XCTUnwrap(alone.keyframes(prepared.groups, end: end)), theirs = try XCTUnwrap(sampler.keyframes(prepared.groups, end: end))
        XCTAssertEqual(mine.frames.map { $0.map(\.paths) }, theirs.frames.map { $0.map(\.paths) })
        XCTAssertEqual(mine.frames.map { $0.map(\.time) }, theirs.frames.map { $0.map(\.time) })
        XCTAssertEqual(shared.made, cuts.count)
        var compared = 0
        for n in cuts.indices {
            let grid = sampler.intervalGrid(n, cuts, end: end), fresh = alone.makeIntervalGrid(n, cuts, end: end)
            XCTAssertEqual(grid.times, fresh.times)
            for k in grid.times.indices {
                let state = sampler.state(grid.times[k], end: end)
                for members in prepared.groups {
                    let a = sampler.sample(grid.states, k, members), b = sampler.sample(fresh.states, k, members)
                    let whole = sampler.sample(state, members)
                    XCTAssertEqual(a.paths, b.paths); XCTAssertEqual(a.paths, whole.paths)
                    XCTAssertEqual(a.axes, whole.axes); XCTAssertEqual(a.box, whole.box)
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThan(compared, 300)
    }

    /// Over the budget, no grid is kept: each fit makes its own, and the keys are the same.
    func testGridsOverTheBudgetAreMadeByEachFit() throws {
        let prepared = try XCTUnwrap(ProjectionPreparation(try Simulation(flipDefinition(to: -60))))
        let end = prepared.end, cuts = prepared.sampler.breakpoints(end: end)
        var none = prepared.sampler
        let grids = ProjectionIntervalGrids(budget: 0)
        none.intervalGrids = grids
        let kept = try XCTUnwrap(prepared.sampler.keyframes(prepared.groups, end: end))
        let made = try XCTUnwrap(none.keyframes(prepared.groups, end: end))
        XCTAssertEqual(grids.made, cuts.count)
        _ = try XCTUnwrap(none.keyframes(prepared.groups, end: end))
        XCTAssertEqual(grids.made, 2 * cuts.count, "made again by the second fit")
        XCTAssertEqual(kept.frames.map { $0.map(\.paths) }, made.frames.map { $0.map(\.paths) })
        XCTAssertEqual(kept.frames.map { $0.map(\.time) }, made.frames.map { $0.map(\.time) })
    }

    /// While a spare is held, the largest grid over the budget is made once for two fits; none
    /// is held once dropped (nor after a prepared sampler's projected layers), and the keys are the same.
    func testTheLargestGridOverTheBudgetIsKeptWhileHeld() throws {
        let prepared = try XCTUnwrap(ProjectionPreparation(try Simulation(flipDefinition(to: -60))))
        let end = prepared.end, cuts = prepared.sampler.breakpoints(end: end)
        var none = prepared.sampler
        let grids = ProjectionIntervalGrids(budget: 0)
        none.intervalGrids = grids
        grids.holdSpare()
        let first = try XCTUnwrap(none.keyframes(prepared.groups, end: end))
        XCTAssertTrue(grids.holdsSpare)
        XCTAssertEqual(grids.made, cuts.count)
        let second = try XCTUnwrap(none.keyframes(prepared.groups, end: end))
        XCTAssertEqual(grids.made, 2 * cuts.count - 1, "the spare read, not made again")
        grids.dropSpare()
        XCTAssertFalse(grids.holdsSpare)
        _ = try XCTUnwrap(none.keyframes(prepared.groups, end: end))
        XCTAssertEqual(grids.made, 3 * cuts.count - 1, "made again once dropped")
        XCTAssertFalse(grids.holdsSpare, "none kept after the drop")
        XCTAssertEqual(first.frames.map { $0.map(\.paths) }, second.frames.map { $0.map(\.paths) })
        XCTAssertEqual(first.frames.map { $0.map(\.time) }, second.frames.map { $0.map(\.time) })
        _ = prepared.projectedLayers(factored: true)
        XCTAssertFalse(try XCTUnwrap(prepared.sampler.intervalGrids).holdsSpare, "dropped when both fits are done")
    }
}

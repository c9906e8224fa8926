import Foundation
import Motion
import TransExportTestSupport
import TransitionModel
import XCTest

@testable import Keyframes
@testable import Simulation

/// The 3D grid's states at increasing times evaluate only the layers whose tracks move since the
/// last time (LayerSubsetSampler, read by makeIntervalGrid): the numbers must be
/// `state(of:at:)`'s, bit for bit, at every grid time of every 3D template, and the grid made
/// from them the grid made from whole subset states; the skipping must actually happen.
final class LayerSubsetSamplerTests: XCTestCase {
    /// The four 3D templates in the catalog tier; in the fast tier the cube (faces with sublayers,
    /// both turning).
    static let templates = CatalogTier.templates(ExportFixtures.templatesUnder3D, fast: ["stories-cube"])

    static func bits(_ s: LayerSubsetState, _ k: Int) -> [UInt64] {
        LayerSubsetStateTests.bits(s.boundsToScreen[k]) + [s.effectiveOpacity[k].bitPattern, s.visible[k] ? 1 : 0]
    }

    /// Each breakpoint interval's grid times, sampled from the interval's first as makeIntervalGrid
    /// does; an entry not marked changed keeps the previous time's bits. Over the four templates
    /// most (entry, time) pairs are not evaluated again, and some are.
    func testSamplerGivesSubsetStatesBitForBit() throws {
        var ownSkipped = 0, mapSkipped = 0, read = 0, quietSteps = 0
        for name in Self.templates {
            let sim = try Simulation(try ExportFixtures.template(name))
            let sampler = ProjectionSampler(sim), subset = sampler.gridLayers, end = sim.timeline.duration
            let cuts = sampler.breakpoints(end: end)
            XCTAssertGreaterThan(cuts.count, 2, name)
            for n in cuts.indices {
                let c0 = cuts[n]
                let times = n + 1 < cuts.count ? [c0] + ProjectionSampler.gridTimes(from: c0, to: cuts[n + 1], end: end) + [cuts[n + 1].nextDown] : [c0]
                var incremental = LayerSubsetSampler(sim, subset, at: min(times[0], end.nextDown))
                var previous = incremental.state
                for (m, t) in times.enumerated() {
                    if m > 0 { incremental.advance(to: min(t, end.nextDown)) }
                    if m > 0, !incremental.changed.contains(true) { quietSteps += 1 }
                    let got = incremental.state, want = sim.state(of: subset, at: min(t, end.nextDown))
                    XCTAssertEqual(got.time.bitPattern, want.time.bitPattern, "\(name) at \(t)")
                    for k in subset.layers.indices {
                        XCTAssertEqual(got.states[k], want.states[k], "\(name) layer \(subset.layers[k]) at \(t)")
                        XCTAssertEqual(Self.bits(got, k), Self.bits(want, k), "\(name) layer \(subset.layers[k]) at \(t)")
                        guard m > 0 else { continue }
                        if !incremental.ownChanged[k] {
                            XCTAssertEqual(got.states[k], previous.states[k], "\(name) layer \(subset.layers[k]) at \(t)")
                            ownSkipped += 1
                        }
                        if !incremental.changed[k] {
                            XCTAssertEqual(Self.bits(got, k), Self.bits(previous, k), "\(name) layer \(subset.layers[k]) at \(t)")
                            mapSkipped += 1
                        } else {
                            read += 1
                        }
                    }
                    previous = got
                }
            }
        }
        XCTAssertGreaterThan(mapSkipped, read, "most maps kept over the four templates")
        // Measured: 303,105 own states kept, 94,806 maps evaluated again (a page's children move with it).
        XCTAssertGreaterThan(ownSkipped, 3 * read, "most layers' own states kept")
        XCTAssertGreaterThan(read, 0)
        XCTAssertGreaterThan(quietSteps, 0, "some steps keep every entry (a quiet step)")
    }

    /// `ChangeSpans.anyChange` (the sampler's quiet steps, passed without visiting an entry) is
    /// true exactly when some entry's `ownChange` is, over every step of every interval's grid
    /// times of the four templates; both answers occur.
    func testAnyChangeIsSomeEntrysOwnChangeOverTheGrid() throws {
        var quiet = 0, moving = 0
        for name in Self.templates {
            let sim = try Simulation(try ExportFixtures.template(name))
            let sampler = ProjectionSampler(sim), subset = sampler.gridLayers, end = sim.timeline.duration
            let cuts = sampler.breakpoints(end: end)
            for n in cuts.indices where n + 1 < cuts.count {
                let c0 = cuts[n]
                let times = ([c0] + ProjectionSampler.gridTimes(from: c0, to: cuts[n + 1], end: end) + [cuts[n + 1].nextDown])
                    .map { min($0, end.nextDown) }
                var any = ChangeSpans(sim, layers: subset.layers), each = any
                for (a, b) in zip(times, times.dropFirst()) {
                    var some = false
                    for k in subset.layers.indices where each.ownChange(k, since: a, to: b) { some = true }
                    XCTAssertEqual(any.anyChange(since: a, to: b), some, "\(name) over (\(a), \(b)]")
                    if some { moving += 1 } else { quiet += 1 }
                }
            }
        }
        XCTAssertGreaterThan(quiet, 0)
        XCTAssertGreaterThan(moving, 0)
    }

    /// Times that go back, or past the loop, are evaluated whole (every entry changed).
    func testTimesBackOrPastTheLoopAreEvaluatedWhole() throws {
        let sim = try Simulation(try ExportFixtures.template("flip-pop"))
        let subset = ProjectionSampler(sim).gridLayers, end = sim.timeline.duration
        var sampler = LayerSubsetSampler(sim, subset, at: end * 0.6)
        for t in [end * 0.3, end * 1.4, end * 0.5] {
            sampler.advance(to: t)
            XCTAssertTrue(sampler.changed.allSatisfy { $0 } && sampler.ownChanged.allSatisfy { $0 }, "at \(t)")
            let want = sim.state(of: subset, at: t)
            for k in subset.layers.indices {
                XCTAssertEqual(sampler.state.states[k], want.states[k])
                XCTAssertEqual(Self.bits(sampler.state, k), Self.bits(want, k), "at \(t)")
            }
        }
    }

    /// After a time evaluated whole that is earlier than the last, each layer's change spans are
    /// read from the first again: steps forward from there see every change (ChangeSpans.restart).
    func testStepsAfterGoingBackSeeEveryChange() throws {
        let sim = try Simulation(try ExportFixtures.template("flip-pop"))
        let subset = ProjectionSampler(sim).gridLayers, end = sim.timeline.duration
        let steps = (1..<60).map { end * Double($0) / 60 }
        var sampler = LayerSubsetSampler(sim, subset, at: 0)
        for t in steps { sampler.advance(to: t) }
        sampler.advance(to: 0)  // back: evaluated whole
        var recomputed = 0
        for t in steps {
            sampler.advance(to: t)
            recomputed += sampler.ownChanged.filter { $0 }.count
            let want = sim.state(of: subset, at: t)
            for k in subset.layers.indices {
                XCTAssertEqual(sampler.state.states[k], want.states[k], "at \(t)")
                XCTAssertEqual(Self.bits(sampler.state, k), Self.bits(want, k), "at \(t)")
            }
        }
        XCTAssertGreaterThan(recomputed, 0, "the page moves: some own states are evaluated again")
    }

    /// makeIntervalGrid's grid (kept numbers where nothing changed) against a grid appended from
    /// whole subset states at the same times: every layer's projection to the bit, its state and
    /// every host's box, in every interval of the four templates.
    func testIntervalGridsEqualGridsOfWholeSubsetStates() throws {
        for name in Self.templates {
            let sim = try Simulation(try ExportFixtures.template(name))
            let sampler = ProjectionSampler(sim), end = sim.timeline.duration, cuts = sampler.breakpoints(end: end)
            let hosts = Array(Set(sampler.layers.map { $0.host ?? -1 })).map { $0 < 0 ? nil : $0 }
            for n in cuts.indices {
                let made = sampler.makeIntervalGrid(n, cuts, end: end)
                var whole = ProjectionGrid(sampler, capacity: made.times.count)
                for t in made.times { whole.append(sampler.gridState(t, end: end), sampler) }
                XCTAssertEqual(made.states.count, whole.count, name)
                for k in made.times.indices {
                    for (i, _) in sampler.layers {
                        XCTAssertEqual(made.states.projection(k, i).bits, whole.projection(k, i).bits, "\(name) \(i) at \(k)")
                        XCTAssertEqual(made.states.layerState(k, i), whole.layerState(k, i), "\(name) \(i) at \(k)")
                    }
                    for host in hosts { XCTAssertEqual(made.states.box(k, host: host), whole.box(k, host: host), "\(name) at \(k)") }
                }
            }
        }
    }

    /// A factored plane seen edge-on takes R's limit (ProjectionSampler.edgeOnResidual): read from
    /// the grid, it is the one read from the whole state at that grid time, to the bit, for every
    /// layer of the plane, at every edge-on grid time of the cube (its faces turn through 90°).
    func testEdgeOnResidualFromTheGridIsTheWholeStates() throws {
        let sim = try Simulation(try ExportFixtures.template("stories-cube"))
        let prepared = try XCTUnwrap(ProjectionPreparation(sim))
        let sampler = prepared.sampler, end = prepared.end, cuts = sampler.breakpoints(end: end)
        let factors = sampler.planeFactors(times: prepared.coarse, end: end, groups: prepared.groups)
        XCTAssertFalse(factors.planeOf.isEmpty)
        var compared = 0
        for n in cuts.indices {
            let grid = sampler.makeIntervalGrid(n, cuts, end: end)
            for k in grid.times.indices {
                for r in factors.references {
                    let a = try XCTUnwrap(ProjectionSampler.affine(grid.states.projection(k, r), grid.states.layerState(k, r)))
                    guard ProjectionSampler.wasEdgeOn(a) else { continue }
                    let state = sampler.state(grid.times[k], end: end)
                    for (i, plane) in factors.planeOf where plane == r {
                        XCTAssertTrue(sampler.inGrid(grid.states, i, plane: r))
                        let fromGrid = sampler.edgeOnResidual(grid.states, k, i, plane: r), whole = sampler.edgeOnResidual(state, i, plane: r)
                        XCTAssertEqual(fromGrid?.bits, whole?.bits, "layer \(i) at \(grid.times[k])")
                        if whole != nil { compared += 1 }
                    }
                }
            }
        }
        XCTAssertGreaterThan(compared, 100)
    }
}

extension PlaneProjection {
    /// The nine numbers' bits, for comparing projections to the bit (NaNs included).
    fileprivate var bits: [UInt64] { (0..<9).map { h[$0].bitPattern } }
}

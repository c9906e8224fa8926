import Motion
import Simulation
import TransitionModel
import XCTest

@testable import Keyframes

/// The sampler's memory cuts (BENCHMARKS.md#memory-and-time-pass) give the same numbers
/// as before, to the bit: a ProjectionGrid samples what whole SceneStates sample, and the
/// stadium error's early-stopping search finds the full search's distance.
final class ProjectionGridTests: XCTestCase {
    /// A page with a gradient turning under perspective, and a child bar on it (a layer whose
    /// state never changes while its projection does): every group's paths, axes and box from
    /// the grid equal those from the state, at every grid time.
    func testGridSamplesWhatWholeStatesSample() throws {
        var def = flipDefinition(to: -60)
        let gradient = LinearGradient(stops: [LinearGradient.Stop(offset: 0, color: .black), LinearGradient.Stop(offset: 1, color: .white)])
        def.layers[0].children[0].fill = .linearGradient(gradient)
        def.layers[0].children[0].children = [
            LayerDefinition(
                id: "bar", kind: .rect, position: Point(195, 100), size: Size(200, 40), numbers: [.cornerRadius: 20], fill: .solid(.black))
        ]
        let sim = try Simulation(def)
        let sampler = ProjectionSampler(sim)
        XCTAssertEqual(sampler.layers.count, 2)
        let groups = sampler.groups(at: sim.state(at: 0))
        let times = (0...60).map { Double($0) * sim.timeline.duration / 60 }
        var grid = ProjectionGrid(sampler, capacity: times.count)
        for t in times { grid.append(sampler.gridState(t, end: sim.timeline.duration), sampler) }
        XCTAssertEqual(grid.count, times.count)
        for (k, t) in times.enumerated() {
            let state = sampler.state(t, end: sim.timeline.duration)
            for members in groups {
                let whole = sampler.sample(state, members), reduced = sampler.sample(grid, k, members)
                XCTAssertEqual(reduced.paths, whole.paths, "t = \(t)")
                XCTAssertEqual(reduced.axes, whole.axes, "t = \(t)")
                XCTAssertEqual(reduced.box, whole.box, "t = \(t)")
                // Flat, with the axes (factorInterval's store): the same numbers.
                var flat: [Point] = [], ends: [Int] = []
                let axes = sampler.appendFlat(
                    members, to: &flat, axes: true, state: { state.layers[$0] }, projection: { sampler.projection(state, $0, host: sampler.hosts[$0]!) },
                    appendDrawn: { _, _, _, _ in false }, ends: { ends.append($0) })
                XCTAssertEqual(axes, whole.axes, "t = \(t)")
                XCTAssertEqual(flat, whole.paths.flatMap(\.allPoints), "t = \(t)")
                XCTAssertEqual(ends, whole.paths.indices.map { p in whole.paths[...p].reduce(0) { $0 + 3 * $1.segmentCount } })
            }
            // The residual's projection, made from the grid's matrix in place (factorInterval).
            for (i, host) in sampler.layers {
                let other = sampler.projection(state, host ?? i, host: nil)
                XCTAssertEqual(grid.projection(k, i, then: other), grid.projection(k, i).concatenating(other), "t = \(t)")
            }
        }
    }

    /// The grid's drawn paths (made once per distinct layer state, ProjectionGrid.drawPaths) give
    /// the paths the specs draw at each grid time, to the bit, with the levels chosen (rounded
    /// bars halved) and with an ellipse drawn as arcs of its image (the factored fit's sampler).
    func testDrawnPathsOnceSampleTheSame() throws {
        var def = flipDefinition(to: -60)
        def.layers[0].children[0].children = [
            LayerDefinition(
                id: "bar", kind: .rect, position: Point(195, 100), size: Size(200, 40), numbers: [.cornerRadius: 20], fill: .solid(.black)),
            LayerDefinition(id: "dot", kind: .ellipse, position: Point(100, 300), size: Size(80, 60), fill: .solid(.black)),
        ]
        let sim = try Simulation(def)
        let end = sim.timeline.duration
        let times = (0...60).map { Double($0) * end / 60 }
        for arcs in [false, true] {
            var sampler = ProjectionSampler(sim)
            sampler.chooseLevels(times: times, end: end)
            sampler.imageArcs = arcs
            XCTAssertEqual(sampler.layers.count, 3)
            let groups = sampler.groups(at: sim.state(at: 0))
            var grid = ProjectionGrid(sampler, capacity: times.count)
            for t in times { grid.append(sampler.gridState(t, end: end), sampler) }
            XCTAssertNil(grid.drawnPath(0, 0, layer: sampler.specs[0].layer))
            let before = (0..<grid.count).map { k in groups.map { sampler.sample(grid, k, $0) } }
            grid.drawPaths(sampler)
            for n in sampler.specs.indices {
                XCTAssertEqual(grid.drawnPath(30, n, layer: sampler.specs[n].layer), sampler.specs[n].drawnPath(grid.layerState(30, sampler.specs[n].layer)))
            }
            for k in 0..<grid.count {
                for (g, members) in groups.enumerated() {
                    let after = sampler.sample(grid, k, members)
                    XCTAssertEqual(after.paths, before[k][g].paths, "k = \(k), arcs \(arcs)")
                    XCTAssertEqual(after.axes, before[k][g].axes, "k = \(k), arcs \(arcs)")
                    // The flat points the fits read, made without the paths: the same bits.
                    let layout = ProjectionFitter.Layout(after.paths, outlines: members.map { _ in false })
                    let flat = sampler.flatSample(grid, k, members, count: layout.pointCount), expected = layout.flat(after.paths)
                    XCTAssertEqual(flat.map(\.x.bitPattern), expected.map(\.x.bitPattern), "k = \(k), arcs \(arcs)")
                    XCTAssertEqual(flat.map(\.y.bitPattern), expected.map(\.y.bitPattern), "k = \(k), arcs \(arcs)")
                    XCTAssertEqual(layout.paths(flat), after.paths)
                }
            }
        }
    }

    /// A still stretch (the same time appended again and again, as a flip held at its end) stores
    /// each layer's projection row once: the grid grows by its indices, flags and box only, far
    /// under a row (72 bytes) per layer and time, and every time reads the first time's numbers.
    func testQuietTimesStoreTheirRowsOnce() throws {
        let sim = try Simulation(flipDefinition(to: -60))
        let sampler = ProjectionSampler(sim)
        let end = sim.timeline.duration
        var grid = ProjectionGrid(sampler, capacity: 41)
        grid.append(sampler.gridState(0.8, end: end), sampler)
        let one = grid.byteCount
        for _ in 0..<40 { grid.append(sampler.gridState(0.8, end: end), sampler) }
        XCTAssertEqual(grid.count, 41)
        XCTAssertLessThan(grid.byteCount - one, 40 * sampler.layers.count * 72)
        for k in 1..<grid.count {
            for (i, _) in sampler.layers {
                XCTAssertEqual((0..<9).map { grid.projection(k, i).h[$0].bitPattern }, (0..<9).map { grid.projection(0, i).h[$0].bitPattern })
                XCTAssertTrue(grid.repeats(k, i))
            }
        }
        // A moving stretch (the turn runs from 0.5 s to 1.1 s) stores a row per layer and time, its
        // numbers each time's own.
        var moving = ProjectionGrid(sampler, capacity: 2)
        for t in [0.6, 0.9] { moving.append(sampler.gridState(t, end: end), sampler) }
        for (i, host) in sampler.layers {
            XCTAssertNotEqual(moving.projection(0, i), moving.projection(1, i))
            let state = sampler.state(0.9, end: end)
            XCTAssertEqual(moving.projection(1, i), sampler.projection(state, i, host: host))
        }
    }

    /// Each host's box-repeat flag is read by the host's slot, the order in which the projected
    /// layers first meet their hosts: here the canvas (for "a", painted first) and then "box"
    /// (for "b"), the reverse of their indices. Written in index order, "box"'s flag was the
    /// canvas's: it said "repeats" while "box" moved, and the levels' search skipped those times.
    func testABoxRepeatFlagIsItsOwnHostsWhateverTheHostsOrder() throws {
        let a = LayerDefinition(
            id: "a", kind: .rect, position: Point(195, 200), size: Size(200, 120),
            transform: LayerTransform(rotationY: 0.4, m34: -1.0 / 500), fill: .solid(.white))
        var box = LayerDefinition(id: "box", frame: Rect(0, 400, 390, 400))
        box.sublayerTransform = LayerTransform(m34: -1.0 / 500)
        box.children = [LayerDefinition(id: "b", kind: .rect, frame: Rect(95, 100, 200, 120), fill: .solid(.white))]
        let move = AnimationBlock(
            duration: 0.5, timing: .named(.easeInOut),
            changes: [
                PropertyChange(layer: "box", .position(Point(195, 500))),
                PropertyChange(layer: "b", .transform(LayerTransform(rotationY: 0.6))),
            ])
        let sim = try Simulation(
            TransitionDefinition(
                name: "two-hosts", description: "test", canvas: Canvas(size: Size(390, 844)),
                timeline: TimelineSettings(holdBefore: 0.2, holdBetween: 0.2, holdAfter: 0.2),
                layers: [a, box], phases: [Phase(name: "move", blocks: [move])]))
        let sampler = ProjectionSampler(sim)
        let boxIndex = try XCTUnwrap(sim.index(ofLayer: "box"))
        XCTAssertEqual(sampler.layers.map(\.host), [nil, boxIndex], "the canvas is met first, then box")
        let end = sim.timeline.duration, times = (0...30).map { end * Double($0) / 30 }
        var grid = ProjectionGrid(sampler, capacity: times.count)
        for t in times { grid.append(sampler.gridState(t, end: end), sampler) }
        var moved = 0
        for k in 1..<grid.count {
            for host in [nil, boxIndex] {
                let same = ProjectionGrid.sameBits(grid.box(k - 1, host: host), grid.box(k, host: host))
                XCTAssertEqual(grid.boxRepeats(k, host: host), same, "time \(k), host \(String(describing: host))")
                if host != nil, !same { moved += 1 }
            }
        }
        XCTAssertGreaterThan(moved, 5, "box moves")
    }

    /// A gradient's colour samples without a Set: the distinct stop offsets and sixteenths, sorted,
    /// as the Set made them (stops repeated, on a sixteenth, between them, out of order).
    func testGradientSamplesAsTheSetMadeThem() {
        let offsetsCases: [[Double]] = [[0, 1], [0.5, 0.25, 0.5, 0.3, 1], [1, 0.7, 0.0625, 0.0625, 0], [0.1], []]
        for offsets in offsetsCases {
            let g = LinearGradient(stops: offsets.map { LinearGradient.Stop(offset: $0, color: .black) })
            let expected = Array(Set(offsets + (0...16).map { Double($0) / 16 })).sorted()
            XCTAssertEqual(PathSpec.gradientSamples(g).map(\.bitPattern), expected.map(\.bitPattern), "\(offsets)")
        }
    }

    /// Random point runs against random polylines (and a half circle against its one-cubic
    /// stand-in): the early-stopping search returns exactly the full pairwise search's number.
    func testFarthestEqualsTheFullSearch() {
        func full(_ points: [Point], _ line: [Point]) -> Double {
            var worst = 0.0
            for p in points {
                var best = Double.infinity
                for n in 1..<line.count {
                    let a = line[n - 1], d = line[n] - a, len2 = d.x * d.x + d.y * d.y
                    let u = len2 > 0 ? max(0, min(1, ((p.x - a.x) * d.x + (p.y - a.y) * d.y) / len2)) : 0
                    best = min(best, p.distance(to: a + d * u))
                }
                worst = max(worst, best)
            }
            return worst
        }
        var seed: UInt64 = 12345
        func random() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        for _ in 0..<200 {
            let points = (0..<Int(1 + random() * 40)).map { _ in Point(random() * 100, random() * 100) }
            let line = (0..<Int(2 + random() * 40)).map { _ in Point(random() * 100, random() * 100) }
            let exact = full(points, line)
            XCTAssertEqual(PathSpec.farthest(points, from: line), exact)
            // From a largest distance so far: the larger of it and the full search's.
            for atLeast in [0, exact / 2, exact, exact * 1.5, random() * 100] {
                XCTAssertEqual(PathSpec.farthest(points, from: line, atLeast: atLeast), max(atLeast, exact))
                // The ellipse's search (blocks of 32 segments) likewise.
                XCTAssertEqual(BezierPath.farthest(points, from: line, atLeast: atLeast), max(atLeast, exact))
            }
            XCTAssertEqual(BezierPath.farthest(points, from: line), exact)
        }
        let arc = (0...48).map { m in Point(cos(Double.pi * Double(m) / 48), sin(Double.pi * Double(m) / 48)) }
        let cubic = (0...48).map { m in Point(cos(Double.pi * Double(m) / 48) * 1.01, sin(Double.pi * Double(m) / 48) * 0.99) }
        XCTAssertEqual(PathSpec.farthest(arc, from: cubic), full(arc, cubic))
        XCTAssertEqual(PathSpec.farthest(cubic, from: arc), full(cubic, arc))
        XCTAssertGreaterThan(PathSpec.farthest(arc, from: cubic), 0.005)
    }

    /// A text's bars turning under perspective: a bar's one-cubic ends' error from a largest error
    /// so far is the larger of the two, at every time (chooseLevels passes its running maximum).
    func testStadiumErrorFromTheLargestSoFar() throws {
        var def = flipDefinition(to: -60)
        def.layers[0].children[0].children = [
            LayerDefinition(kind: .text(lines: 2), frame: Rect(60, 20, 120, 30), fill: .solid(.black))
        ]
        let sim = try Simulation(def)
        let sampler = ProjectionSampler(sim)
        let end = sim.timeline.duration
        let bar = try XCTUnwrap(sampler.specs.first { $0.isStadiumBar })
        var errors: [Double] = []
        for k in 0...20 {
            let state = sampler.state(Double(k) * end / 20, end: end)
            let h = sampler.projection(state, bar.layer, host: sampler.hosts[bar.layer]!)
            let error = bar.stadiumError(state.layers[bar.layer], h)
            for atLeast in [0, error / 2, error, error * 3] {
                XCTAssertEqual(bar.stadiumError(state.layers[bar.layer], h, atLeast: atLeast), max(atLeast, error))
            }
            errors.append(error)
        }
        XCTAssertGreaterThan(errors.max()!, 0.001)  // the ends do stray: the bound is exercised
    }

    /// The stadium error's tables (the half circles' angles, the cubic's weights at s = m/48) give
    /// the numbers of the direct formulas: cos and sin per angle, PlaneProjection.apply,
    /// BezierPath.point(segment:at:), to the bit, for texts of several sizes turning.
    func testStadiumErrorTablesGiveTheDirectNumbers() throws {
        let (sim, sampler) = try turningTexts()
        let end = sim.timeline.duration
        var compared = 0
        for spec in sampler.specs where spec.isStadiumBar {
            guard case .bar(let bar, let base) = spec.source else { continue }
            for k in 0...20 {
                let state = sampler.state(Double(k) * end / 20, end: end)
                let s = state.layers[spec.layer], h = sampler.projection(state, spec.layer, host: sampler.hosts[spec.layer]!)
                let (sx, sy) = PathSpec.stretch(base, s), c = bar.size.height / 2
                let direct = [(1, bar.maxX - c, -Double.pi / 2), (3, bar.minX + c, Double.pi / 2)].map { k, cx, start in
                    (
                        k,
                        (0...48).map { m in
                            let a = start + Double.pi * Double(m) / 48
                            return h.apply(Point((cx + c * cos(a)) * sx, (bar.midY + c * sin(a)) * sy))
                        }
                    )
                }
                let tabled = spec.exactEnds(s, h)
                XCTAssertEqual(tabled.map(\.0), direct.map(\.0))
                XCTAssertEqual(tabled.map(\.1), direct.map(\.1))
                let drawn = spec.projectedPath(s, h)
                var worst = 0.0
                for (k, exact) in direct {
                    let curve = (0...48).map { drawn.point(segment: k, at: Double($0) / 48) }
                    worst = max(worst, PathSpec.farthest(exact, from: curve), PathSpec.farthest(curve, from: exact))
                }
                XCTAssertEqual(spec.stadiumError(s, h), worst)
                XCTAssertEqual(spec.stadiumError(s, h, drawn: drawn), worst)
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 100)
    }

    /// chooseLevels (each level's search from the time a spec last failed it, the bar's path made
    /// once per time) chooses the levels and the bars' largest error of the plain search: every
    /// grid time in order, a level failed at the first time over the tolerance.
    func testLevelsAsThePlainSearch() throws {
        let (sim, plain) = try turningTexts()
        let end = sim.timeline.duration
        let times = (0...90).map { Double($0) * end / 90 }
        var chosen = plain
        chosen.chooseLevels(times: times, end: end)
        var grid = ProjectionGrid(plain, capacity: times.count)
        for t in times { grid.append(plain.gridState(t, end: end), plain) }
        let tolerance = ProjectionTolerance.curve / chosen.hostScale
        var levelsSeen = Set<Int>()
        for n in plain.specs.indices {
            var spec = plain.specs[n], level = 0, worst = 0.0
            search: while level < 6 {
                spec.levels = level
                worst = 0
                for k in 0..<grid.count {
                    let h = grid.projection(k, spec.layer), s = grid.layerState(k, spec.layer)
                    let oneCubic = level == 0 && spec.isStadiumBar
                    if oneCubic, !ProjectionSampler.meets(spec.projectedPath(s, h), grid.box(k, host: plain.hosts[spec.layer]!)) { continue }
                    let error = oneCubic ? spec.stadiumError(s, h) : ProjectionSampler.curveError(spec.drawnPath(s), h)
                    if error > tolerance { level += 1; continue search }
                    if oneCubic { worst = max(worst, error) }
                }
                break
            }
            XCTAssertEqual(chosen.specs[n].levels, level, "spec \(n)")
            XCTAssertEqual(chosen.specs[n].shapeError, worst, "spec \(n)")
            levelsSeen.insert(level)
        }
        XCTAssertTrue(levelsSeen.contains(0))
        XCTAssertGreaterThan(levelsSeen.count, 1)  // some bars fail level 0: the restart order is exercised
    }

    /// Texts of several sizes on a page turning under perspective.
    private func turningTexts() throws -> (Simulation, ProjectionSampler) {
        var def = flipDefinition(to: -80)
        def.layers[0].children[0].children = [
            LayerDefinition(kind: .text(lines: 3), frame: Rect(20, 20, 300, 60), fill: .solid(.black)),
            LayerDefinition(kind: .text(lines: 2), frame: Rect(60, 120, 120, 30), fill: .solid(.black)),
            LayerDefinition(kind: .text(lines: 4), frame: Rect(10, 200, 340, 200), fill: .solid(.black)),
        ]
        let sim = try Simulation(def)
        return (sim, ProjectionSampler(sim))
    }
}

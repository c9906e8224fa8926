import Foundation
import Geometry
import Motion
import Simulation
import TransExportTestSupport
import TransitionModel
import XCTest

@testable import Keyframes

/// Stop 45's shortcuts in choosing the levels (ProjectionSampler.chooseLevels), each against a
/// verbatim copy of the code it replaced: the ellipse error's points and farthest search (the
/// near segments nearest first, each point's search ended at the first within the largest
/// distance so far; a stop above a limit), the arcs judged from the time the last spec failed,
/// and the curve error made without a projected path. (The drawn path made once per distinct
/// state is checked by ProjectionGridTests.testLevelsAsThePlainSearch.)
final class ProjectionLevelsSameAnswerTests: XCTestCase {
    /// BezierPath.farthest as it was (stop 44): all 7 near segments, then the blocks.
    static func oldFarthest(_ points: [Point], from line: [Point], atLeast: Double = 0) -> Double {
        let segments = line.count - 1
        guard segments > 0 else { return points.isEmpty ? atLeast : .infinity }
        @inline(__always) func distance(_ p: Point, _ n: Int) -> Double {
            let a = line[n], b = line[n + 1]
            let dx = b.x - a.x, dy = b.y - a.y, len2 = dx * dx + dy * dy
            let u = len2 > 0 ? max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2)) : 0
            let qx = a.x + dx * u, qy = a.y + dy * u
            return ((p.x - qx) * (p.x - qx) + (p.y - qy) * (p.y - qy)).squareRoot()
        }
        let blocks = stride(from: 0, to: segments, by: 32).map { b -> (Range<Int>, Rect) in
            var bounds = PointBounds()
            for p in line[b...min(b + 32, segments)] { bounds.add(p) }
            return (b..<min(b + 32, segments), Rect(bounds.minX, bounds.minY, bounds.maxX - bounds.minX, bounds.maxY - bounds.minY))
        }
        var worst = atLeast, near = 0
        for p in points {
            var best = Double.infinity, nearest = near
            for k in -3...3 {
                var n = near + k
                if segments >= 3 { n = n < 0 ? n + segments : n >= segments ? n - segments : n } else { n = (n % segments + segments) % segments }
                let d = distance(p, n)
                if d < best { best = d; nearest = n }
            }
            if best > worst {
                for (range, box) in blocks {
                    let dx = max(box.minX - p.x, 0, p.x - box.maxX), dy = max(box.minY - p.y, 0, p.y - box.maxY)
                    guard (dx * dx + dy * dy).squareRoot() < best else { continue }
                    for n in range {
                        let d = distance(p, n)
                        if d < best { best = d; nearest = n }
                    }
                }
            }
            near = nearest
            worst = max(worst, best)
        }
        return worst
    }

    /// BezierPath.ellipseImageError as it was (stop 44): each point by point(segment:at:).
    static func oldImageError(_ path: BezierPath, _ arcs: BezierPath, _ h: PlaneProjection, box: Rect, pieces: Int = 1024, atLeast: Double = 0)
        -> Double
    {
        func points(_ p: BezierPath, _ f: (Point) -> Point) -> [Point] {
            let n = p.segmentCount, per = pieces / n
            var out: [Point] = []
            out.reserveCapacity(n * per + 1)
            for k in 0..<n {
                for m in 0..<per { out.append(f(p.point(segment: k, at: Double(m) / Double(per)))) }
            }
            out.append(f(p.vertices[0]))
            return out
        }
        let exact = points(path, h.apply), drawn = points(arcs) { $0 }
        func seen(_ p: Point) -> Bool { p.x >= box.minX && p.x <= box.maxX && p.y >= box.minY && p.y <= box.maxY }
        let first = oldFarthest(exact.filter(seen), from: drawn, atLeast: atLeast)
        return oldFarthest(drawn.filter(seen), from: exact, atLeast: first)
    }

    var seed: UInt64 = 45
    func random() -> Double {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(seed >> 11) / Double(1 << 53)
    }

    /// `new` is `old` bit for bit when `old` is within `stopAbove`, else some number above it.
    func assertStops(_ new: Double, _ old: Double, _ stopAbove: Double, _ message: String) {
        if old <= stopAbove {
            XCTAssertEqual(new.bitPattern, old.bitPattern, message)
        } else {
            XCTAssertGreaterThan(new, stopAbove, message)
        }
    }

    func testTheEllipsesFarthestSearchGivesTheSameNumber() {
        var compared = 0, stopped = 0
        // Lines of 1 to 70 segments (the near search wraps more than once below 3), around a
        // circle and at random, against points along it and off it, running either way.
        for segments in [1, 2, 3, 4, 5, 7, 31, 32, 33, 70, 1024] {
            for round in 0..<8 {
                let line = (0...segments).map { m -> Point in
                    let a = 2 * Double.pi * Double(m) / Double(segments)
                    return round % 2 == 0 ? Point(100 * cos(a) + random(), 60 * sin(a)) : Point(200 * random() - 100, 200 * random() - 100)
                }
                let off = round < 4 ? 10.0 : 0.01
                var points = (0..<50).map { m -> Point in
                    let a = 2 * Double.pi * Double(m) / 50
                    return Point(100 * cos(a) + 2 * off * random() - off, 60 * sin(a) + 2 * off * random() - off)
                }
                if round % 4 == 3 { points.reverse() }
                for atLeast in [0, 0.005, 0.5, 5, 1e9] {
                    let old = Self.oldFarthest(points, from: line, atLeast: atLeast)
                    let new = BezierPath.farthest(points, from: line, atLeast: atLeast)
                    XCTAssertEqual(new.bitPattern, old.bitPattern, "\(segments) segments, round \(round)")
                    compared += 1
                    for stopAbove in [0, 0.01, 1, 8, 1e10] {
                        assertStops(
                            BezierPath.farthest(points, from: line, atLeast: atLeast, stopAbove: stopAbove), old, stopAbove,
                            "\(segments) segments, round \(round), stop above \(stopAbove)")
                        if old > stopAbove { stopped += 1 }
                    }
                }
            }
        }
        XCTAssertEqual(BezierPath.farthest([], from: [Point(0, 0)]), 0)
        XCTAssertEqual(BezierPath.farthest([Point(1, 1)], from: [Point(0, 0)]), .infinity)
        XCTAssertEqual(compared, 440)
        XCTAssertGreaterThan(stopped, 100)
        XCTAssertLessThan(stopped, 440 * 5 - 100)
    }

    /// Ellipses under perspectives (whole, half off the box), their image arcs at 4 to 32 arcs
    /// against the projected cubics: the same number as the old points and search, bit for bit
    /// (two of the five turns and the 64-piece search in the fast tier).
    func testTheEllipsesImageErrorGivesTheSameNumber() throws {
        var compared = 0, stopped = 0
        for rect in [Rect(-140, 560, 460, 320), Rect(200, 170, 150, 150), Rect(10, 10, 80, 60)] {
            let path = BezierPath.ellipse(rect), e = try XCTUnwrap(path.quarterArcs)
            for degrees in CatalogTier.isEnabled ? [0.0, -20, -55, 35, 70] : [-55, 35] {
                let turned = PlaneProjection.turnedPage(degrees).h
                let h = PlaneProjection([turned[0], turned[1], turned[2], turned[3], turned[4], turned[5], turned[6] + 30, turned[7] - 10, turned[8]])
                for count in [4, 8, 16, 32] {
                    guard let arcs = BezierPath.projectedEllipse(e, h, count: count) else { continue }
                    for box in [Rect(-1e4, -1e4, 2e4, 2e4), Rect(0, 0, 390, 844), Rect(rect.midX, -1e4, 1e4, 2e4)] {
                        for pieces in CatalogTier.isEnabled ? [64, 1024] : [64] {
                            for atLeast in [0, 0.002, 0.2] {
                                let old = Self.oldImageError(path, arcs, h, box: box, pieces: pieces, atLeast: atLeast)
                                let new = path.ellipseImageError(arcs, h, box: box, pieces: pieces, atLeast: atLeast)
                                XCTAssertEqual(new.bitPattern, old.bitPattern, "\(rect) \(degrees)° \(count) arcs")
                                compared += 1
                                for stopAbove in [0.0005, 0.2] {
                                    assertStops(
                                        path.ellipseImageError(arcs, h, box: box, pieces: pieces, atLeast: atLeast, stopAbove: stopAbove), old,
                                        stopAbove, "\(rect) \(degrees)° \(count) arcs, stop above \(stopAbove)")
                                    if old > stopAbove { stopped += 1 }
                                }
                            }
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(compared, CatalogTier.isEnabled ? 500 : 200)
        XCTAssertGreaterThan(stopped, CatalogTier.isEnabled ? 50 : 20)
        XCTAssertLessThan(stopped, compared * 2 - (CatalogTier.isEnabled ? 50 : 20))
    }

    /// arcsFailure from any start finds a failing time exactly when the plain search (every
    /// grid time in order, arcsMeet as it was) does, and the time it gives fails (from every third
    /// grid time at six tolerances; in the fast tier, every seventh at three).
    func testArcsJudgedFromAnyStartAsThePlainSearch() throws {
        var def = flipDefinition(to: -70)
        def.layers[0].children[0].children = [
            LayerDefinition(id: "dot", kind: .ellipse, position: Point(150, 300), size: Size(300, 200), fill: .solid(.black))
        ]
        let sim = try Simulation(def)
        let end = sim.timeline.duration
        let times = (0...40).map { Double($0) * end / 40 }
        let sampler = ProjectionSampler(sim)
        var grid = ProjectionGrid(sampler, capacity: times.count)
        for t in times { grid.append(sampler.gridState(t, end: end), sampler) }
        let n = try XCTUnwrap(sampler.specs.indices.first { sampler.specs[$0].boundsPath(sim.state(at: 0).layers[sampler.specs[$0].layer]).quarterArcs != nil })
        let layer = sampler.specs[n].layer, host = sampler.hosts[layer]!
        func fails(_ k: Int, _ tolerance: Double, _ levels: Int) -> Bool {
            let path = sampler.specs[n].boundsPath(grid.layerState(k, layer)), h = grid.projection(k, layer)
            guard let e = path.quarterArcs, let arcs = BezierPath.projectedEllipse(e, h, count: 4 << levels) else { return true }
            return Self.oldImageError(path, arcs, h, box: grid.box(k, host: host), atLeast: tolerance) > tolerance
        }
        var outcomes = Set<Bool>()
        for tolerance in CatalogTier.isEnabled ? [1e-4, 1e-3, 0.01, 0.05, 0.2, 1] : [1e-3, 0.05, 1] {
            for levels in 0..<3 {
                let plain = (0..<grid.count).contains { fails($0, tolerance, levels) }
                outcomes.insert(plain)
                XCTAssertEqual(sampler.arcsMeet(n, grid, tolerance, levels: levels), !plain)
                for start in stride(from: 0, to: grid.count, by: CatalogTier.cases(whole: 3, fast: 7)) {
                    let k = sampler.arcsFailure(n, grid, tolerance, levels: levels, from: start)
                    XCTAssertEqual(k != nil, plain, "tolerance \(tolerance), levels \(levels), from \(start)")
                    if let k { XCTAssertTrue(fails(k, tolerance, levels)) }
                }
            }
        }
        XCTAssertEqual(outcomes, [true, false])
    }

    /// ProjectionSampler.curveError as it was (stop 44): through the projected path.
    static func oldCurveError(_ path: BezierPath, _ h: PlaneProjection) -> Double {
        let projected = path.projected(by: h)
        var worst = 0.0
        for k in 0..<path.segmentCount where !path.isLine[k] {
            for s in [0.25, 0.5, 0.75] {
                worst = max(worst, h.apply(path.point(segment: k, at: s)).distance(to: projected.point(segment: k, at: s)))
            }
        }
        return worst
    }

    /// curveError made in place: the same number, bit for bit, on ellipses, rounded rects and
    /// stadiums (cubics and lines), halved 0-3 times, under perspectives turned and moved.
    func testTheCurveErrorGivesTheSameNumber() {
        var compared = 0, positive = 0
        let paths = [
            BezierPath.ellipse(Rect(-140, 560, 460, 320)), BezierPath.ellipse(Rect(10, 10, 80, 60)), BezierPath.stadium(Rect(20, 30, 300, 40)),
            BezierPath.rect(Rect(10, 20, 300, 40)),
            BezierPath(
                vertices: [Point(0, 0), Point(100, 10), Point(90, 120)], outControls: [Point(30, -20), Point(100, 10), Point(40, 110)],
                inControls: [Point(-10, 40), Point(70, -10), Point(90, 120)], isLine: [false, true, false]),
        ]
        for path in paths {
            for levels in 0...3 {
                let p = path.subdivided(levels: levels)
                for degrees in [0.0, -20, -55, 35, 80] {
                    let turned = PlaneProjection.turnedPage(degrees).h
                    for shift in [0.0, 140] {
                        let h = PlaneProjection([
                            turned[0], turned[1], turned[2], turned[3], turned[4], turned[5], turned[6] + shift, turned[7] - shift / 3, turned[8],
                        ])
                        let old = Self.oldCurveError(p, h), new = ProjectionSampler.curveError(p, h)
                        XCTAssertEqual(new.bitPattern, old.bitPattern, "\(levels) levels, \(degrees)°")
                        compared += 1
                        if old > 0 { positive += 1 }
                    }
                }
            }
        }
        XCTAssertEqual(compared, 5 * 4 * 5 * 2)
        XCTAssertGreaterThan(positive, 100)
    }
}

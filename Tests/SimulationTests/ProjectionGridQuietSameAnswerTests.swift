import Foundation
import Geometry
import Motion
import Simulation
import TransitionModel
import XCTest

@testable import Keyframes

/// Stop 46's shortcuts in the grids and the levels, each against what it replaced: a grid time
/// where nothing changed appended whole (ProjectionGrid.appendQuiet) against the per-layer loop,
/// and the stadium's farthest search trying the segment after the last nearest first against a
/// verbatim copy of the old search, bit for bit.
final class ProjectionGridQuietSameAnswerTests: XCTestCase {
    /// PathSpec.farthest as it was (stop 45): from the previous point's nearest segment, forward.
    static func oldFarthest(_ points: [Point], from line: [Point], atLeast: Double = 0) -> Double {
        var worst = atLeast
        let segments = line.count - 1
        guard segments > 0 else { return points.isEmpty ? atLeast : .infinity }
        var start = 1
        for p in points {
            var best = Double.infinity, nearest = start
            var n = start
            for _ in 0..<segments {
                let a = line[n - 1], b = line[n]
                let dx = b.x - a.x, dy = b.y - a.y, len2 = dx * dx + dy * dy
                let u = len2 > 0 ? max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2)) : 0
                let qx = a.x + dx * u, qy = a.y + dy * u
                let distance = ((p.x - qx) * (p.x - qx) + (p.y - qy) * (p.y - qy)).squareRoot()
                if distance < best { best = distance; nearest = n }
                if best <= worst { break }
                n = n == segments ? 1 : n + 1
            }
            start = nearest
            worst = max(worst, best)
        }
        return worst
    }

    /// Half circles and their one-cubic stand-ins (49 points each, as stadiumError makes them),
    /// off by a little or a lot, either way round, reversed, and random runs against random
    /// lines of 1 to 60 segments: the new order gives the old number, bit for bit.
    func testTheStadiumsFarthestSearchGivesTheSameNumber() {
        var seed: UInt64 = 46
        func random() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        var compared = 0, raised = 0
        for round in 0..<40 {
            let r = 5 + 50 * random(), off = [1e-4, 0.01, 0.3, 3][round % 4]
            let arc = (0...48).map { m -> Point in
                let a = -Double.pi / 2 + Double.pi * Double(m) / 48
                return Point(100 + r * cos(a), 50 + r * sin(a))
            }
            var cubic = arc.map { Point($0.x + off * (2 * random() - 1), $0.y + off * (2 * random() - 1)) }
            if round % 5 == 4 { cubic.reverse() }
            for (points, line) in [(arc, cubic), (cubic, arc)] {
                for atLeast in [0, off / 10, off / 2, off, 10 * off] {
                    let old = Self.oldFarthest(points, from: line, atLeast: atLeast)
                    XCTAssertEqual(PathSpec.farthest(points, from: line, atLeast: atLeast).bitPattern, old.bitPattern, "round \(round)")
                    compared += 1
                    if old > atLeast { raised += 1 }
                }
            }
        }
        for segments in 1...60 {
            let line = (0...segments).map { _ in Point(100 * random(), 100 * random()) }
            let points = (0..<Int(1 + 50 * random())).map { _ in Point(100 * random(), 100 * random()) }
            for atLeast in [0, 1, 10, 1e9] {
                XCTAssertEqual(
                    PathSpec.farthest(points, from: line, atLeast: atLeast).bitPattern, Self.oldFarthest(points, from: line, atLeast: atLeast).bitPattern,
                    "\(segments) segments")
                compared += 1
            }
        }
        XCTAssertEqual(PathSpec.farthest([], from: [Point(0, 0)]), 0)
        XCTAssertEqual(PathSpec.farthest([Point(1, 1)], from: [Point(0, 0)]), .infinity)
        XCTAssertEqual(compared, 40 * 2 * 5 + 60 * 4)
        XCTAssertGreaterThan(raised, 50)  // points that raise the largest distance: every segment searched
        XCTAssertLessThan(raised, 400 - 50)  // and points within it: the search stopped early
    }

    /// A page turning between holds (and a child bar that keeps its state): the grid the sampler
    /// makes (ProjectionSampler.grid, told what changed: the holds' times appended whole) equals
    /// the one made from each time's whole state by the per-layer loop (no changes told), time
    /// by time: rows, states, repeat flags, boxes and their flags, and the bytes held.
    func testQuietTimesAppendedWholeAsThePerLayerLoop() throws {
        var def = flipDefinition(to: -60)
        def.layers[0].children[0].children = [
            LayerDefinition(
                id: "bar", kind: .rect, position: Point(195, 100), size: Size(200, 40), numbers: [.cornerRadius: 20], fill: .solid(.black))
        ]
        let sim = try Simulation(def)
        let sampler = ProjectionSampler(sim)
        let end = sim.timeline.duration
        // Before, through and after the turn (0.5 s to 1.1 s): quiet stretches on both sides.
        let times = (0...80).map { Double($0) * end / 80 }
        let told = sampler.grid(times, end: end)
        var plain = ProjectionGrid(sampler, capacity: times.count)
        for t in times { plain.append(sampler.gridState(t, end: end), sampler) }
        XCTAssertEqual(told.count, plain.count)
        XCTAssertEqual(told.byteCount, plain.byteCount)
        var quiet = 0
        for k in times.indices {
            var all = true
            for (i, host) in sampler.layers {
                XCTAssertEqual(
                    (0..<9).map { told.projection(k, i).h[$0].bitPattern }, (0..<9).map { plain.projection(k, i).h[$0].bitPattern }, "k = \(k)")
                XCTAssertEqual(told.stateIndex(k, i), plain.stateIndex(k, i), "k = \(k)")
                XCTAssertEqual(told.repeats(k, i), plain.repeats(k, i), "k = \(k)")
                XCTAssertTrue(ProjectionGrid.sameBits(told.box(k, host: host), plain.box(k, host: host)), "k = \(k)")
                XCTAssertEqual(told.boxRepeats(k, host: host), plain.boxRepeats(k, host: host), "k = \(k)")
                all = all && told.repeats(k, i) && told.boxRepeats(k, host: host)
            }
            if all { quiet += 1 }
        }
        XCTAssertGreaterThan(quiet, 20)  // the holds' times: the whole-time append is exercised
        XCTAssertLessThan(quiet, times.count - 20)  // and the turn's: the per-layer loop
    }
}

import Foundation
import Geometry
import Motion
import XCTest

@testable import Keyframes

/// Stop 44's shortcuts in the 3D keys' levels and samples, each against a verbatim copy of the
/// code it replaced, bit for bit: the arcs' table per count, the points projected in place, and
/// the ellipse error's farthest-point search.
final class ProjectionSameNumbersTests: XCTestCase {
    /// A perspective map like the cube's turned faces, turned by `degrees` and moved.
    func map(_ degrees: Double, _ dx: Double) -> PlaneProjection {
        let h = PlaneProjection.turnedPage(degrees).h
        return PlaneProjection([h[0], h[1], h[2], h[3], h[4], h[5], h[6] + dx, h[7] - dx / 3, h[8]])
    }

    func bits(_ points: [Point]) -> [UInt64] { points.flatMap { [$0.x.bitPattern, $0.y.bitPattern] } }
    func bits(_ p: BezierPath) -> [UInt64] { bits(p.allPoints) }

    /// BezierPath.arcs as it was: its angles' cosines and sines made per call.
    func oldArcs(_ c: Point, _ d1: Point, _ d2: Point, count: Int) -> BezierPath {
        let step = 2 * Double.pi / Double(count), k = 4.0 / 3 * tan(step / 4)
        let angles = (0..<count).map { step * Double($0) }
        let v = angles.map { c + d1 * cos($0) + d2 * sin($0) }, t = angles.map { d2 * cos($0) - d1 * sin($0) }
        return BezierPath(
            vertices: v, outControls: (0..<count).map { v[$0] + t[$0] * k }, inControls: (0..<count).map { v[$0] - t[$0] * k },
            isLine: Array(repeating: false, count: count))
    }

    func testTheArcsTableGivesTheNumbersMadePerCall() {
        for count in 1...140 {
            let table = BezierPath.ArcTurns.of(count), made = BezierPath.ArcTurns.make(count)
            XCTAssertEqual(table.k.bitPattern, made.k.bitPattern, "count \(count)")
            XCTAssertEqual(table.turns.map(\.cos.bitPattern), made.turns.map(\.cos.bitPattern), "count \(count)")
            XCTAssertEqual(table.turns.map(\.sin.bitPattern), made.turns.map(\.sin.bitPattern), "count \(count)")
        }
        // The table's counts (4 · 2^levels) and others, on a few ellipses.
        for count in [3, 4, 6, 8, 16, 32, 64, 128, 256] {
            for (c, d1, d2) in [(Point(10, 20), Point(230, 0), Point(0, 160)), (Point(-3.5, 7.25), Point(41.3, -12.9), Point(8.1, 77.7))] {
                let arcs = BezierPath.arcs(c, d1, d2, count: count)
                XCTAssertEqual(bits(arcs), bits(oldArcs(c, d1, d2, count: count)), "count \(count)")
                XCTAssertEqual(arcs.isLine, Array(repeating: false, count: count))
            }
        }
    }

    func testPointsProjectedInPlaceAreTheProjectedPathsPoints() {
        let paths = [
            BezierPath.ellipse(Rect(-140, 560, 460, 320)), BezierPath.ellipse(Rect(200, 170, 150, 150)).subdivided(levels: 2),
            BezierPath.rect(Rect(10, 20, 300, 40)),
        ]
        for degrees in [0.0, -20, -70, 35] {
            let h = map(degrees, 13.5)
            // Appended after points already there, into arrays with and without spare room.
            for reserve in [0, 1000] {
                var out = [Point(1, 2)]
                out.reserveCapacity(reserve)
                var expected = out
                for p in paths {
                    p.allPoints.withUnsafeBufferPointer { BezierPath.appendProjected($0, by: h, to: &out) }
                    expected += p.projected(by: h).allPoints
                }
                XCTAssertEqual(bits(out), bits(expected), "\(degrees)°")
            }
        }
    }

    /// BezierPath.farthest as it was: the near segments found by modulo, the blocks' bounds by
    /// their arrays' min() and max().
    func oldFarthest(_ points: [Point], from line: [Point], atLeast: Double = 0) -> Double {
        let segments = line.count - 1
        guard segments > 0 else { return points.isEmpty ? atLeast : .infinity }
        func distance(_ p: Point, _ n: Int) -> Double {
            let a = line[n], b = line[n + 1]
            let dx = b.x - a.x, dy = b.y - a.y, len2 = dx * dx + dy * dy
            let u = len2 > 0 ? max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2)) : 0
            let qx = a.x + dx * u, qy = a.y + dy * u
            return ((p.x - qx) * (p.x - qx) + (p.y - qy) * (p.y - qy)).squareRoot()
        }
        let blocks = stride(from: 0, to: segments, by: 32).map { b -> (Range<Int>, Rect) in
            let ps = line[b...min(b + 32, segments)], xs = ps.map(\.x), ys = ps.map(\.y)
            return (b..<min(b + 32, segments), Rect(xs.min()!, ys.min()!, xs.max()! - xs.min()!, ys.max()! - ys.min()!))
        }
        var worst = atLeast, near = 0
        for p in points {
            var best = Double.infinity, nearest = near
            for k in -3...3 {
                let n = ((near + k) % segments + segments) % segments, d = distance(p, n)
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

    func testTheEllipsesFarthestSearchGivesTheSameNumber() {
        var seed: UInt64 = 44
        func random() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        var compared = 0
        // Lines of 1 to 70 segments (the near search wraps more than once below 3), around a
        // circle and at random, against points along it and off it.
        for segments in [1, 2, 3, 4, 5, 7, 31, 32, 33, 70] {
            for round in 0..<6 {
                let line = (0...segments).map { m -> Point in
                    let a = 2 * Double.pi * Double(m) / Double(segments)
                    return round % 2 == 0 ? Point(100 * cos(a) + random(), 60 * sin(a)) : Point(200 * random() - 100, 200 * random() - 100)
                }
                let points = (0..<50).map { m -> Point in
                    let a = 2 * Double.pi * Double(m) / 50
                    return Point(100 * cos(a) + 20 * random() - 10, 60 * sin(a) + 20 * random() - 10)
                }
                for atLeast in [0, 0.5, 5, 1e9] {
                    let new = BezierPath.farthest(points, from: line, atLeast: atLeast), old = oldFarthest(points, from: line, atLeast: atLeast)
                    XCTAssertEqual(new.bitPattern, old.bitPattern, "\(segments) segments, round \(round)")
                    compared += 1
                }
            }
        }
        XCTAssertEqual(BezierPath.farthest([], from: [Point(0, 0)]), 0)
        XCTAssertEqual(BezierPath.farthest([Point(1, 1)], from: [Point(0, 0)]), .infinity)
        XCTAssertEqual(compared, 240)
    }
}

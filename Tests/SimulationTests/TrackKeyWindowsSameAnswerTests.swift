import Geometry
import TransExportTestSupport
import XCTest

@testable import Keyframes

/// TrackKeyWindows.find's unchecked reads and squared radii made once (lev44) give the same
/// windows as the search they replaced, kept here verbatim.
final class TrackKeyWindowsSameAnswerTests: XCTestCase {
    /// The search before lev44: bounds-checked reads, r * r per point.
    static func reference(
        _ layout: ProjectionFitter.Layout, paths: [Int], samples: [[Point]], visible: Double, outline: Double
    ) -> [(start: Int, end: Int, characters: Int)] {
        let last = samples.count - 1
        guard last >= 2 else { return [] }
        var points: [Int] = [], radii: [Double] = []
        for p in paths {
            let o = layout.offsets[p], count = layout.counts[p], painted = max(0, visible - layout.shapeErrors[p])
            for v in 0..<count {
                let tolerance = layout.isOutline[p] ? min(painted, outline) : painted
                points.append(o + v); radii.append(2 * max(tolerance, TrackKeyWindows.rounding) + 1e-6)
            }
            for s in 0..<count where !layout.isLine[p][s] {
                for c in [o + count + s, o + 2 * count + (s + 1) % count] {
                    points.append(c); radii.append(2 * max(painted, TrackKeyWindows.rounding) + 1e-6)
                }
            }
        }
        func separated(_ k1: Int, _ k2: Int, _ k3: Int) -> Bool {
            var lo = 0.0, hi = 1.0
            let s1 = samples[k1], s2 = samples[k2], s3 = samples[k3]
            for (x, n) in points.enumerated() {
                let ux = s2[n].x - s1[n].x, uy = s2[n].y - s1[n].y, vx = s3[n].x - s1[n].x, vy = s3[n].y - s1[n].y
                let r = radii[x]
                let a = vx * vx + vy * vy, b = ux * vx + uy * vy, c = ux * ux + uy * uy - r * r
                if a < 1e-18 {
                    if c > 0 { return true }
                    continue
                }
                let disc = b * b - a * c
                if disc < 0 { return true }
                let root = disc.squareRoot()
                lo = max(lo, (b - root) / a); hi = min(hi, (b + root) / a)
                if lo > hi { return true }
            }
            return false
        }
        func characters(_ k: Int) -> Int {
            var n = 0
            for p in paths {
                let o = layout.offsets[p]
                var at = Point(0, 0)
                for x in o..<(o + 3 * layout.counts[p]) {
                    let q = ProjectionFitter.onGrid(samples[k][x])
                    n += FactoredProjection.digits(q.x - at.x) + FactoredProjection.digits(q.y - at.y)
                    at = q
                }
            }
            return n
        }
        var out: [(start: Int, end: Int, characters: Int)] = []
        var k1 = 0, k3 = 2
        while k3 <= last {
            if separated(k1, (k1 + k3) / 2, k3) {
                out.append((k1, k3, FactoredProjection.perKey + characters((k1 + k3) / 2)))
                k1 = k3
                k3 = k1 + 2
            } else {
                k3 += 1
            }
        }
        return out
    }

    /// Paths of three vertices (curved and straight segments, outlines or not) moving along
    /// random curves, with held stretches (a = 0): the windows equal the reference's.
    func testWindowsEqualTheReference() {
        var rng = SplitMix64(seed: 44)
        var cases = 0, windows = 0
        for trial in 0..<60 {
            let pathCount = 1 + trial % 4, times = 3 + Int(rng.next() % 60)
            // Each vertex: a cubic in t with random coefficients (some tiny, some still).
            let coefficients = (0..<(pathCount * 3)).map { _ in
                (0..<8).map { _ in (Double(rng.next() % 20_001) - 10_000) / Double(1 << (rng.next() % 12)) }
            }
            let isLine = (0..<pathCount).map { _ in (0..<3).map { _ in rng.next() % 2 == 0 } }
            func path(_ p: Int, _ t: Double) -> BezierPath {
                let held = trial % 5 == 0 && t > 0.3 && t < 0.6
                let s = held ? 0.3 : t
                let v = (0..<3).map { v in
                    let c = coefficients[p * 3 + v]
                    return Point(c[0] + s * (c[1] + s * (c[2] + s * c[3])), c[4] + s * (c[5] + s * (c[6] + s * c[7])))
                }
                return BezierPath(
                    vertices: v, outControls: v.map { Point($0.x + 3 * t, $0.y - t) },
                    inControls: v.map { Point($0.x - t * t, $0.y + 2) }, isLine: isLine[p])
            }
            let first = (0..<pathCount).map { path($0, 0) }
            let layout = ProjectionFitter.Layout(
                first, outlines: (0..<pathCount).map { $0 % 2 == 1 }, shapeErrors: (0..<pathCount).map { Double($0) * 0.1 })
            let samples = (0..<times).map { k in layout.flat((0..<pathCount).map { path($0, Double(k) / Double(times - 1)) }) }
            for (visible, outline) in [(0.5, 0.5), (0.5, 0.2), (2.0, 1.0), (0.05, 0.05)] {
                let paths = Array((0..<pathCount).filter { $0 != 1 || trial % 3 != 0 })
                let got = TrackKeyWindows.find(layout, paths: paths, samples: samples, visible: visible, outline: outline)
                let want = Self.reference(layout, paths: paths, samples: samples, visible: visible, outline: outline)
                XCTAssertEqual(got.map { [$0.start, $0.end, $0.characters] }, want.map { [$0.start, $0.end, $0.characters] })
                cases += 1; windows += want.count
            }
        }
        XCTAssertEqual(cases, 240)
        XCTAssertGreaterThan(windows, 100)  // the searches found windows, not only empty answers
    }
}

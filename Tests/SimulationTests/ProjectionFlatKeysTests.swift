import Foundation
import Geometry
import Motion
import XCTest

@testable import Keyframes

/// factorInterval's A keys fitted on SIMD2 values (ProjectionSampler.fitKeys) give the very keys
/// and drawn values of the array form they replace, bit for bit.
final class ProjectionFlatKeysTests: XCTestCase {
    /// The array form as it was (verbatim but for its name).
    static func arrayFitKeys(
        _ v: [[Double]], _ times: [Double], limit: Double, written: ([Double]) -> [Double]
    ) -> (spans: [(start: Int, easing: KeyframeEasing)], drawn: [[Double]]) {
        func blend(_ a: [Double], _ b: [Double], _ u: Double) -> [Double] { a.indices.map { a[$0] + (b[$0] - a[$0]) * u } }
        let fitted = EasingFit.spans(count: v.count - 1) { i, j in
            let a = written(v[i]), b = written(v[j])
            let m = a.indices.max { abs(b[$0] - a[$0]) < abs(b[$1] - a[$1]) }!
            var exact = KeyframeEasing.linear
            if j - i > 1, abs(b[m] - a[m]) > 1e-12 {
                let ks = Array(i + 1..<j)
                let c = EasingFit.curve(u: ks.map { (times[$0] - times[i]) / (times[j] - times[i]) }, q: ks.map { (v[$0][m] - a[m]) / (b[m] - a[m]) })
                if !c.isLinear { exact = .bezier(c) }
            }
            return EasingFit.writtenCandidates(exact).first { e in
                (i + 1..<j).allSatisfy { k in
                    let d = blend(a, b, e.progress(at: (times[k] - times[i]) / (times[j] - times[i])))
                    return d.indices.allSatisfy { abs(d[$0] - v[k][$0]) <= limit }
                }
            }
        }
        let spans = v.count > 1 ? fitted : [(start: 0, easing: KeyframeEasing.linear)]
        var drawn = v
        for (n, span) in spans.enumerated() {
            let j = n + 1 < spans.count ? spans[n + 1].start : v.count - 1
            let a = written(v[span.start]), b = written(v[j])
            for k in span.start...j {
                drawn[k] = j == span.start ? a : blend(a, b, span.easing.progress(at: (times[k] - times[span.start]) / (times[j] - times[span.start])))
            }
        }
        return (spans, drawn)
    }

    /// Eased, turning and noisy motions of sx (1 number) and T (2 numbers, either moving most),
    /// at several tolerances: the same spans, easings and drawn values to the bit.
    func testFlatFitKeysEqualsTheArrayForm() {
        var seed: UInt64 = 7
        func random() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        let writtenSX = { (x: Double) in FactoredProjection.written(x) }
        let writtenT = { (p: Point) in FactoredProjection.written(p) }
        var spansSeen = 0
        for trial in 0..<60 {
            let n = 2 + trial % 37
            let times = (0..<n).map { Double($0) / 60 }
            let ease = CubicBezier(random(), random(), random(), random())
            let (x0, x1, y0, y1) = (random() * 200 - 100, random() * 200 - 100, random() * 50, random() * 300)
            let noise = trial % 3 == 0 ? 0.3 : 0
            var v2: [[Double]] = [], v1: [[Double]] = []
            for k in 0..<n {
                let f = ease.progress(at: Double(k) / Double(max(1, n - 1)))
                let wobble = sin(Double(k) * (1 + random())) * noise
                v2.append([x0 + (x1 - x0) * f + wobble, y0 + (y1 - y0) * f * f - wobble])
                v1.append([0.2 + 0.8 * cos(f * 3) + wobble / 100])
            }
            for limit in [0.005, 0.05, 0.5] {
                let old2 = Self.arrayFitKeys(v2, times, limit: limit) {
                    let p = writtenT(Point($0[0], $0[1])); return [p.x, p.y]
                }
                let new2 = ProjectionSampler.fitKeys(v2.map { SIMD2($0[0], $0[1]) }, dimensions: 2, times, limit: limit) {
                    let p = writtenT(Point($0[0], $0[1])); return SIMD2(p.x, p.y)
                }
                XCTAssertEqual(new2.spans.map { $0.start }, old2.spans.map { $0.start })
                XCTAssertEqual(new2.spans.map { $0.easing }, old2.spans.map { $0.easing })
                XCTAssertEqual(new2.drawn.map { [$0[0].bitPattern, $0[1].bitPattern] }, old2.drawn.map { $0.map { $0.bitPattern } })
                let old1 = Self.arrayFitKeys(v1, times, limit: limit / 100) { [writtenSX($0[0])] }
                let new1 = ProjectionSampler.fitKeys(v1.map { SIMD2($0[0], 0) }, dimensions: 1, times, limit: limit / 100) {
                    SIMD2(writtenSX($0[0]), 0)
                }
                XCTAssertEqual(new1.spans.map { $0.start }, old1.spans.map { $0.start })
                XCTAssertEqual(new1.spans.map { $0.easing }, old1.spans.map { $0.easing })
                XCTAssertEqual(new1.drawn.map { $0[0].bitPattern }, old1.drawn.map { $0[0].bitPattern })
                spansSeen += old2.spans.count + old1.spans.count
            }
        }
        // Not every motion in one span: the search and the blends were exercised.
        XCTAssertGreaterThan(spansSeen, 60 * 3 * 2 * 2)
    }
}

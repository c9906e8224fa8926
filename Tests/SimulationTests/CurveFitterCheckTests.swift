import Motion
import Simulation
import TransitionModel
import XCTest

@testable import Keyframes

/// CurveFitter's check of a span as the player plays it: every span the search keeps longer than
/// one grid step is within the check's limit (no second pass re-measures them), and the check
/// that stops at the first error over the limit decides as the full measure does.
final class CurveFitterCheckTests: XCTestCase {
    /// The present spring's position and scale for both players.
    func fitters() throws -> [CurveFitter<Point>] { try Self.presentFitters() }

    static func presentFitters() throws -> [CurveFitter<Point>] {
        let sim = try Simulation(douyinPresent())
        let player = try XCTUnwrap(sim.index(ofLayer: "player"))
        let measure = LayerMeasures.all(sim, tolerance: .standard)[player].position
        let exact = ExactTrack(sim.layers[player].position, until: sim.timeline.duration)
        var out: [CurveFitter<Point>] = []
        for rules in PlayerRules.players {
            for k in exact.pieces.indices where exact.pieces[k] == .moving {
                out.append(FittingReducer(rules: rules).fitter(exact, piece: k, measure: measure).0)
            }
        }
        return out
    }

    func testEverySpanLongerThanAStepIsWithinTheLimit() throws {
        let fitters = try fitters()
        XCTAssertEqual(fitters.count, 2)
        for fitter in fitters {
            let segments = fitter.segments()
            XCTAssertGreaterThan(segments.count, 1)
            XCTAssertEqual(segments.first?.from, 0)
            XCTAssertEqual(segments.last?.to, fitter.times.count - 1)
            for (a, b) in zip(segments, segments.dropFirst()) { XCTAssertEqual(a.to, b.from) }
            var long = 0
            for s in segments where s.to - s.from > 1 {
                long += 1
                XCTAssertLessThanOrEqual(fitter.maxError(s), fitter.verifyLimit, "\(s.from)…\(s.to)")
            }
            XCTAssertGreaterThan(long, 0)
        }
    }

    func testTheStoppingMeasureDecidesAsTheFullOne() throws {
        var over = 0, within = 0
        for fitter in try fitters() {
            let n = fitter.times.count - 1
            for i in stride(from: 0, to: n, by: 7) {
                for j in [i + 1, i + 3, (i + n) / 2, n] where j > i && j <= n {
                    for curve in [CubicBezier.linear, CubicBezier(0.2, 0.8, 0.3, 1), fitter.fit(i, j) ?? .linear] {
                        let s = CurveFitter<Point>.Segment(from: i, to: j, curve: curve)
                        let full = fitter.maxError(s)
                        for limit in [fitter.verifyLimit, full, full.nextDown, full / 2] {
                            let stopped = fitter.maxError(s, stoppingOver: limit)
                            XCTAssertEqual(stopped <= limit, full <= limit, "\(i)…\(j) \(curve) \(limit)")
                            XCTAssertLessThanOrEqual(stopped, full)
                        }
                        if full > fitter.verifyLimit { over += 1 } else { within += 1 }
                    }
                }
            }
        }
        XCTAssertGreaterThan(over, 10)
        XCTAssertGreaterThan(within, 10)
    }

    /// levenbergMarquardt stops a trial's cost once it reaches the current sum: stopped at a
    /// bound, the cost is below it exactly when the full cost is, and then it is the full cost.
    func testTheStoppingCostRejectsAsTheFullOne() throws {
        var below = 0, reached = 0
        for fitter in try fitters() {
            let n = fitter.times.count - 1
            for i in stride(from: 0, to: n - 12, by: 5) {
                // 11 interior grid points (over 8: the grid's own values are the samples).
                guard let problem = SegmentProblem(fitter, i, i + 12) else { continue }
                let sample = SampleSubset(first: 0, step: 1, count: 11)
                for curve in [CubicBezier.linear, CubicBezier(0.2, 0.8, 0.3, 1), CubicBezier(0.42, 0, 0.58, 1)] {
                    var full = [Double](repeating: 0, count: sample.count), stopped = full
                    let whole = problem.cost(curve, sample, UnitWeights(), parameters: &full)
                    for bound in [whole.sum.nextUp, whole.sum, whole.sum / 2, 0] {
                        let cost = problem.cost(curve, sample, UnitWeights(), parameters: &stopped, stoppingAt: bound)
                        XCTAssertEqual(cost.sum < bound, whole.sum < bound, "\(i) \(curve) \(bound)")
                        if whole.sum < bound {
                            XCTAssertEqual(cost.sum, whole.sum)
                            XCTAssertEqual(cost.worst, whole.worst)
                            XCTAssertEqual(stopped, full)
                            below += 1
                        } else {
                            XCTAssertGreaterThanOrEqual(cost.sum, bound)
                            reached += 1
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(below, 5)
        XCTAssertGreaterThan(reached, 5)
    }
}

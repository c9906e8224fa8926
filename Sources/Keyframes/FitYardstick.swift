import Motion
import Simulation
// The yardstick the fitter is measured against (BENCHMARKS.md#2-greedy-fitter-vs-the-optimum): for every fitted stretch of a
// track, the fewest segments any choice of breakpoints on the fitter's grid allows, by dynamic
// programming over all pairs of grid points with a slow, thorough search for each segment's
// easing (multi-start minimax least squares). Slow by design; not used for exports.
import TransitionModel

package enum FitYardstick {
    package struct Comparison: Hashable, Sendable {
        /// Segments the fitter's greedy search chose, over all fitted stretches.
        package var fitted: Int
        /// The fewest segments over the same candidate breakpoints.
        package var optimal: Int
        /// Candidate breakpoints (grid points) over all fitted stretches.
        package var candidates: Int
    }

    package static func compare<V: AnimatableValue>(
        _ track: ExactTrack<V>, measure: ErrorMeasure<V>,
        reducer: FittingReducer
    ) -> Comparison {
        var result = Comparison(fitted: 0, optimal: 0, candidates: 0)
        for (k, piece) in track.pieces.enumerated() {
            if piece == .still { continue }
            if case .bezier(let c) = piece, reducer.rules.plays(c) { continue }
            let fitter = reducer.fitter(track, piece: k, measure: measure).0
            result.fitted += fitter.segments().count
            result.optimal += optimalSegments(fitter)
            result.candidates += fitter.times.count
        }
        return result
    }

    /// best[j] = min over i < j with (i, j) feasible of best[i] + 1; a single grid step is always
    /// feasible (as in the fitter, which accepts it whatever its error).
    static func optimalSegments<V>(_ f: CurveFitter<V>) -> Int {
        let n = f.times.count - 1
        var best = [Int](repeating: .max, count: n + 1)
        best[0] = 0
        for j in 1...n {
            for i in 0..<j where best[i] != .max && best[i] + 1 < best[j] {
                if j - i == 1 || feasible(f, i, j) { best[j] = best[i] + 1 }
            }
        }
        return best[n]
    }

    static func feasible<V>(_ f: CurveFitter<V>, _ i: Int, _ j: Int) -> Bool {
        guard let problem = SegmentProblem(f, i, j), let curve = problem.thoroughSolve() else { return false }
        return f.maxError(CurveFitter<V>.Segment(from: i, to: j, curve: curve)) <= f.verifyLimit
    }
}

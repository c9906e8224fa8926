import Motion
import Simulation
// The error-bounded reducer: for each exact track, the fewest keyframes whose cubic-bezier
// easing reproduces it within the measure's tolerance, in one player's rules.
// - Still stretches: one keyframe. A stretch that one bezier-timed animation spans: 2 keyframes
//   with its own control points (SMIL: only when they stay in [0, 1]; else it is fitted).
// - Everything else (springs, overlapping animations, projections): fitted (`CurveFitter`).
// - Jumps stay jumps (a hold key, then the new value at the same time), except that a fitted
//   stretch may end on the value after a jump smaller than half the tolerance (a spring cut at
//   its duration ε away from its target): the key that would hold it is saved.
// - `aim`: the fraction of the tolerance the fit aims for. SMIL aims for 0.6 of it: Chromium
//   draws a whole screen of sharp-edged art moved by 0.24 px 1.45/255 away from the exact frame
//   on average, over the conformance suite's 1/255 (measured on slide-up-segue; at 0.15 px,
//   0.85/255), for about 6 % more keyframes. The report states the error reached either way.
import TransitionModel

package struct FittingReducer: KeyframeReducer {
    /// What the player accepts (PlayerRules.smil, .lottie).
    package var rules: PlayerRules
    /// Samples per second of the grid breakpoints are chosen from.
    package var gridRate: Double
    /// The fraction of each measure's tolerance the fit aims for (≤ 1).
    package var aim: Double

    package init(rules: PlayerRules, gridRate: Double = 240, aim: Double? = nil) {
        self.rules = rules
        self.gridRate = gridRate
        self.aim = aim ?? rules.aim
    }

    package var method: String { "fitted" }
    package var player: PlayerRules? { rules }

    // Reached through the KeyframeReducer witness, which ran the generic body (metadata lookups
    // at every keyframe): the value types of exported tracks get specialized bodies.
    @_specialize(where V == Double)
    @_specialize(where V == Point)
    @_specialize(where V == Size)
    @_specialize(where V == Rect)
    package func keyframes<V: AnimatableValue>(for track: ExactTrack<V>, measure: ErrorMeasure<V>) -> KeyframeTrack<V> {
        fitted(track, measure: measure)
    }

    /// `keyframes(for:measure:)`'s body, out of line: inline, its generic entry fetched the
    /// metadata of Keyframe<V> (~400 instructions a track) before dispatching to a specialized body.
    /// - Parameter grids: where the grids of this track (with this measure) are kept for the
    ///   other player's fit (FitGrids); nil: made here only.
    @inline(never)
    func fitted<V: AnimatableValue>(_ track: ExactTrack<V>, measure: ErrorMeasure<V>, grids: FitGridSlot? = nil) -> KeyframeTrack<V> {
        let breakpoints = track.breakpoints
        if let still = stillKeyframe(track) { return KeyframeTrack([still]) }
        var out: [Keyframe<V>] = []
        var absorbedJump = false
        for (i, b) in breakpoints.enumerated() {
            let right = track.value(b)
            if i > 0, !absorbedJump {
                let left = track.leftValue(at: b)
                // Equal values are never apart (their difference is 0, or NaN at an infinity): the
                // generic `distance(to:)` (a cast per type, ~300 instructions) only for a jump.
                if left != right, left.distance(to: right) > 1e-9 { out.append(Keyframe(time: b, value: left, easing: .hold)) }
            }
            absorbedJump = false
            guard i + 1 < breakpoints.count else {
                out.append(Keyframe(time: b, value: right))
                break
            }
            switch track.pieces[i] {
            case .still:
                out.append(Keyframe(time: b, value: right))
            case .bezier(let curve) where rules.plays(curve):
                out.append(Keyframe(time: b, value: right, easing: curve.isLinear ? .linear : .bezier(curve)))
            case .bezier, .moving:
                let (fitter, absorbs) = self.fitter(track, piece: i, measure: measure, grids: grids)
                absorbedJump = absorbs
                for s in fitter.segments() {
                    let easing: KeyframeEasing = s.curve.isLinear ? .linear : .bezier(s.curve)
                    out.append(Keyframe(time: fitter.times[s.from], value: fitter.values[s.from], easing: easing))
                }
            }
        }
        return KeyframeTrack(SamplingReducer.droppingRedundant(out))
    }

    /// A track still from end to end (most of a layer's numbers): its one keyframe, as the loop
    /// and droppingRedundant would leave it, without their arrays; nil for any other track.
    @inline(__always)
    func stillKeyframe<V: AnimatableValue>(_ track: ExactTrack<V>) -> Keyframe<V>? { Self.stillKeyframe(track) }

    /// `stillKeyframe`, for any player (StillTracks makes it once for both).
    @inline(__always)
    static func stillKeyframe<V: AnimatableValue>(_ track: ExactTrack<V>) -> Keyframe<V>? {
        let breakpoints = track.breakpoints
        guard breakpoints.count == 2, track.pieces[0] == .still else { return nil }
        let first = track.value(breakpoints[0]), right = track.value(breakpoints[1])
        guard first == right, track.leftValue(at: breakpoints[1]) == right else { return nil }
        return Keyframe(time: breakpoints[0], value: first)
    }

    /// The fitter for piece k (aiming for `aim` of the tolerance), and whether it ends on the
    /// value after a jump small enough to absorb.
    /// With `grids`, the grid is the one the other player's fit made for the same piece, grid
    /// rate and end value, or made here and kept for it.
    func fitter<V>(
        _ track: ExactTrack<V>, piece k: Int, measure asked: ErrorMeasure<V>, grids: FitGridSlot? = nil
    ) -> (CurveFitter<V>, absorbs: Bool) {
        var measure = asked
        measure.tolerance *= aim
        let b = track.breakpoints[k], next = track.breakpoints[k + 1]
        let left = track.leftValue(at: next), after = track.value(next)
        let absorbs = left != after && measure.norm(after - left) <= measure.tolerance / 2
        let end = absorbs ? after : left
        guard let grids else {
            let fitter = CurveFitter(
                rules: rules, measure: measure, exact: track.value, from: b, to: next, endValue: end, gridRate: gridRate)
            return (fitter, absorbs)
        }
        let key = grids.key(piece: k, rate: gridRate)
        let grid: (times: [Double], values: [V])
        if let kept = grids.grids.grid(key, end: end) {
            grid = kept
        } else {
            grid = CurveFitter.grid(exact: track.value, from: b, to: next, endValue: end, gridRate: gridRate, measure: measure)
            grids.grids.keep(key, end: end, times: grid.times, values: grid.values)
        }
        return (CurveFitter(rules: rules, measure: measure, exact: track.value, times: grid.times, values: grid.values), absorbs)
    }
}

import Motion
import Simulation
// The tracks → keyframes stage. A reducer decides how many keyframes stand for an exact track;
// it is a protocol so the error-bounded fitter (`FittingReducer`) and the sampler are swappable
// without touching exporters.
import TransitionModel

package protocol KeyframeReducer: Sendable {
    /// Keyframes standing for `track`; `measure` says how an error shows in the output and how
    /// much is allowed (reducers that bound their error use it).
    func keyframes<V: AnimatableValue>(for track: ExactTrack<V>, measure: ErrorMeasure<V>) -> KeyframeTrack<V>
    /// How the keyframes are made, for reports ("fitted", "sampled").
    var method: String { get }
    /// The rules of the player the keyframes are made for, if one.
    var player: PlayerRules? { get }
}

extension KeyframeReducer {
    package var method: String { "reduced" }
    package var player: PlayerRules? { nil }

    /// Keyframes for a property track over [0, end], measured in the value's own units.
    package func keyframes<V: AnimatableValue>(for track: PropertyTrack<V>, until end: Double) -> KeyframeTrack<V> {
        keyframes(for: ExactTrack(track, until: end), measure: .magnitude(tolerance: FitTolerance.standard.screen))
    }
}

/// Exact where the motion is a cubic bezier (2 keyframes with its control points), sampled at
/// `sampleRate` with linear segments where it is a spring or several animations overlap.
package struct SamplingReducer: KeyframeReducer {
    package var sampleRate: Double
    package init(sampleRate: Double = 240) { self.sampleRate = sampleRate }

    package var method: String { "sampled" }

    package func keyframes<V: AnimatableValue>(for track: ExactTrack<V>, measure: ErrorMeasure<V>) -> KeyframeTrack<V> {
        let breakpoints = track.breakpoints
        var out: [Keyframe<V>] = []
        for (i, b) in breakpoints.enumerated() {
            let right = track.value(b)
            if i > 0 {
                let left = track.leftValue(at: b)
                if left.distance(to: right) > 1e-9 { out.append(Keyframe(time: b, value: left, easing: .hold)) }
            }
            guard i + 1 < breakpoints.count else {
                out.append(Keyframe(time: b, value: right))
                break
            }
            let next = breakpoints[i + 1]
            switch track.pieces[i] {
            case .still:
                out.append(Keyframe(time: b, value: right))
            case .bezier(let curve):
                // One eased animation spanning the whole interval: exact with its own control points.
                out.append(Keyframe(time: b, value: right, easing: curve.isLinear ? .linear : .bezier(curve)))
            case .moving:
                let n = max(1, Int(((next - b) * sampleRate - 1e-9).rounded(.up)))  // 0.5 s · 240 is 120, not 121
                for k in 0..<n {
                    let t = b + (next - b) * Double(k) / Double(n)
                    out.append(Keyframe(time: t, value: track.value(t)))
                }
            }
        }
        return KeyframeTrack(Self.droppingRedundant(out))
    }

    /// Removes keyframes inside a run of equal values with linear segments (they change nothing).
    static func droppingRedundant<V>(_ kfs: [Keyframe<V>]) -> [Keyframe<V>] {
        guard kfs.count > 2 else { return kfs.count == 2 && kfs[0].value == kfs[1].value ? [Keyframe(time: kfs[0].time, value: kfs[0].value)] : kfs }
        var out: [Keyframe<V>] = [kfs[0]]
        for k in 1..<(kfs.count - 1) {
            let prev = out[out.count - 1], cur = kfs[k], next = kfs[k + 1]
            let flat = prev.value == cur.value && cur.value == next.value && prev.easing != .hold && cur.easing != .hold
            if !flat { out.append(cur) }
        }
        out.append(kfs[kfs.count - 1])
        if out.allSatisfy({ $0.value == out[0].value }) { return [Keyframe(time: out[0].time, value: out[0].value)] }
        // Players hold the first value before the first keyframe and the last after the last one.
        while out.count > 2, out[0].value == out[1].value { out.removeFirst() }
        while out.count > 2, out[out.count - 1].value == out[out.count - 2].value { out.removeLast() }
        return out
    }
}

extension DiscreteTrack {
    /// Step keyframes: each value holds until the next change.
    package func keyframes() -> KeyframeTrack<Value> {
        var out = [Keyframe(time: 0, value: initial, easing: .hold)]
        for c in changes where c.value != out[out.count - 1].value {
            if c.time == 0 { out[0].value = c.value; continue }
            out.append(Keyframe(time: c.time, value: c.value, easing: .hold))
        }
        return KeyframeTrack(out)
    }
}

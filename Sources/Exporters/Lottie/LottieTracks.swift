import JSONText
import Keyframes
import Motion
import Simulation
// Keyframe tracks in Lottie units, and the one operation the Lottie exporter needs beyond
// mapping a track: combining several tracks into one property (position + translation,
// anchor ⊙ size, opacity × ancestors' opacities, a clip path from size and radius). The
// combination keeps each keyframe's own easing wherever that is exact and samples at 240 Hz
// with linear keys only where it is not.
import TransitionModel

/// A Lottie value: the components of a keyframe's `s` array (a scalar is one component, a
/// bezier path is its flattened vertices and tangents).
struct LVec: AnimatableValue {
    var c: [Double]
    init(_ c: [Double]) { self.c = c }

    static func + (a: LVec, b: LVec) -> LVec { LVec(zip(a.c, b.c).map { $0 + $1 }) }
    static func - (a: LVec, b: LVec) -> LVec { LVec(zip(a.c, b.c).map { $0 - $1 }) }
    func scaled(by k: Double) -> LVec { LVec(c.map { $0 * k }) }
}

extension KeyframeTrack where Value == Point {
    var lvec: KeyframeTrack<LVec> { map { LVec([$0.x, $0.y]) } }
}
extension KeyframeTrack where Value == Size {
    var lvec: KeyframeTrack<LVec> { map { LVec([$0.width, $0.height]) } }
}
extension KeyframeTrack where Value == Double {
    var lvec: KeyframeTrack<LVec> { map { LVec([$0]) } }
}

/// How a combining function depends on its inputs; decides where the result can keep the
/// inputs' easing and where it has to be sampled.
enum Dependence {
    /// Affine in all inputs together (a sum): linear pieces stay linear even when several move.
    case jointlyAffine
    /// Affine in each input while the others are held (a product): exact while one input moves.
    case affineInEach
    /// Anything else (a rotation): sampled wherever an input moves.
    case nonlinear
}

enum LottieTracks {
    /// Samples per second where a combination cannot be exact.
    static let sampleRate = 240.0

    /// `f` applied to the inputs at every instant, as keyframes.
    /// - Exact (each keyframe keeps its easing) on every interval where at most one input moves
    ///   and `f` is affine in it, or where all moving inputs are linear and `f` is jointly affine.
    /// - Sampled at 240 Hz with linear keys elsewhere.
    /// - Jumps (holds, two keys at one time) stay jumps: a hold key with the left value, then the
    ///   key with the right value at the same time.
    static func combine(
        _ tracks: [KeyframeTrack<LVec>], _ dependence: Dependence,
        _ f: ([LVec]) -> LVec
    ) -> KeyframeTrack<LVec> {
        precondition(!tracks.isEmpty)
        let animated = tracks.indices.filter { tracks[$0].isAnimated }
        if animated.isEmpty { return .constant(f(tracks.map { $0.initialValue })) }
        if animated.count == 1, dependence != .nonlinear {
            // Exact: every keyframe of the one animated input, mapped.
            let k = animated[0]
            let held = tracks.map { $0.initialValue }
            return simplified(
                tracks[k].map { v in
                    var args = held
                    args[k] = v
                    return f(args)
                })
        }
        let times = Set(tracks.flatMap { $0.keyframes.map(\.time) }).sorted()
        var out: [Keyframe<LVec>] = []
        for (n, t0) in times.enumerated() {
            let right = f(tracks.map { value($0, at: t0) })
            // Also at the first time: a track may start with a jump (a hold key, then its right
            // value at the same time), and the value before it is the left one.
            let left = f(tracks.map { leftLimit($0, at: t0) })
            if left != right { out.append(Keyframe(time: t0, value: left, easing: .hold)) }
            guard n + 1 < times.count else {
                out.append(Keyframe(time: t0, value: right))
                break
            }
            let t1 = times[n + 1]
            let moving = tracks.compactMap { segment($0, from: t0, to: t1) }.filter(\.moving)
            var easing: KeyframeEasing?
            if moving.isEmpty {
                easing = .linear
            } else if dependence != .nonlinear, moving.count == 1,
                moving[0].aligned || moving[0].easing == .linear
            {
                easing = moving[0].easing
            } else if dependence == .jointlyAffine, moving.allSatisfy({ $0.easing == .linear }) {
                easing = .linear
            }
            if let easing {
                out.append(Keyframe(time: t0, value: right, easing: easing))
            } else {
                let steps = max(1, Int(((t1 - t0) * sampleRate - 1e-9).rounded(.up)))
                for s in 0..<steps {
                    let t = s == 0 ? t0 : t0 + (t1 - t0) * Double(s) / Double(steps)
                    out.append(Keyframe(time: t, value: s == 0 ? right : f(tracks.map { value($0, at: t) })))
                }
            }
        }
        return simplified(KeyframeTrack(out))
    }

    /// The segment of `track` that contains the open interval (t0, t1) between two consecutive
    /// breakpoints; nil before the first and after the last keyframe (the value holds there).
    struct Segment {
        var easing: KeyframeEasing
        var moving: Bool
        /// The segment is exactly (t0, t1), so its easing curve is the interval's.
        var aligned: Bool
    }

    static func segment<V: AnimatableValue>(_ track: KeyframeTrack<V>, from t0: Double, to t1: Double) -> Segment? {
        let k = track.keyframes
        guard let i = k.lastIndex(where: { $0.time <= t0 }), i + 1 < k.count else { return nil }
        let a = k[i], b = k[i + 1]
        return Segment(
            easing: a.easing, moving: a.easing != .hold && a.value != b.value,
            aligned: a.time == t0 && b.time == t1)
    }

    /// The value a player shows at t (right-continuous: after a jump at t).
    static func value<V: AnimatableValue>(_ track: KeyframeTrack<V>, at t: Double) -> V {
        track.value(at: t)
    }

    /// The value just before t (before a jump at t).
    static func leftLimit<V: AnimatableValue>(_ track: KeyframeTrack<V>, at t: Double) -> V {
        let k = track.keyframes
        guard let j = k.firstIndex(where: { $0.time == t }) else { return value(track, at: t) }
        guard j > 0 else { return k[0].value }
        return k[j - 1].easing == .hold ? k[j - 1].value : k[j].value
    }

    /// Drops keys inside runs of equal values (they change nothing); a track whose values are all
    /// equal becomes one key.
    static func simplified(_ track: KeyframeTrack<LVec>) -> KeyframeTrack<LVec> {
        let k = track.keyframes
        if k.allSatisfy({ $0.value == k[0].value }) { return .constant(k[0].value) }
        var out = [k[0]]
        for n in 1..<max(1, k.count - 1) {
            let prev = out[out.count - 1], cur = k[n], next = k[n + 1]
            let flat = prev.value == cur.value && cur.value == next.value && prev.easing != .hold && cur.easing != .hold
            if !flat { out.append(cur) }
        }
        out.append(k[k.count - 1])
        return KeyframeTrack(out)
    }

    /// Rounds every component (so "did it change" sees what the file will say).
    /// Rounded in place: a track its caller gives up (a fresh `map`'s) is not copied again, key
    /// by key (a projected path's keys were copied this way three times).
    static func rounded(_ track: consuming KeyframeTrack<LVec>, decimals: Int) -> KeyframeTrack<LVec> {
        roundedOnce(track, decimals: decimals).track
    }

    /// `rounded`, and whether rounding its values again gives the same bits (`stable`): with
    /// 0 ≤ decimals ≤ 6 and every |x| ≤ 10^9, M = x·10^d rounded is below 2^50, so M / 10^d
    /// times 10^d is within 2^50 · 2^-52 = 0.25 of M and rounds back to it: NumberFormat.round
    /// is then the identity on the rounded values (and on any arrangement of them).
    static func roundedOnce(_ track: consuming KeyframeTrack<LVec>, decimals: Int) -> (track: KeyframeTrack<LVec>, stable: Bool) {
        var t = track
        var small = true
        for k in t.keyframes.indices {
            t.keyframes[k].value.c.withUnsafeMutableBufferPointer { c in
                for j in c.indices {
                    small = small && abs(c[j]) <= 1e9
                    c[j] = NumberFormat.round(c[j], decimals: decimals)
                }
            }
        }
        return (simplified(t), small && decimals >= 0 && decimals <= 6)
    }

    /// A step function that is 100 while every input is true and 0 otherwise (hold keys).
    static func visibility(_ tracks: [KeyframeTrack<Bool>]) -> KeyframeTrack<LVec> {
        func holds(_ track: KeyframeTrack<Bool>, at t: Double) -> Bool {
            (track.keyframes.last { $0.time <= t } ?? track.keyframes[0]).value
        }
        // Every key's time, sorted, each once; a value made only where it changes (no Set, no
        // value per time).
        var times: [Double] = []
        for track in tracks { for k in track.keyframes { times.append(k.time) } }
        times.sort()
        var out: [Keyframe<LVec>] = []
        var last: Bool?
        for (n, t) in times.enumerated() where n == 0 || t != times[n - 1] {
            let v = tracks.allSatisfy { holds($0, at: t) }
            if last != v { out.append(Keyframe(time: t, value: LVec([v ? 100 : 0]), easing: .hold)) }
            last = v
        }
        return KeyframeTrack(out)
    }
}

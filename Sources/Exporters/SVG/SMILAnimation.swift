import JSONText
import Keyframes
import Motion
import Simulation
// Keyframes → the attributes of one SMIL animation element, following docs/smil.md#writer-rules:
// `values` + `keyTimes` without spaces, keySplines only inside [0, 1], holds as repeated keyTimes.
import TransitionModel

struct SMILAnimation {
    var attributes: [(String, String)]

    /// - Parameters:
    ///   - format: one value as SMIL text (e.g. "12.5 30" for a translate).
    ///   - duration: the timeline's loop length in seconds.
    init<V: AnimatableValue>(_ track: KeyframeTrack<V>, duration: Double, format: (V) -> String) {
        let kfs = Self.normalised(Self.splineSafe(track).keyframes, duration: duration)
        var values: [String] = [], times: [String] = [], splines: [String] = []
        for (i, k) in kfs.enumerated() {
            values.append(format(k.value))
            times.append(i == kfs.count - 1 ? "1" : Self.fraction(k.time / duration))
            if i < kfs.count - 1 {
                switch k.easing {
                case .bezier(let c):
                    splines.append([c.x1, c.y1, c.x2, c.y2].map(Self.fraction).joined(separator: " "))
                case .linear, .hold:
                    splines.append("0 0 1 1")
                }
            }
        }
        let spline = splines.contains { $0 != "0 0 1 1" }
        attributes = [("values", values.joined(separator: ";")), ("keyTimes", times.joined(separator: ";"))]
        if spline {
            attributes.append(("calcMode", "spline"))
            attributes.append(("keySplines", splines.joined(separator: ";")))
        }
        attributes += Self.timing(duration)
    }

    /// A step function (display): each value holds until the next keyframe.
    init<V>(discrete track: KeyframeTrack<V>, duration: Double, format: (V) -> String) {
        var kfs = track.keyframes
        if kfs[0].time > 0 { kfs.insert(Keyframe(time: 0, value: kfs[0].value, easing: .hold), at: 0) }
        attributes = [
            ("values", kfs.map { format($0.value) }.joined(separator: ";")),
            ("keyTimes", kfs.map { Self.fraction($0.time / duration) }.joined(separator: ";")),
            ("calcMode", "discrete"),
        ]
        attributes += Self.timing(duration)
    }

    /// A key time or keySpline value (0…1, 6 decimals) without its leading zero: ".387097",
    /// a number in SVG's grammar (docs/smil.md#writer-rules); ~6 KB of every 3D SVG.
    static func fraction(_ x: Double) -> String {
        let text = NumberFormat.string(x, maxDecimals: 6)
        return text.hasPrefix("0.") ? String(text.dropFirst()) : text
    }

    static func timing(_ duration: Double) -> [(String, String)] {
        [("dur", NumberFormat.string(duration, maxDecimals: 6) + "s"), ("repeatCount", "indefinite")]
    }

    /// SMIL drops an animation whose keySplines leave [0, 1]; such segments (overshooting
    /// curves) become linear pieces sampled at 240 Hz from the exact bezier.
    static func splineSafe<V: AnimatableValue>(_ track: KeyframeTrack<V>) -> KeyframeTrack<V> {
        var out: [Keyframe<V>] = []
        for (i, k) in track.keyframes.enumerated() {
            guard case .bezier(let c) = k.easing, !c.staysInUnitInterval, i + 1 < track.keyframes.count else {
                out.append(k)
                continue
            }
            let end = track.keyframes[i + 1].time
            let n = max(2, Int(((end - k.time) * 240).rounded(.up)))
            for s in 0..<n {
                let t = k.time + (end - k.time) * Double(s) / Double(n)
                out.append(Keyframe(time: t, value: track.value(at: t)))
            }
        }
        return KeyframeTrack(out)
    }

    /// Starts at 0 and ends at the loop's end; a hold becomes a repeated value at the next time.
    static func normalised<V>(_ input: [Keyframe<V>], duration: Double) -> [Keyframe<V>] {
        var kfs: [Keyframe<V>] = []
        if input[0].time > 0 { kfs.append(Keyframe(time: 0, value: input[0].value)) }
        for (i, k) in input.enumerated() {
            var k = k
            if k.easing == .hold {
                k.easing = .linear
                kfs.append(k)
                if i + 1 < input.count, input[i + 1].time > k.time {
                    kfs.append(Keyframe(time: input[i + 1].time, value: k.value))
                }
                continue
            }
            kfs.append(k)
        }
        if kfs[kfs.count - 1].time < duration {
            kfs.append(Keyframe(time: duration, value: kfs[kfs.count - 1].value))
        }
        return kfs
    }
}

import JSONText
import Keyframes
import Motion
import Simulation
// Keyframes → the attributes of one SMIL animation element, following docs/smil.md#writer-rules:
// `values` + `keyTimes` without spaces, keySplines only inside [0, 1], holds as repeated keyTimes,
// active only between the first and the last change when given the document's loop clock.
import TransitionModel

struct SMILAnimation {
    var attributes: [(String, String)]

    /// - Parameters:
    ///   - format: one value as SMIL text (e.g. "12.5 30" for a translate).
    ///   - duration: the timeline's loop length in seconds.
    ///   - loop: the id of the document's loop clock (`SVGDocument.loopClock`); with it, an
    ///     animation that changes only in part of the loop is active only there
    ///     (docs/smil.md#active-only-while-changing).
    init<V: AnimatableValue>(_ track: KeyframeTrack<V>, duration: Double, loop: String? = nil, format: (V) -> String) {
        let kfs = Self.normalised(Self.splineSafe(track).keyframes, duration: duration)
        let values = kfs.map { format($0.value) }
        let splines = Splines(kfs)
        guard let loop, let window = Self.activeWindow(values, kfs.map(\.time), duration: duration) else {
            let times = Self.keyTimes(kfs.count) { kfs[$0].time / duration }
            attributes = Self.keyed(values[...], times, splines, 0..<splines.count)
            attributes += Self.timing(duration)
            return
        }
        // The window on whole milliseconds, held at its ends: Firefox keeps SMIL times in integer
        // milliseconds, so a `begin` or `dur` between two of them shifts every key time inside
        // (docs/smil.md#active-only-while-changing).
        let first = kfs[window.lowerBound].time, last = kfs[window.upperBound].time
        let start = (first * 1000 + 1e-6).rounded(.down) / 1000
        let end = min(duration, (last * 1000 - 1e-6).rounded(.up) / 1000), length = end - start
        // A held end repeats its value and adds a linear segment ("0 0 1 1").
        let (holdsStart, holdsEnd) = (first - start > 1e-9, end - last > 1e-9)
        var heldTimes = window.map { kfs[$0].time }
        if holdsStart { heldTimes.insert(start, at: 0) }
        if holdsEnd { heldTimes.append(end) }
        let times = Self.keyTimes(heldTimes.count) { (heldTimes[$0] - start) / length }
        attributes = Self.keyed(
            values[window], times, splines, window.lowerBound..<window.upperBound, linearBefore: holdsStart, linearAfter: holdsEnd)
        let seconds = { (t: Double) in NumberFormat.string(t, maxDecimals: 6) + "s" }
        attributes.append(("begin", start == 0 ? "\(loop).begin" : "\(loop).begin+\(seconds(start))"))
        attributes.append(("dur", seconds(length)))
        // Until the loop ends: frozen at the last value. When that is frame 0's value, the base
        // attribute (which equals frame 0, rule 6) shows it with no animation applied.
        if values[values.count - 1] != values[0] { attributes.append(("fill", "freeze")) }
    }

    /// The keys from the first that changes the value to the last, or nil when that is the whole
    /// loop. Before the first change the base value holds; when the loop ends on another value
    /// than frame 0's, the window starts at 0 so that every loop restarts from frame 0.
    static func activeWindow(_ values: [String], _ times: [Double], duration: Double) -> ClosedRange<Int>? {
        // The first and the last change, found from either end (no list of every change).
        let changes = values.indices.dropLast()
        guard var first = changes.first(where: { values[$0] != values[$0 + 1] }),
            let last = changes.last(where: { values[$0] != values[$0 + 1] }).map({ $0 + 1 })
        else { return nil }
        if values[values.count - 1] != values[0] { first = 0 }
        guard times[last] > times[first], times[first] > 0 || times[last] < duration else { return nil }
        return first...last
    }

    /// `keyTimes`: the fractions of `count` keys joined by ";", the last written "1".
    static func keyTimes(_ count: Int, _ fraction: (Int) -> Double) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8 * count)
        for n in 0..<count {
            if n > 0 { bytes.append(0x3B) }  // ;
            if n == count - 1 { bytes.append(0x31) } else { appendFraction(fraction(n), to: &bytes) }  // 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `values` and `keyTimes`, and when a segment of `segments` (or a held end) is not linear,
    /// `calcMode` spline and their `keySplines`; `linearBefore`/`linearAfter`: the window's held
    /// ends, their value repeated and a linear segment added.
    static func keyed(
        _ values: ArraySlice<String>, _ times: String, _ splines: Splines, _ segments: Range<Int>,
        linearBefore: Bool = false, linearAfter: Bool = false
    ) -> [(String, String)] {
        var joined: [UInt8] = []
        joined.reserveCapacity(values.reduce(values.count) { $0 + $1.utf8.count } + (linearBefore ? 16 : 0) + (linearAfter ? 16 : 0))
        if linearBefore, let v = values.first {
            joined += v.utf8
            joined.append(0x3B)  // ;
        }
        for (n, v) in zip(values.indices, values) {
            if n > values.startIndex { joined.append(0x3B) }
            joined += v.utf8
        }
        if linearAfter, let v = values.last {
            joined.append(0x3B)
            joined += v.utf8
        }
        var out = [("values", String(decoding: joined, as: UTF8.self)), ("keyTimes", times)]
        if segments.contains(where: { !splines.isLinear($0) }) {
            out.append(("calcMode", "spline"))
            out.append(("keySplines", splines.joined(segments, linearBefore: linearBefore, linearAfter: linearAfter)))
        }
        return out
    }

    /// Each segment's keySpline text, "0 0 1 1" when it is not eased by a bezier, in one buffer
    /// (a String per segment cost an allocation each).
    struct Splines {
        static let linear: [UInt8] = Array("0 0 1 1".utf8)
        private var bytes: [UInt8] = []
        /// Where segment k's text ends in `bytes` (it starts where k - 1's ends).
        private var ends: [Int] = []
        var count: Int { ends.count }

        init<V>(_ kfs: [Keyframe<V>]) {
            ends.reserveCapacity(kfs.count)
            bytes.reserveCapacity(8 * kfs.count)
            for k in kfs.dropLast() {
                if case .bezier(let c) = k.easing {
                    SMILAnimation.appendFraction(c.x1, to: &bytes)
                    bytes.append(0x20)
                    SMILAnimation.appendFraction(c.y1, to: &bytes)
                    bytes.append(0x20)
                    SMILAnimation.appendFraction(c.x2, to: &bytes)
                    bytes.append(0x20)
                    SMILAnimation.appendFraction(c.y2, to: &bytes)
                } else {
                    bytes += Self.linear
                }
                ends.append(bytes.count)
            }
        }

        func range(_ k: Int) -> Range<Int> { (k == 0 ? 0 : ends[k - 1])..<ends[k] }

        /// Whether segment k's text is "0 0 1 1".
        func isLinear(_ k: Int) -> Bool { bytes[range(k)].elementsEqual(Self.linear) }

        /// The segments' texts joined by ";", a linear one before and after when asked.
        func joined(_ segments: Range<Int>, linearBefore: Bool, linearAfter: Bool) -> String {
            var out: [UInt8] = []
            out.reserveCapacity((segments.isEmpty ? 0 : ends[segments.upperBound - 1] - range(segments.lowerBound).lowerBound) + 2 * 8 + segments.count)
            if linearBefore { out += Self.linear }
            for k in segments {
                if !out.isEmpty { out.append(0x3B) }  // ;
                out += bytes[range(k)]
            }
            if linearAfter {
                if !out.isEmpty { out.append(0x3B) }
                out += Self.linear
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// A step function (display): each value holds until the next keyframe.
    init<V>(discrete track: KeyframeTrack<V>, duration: Double, format: (V) -> String) {
        var kfs = track.keyframes
        if kfs[0].time > 0 { kfs.insert(Keyframe(time: 0, value: kfs[0].value, easing: .hold), at: 0) }
        attributes = [
            ("values", kfs.map { format($0.value) }.joined(separator: ";")),
            ("keyTimes", Self.discreteKeyTimes(kfs.map(\.time), duration: duration)),
            ("calcMode", "discrete"),
        ]
        attributes += Self.timing(duration)
    }

    /// A key time or keySpline value (0…1, 6 decimals) without its leading zero: ".387097",
    /// a number in SVG's grammar (docs/smil.md#writer-rules); ~6 KB of every 3D SVG.
    static func fraction(_ x: Double) -> String {
        var s = ""
        appendFraction(x, to: &s)
        return s
    }

    /// `fraction(x)` appended to `s`.
    static func appendFraction(_ x: Double, to s: inout String) { NumberFormat.append(x, maxDecimals: 6, to: &s, dropLeadingZero: true) }

    /// A step function's keyTimes: every key's own fraction, the last included.
    static func discreteKeyTimes(_ times: [Double], duration: Double) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8 * times.count)
        for (n, t) in times.enumerated() {
            if n > 0 { bytes.append(0x3B) }  // ;
            appendFraction(t / duration, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `fraction(x)`'s bytes appended (a String append costs far more than a byte's).
    static func appendFraction(_ x: Double, to bytes: inout [UInt8]) {
        let start = bytes.count
        NumberFormat.append(x, maxDecimals: 6, to: &bytes)
        if bytes.count - start > 1, bytes[start] == 0x30, bytes[start + 1] == 0x2E { bytes.remove(at: start) }  // "0." -> "."
    }

    static func timing(_ duration: Double) -> [(String, String)] {
        [("dur", NumberFormat.string(duration, maxDecimals: 6) + "s"), ("repeatCount", "indefinite")]
    }

    /// SMIL drops an animation whose keySplines leave [0, 1]; such segments (overshooting
    /// curves) become linear pieces sampled at 240 Hz from the exact bezier.
    static func splineSafe<V: AnimatableValue>(_ track: KeyframeTrack<V>) -> KeyframeTrack<V> {
        // Most tracks have no such segment: the same keyframes, not copied one by one.
        let sampled = track.keyframes.indices.dropLast().contains { i in
            if case .bezier(let c) = track.keyframes[i].easing { return !c.staysInUnitInterval }
            return false
        }
        guard sampled else { return track }
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

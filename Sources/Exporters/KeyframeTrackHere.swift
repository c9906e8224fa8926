import Keyframes

// KeyframeTrack's everyday members, compiled in this module. Swift 6.3 inlines and specializes
// an `@inlinable` declaration in another module only when it is public; a `package` one (all of
// Keyframes, Scripts/check_public_api.py) is called as its generic body, which looked up
// `Keyframe<V>`'s metadata (~375 instructions) for every key it made or read: 154 M instructions
// of the 2D batch (BENCHMARKS.md#batch2d-the-2d-exports-cpu-package-generics-2026-12-04). These bodies are
// specialized here; the one generic call left each (the package inits) is made once per track,
// not per key. Same values, same order: only where the work is compiled moves.
extension KeyframeTrack {
    /// `initialValue` (every read of it in this module).
    var firstValue: Value { keyframes[0].value }

    /// `isAnimated`: whether the value ever differs from the first keyframe's.
    var animates: Bool {
        let first = keyframes[0].value
        for k in keyframes.indices where keyframes[k].value != first { return true }
        return false
    }

    /// `map(f)`: the same keys (times, easings) with f of each value, f called in key order.
    func mapped<T>(_ f: (Value) -> T) -> KeyframeTrack<T> {
        let keys = keyframes
        var key = Keyframe(time: keys[0].time, value: f(keys[0].value), easing: keys[0].easing)
        var out: [Keyframe<T>] = []
        out.reserveCapacity(keys.count)
        out.append(key)
        for n in keys.indices.dropFirst() {
            key.time = keys[n].time
            key.value = f(keys[n].value)
            key.easing = keys[n].easing
            out.append(key)
        }
        return KeyframeTrack<T>(out)
    }

    /// `KeyframeTrack.constant(v)` (one key at time 0, linear), made from this track's first key.
    func constantLike(_ v: Value) -> KeyframeTrack {
        var key = keyframes[0]
        key.time = 0
        key.value = v
        key.easing = .linear
        return KeyframeTrack([key])
    }
}

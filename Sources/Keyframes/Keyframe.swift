import Motion
import Simulation
// Keyframes in the shape every exporter shares: a value at a time, and how to get to the next
// one (linear, a cubic-bezier easing with its control points, or a hold).
//
// The types are `@usableFromInline` (not public: Scripts/check_public_api.py) so that their
// `@inlinable` members are compiled into the exporters, specialized for each value type: Swift
// 6.3 keeps an `@inlinable package` body out of the module's interface unless its type is
// usable from inline, and another module then called the generic body, which looked up
// `Keyframe<V>`'s metadata for every key it read or made (BENCHMARKS.md#batch2d-the-2d-exports-cpu-package-generics-2026-12-04).
import TransitionModel

@usableFromInline package enum KeyframeEasing: Hashable, Sendable {
    case linear
    /// Progress toward the next keyframe follows this curve of normalised time (SMIL keySplines, Lottie o/i).
    case bezier(CubicBezier)
    /// Keep this value until the next keyframe (a jump when the next has the same time).
    case hold
}

extension KeyframeEasing {
    /// How far a player has moved from this key's value toward the next at normalised time u of
    /// the span (0 while held).
    package func progress(at u: Double) -> Double {
        switch self {
        case .linear: return u
        case .hold: return 0
        case .bezier(let c): return c.progress(at: u)
        }
    }
}

@usableFromInline package struct Keyframe<Value: Hashable & Sendable>: Hashable, Sendable {
    /// Seconds on the transition's timeline.
    @usableFromInline package var time: Double
    @usableFromInline package var value: Value
    /// Easing of the segment from this keyframe to the next.
    @usableFromInline package var easing: KeyframeEasing
    @inlinable package init(time: Double, value: Value, easing: KeyframeEasing = .linear) {
        self.time = time; self.value = value; self.easing = easing
    }
}

@usableFromInline package struct KeyframeTrack<Value: Hashable & Sendable>: Hashable, Sendable {
    /// Sorted by time; two keyframes may share a time (a jump). Never empty.
    @usableFromInline package var keyframes: [Keyframe<Value>]
    @inlinable package init(_ keyframes: [Keyframe<Value>]) {
        precondition(!keyframes.isEmpty, "a track has at least one keyframe")
        self.keyframes = keyframes
    }
    @inlinable package static func constant(_ v: Value) -> KeyframeTrack { KeyframeTrack([Keyframe(time: 0, value: v)]) }

    @inlinable package var initialValue: Value { keyframes[0].value }
    /// Whether the value ever differs from the first keyframe's.
    /// A loop: `contains(where:)` here ran unspecialized (~3,000 instructions a call).
    @inlinable package var isAnimated: Bool {
        let first = keyframes[0].value
        for k in keyframes.indices where keyframes[k].value != first { return true }
        return false
    }

    @inlinable package func map<T>(_ f: (Value) -> T) -> KeyframeTrack<T> {
        KeyframeTrack<T>(keyframes.map { Keyframe(time: $0.time, value: f($0.value), easing: $0.easing) })
    }
}

// Not inlinable: its body reads AnimatableValue's package requirements (witnessed by Simulation's
// types), which another module's inlined code could not name.
extension KeyframeTrack where Value: AnimatableValue {
    /// The value a player computes at time t from these keyframes (bezier easing solved exactly).
    package func value(at t: Double) -> Value {
        guard t >= keyframes[0].time else { return keyframes[0].value }
        // The last keyframe at or before t: after a jump (two keyframes at one time) that is the new value.
        return value(at: t, fromKey: keyframes.lastIndex { $0.time <= t }!)
    }

    /// The value at t between keyframe i (the last at or before t) and the next one.
    package func value(at t: Double, fromKey i: Int) -> Value {
        guard i + 1 < keyframes.count else { return keyframes[i].value }
        let a = keyframes[i], b = keyframes[i + 1]
        let u = (t - a.time) / (b.time - a.time)
        let p: Double
        switch a.easing {
        case .linear: p = u
        case .hold: p = 0
        case .bezier(let c): p = c.progress(at: u)
        }
        return a.value + (b.value - a.value).scaled(by: p)
    }
}

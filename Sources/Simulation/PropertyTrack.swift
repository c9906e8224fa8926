import Motion
// One layer property over the timeline, with Core Animation's additive semantics: UIKit sets
// the model value to `to` at once and adds an animation of (from − to) → 0, so an animation
// that interrupts another adds to it and the motion stays continuous (docs/uikit-motion.md#additive-view-animations).
import TransitionModel

/// Values that animate by interpolating components linearly: their arithmetic.
/// Usable from inline, its members inlinable (Double, Point, Size, Rect): the keyframe fits,
/// specialized in Keyframes, called each `+`, `-` and `scaled(by:)` through the conformance's
/// witness table (about 2 million calls in the 2D batch); now they are inlined there.
@usableFromInline package protocol LinearValue: Hashable, Sendable {
    static func + (a: Self, b: Self) -> Self
    static func - (a: Self, b: Self) -> Self
    func scaled(by k: Double) -> Self
}

/// Values that animate by interpolating components linearly, read from a track.
package protocol AnimatableValue: LinearValue {
    /// `track.value(at: t)` compiled for this type. Generic code of other modules (ExactTrack's
    /// closures) called the unspecialized `value(at:)`, which fetched generic metadata at each
    /// read, ~4,000 instructions a call; through this witness it runs the specialized one
    /// (BENCHMARKS.md#2d-cpu-pass-same-bytes).
    static func presented(by track: PropertyTrack<Self>, at t: Double) -> Self
}

extension AnimatableValue {
    package static func presented(by track: PropertyTrack<Self>, at t: Double) -> Self { track.value(at: t) }
}

extension Double: AnimatableValue {
    @inlinable package func scaled(by k: Double) -> Double { self * k }
    package static func presented(by track: PropertyTrack<Double>, at t: Double) -> Double { track.value(at: t) }
}

extension Point: AnimatableValue {
    @inlinable package func scaled(by k: Double) -> Point { Point(x * k, y * k) }
    package static func presented(by track: PropertyTrack<Point>, at t: Double) -> Point { track.value(at: t) }
}

extension Size: AnimatableValue {
    @inlinable package static func + (a: Size, b: Size) -> Size { Size(a.width + b.width, a.height + b.height) }
    @inlinable package static func - (a: Size, b: Size) -> Size { Size(a.width - b.width, a.height - b.height) }
    @inlinable package func scaled(by k: Double) -> Size { Size(width * k, height * k) }
    package static func presented(by track: PropertyTrack<Size>, at t: Double) -> Size { track.value(at: t) }
}

extension Rect: AnimatableValue {
    @inlinable package static func + (a: Rect, b: Rect) -> Rect { Rect(origin: a.origin + b.origin, size: a.size + b.size) }
    @inlinable package static func - (a: Rect, b: Rect) -> Rect { Rect(origin: a.origin - b.origin, size: a.size - b.size) }
    @inlinable package func scaled(by k: Double) -> Rect { Rect(origin: origin.scaled(by: k), size: size.scaled(by: k)) }
    package static func presented(by track: PropertyTrack<Rect>, at t: Double) -> Rect { track.value(at: t) }
}

/// CA interpolates a transform's decomposed components (translation, scale, rotation,
/// perspective; docs/uikit-motion.md#center-and-transform). For translation, scale, perspective and a rotation about
/// one axis that is component-wise linear interpolation, angles in radians; rotations about
/// several axes at once would take CA's quaternion path and are interpolated per angle here.
extension LayerTransform: AnimatableValue {
    package static func + (a: LayerTransform, b: LayerTransform) -> LayerTransform {
        LayerTransform(
            translation: a.translation + b.translation, scale: a.scale + b.scale, rotation: a.rotation + b.rotation,
            rotationX: a.rotationX + b.rotationX, rotationY: a.rotationY + b.rotationY, m34: a.m34 + b.m34)
    }
    package static func - (a: LayerTransform, b: LayerTransform) -> LayerTransform {
        LayerTransform(
            translation: a.translation - b.translation, scale: a.scale - b.scale, rotation: a.rotation - b.rotation,
            rotationX: a.rotationX - b.rotationX, rotationY: a.rotationY - b.rotationY, m34: a.m34 - b.m34)
    }
    package func scaled(by k: Double) -> LayerTransform {
        LayerTransform(
            translation: translation.scaled(by: k), scale: scale.scaled(by: k), rotation: rotation * k,
            rotationX: rotationX * k, rotationY: rotationY * k, m34: m34 * k)
    }
    package static func presented(by track: PropertyTrack<LayerTransform>, at t: Double) -> LayerTransform { track.value(at: t) }
}

/// An animation added to a track: the model jumped from `from` to `to` at `callTime`; the
/// presentation shows `to + (from − to)·(1 − p(t − callTime − delay))` until it is removed.
package struct TrackAnimation<Value: AnimatableValue>: Hashable, Sendable {
    package var callTime: Double
    package var delay: Double
    package var curve: AnimationCurve
    package var from: Value
    package var to: Value
    /// When the curve starts moving (`callTime + delay`); before it the delta holds (fill backwards).
    package var beginTime: Double { callTime + delay }
    package var endTime: Double { callTime + delay + curve.duration }

    @inlinable
    package func delta(at t: Double) -> Value {
        (from - to).scaled(by: 1 - curve.progress(at: t - beginTime))
    }
}

package struct PropertyTrack<Value: AnimatableValue>: Hashable, Sendable {
    package enum Event: Hashable, Sendable {
        /// A plain assignment: the value changes at this instant.
        case set(time: Double, value: Value)
        case animate(TrackAnimation<Value>)
        @usableFromInline var time: Double {
            switch self {
            case .set(let t, _): return t
            case .animate(let a): return a.callTime
            }
        }
    }

    /// What `value(at:)` reads of event k without copying the event (an enum whose animation
    /// holds a curve: each copy retained and released it, and the binary searches copied one
    /// per step; BENCHMARKS.md#fit35-tracks-read-without-copies-same-bytes-2026-12-05).
    @usableFromInline struct Mark: Hashable, Sendable {
        /// The event's time (an animation's call).
        @usableFromInline var time: Double
        /// An animation's end time; −∞ for an assignment (never attached).
        @usableFromInline var end: Double
        /// The latest end time of any animation among events 0...k (non-decreasing). An event
        /// before the first k with `reach > t` cannot be attached at t, so `value(at:)` starts
        /// there: a sample costs the animations still running, not every earlier phase (the
        /// cost was quadratic in phases; BENCHMARKS.md "Limits and cost").
        @usableFromInline var reach: Double
        /// The model value after the event: an assignment's value, an animation's `to`.
        @usableFromInline var model: Value
        /// An animation's `beginTime`, `from − to` and curve, which `TrackAnimation.delta(at:)`
        /// reads (an assignment's are never read).
        @usableFromInline var begin: Double
        @usableFromInline var offset: Value
        /// The animation's curve prepared: its spring state or Bézier coefficients computed once,
        /// not at each read (a custom curve's function is in `customs`).
        @usableFromInline var curve: PreparedCurve
    }

    package let initial: Value
    package private(set) var events: [Event] = []
    /// One per event, derived from it (`append`).
    @usableFromInline private(set) var marks: [Mark] = []
    /// The custom curves' functions, in event order (`PreparedCurve.customIndex`): read from the
    /// events, each read copied the event (and its values) to reach the curve.
    @usableFromInline private(set) var customs: [CustomCurve] = []

    package init(initial: Value) { self.initial = initial }

    /// How many events happen at or before `t` (events are in time order).
    @inlinable
    func eventCount(atOrBefore t: Double) -> Int {
        var lo = 0, hi = marks.count
        while lo < hi {
            // lo and hi are in 0...count: the sum neither overflows nor is negative, so the
            // shift is the halving (`/ 2` checked the sum for overflow at every step).
            let mid = (lo &+ hi) &>> 1
            if marks[mid].time <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The model value after every event up to and including time `t`.
    @inlinable
    package func modelValue(at t: Double) -> Value {
        modelValue(afterEvents: eventCount(atOrBefore: t))
    }

    @inlinable
    func modelValue(afterEvents n: Int) -> Value {
        guard n > 0 else { return initial }
        return marks[n - 1].model
    }

    /// Value events must be appended in time order (the simulation builds them that way).
    mutating func append(_ e: Event) {
        // The last mark's fields read in place (`marks.last` copied the mark).
        let last = marks.count - 1
        precondition(last < 0 || marks[last].time <= e.time, "track events out of order")
        events.append(e)
        var reach = last < 0 ? -.infinity : marks[last].reach
        switch e {
        case .set(let time, let value):
            marks.append(
                Mark(
                    time: time, end: -.infinity, reach: reach, model: value, begin: time, offset: value - value,
                    curve: PreparedCurve(AnimationCurve(.bezier(.linear), duration: 0), customIndex: 0)))
        case .animate(let a):
            let end = a.endTime
            reach = max(reach, end)
            let curve = PreparedCurve(a.curve, customIndex: customs.count)
            if case .custom(let f) = a.curve.shape { customs.append(CustomCurve(f)) }
            marks.append(
                Mark(
                    time: a.callTime, end: end, reach: reach, model: a.to, begin: a.beginTime, offset: a.from - a.to,
                    curve: curve))
        }
    }

    /// The latest time the track changes: an assignment, or the end of an animation (−∞ without
    /// events). Events are in time order and an animation ends after its call, so it is the
    /// last event's time or the latest end (`reach`).
    package var lastChange: Double {
        let last = marks.count - 1
        return last < 0 ? -.infinity : max(marks[last].time, marks[last].reach)
    }

    package var animations: [TrackAnimation<Value>] {
        events.compactMap { if case .animate(let a) = $0 { return a } else { return nil } }
    }

    /// The presented value at time `t`: model plus the deltas of animations still attached.
    /// An animation is removed at its end time (a spring snaps to the model value there).
    /// Inlinable and allocation-free: keyframe fitters evaluate it thousands of times per track.
    @inlinable
    package func value(at t: Double) -> Value {
        let n = eventCount(atOrBefore: t)
        var v = modelValue(afterEvents: n)
        // The first event that may still be attached at t (reach is non-decreasing).
        var lo = 0, hi = n
        while lo < hi {
            let mid = (lo &+ hi) &>> 1  // as in eventCount
            if marks[mid].reach > t { hi = mid } else { lo = mid + 1 }
        }
        // Deltas are added in event order, as before: the same sums to the last bit. An
        // assignment's end is −∞: only animations still attached are read.
        for k in lo..<n where t < marks[k].end { v = v + delta(k, at: t) }
        return v
    }

    /// `TrackAnimation.delta(at:)` of event k, an animation: the same arithmetic, its curve read
    /// from the mark (prepared), a custom curve's function from `customs`.
    @inlinable
    func delta(_ k: Int, at t: Double) -> Value {
        let u = t - marks[k].begin
        let p: Double
        if let c = marks[k].curve.customIndex {
            p = custom(c) { $0.progress(u) }
        } else {
            p = marks[k].curve.progress(at: u)
        }
        return marks[k].offset.scaled(by: 1 - p)
    }

    /// `body` with custom curve c, not retained: `customs` (this value's) keeps it for the call.
    /// (Read from the array, the object was retained and released around each read.)
    @inlinable
    func custom<R>(_ c: Int, _ body: (CustomCurve) -> R) -> R {
        precondition(c >= 0 && c < customs.count, "custom curve index out of range")
        let ref = customs.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress! + c).load(as: Unmanaged<CustomCurve>.self) }
        return ref._withUnsafeGuaranteedRef(body)
    }

    package var isConstant: Bool { events.allSatisfy { if case .set(_, let v) = $0 { return v == initial } else { return false } } }
}

/// A custom curve's function as a track keeps it, called where it lies. Read from
/// `[CustomProgress]`, the existential was copied out (its box retained) and destroyed at each
/// read, ~115 instructions (a gesture's followed tracks read it ~90,000 times in the 2D batch);
/// opened once here, its function is a closure over the concrete value, a constant of this
/// object, which a track reads unretained (`PropertyTrack.custom`). Equal and hashed as the
/// CustomProgress it holds.
@usableFromInline final class CustomCurve: Hashable, Sendable {
    let custom: CustomProgress
    /// `custom.function.progress(at:)`.
    @usableFromInline let progress: @Sendable (Double) -> Double

    init(_ custom: CustomProgress) {
        self.custom = custom
        progress = Self.caller(custom.function)
    }

    private static func caller<F: ProgressFunction>(_ f: F) -> @Sendable (Double) -> Double { { f.progress(at: $0) } }

    @usableFromInline static func == (a: CustomCurve, b: CustomCurve) -> Bool { a.custom == b.custom }
    @usableFromInline func hash(into h: inout Hasher) { custom.hash(into: &h) }
}

/// A property that never animates (hidden, zPosition, anchorPoint): a step function.
package struct DiscreteTrack<Value: Hashable & Sendable>: Hashable, Sendable {
    package let initial: Value
    package private(set) var changes: [(time: Double, value: Value)] = []

    package init(initial: Value) { self.initial = initial }

    mutating func set(_ value: Value, at time: Double) { changes.append((time, value)) }

    package func value(at t: Double) -> Value {
        var v = initial
        for c in changes where c.time <= t { v = c.value }
        return v
    }

    package static func == (a: DiscreteTrack, b: DiscreteTrack) -> Bool {
        a.initial == b.initial && a.changes.count == b.changes.count
            && zip(a.changes, b.changes).allSatisfy { $0.time == $1.time && $0.value == $1.value }
    }
    package func hash(into h: inout Hasher) {
        h.combine(initial)
        for c in changes { h.combine(c.time); h.combine(c.value) }
    }
}

extension AnimatableValue {
    /// Largest absolute component of the difference, for "did the value change" tests.
    package func distance(to other: Self) -> Double { (self - other).magnitude }
}

extension AnimatableValue {
    var magnitude: Double {
        switch self {
        case let d as Double: return abs(d)
        case let p as Point: return max(abs(p.x), abs(p.y))
        case let s as Size: return max(abs(s.width), abs(s.height))
        case let r as Rect: return max(r.origin.magnitude, r.size.magnitude)
        case let t as LayerTransform:
            return max(
                abs(t.translation.x), abs(t.translation.y), abs(t.scale.x), abs(t.scale.y), abs(t.rotation),
                abs(t.rotationX), abs(t.rotationY), abs(t.m34))
        default: return 0
        }
    }
}

import Motion
import Simulation
// The exact motion of one exported property, as a keyframe reducer sees it: the value at any
// time, and the times between which it is smooth. A `PropertyTrack` gives one directly; a
// projection (a transform component, a projected path) maps one or is built from a closure.
import TransitionModel

package struct ExactTrack<Value: AnimatableValue>: Sendable {
    /// What the value does between two consecutive breakpoints.
    package enum Piece: Hashable, Sendable {
        /// Constant.
        case still
        /// One animation with this timing curve spans the whole interval: exact as one segment.
        case bezier(CubicBezier)
        /// Anything else (a spring, overlapping animations, a projection): smooth, to be fitted or sampled.
        case moving
    }

    /// Sorted times from the start of the timeline to its end; the value may jump at each of them.
    package let breakpoints: [Double]
    /// `pieces[k]` describes the open interval (breakpoints[k], breakpoints[k + 1]).
    package let pieces: [Piece]
    /// The exact value at time t, right-continuous (the new value at a jump's time).
    package let value: @Sendable (Double) -> Value

    package init(breakpoints: [Double], pieces: [Piece], value: @escaping @Sendable (Double) -> Value) {
        precondition(!breakpoints.isEmpty && pieces.count == breakpoints.count - 1, "one piece between each two breakpoints")
        self.breakpoints = breakpoints
        self.pieces = pieces
        self.value = value
    }

    /// A property track over [0, end]: breakpoints at every assignment and at every animation's
    /// call, begin and end; an interval is `.bezier` when one bezier-timed animation spans it exactly.
    package init(
        _ track: PropertyTrack<Value>, until end: Double, memo: ExactValueMemo<Value>? = nil, stillBreakpoints: [Double]? = nil
    ) {
        guard let memo, !track.events.isEmpty else {
            self.init(track, until: end, component: { $0 }, memo: memo, stillBreakpoints: stillBreakpoints)
            return
        }
        // The value read from the memo directly: through `component: { $0 }` each read also
        // called the identity closure (the same value, one indirect call fewer).
        let (breakpoints, pieces) = Self.segments(track, until: end, component: { $0 })
        self.init(breakpoints: breakpoints, pieces: pieces, value: { memo.value($0) { Value.presented(by: track, at: $0) } })
    }

    /// One component of a property track (`f` linear, such as a transform's scale): an animation
    /// that leaves the component unchanged does not move it. With `memo`, the track's value at a
    /// time is computed once for every track that shares it (ExactValueMemo).
    /// - Parameter stillBreakpoints: `StillTrack.breakpoints(until: end)`, one array that the
    ///   caller's tracks that never change share (most of a layer's: one each was allocated and
    ///   freed with every export).
    package init<Whole: AnimatableValue>(
        _ track: PropertyTrack<Whole>, until end: Double,
        component f: @escaping @Sendable (Whole) -> Value, memo: ExactValueMemo<Whole>? = nil,
        stillBreakpoints: [Double]? = nil
    ) {
        if track.events.isEmpty {
            let v = f(track.initial)
            let breakpoints = stillBreakpoints ?? StillTrack.breakpoints(until: end)
            assert(breakpoints == StillTrack.breakpoints(until: end), "the breakpoints of a still track until end")
            self.init(breakpoints: breakpoints, pieces: end > 0 ? [.still] : [], value: { _ in v })
            return
        }
        let (breakpoints, pieces) = Self.segments(track, until: end, component: f)
        guard let memo else {
            self.init(breakpoints: breakpoints, pieces: pieces, value: { f(Whole.presented(by: track, at: $0)) })
            return
        }
        self.init(breakpoints: breakpoints, pieces: pieces, value: { f(memo.value($0) { Whole.presented(by: track, at: $0) }) })
    }

    /// The breakpoints and pieces of a track with events, as the component `f` sees them.
    static func segments<Whole: AnimatableValue>(
        _ track: PropertyTrack<Whole>, until end: Double, component f: (Whole) -> Value
    ) -> ([Double], [Piece]) {
        var times: Set<Double> = [0, end]
        for e in track.events {
            switch e {
            case .set(let t, _): times.insert(t)
            case .animate(let a): times.formUnion([a.callTime, a.beginTime, a.endTime])
            }
        }
        let breakpoints = times.filter { $0 >= 0 && $0 <= end }.sorted()
        var animations: [TrackAnimation<Whole>] = []
        for case .animate(let a) in track.events where f(a.from) != f(a.to) { animations.append(a) }
        let pieces = zip(breakpoints, breakpoints.dropFirst()).map { b, next -> Piece in
            let moving = animations.filter { $0.beginTime < next && $0.endTime > b && $0.callTime <= b }
            if moving.isEmpty { return .still }
            if moving.count == 1, case .bezier(let curve) = moving[0].curve.shape,
                moving[0].beginTime == b, moving[0].endTime == next
            {
                return .bezier(curve)
            }
            return .moving
        }
        return (breakpoints, pieces)
    }

    /// The same motion through an affine map (a component, a unit change): every piece keeps its
    /// kind, since an affine map of a bezier-eased value is eased by the same curve.
    package func map<U: AnimatableValue>(_ f: @escaping @Sendable (Value) -> U) -> ExactTrack<U> {
        let value = self.value
        let pieces = self.pieces.map { p -> ExactTrack<U>.Piece in
            switch p {
            case .still: return .still
            case .bezier(let c): return .bezier(c)
            case .moving: return .moving
            }
        }
        return ExactTrack<U>(breakpoints: breakpoints, pieces: pieces, value: { f(value($0)) })
    }

    /// The value just before t (before a jump at t).
    package func leftValue(at t: Double) -> Value { value(t.nextDown) }

    package var start: Double { breakpoints[0] }
    package var end: Double { breakpoints[breakpoints.count - 1] }
}

extension ExactTrack where Value == Double {
    /// The motion as drawn within `range`: a piece that leaves the range is no longer one
    /// bezier segment (it flattens at the bound), so it becomes `.moving` and is fitted.
    package func clamped(to range: ClosedRange<Double>) -> ExactTrack<Double> {
        let value = self.value
        // Changed in place, so that a track with no piece leaving the range shares its pieces.
        var pieces = self.pieces
        for k in pieces.indices {
            guard case .bezier = pieces[k] else { continue }
            let a = breakpoints[k], b = breakpoints[k + 1]
            if (0...64).contains(where: { n in !range.contains(value(a + (b - a) * Double(n) / 64)) }) { pieces[k] = .moving }
        }
        return ExactTrack(breakpoints: breakpoints, pieces: pieces, value: { DrawnRange.clamp(value($0), range) })
    }

    /// The motion as Core Animation draws `property` (LayerProperty.drawnRange).
    package func clamped(as property: LayerProperty) -> ExactTrack<Double> {
        property.drawnRange.map(clamped(to:)) ?? self
    }
}

/// A track that never changes, from 0 to `end`.
package enum StillTrack {
    package static func breakpoints(until end: Double) -> [Double] { end > 0 ? [0, end] : [0] }
}

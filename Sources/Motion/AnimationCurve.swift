/// The timing of one animation: progress p as a function of local time in seconds, cut at `duration`
/// (UIKit removes the animation and the model value shows: p snaps to 1, docs/uikit-motion.md#spring-cut-at-duration).
package struct AnimationCurve: Hashable, Sendable {
    package enum Shape: Hashable, Sendable {
        case bezier(CubicBezier)
        case spring(SpringParameters)
        /// Progress given by a function of local time that its owner defines for every t (not cut
        /// to [0, duration]): motion driven by a finger, a phase scrubbed and completed
        /// (Simulation/Interaction*.swift). Exporters sample it.
        case custom(CustomProgress)
    }

    package var shape: Shape
    package var duration: Double

    package init(_ shape: Shape, duration: Double) {
        self.shape = shape
        self.duration = duration
    }

    /// p at local time t (s): 0 before the start, 1 from `duration` on (the snap to the model value,
    /// docs/uikit-motion.md#spring-cut-at-duration).
    /// A Bézier runs on u = t/duration; a spring runs in seconds and `duration` only cuts it
    /// (docs/uikit-motion.md#time-pipeline, #spring-closed-forms).
    /// One switch reads the shape: `if case`, then a second switch, copied it twice (its custom
    /// case an existential: ~80 instructions a read, a tenth of a spring's; the same arithmetic).
    package func progress(at t: Double) -> Double {
        switch shape {
        case .custom(let f): return f.function.progress(at: t)
        case .bezier(let curve):
            if t <= 0 { return 0 }
            if t >= duration { return 1 }
            return curve.progress(at: t / duration)
        case .spring(let spring):
            if t <= 0 { return 0 }
            if t >= duration { return 1 }
            return spring.progress(at: t)
        }
    }

    /// Whether p leaves [0, 1] anywhere in (0, duration); CA then extrapolates the value linearly (docs/uikit-motion.md#time-pipeline).
    /// Checked analytically at the curve's extrema (and at the cut for springs), with 1e-12 slack for rounding.
    package var overshoots: Bool {
        guard duration > 0 else { return false }
        let slack = 1e-12
        switch shape {
        case .bezier(let curve):
            let range = curve.yRange
            return range.lowerBound < -slack || range.upperBound > 1 + slack
        case .spring(let spring):
            let state = spring.state
            let candidates = state.criticalTimes(before: duration) + [duration]
            return candidates.contains { t in
                let p = spring.progress(at: t)
                return p < -slack || p > 1 + slack
            }
        case .custom:
            return true  // unknown in general: treat as leaving [0, 1]
        }
    }
}

/// A progress function of local time (seconds), as a value: equal functions compare equal.
package protocol ProgressFunction: Hashable, Sendable {
    func progress(at t: Double) -> Double
}

/// A `ProgressFunction` of any type, so `AnimationCurve` stays one Hashable value type.
package struct CustomProgress: Hashable, Sendable {
    package let function: any ProgressFunction
    package init(_ function: any ProgressFunction) { self.function = function }

    package static func == (a: CustomProgress, b: CustomProgress) -> Bool { a.function.isEqual(to: b.function) }
    package func hash(into h: inout Hasher) { function.hash(into: &h) }
}

extension ProgressFunction {
    func isEqual(to other: any ProgressFunction) -> Bool { (other as? Self) == self }
}

import Foundation

// The values of one exact track already computed, by time (its bits). The SMIL and the Lottie
// fit of a simulation start from the same grid, extrema and end slopes, check the same first
// spans, and a transform's translation, scale and rotation are read at the same times: each
// time's value is computed once (the same closure at the same time: the same bits).
// BENCHMARKS.md#batch2d3-exact-values-once-2026-12-04.
package final class ExactValueMemo<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [UInt64: Value] = [:]

    package init() {}

    /// `compute(t)`, computed at most once per time (under a lock: a track may be read by
    /// several threads; the value is computed outside it).
    @inline(__always)
    package func value(_ t: Double, _ compute: (Double) -> Value) -> Value {
        let key = t.bitPattern
        lock.lock()
        let kept = values[key]
        lock.unlock()
        if let kept { return kept }
        let v = compute(t)
        lock.lock()
        values[key] = v
        lock.unlock()
        return v
    }
}

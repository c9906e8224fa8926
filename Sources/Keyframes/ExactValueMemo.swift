import Synchronization

// The values of one exact track already computed, by time (its bits). The SMIL and the Lottie
// fit of a simulation start from the same grid, extrema and end slopes, check the same first
// spans, and a transform's translation, scale and rotation are read at the same times: each
// time's value is computed once (the same closure at the same time: the same bits).
// BENCHMARKS.md#batch2d3-exact-values-once-2026-12-04.
package final class ExactValueMemo<Value: Sendable>: Sendable {
    /// A Mutex, not an NSLock: half the cost of a read (about 170 instructions, not 380).
    private let values = Mutex<[UInt64: Value]>([:])

    package init() {}

    /// `compute(t)`, computed once per time (outside the lock: two threads asking at once may
    /// both compute it, the same bits).
    @inline(__always)
    package func value(_ t: Double, _ compute: (Double) -> Value) -> Value {
        let key = t.bitPattern
        if let kept = values.withLock({ $0[key] }) { return kept }
        let v = compute(t)
        values.withLock { $0[key] = v }
        return v
    }
}

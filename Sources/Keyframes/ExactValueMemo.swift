import Synchronization

// The values of one exact track already computed, by time (its bits). The SMIL and the Lottie
// fit of a simulation start from the same grid, extrema and end slopes, check the same first
// spans, and a transform's translation, scale and rotation are read at the same times: each
// time's value is computed once (the same closure at the same time: the same bits).
// BENCHMARKS.md#batch2d3-exact-values-once-2026-12-04.
package final class ExactValueMemo<Value: Sendable>: Sendable {
    /// A Mutex, not an NSLock: half the cost of a read (about 170 instructions, not 380).
    private let values = Mutex(TimeTable<Value>())

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

/// A table from a time's bits to a value: open addressing with linear probing, a Fibonacci
/// hash of the bits, at most half full. A Dictionary hashed every key with SipHash, about a
/// third of a memo read (BENCHMARKS.md#fit35-tracks-read-without-copies-same-bytes-2026-12-05).
struct TimeTable<Value> {
    /// `values[i]` nil: slot i is free (then `keys[i]` means nothing).
    private var keys: [UInt64] = []
    private var values: [Value?] = []
    private var count = 0
    /// 64 − log2(slots): the hash's top bits pick the slot.
    private var shift: UInt64 = 64

    init() {}

    subscript(key: UInt64) -> Value? {
        get {
            guard count > 0 else { return nil }
            var i = slot(key)
            while let v = values[i] {
                if keys[i] == key { return v }
                i = (i + 1) & (values.count - 1)
            }
            return nil
        }
        set {
            guard let newValue else { preconditionFailure("a memo keeps every value") }
            if 2 * (count + 1) > values.count { grow() }
            var i = slot(key)
            while values[i] != nil {
                if keys[i] == key {
                    values[i] = newValue  // computed again by another thread: the same bits
                    return
                }
                i = (i + 1) & (values.count - 1)
            }
            keys[i] = key
            values[i] = newValue
            count += 1
        }
    }

    @inline(__always)
    private func slot(_ key: UInt64) -> Int { Self.slot(key, shift) }

    @inline(__always)
    private static func slot(_ key: UInt64, _ shift: UInt64) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift) }

    /// Twice the slots (64 at first), every value placed again: straight into the new arrays
    /// (the keys are distinct, so no key is compared), not through the subscript, whose bounds,
    /// uniqueness and growth checks made a value placed again cost ~190 instructions.
    private mutating func grow() {
        let slots = max(64, 2 * values.count)
        let newShift = UInt64(64 - slots.trailingZeroBitCount), last = slots - 1
        var newKeys = [UInt64](repeating: 0, count: slots)
        var newValues = [Value?](repeating: nil, count: slots)
        newKeys.withUnsafeMutableBufferPointer { nk in
            newValues.withUnsafeMutableBufferPointer { nv in
                keys.withUnsafeBufferPointer { ok in
                    values.withUnsafeBufferPointer { ov in
                        for i in ov.indices {
                            guard let v = ov[i] else { continue }
                            var j = Self.slot(ok[i], newShift)
                            while nv[j] != nil { j = (j + 1) & last }
                            nk[j] = ok[i]
                            nv[j] = v
                        }
                    }
                }
            }
        }
        keys = newKeys
        values = newValues
        shift = newShift
    }
}

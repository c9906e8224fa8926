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

    // The table's buffers freed here: TimeTable's own deinit, run from Mutex's, was not run in
    // the release build (each memo's buffers leaked: the default run's peak 58 -> 62 MB).
    deinit { values.withLock { $0.release() } }

    /// `compute(t)`, computed once per time. Looked up and, when absent, computed and kept in one
    /// hold of the lock: a read and a write apart took the lock twice, probed twice and copied
    /// the table for the read (about 90 instructions a miss). `compute` must not read this memo
    /// (the lock is not reentrant); the tracks' closures read only their PropertyTrack.
    @inline(__always)
    package func value(_ t: Double, _ compute: (Double) -> Value) -> Value {
        values.withLock { $0.value(t.bitPattern) { compute(t) } }
    }
}

/// A table from a time's bits to a value: open addressing with linear probing, a Fibonacci
/// hash of the bits, at most half full. A Dictionary hashed every key with SipHash, about a
/// third of a memo read (BENCHMARKS.md#fit35-tracks-read-without-copies-same-bytes-2026-12-05).
/// Its slots are two raw buffers, a slot free when its key is `empty`: arrays of `Value?` paid
/// uniqueness and bounds checks and optional tags at each insert, zeroed every new slot's
/// value and were walked to be freed (BENCHMARKS.md#fit39-the-memos-table-in-raw-slots-still-tracks-and-measures-shared-same-bytes-2026-12-06).
struct TimeTable<Value>: ~Copyable {
    /// A NaN's bits (no time read has them): a free slot. A value at this key is kept apart.
    private static var empty: UInt64 { .max }
    private var keys: UnsafeMutablePointer<UInt64>?
    /// Initialized where the slot's key is not `empty`.
    private var values: UnsafeMutablePointer<Value>?
    /// A power of two (0 before the first value).
    private var slots = 0
    private var count = 0
    /// 64 − log2(slots): the hash's top bits pick the slot.
    private var shift: UInt64 = 64
    private var atEmptyKey: Value?

    init() {}

    deinit { Self.free(keys, values, slots) }

    /// Frees the slots (and their values); the table is empty after.
    mutating func release() {
        Self.free(keys, values, slots)
        keys = nil
        values = nil
        slots = 0
        count = 0
        shift = 64
        atEmptyKey = nil
    }

    private static func free(_ keys: UnsafeMutablePointer<UInt64>?, _ values: UnsafeMutablePointer<Value>?, _ slots: Int) {
        guard let keys, let values else { return }
        if !_isPOD(Value.self) {
            for i in 0..<slots where keys[i] != Self.empty { (values + i).deinitialize(count: 1) }
        }
        keys.deallocate()
        values.deallocate()
    }

    /// The value at `key`, or `compute()` kept there: one probe finds it or the free slot it
    /// goes in (the table grows first, and the slot is found again, when a new value would fill
    /// it over half).
    @inline(__always)
    mutating func value(_ key: UInt64, _ compute: () -> Value) -> Value {
        if key == Self.empty {
            if let atEmptyKey { return atEmptyKey }
            let v = compute()
            atEmptyKey = v
            return v
        }
        if let keys, let values {
            var i = slot(key)
            while true {
                let k = keys[i]
                if k == key { return values[i] }
                if k == Self.empty { break }
                i = (i &+ 1) & (slots &- 1)
            }
            // Absent, and the table has room: the free slot found takes it.
            if 2 * (count + 1) <= slots {
                let v = compute()
                keys[i] = key
                (values + i).initialize(to: v)
                count += 1
                return v
            }
        }
        grow()
        let keys = keys!, values = values!
        var i = slot(key)
        while keys[i] != Self.empty { i = (i &+ 1) & (slots &- 1) }
        let v = compute()
        keys[i] = key
        (values + i).initialize(to: v)
        count += 1
        return v
    }

    subscript(key: UInt64) -> Value? {
        get {
            if key == Self.empty { return atEmptyKey }
            guard let keys, let values else { return nil }
            var i = slot(key)
            while true {
                let k = keys[i]
                if k == key { return values[i] }
                if k == Self.empty { return nil }
                i = (i &+ 1) & (slots &- 1)
            }
        }
        set {
            guard let newValue else { preconditionFailure("a memo keeps every value") }
            if key == Self.empty {
                atEmptyKey = newValue
                return
            }
            if 2 * (count + 1) > slots { grow() }
            let keys = keys!, values = values!
            var i = slot(key)
            while keys[i] != Self.empty {
                if keys[i] == key {
                    values[i] = newValue  // computed again by another thread: the same bits
                    return
                }
                i = (i &+ 1) & (slots &- 1)
            }
            keys[i] = key
            (values + i).initialize(to: newValue)
            count += 1
        }
    }

    // Wrapping arithmetic in the probes: a slot index is below `slots` (a power of two, at most
    // Int.max / 2) and `shift` is at most 58 once there are slots, so no step overflows and
    // `&>>` shifts as `>>` does; the checks cost a compare and a branch each.
    @inline(__always)
    private func slot(_ key: UInt64) -> Int { Self.slot(key, shift) }

    @inline(__always)
    private static func slot(_ key: UInt64, _ shift: UInt64) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) &>> shift) }

    /// Twice the slots (64 at first), every value moved into its new slot (the keys are distinct,
    /// so no key is compared).
    private mutating func grow() {
        let newSlots = max(64, 2 * slots)
        let newShift = UInt64(64 - newSlots.trailingZeroBitCount), last = newSlots - 1
        let newKeys = UnsafeMutablePointer<UInt64>.allocate(capacity: newSlots)
        newKeys.initialize(repeating: Self.empty, count: newSlots)
        let newValues = UnsafeMutablePointer<Value>.allocate(capacity: newSlots)
        if let keys, let values {
            for i in 0..<slots where keys[i] != Self.empty {
                var j = Self.slot(keys[i], newShift)
                while newKeys[j] != Self.empty { j = (j &+ 1) & last }
                newKeys[j] = keys[i]
                (newValues + j).moveInitialize(from: values + i, count: 1)
            }
            keys.deallocate()
            values.deallocate()
        }
        keys = newKeys
        values = newValues
        slots = newSlots
        shift = newShift
    }
}

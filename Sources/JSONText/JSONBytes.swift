// Where the JSON writer appends its bytes: an `[UInt8]`, or a buffer that grows itself
// (JSONByteBuffer: the compact writer's and the tracks dump's).

/// Where the writer appends bytes: an `[UInt8]` (the readable style, and writers that stream a
/// document themselves), or the compact style's `JSONByteBuffer`.
protocol JSONBytes {
    mutating func append(_ byte: UInt8)
    mutating func append(bytes: UnsafeBufferPointer<UInt8>)
    /// `NumberFormat.string(x, maxDecimals:)`'s bytes.
    mutating func append(number x: Double, maxDecimals: Int)
    /// `"bytes"` (bytes that need no escape).
    mutating func append(quoted bytes: UnsafeBufferPointer<UInt8>)
}

extension JSONBytes {
    mutating func append(literal: StaticString) { append(bytes: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)) }

    mutating func append(quoted bytes: UnsafeBufferPointer<UInt8>) {
        append(0x22)
        append(bytes: bytes)
        append(0x22)
    }
}

extension Array: JSONBytes where Element == UInt8 {
    mutating func append(bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
    mutating func append(number x: Double, maxDecimals: Int) { NumberFormat.append(x, maxDecimals: maxDecimals, to: &self) }
}

/// The compact writer's bytes, and the tracks dump's samples (TracksWriter), in memory it grows
/// itself: an append is one capacity test (an `[UInt8]` append also checks that its storage is
/// unshared, and a number went through a buffer of its own). Owned by the one call that makes
/// it, which frees it (not copied).
package struct JSONByteBuffer: JSONBytes {
    private var base: UnsafeMutablePointer<UInt8>
    package private(set) var count = 0
    private var capacity: Int

    package init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    package var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    package func free() { base.deallocate() }

    /// Drops the bytes from `count` on.
    package mutating func removeLast(from count: Int) {
        precondition(count >= 0 && count <= self.count)
        self.count = count
    }

    @inline(__always)
    package mutating func append(literal: StaticString) { append(bytes: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)) }

    package mutating func append(contentsOf bytes: [UInt8]) { bytes.withUnsafeBufferPointer { append(bytes: $0) } }

    @inline(__always)
    package mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    package mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else { return }
        if count + bytes.count > capacity { grow(toHold: count + bytes.count) }
        (base + count).update(from: start, count: bytes.count)
        count += bytes.count
    }

    /// `"bytes"` after one capacity test; a short string (most of a Lottie's keys) byte by byte,
    /// which costs less than setting up a copy (BENCHMARKS.md#lottie36-the-2d-lottie-document-same-bytes-2026-12-05).
    @inline(__always)
    package mutating func append(quoted bytes: UnsafeBufferPointer<UInt8>) {
        let n = bytes.count
        if count + n + 2 > capacity { grow(toHold: count + n + 2) }
        let at = base + count
        at[0] = 0x22
        if n <= 4 {
            for k in 0..<n { at[1 + k] = bytes[k] }
        } else if let start = bytes.baseAddress {
            (at + 1).update(from: start, count: n)
        }
        at[n + 1] = 0x22
        count += n + 2
    }

    /// The digits straight into the buffer (`NumberFormat.decimalDigits` writes ≤ 20 bytes and
    /// uses 20 past them), `slowString`'s where it declines.
    package mutating func append(number x: Double, maxDecimals: Int) {
        precondition(x.isFinite, "non-finite number reached an exporter")
        if count + 40 > capacity { grow(toHold: count + 40) }
        let n = NumberFormat.decimalDigits(x, maxDecimals, into: base + count)
        if n > 0 {
            count += n
        } else {
            var text = NumberFormat.slowString(x, maxDecimals: maxDecimals)
            text.withUTF8 { append(bytes: $0) }
        }
    }

    /// `append(number: NumberFormat.round(x, decimals: decimals), maxDecimals:)`, rounded once
    /// (NumberFormat.roundedDigits): the same bytes.
    @inline(__always)
    package mutating func append(number x: Double, roundedTo decimals: Int, maxDecimals: Int) {
        append(number: x, scales: NumberFormat.roundingScales(decimals, maxDecimals), roundedTo: decimals, maxDecimals: maxDecimals)
    }

    /// The same with `NumberFormat.roundingScales(decimals, maxDecimals)` made by the caller
    /// once for a run of numbers.
    @inline(__always)
    package mutating func append(number x: Double, scales: NumberFormat.RoundingScales?, roundedTo decimals: Int, maxDecimals: Int) {
        if count + 40 > capacity { grow(toHold: count + 40) }
        let n = scales.map { NumberFormat.roundedDigits(x, $0, into: base + count) } ?? 0
        if n > 0 {
            count += n
        } else {
            append(number: NumberFormat.round(x, decimals: decimals), maxDecimals: maxDecimals)
        }
    }

    @inline(never)
    private mutating func grow(toHold needed: Int) {
        capacity = max(needed, 2 * capacity)
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        bigger.initialize(from: base, count: count)
        base.deallocate()
        base = bigger
    }
}

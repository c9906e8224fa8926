// Deterministic number text for every exporter: the same double gives the same bytes on any
// machine (Swift's own shortest round-trip printing, never the C locale), never "-0", never an
// exponent, and rounded to a stated number of decimals chosen per unit by the caller.

package enum NumberFormat {
    /// Rounds `x` to `maxDecimals` decimals and prints the shortest text that reads back as that value.
    /// Callers pick `maxDecimals` so the rounding loses < 0.001 px after all transforms.
    package static func string(_ x: Double, maxDecimals: Int = 4) -> String {
        precondition(x.isFinite, "non-finite number reached an exporter")
        // The digits in a stack tuple, then a small String (≤ 15 bytes, no allocation): a third of
        // `slowString`'s instructions. A String made through `withUnsafeTemporaryAllocation` cost
        // more than `slowString` (BENCHMARKS.md#writers35-the-writers-same-bytes-2026-12-05).
        return withFastDigits(x, maxDecimals) { String(decoding: $0, as: UTF8.self) } ?? slowString(x, maxDecimals: maxDecimals)
    }

    /// x's fast-path digits (`decimalDigits`) in a stack buffer, handed to `body`; nil where the
    /// fast path declines (the caller then takes `slowString`).
    @inline(__always)
    private static func withFastDigits<R>(_ x: Double, _ maxDecimals: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        // 40 bytes: the number's ≤ 20 bytes plus the 20 bytes of scratch past them.
        var bytes: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &bytes) { raw -> R? in
            let p = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let n = decimalDigits(x, maxDecimals, into: p)
            return n > 0 ? body(UnsafeBufferPointer(start: p, count: n)) : nil
        }
    }

    /// The same text as `string`, appended as UTF-8 (the JSON writer's bytes: no String made).
    package static func append(_ x: Double, maxDecimals: Int, to out: inout [UInt8]) {
        precondition(x.isFinite, "non-finite number reached an exporter")
        let n = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer -> Int in
            let n = decimalDigits(x, maxDecimals, into: buffer.baseAddress!)
            if n > 0 { out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<n])) }
            return n
        }
        if n == 0 { out += slowString(x, maxDecimals: maxDecimals).utf8 }
    }

    /// The same text as `string`, appended to `out` (an SVG attribute value built in one String,
    /// no String per number); `dropLeadingZero`: "0.25" as ".25" (SVG's number grammar).
    package static func append(_ x: Double, maxDecimals: Int, to out: inout String, dropLeadingZero: Bool = false) {
        precondition(x.isFinite, "non-finite number reached an exporter")
        let written = withFastDigits(x, maxDecimals) { d in
            let skip = dropLeadingZero && d.count > 1 && d[0] == 0x30 && d[1] == 0x2E ? 1 : 0
            out.append(String(decoding: UnsafeBufferPointer(rebasing: d[skip...]), as: UTF8.self))
        }
        guard written == nil else { return }
        let text = slowString(x, maxDecimals: maxDecimals)
        out += dropLeadingZero && text.hasPrefix("0.") ? String(text.dropFirst()) : text
    }

    /// `string(x) + " " + string(y)` (an SVG pair or scale) made in one small String from a
    /// stack buffer: no String per number, no appends.
    package static func pair(_ x: Double, _ y: Double, maxDecimals: Int) -> String {
        precondition(x.isFinite && y.isFinite, "non-finite number reached an exporter")
        // 64 bytes: each number's ≤ 20 bytes plus its 20 bytes of scratch past them.
        var bytes: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        let text = withUnsafeMutableBytes(of: &bytes) { raw -> String? in
            let p = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let n = decimalDigits(x, maxDecimals, into: p)
            guard n > 0 else { return nil }
            p[n] = 0x20
            let m = decimalDigits(y, maxDecimals, into: p + n + 1)
            return m > 0 ? String(decoding: UnsafeBufferPointer(start: p, count: n + 1 + m), as: UTF8.self) : nil
        }
        return text ?? slowString(x, maxDecimals: maxDecimals) + " " + slowString(y, maxDecimals: maxDecimals)
    }

    /// The rounded value's text where it is m / 10^d for an integer |m| < 10^15: the decimal
    /// itself, trailing zeros dropped. Any other decimal of at most d decimals is ≥ 10^-d away,
    /// more than the double's spacing there, so this is exactly the shortest round-trip text
    /// `slowString` prints. Returns the byte count, or 0 for values it leaves to `slowString`.
    @inline(__always)
    static func decimalDigits(_ x: Double, _ decimals: Int, into p: UnsafeMutablePointer<UInt8>) -> Int {
        guard decimals >= 0, decimals <= 15 else { return 0 }
        let m = (x * pow10(decimals)).rounded()
        guard abs(m) < 1e15 else { return 0 }
        return scaledDigits(m, decimals, into: p)
    }

    /// `decimalDigits(round(x, decimals: d), maxDecimals)` in one rounding, or 0 where it declines
    /// (the caller then writes it that way). round gives r = M / 10^d (M = x·10^d rounded), and
    /// r·10^maxDecimals lies within 0.23 of the integer M·10^(maxDecimals − d) while that is below
    /// 10^15 (two roundings of relative error 2^-53 each), so decimalDigits rounds it back to that
    /// integer exactly, whose text with maxDecimals decimals is M's with d once the trailing zeros
    /// go (a path number written with 6 decimals stripped 3-6 zeros, and rounded twice more).
    /// The powers for one d and maxDecimals, 10^d and 10^(maxDecimals − d), are looked up once for
    /// a run of numbers (`roundingScales`: nil where it declines every number).
    @inline(__always)
    static func roundedDigits(_ x: Double, _ s: RoundingScales, into p: UnsafeMutablePointer<UInt8>) -> Int {
        let m = (x * s.scale).rounded()
        // |M|·10^k is an integer: below 10^15 it is exact in a Double, so the test is exact too.
        guard abs(m) * s.widen < 1e15 else { return 0 }
        return scaledDigits(m, s.decimals, into: p)
    }

    /// `roundedDigits`'s powers for one d and maxDecimals (see there).
    package struct RoundingScales {
        let decimals: Int
        let scale: Double
        let widen: Double
    }

    package static func roundingScales(_ d: Int, _ maxDecimals: Int) -> RoundingScales? {
        guard d >= 0, d <= maxDecimals, maxDecimals <= 15 else { return nil }
        return RoundingScales(decimals: d, scale: pow10(d), widen: pow10(maxDecimals - d))
    }

    /// The text of m / 10^decimals for an integer-valued m with |m| < 10^15, trailing zeros dropped.
    @inline(__always)
    private static func scaledDigits(_ m: Double, _ decimals: Int, into p: UnsafeMutablePointer<UInt8>) -> Int {
        var u = UInt64(abs(m))
        if u == 0 { p[0] = 0x30; return 1 }  // also turns -0 into 0
        var d = decimals
        while d >= 2, u % 100 == 0 { u /= 100; d -= 2 }
        if d > 0, u % 10 == 0 { u /= 10; d -= 1 }
        // Digits from the right into a scratch area past the 20 bytes written at most, two per
        // 64-bit division, then copied in order around the point (no test per digit).
        var digits = 0
        let scratch = p + 20
        while u >= 10 {
            let r = UInt8(truncatingIfNeeded: u % 100)
            u /= 100
            let tens = r / 10
            scratch[digits] = 0x30 + (r - 10 * tens)
            scratch[digits + 1] = 0x30 + tens
            digits += 2
        }
        if u > 0 { scratch[digits] = 0x30 + UInt8(truncatingIfNeeded: u); digits += 1 }
        var n = 0
        if m < 0 { p[n] = 0x2D; n += 1 }  // -
        if digits <= d {
            p[n] = 0x30; p[n + 1] = 0x2E; n += 2  // 0.
            for _ in 0..<(d - digits) { p[n] = 0x30; n += 1 }
            for k in stride(from: digits - 1, through: 0, by: -1) { p[n] = scratch[k]; n += 1 }
        } else {
            for k in stride(from: digits - 1, through: d, by: -1) { p[n] = scratch[k]; n += 1 }
            if d > 0 {
                p[n] = 0x2E; n += 1  // .
                for k in stride(from: d - 1, through: 0, by: -1) { p[n] = scratch[k]; n += 1 }
            }
        }
        return n
    }

    /// Swift's shortest round-trip text of the rounded value (`decimalDigits` is the same for the
    /// values it takes).
    static func slowString(_ x: Double, maxDecimals: Int) -> String {
        let rounded = round(x, decimals: maxDecimals)
        if rounded == 0 { return "0" }  // also turns -0 into 0
        if rounded.rounded() == rounded, abs(rounded) < 1e15 { return String(Int64(rounded)) }
        let text = "\(rounded)"
        // Its bytes, not its Characters: `contains("e")` walked grapheme clusters (BENCHMARKS.md#tracks-the-dump-and-its-fit-report-2026-12-04).
        if text.utf8.contains(UInt8(ascii: "e")) { return fixed(rounded, decimals: maxDecimals) }
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    package static func round(_ x: Double, decimals: Int) -> Double {
        let scale = pow10(decimals)
        let r = (x * scale).rounded() / scale
        return r == 0 ? 0 : r
    }

    static func pow10(_ n: Int) -> Double {
        if n >= 0, n < powersOf10.count { return powersOf10[n] }
        var p = 1.0
        for _ in 0..<max(0, n) { p *= 10 }
        return p
    }

    /// 10^0 … 10^15, each exact in a Double, so equal to the products the loop makes.
    private static let powersOf10: [Double] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15]

    /// Fixed-point text with trailing zeros removed, for magnitudes where `description` would use an exponent.
    static func fixed(_ x: Double, decimals: Int) -> String {
        let scaled = (abs(x) * pow10(decimals)).rounded()
        guard scaled < 9e18 else { return "\(x)" }  // beyond any canvas; definitions cap numbers far below
        var digits = String(UInt64(scaled))
        if digits.count <= decimals { digits = String(repeating: "0", count: decimals - digits.count + 1) + digits }
        var intPart = String(digits.dropLast(decimals))
        var frac = String(digits.suffix(decimals))
        while frac.hasSuffix("0") { frac.removeLast() }
        if intPart.isEmpty { intPart = "0" }
        let body = frac.isEmpty ? intPart : intPart + "." + frac
        return (x < 0 ? "-" : "") + body
    }
}

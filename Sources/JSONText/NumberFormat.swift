// Deterministic number text for every exporter: the same double gives the same bytes on any
// machine (Swift's own shortest round-trip printing, never the C locale), never "-0", never an
// exponent, and rounded to a stated number of decimals chosen per unit by the caller.

package enum NumberFormat {
    /// Rounds `x` to `maxDecimals` decimals and prints the shortest text that reads back as that value.
    /// Callers pick `maxDecimals` so the rounding loses < 0.001 px after all transforms.
    package static func string(_ x: Double, maxDecimals: Int = 4) -> String {
        precondition(x.isFinite, "non-finite number reached an exporter")
        let rounded = round(x, decimals: maxDecimals)
        if rounded == 0 { return "0" }  // also turns -0 into 0
        // Whole numbers (frames, sizes, 100 %) are most of an export: the same text, sooner.
        if rounded.rounded() == rounded, abs(rounded) < 1e15 { return String(Int64(rounded)) }
        let text = "\(rounded)"
        if text.contains("e") { return fixed(rounded, decimals: maxDecimals) }
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    package static func round(_ x: Double, decimals: Int) -> Double {
        let scale = pow10(decimals)
        let r = (x * scale).rounded() / scale
        return r == 0 ? 0 : r
    }

    static func pow10(_ n: Int) -> Double {
        var p = 1.0
        for _ in 0..<max(0, n) { p *= 10 }
        return p
    }

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

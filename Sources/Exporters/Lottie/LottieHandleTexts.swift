import JSONText
// A key's easing handles (`o`, `i` and the interpolator's name `n`) written once per curve in a
// document: a group's paths are keyed on one grid with one easing a span (the cube's layers, the
// flips' groups), so the same few curves come back path after path, each written at ~2,700
// instructions (eight numbers rounded, four written, the name's text made and escaped).
import Motion

/// The handle members of the curves a document's keys met (`LottieProperties.writeHandles`'s
/// text), kept in `slots` places chosen by the curve's bits: a curve whose place holds another
/// replaces it. Not locked: a document is built on one thread (`LottieProperties` is its own).
final class LottieHandleTexts {
    /// Places kept (a power of two); a document's distinct curves are a few dozen.
    static let slots = 64

    private var curves: [CubicBezier?] = Array(repeating: nil, count: LottieHandleTexts.slots)
    private var texts: [JSONWritten?] = Array(repeating: nil, count: LottieHandleTexts.slots)
    /// How many curves were written, and how many of them were copied (tests).
    private(set) var written = 0, copied = 0

    /// `c`'s handle members into `b`: the text `LottieProperties.writeHandles` writes.
    func write(_ c: CubicBezier, into b: inout JSONCompactBuilder) {
        written += 1
        // Every bit of the four numbers decides the text: the place is a mix of them, and a kept
        // curve is used only when all four have the same bits (0 and -0 are two curves).
        let mix: UInt64 = 0x9E37_79B9_7F4A_7C15
        let bits = ((((c.x1.bitPattern &* mix) ^ c.y1.bitPattern) &* mix ^ c.x2.bitPattern) &* mix ^ c.y2.bitPattern) &* mix
        let place = Int(truncatingIfNeeded: bits >> 58) & (Self.slots - 1)
        if let kept = curves[place], Self.sameBits(kept, c), let text = texts[place], text.maxDecimals == b.maxDecimals {
            copied += 1
            b.members(text)
            return
        }
        let text = JSONWritten.members(maxDecimals: b.maxDecimals, capacity: 96) { LottieProperties.writeHandles(c, into: &$0) }
        curves[place] = c
        texts[place] = text
        b.members(text)
    }

    static func sameBits(_ a: CubicBezier, _ b: CubicBezier) -> Bool {
        a.x1.bitPattern == b.x1.bitPattern && a.y1.bitPattern == b.y1.bitPattern && a.x2.bitPattern == b.x2.bitPattern
            && a.y2.bitPattern == b.y2.bitPattern
    }
}

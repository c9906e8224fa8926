import JSONText

// A retrace's cut (LottieTimeRemap.swift's `truncated`) on the compact text of a written value,
// without making its tree: the properties and keys written straight to bytes
// (LottieJSON.swift) are cut where they lie. The text is the compact writer's, so the cut tree
// written again is this text with the dropped keys and the last kept key's easing members left
// out, each kept part copied as it is: the same bytes.

enum LottieKeyText {
    enum Cut {
        case unchanged
        case cut([UInt8])
    }

    /// `truncated` of the value written as `text`; nil where the text holds a `"k"` array of
    /// objects that is not a key list of the property writer's (each key `{"t":…`), which the
    /// caller cuts in the tree.
    static func truncated(_ text: UnsafeBufferPointer<UInt8>, after frame: Double, from: Double) -> Cut? {
        var out: [UInt8] = []
        var (i, copied, changed) = (0, 0, false)
        while i < text.count {
            guard text[i] == quote else {
                i += 1
                continue
            }
            // A key list: `"k":[{"t":…},…]` (a string can hold no such quote: its own are escaped).
            if starts(text, at: i, with: listStart), i + listStart.count < text.count, text[i + listStart.count] == 0x7B {  // {
                guard let list = keyList(text, at: i + listStart.count) else { return nil }
                if let (drop, keep) = LottieDocument.keptKeys(list.map(\.time), after: frame, from: from) {
                    if !changed { out.reserveCapacity(text.count) }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: text[copied..<i + listStart.count]))
                    for n in drop..<keep {
                        if n > drop { out.append(0x2C) }  // ,
                        let key = list[n].span
                        if n == keep - 1, keep < list.count {
                            appendWithoutEasing(text, key, to: &out)
                        } else {
                            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[key]))
                        }
                    }
                    out.append(0x5D)  // ]
                    changed = true
                    copied = list[list.count - 1].span.upperBound + 1
                }
                i = list[list.count - 1].span.upperBound + 1
                continue
            }
            i = stringEnd(text, from: i)
        }
        guard changed else { return .unchanged }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: text[copied...]))
        return .cut(out)
    }

    private static let quote: UInt8 = 0x22
    /// 10^0 … 10^15, each exact in a Double.
    private static let powersOf10: [Double] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15]
    private static let listStart = Array(#""k":["#.utf8)
    private static let keyStart = Array(#"{"t":"#.utf8)

    private static func starts(_ text: UnsafeBufferPointer<UInt8>, at i: Int, with p: [UInt8]) -> Bool {
        i + p.count <= text.count && text[i..<i + p.count].elementsEqual(p)
    }

    /// The index past the string starting at `i` (its opening quote).
    private static func stringEnd(_ text: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
        var j = i + 1
        while j < text.count, text[j] != quote { j += text[j] == 0x5C ? 2 : 1 }
        return j + 1
    }

    /// The index past the value starting at `i`, at depth 0 (the end of a member's value).
    private static func valueEnd(_ text: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
        var (j, depth) = (i, 0)
        while j < text.count {
            let c = text[j]
            // Most bytes are a number's (- . 0-9) or a colon: none ends or opens a value (one
            // test, not the switch's four).
            if c &- 0x2D <= 0x3A - 0x2D {
                j += 1
                continue
            }
            switch c {
            case quote: j = stringEnd(text, from: j); continue
            case 0x7B, 0x5B: depth += 1  // { [
            case 0x7D, 0x5D:  // } ]
                if depth == 0 { return j }
                depth -= 1
                if depth == 0 { return j + 1 }
            case 0x2C: if depth == 0 { return j }  // ,
            default: break
            }
            j += 1
        }
        return j
    }

    /// The keys of the list whose first key starts at `i`: each key's text and `t`; nil when an
    /// element is not a key (`{"t":` first).
    private static func keyList(_ text: UnsafeBufferPointer<UInt8>, at i: Int) -> [(span: Range<Int>, time: Double)]? {
        var keys: [(span: Range<Int>, time: Double)] = []
        var start = i
        while true {
            guard starts(text, at: start, with: keyStart) else { return nil }
            let t = start + keyStart.count
            let tEnd = valueEnd(text, from: t)
            guard let time = number(UnsafeBufferPointer(rebasing: text[t..<tEnd])) else { return nil }
            let end = valueEnd(text, from: start)
            keys.append((start..<end, time))
            guard end < text.count else { return nil }
            if text[end] == 0x5D { return keys }  // ]
            guard text[end] == 0x2C else { return nil }
            start = end + 1
        }
    }

    /// The number written as `bytes` (`Double(String)`'s value). A writer's time, an optional
    /// minus, at most 15 digits and one point, is m / 10^k with m and 10^k exact doubles: their
    /// quotient, rounded once, is the decimal's nearest double, as the parse gives (no String made).
    static func number(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var (m, digits, decimals, point, negative) = (0.0, 0, 0, false, false)
        for (n, c) in bytes.enumerated() {
            if c == 0x2D, n == 0 {
                negative = true
            } else if c == 0x2E, !point, n > (negative ? 1 : 0) {
                point = true
            } else if c >= 0x30, c <= 0x39 {
                m = m * 10 + Double(c - 0x30)
                digits += 1
                if point { decimals += 1 }
            } else {
                digits = 99  // anything else: the parse decides
                break
            }
        }
        let lastIsDigit = bytes.last.map { $0 >= 0x30 && $0 <= 0x39 } ?? false
        guard digits >= 1, digits <= 15, lastIsDigit else { return Double(String(decoding: bytes, as: UTF8.self)) }
        let x = m / powersOf10[decimals]
        return negative ? -x : x
    }

    /// The key's text without its `o`, `i` and `h` members (a key that ends the kept ones).
    private static func appendWithoutEasing(_ text: UnsafeBufferPointer<UInt8>, _ key: Range<Int>, to out: inout [UInt8]) {
        out.append(0x7B)  // {
        var (m, first) = (key.lowerBound + 1, true)
        while m < key.upperBound - 1 {
            let nameEnd = stringEnd(text, from: m)
            let end = valueEnd(text, from: nameEnd + 1)
            let name = text[m..<nameEnd]
            let easing = name.count == 3 && [UInt8(ascii: "o"), UInt8(ascii: "i"), UInt8(ascii: "h")].contains(name[m + 1])
            if !easing {
                if !first { out.append(0x2C) }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: text[m..<end]))
                first = false
            }
            m = end + 1
        }
        out.append(0x7D)  // }
    }
}

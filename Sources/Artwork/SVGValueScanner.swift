import Diagnostics
import FoundationEssentials
import Glibc
import Platform

// Small readers for SVG attribute syntax: number lists, lengths, colours and transform lists.
// Each returns nil for text it does not understand, and the caller names the attribute.

struct SVGValueScanner {
    private let chars: [Character]
    private(set) var index = 0

    init(_ text: String) { chars = Array(text) }

    var isAtEnd: Bool { mutating get { skipSeparators(); return index >= chars.count } }

    mutating func skipSeparators() {
        while index < chars.count, chars[index].isWhitespace || chars[index] == "," { index += 1 }
    }

    mutating func skipSpaces() {
        while index < chars.count, chars[index].isWhitespace { index += 1 }
    }

    mutating func peek() -> Character? { skipSeparators(); return index < chars.count ? chars[index] : nil }

    mutating func next() -> Character? {
        guard let c = peek() else { return nil }
        index += 1
        return c
    }

    mutating func take(_ c: Character) -> Bool {
        skipSpaces()
        guard index < chars.count, chars[index] == c else { return false }
        index += 1
        return true
    }

    /// An SVG number: sign, digits, fraction, exponent (`1e-3`, `.5`, `-.5e2`).
    mutating func number() -> Double? {
        skipSeparators()
        let start = index
        if index < chars.count, chars[index] == "+" || chars[index] == "-" { index += 1 }
        var digits = 0
        while index < chars.count, chars[index].isASCII, chars[index].isNumber { index += 1; digits += 1 }
        if index < chars.count, chars[index] == "." {
            index += 1
            while index < chars.count, chars[index].isASCII, chars[index].isNumber { index += 1; digits += 1 }
        }
        guard digits > 0 else { index = start; return nil }
        if index < chars.count, chars[index] == "e" || chars[index] == "E" {
            let mark = index
            index += 1
            if index < chars.count, chars[index] == "+" || chars[index] == "-" { index += 1 }
            var exponentDigits = 0
            while index < chars.count, chars[index].isASCII, chars[index].isNumber { index += 1; exponentDigits += 1 }
            if exponentDigits == 0 { index = mark }
        }
        guard let value = Double(String(chars[start..<index])), value.isFinite, abs(value) < 1e9 else { return nil }
        return value
    }

    /// An arc flag: exactly `0` or `1`, which may be written without a separator (`a1 1 0 00 1 1`).
    mutating func flag() -> Bool? {
        skipSeparators()
        guard index < chars.count, chars[index] == "0" || chars[index] == "1" else { return nil }
        index += 1
        return chars[index - 1] == "1"
    }

    mutating func word() -> String {
        skipSeparators()
        let start = index
        while index < chars.count, chars[index].isLetter || chars[index] == "-" { index += 1 }
        return String(chars[start..<index])
    }

    mutating func rest() -> String { String(chars[index...]) }
}

enum SVGValues {
    /// A length in px. Absolute units are converted at CSS's 96 px per inch; `%`, `em` and
    /// the like depend on context the art model does not carry, so they are refused (nil).
    static func length(_ text: String) -> Double? {
        var s = SVGValueScanner(text.trimmingSpacesAndTabs)
        guard let value = s.number() else { return nil }
        let unit = s.rest().trimmingSpacesAndTabs
        let perUnit: [String: Double] = ["": 1, "px": 1, "pt": 4.0 / 3, "pc": 16, "in": 96, "cm": 96 / 2.54, "mm": 96 / 25.4]
        return perUnit[unit].map { value * $0 }
    }

    static func numbers(_ text: String) -> [Double]? {
        var s = SVGValueScanner(text), out: [Double] = []
        while !s.isAtEnd {
            guard let n = s.number() else { return nil }
            out.append(n)
        }
        return out
    }

    /// `opacity`-style values: a number or a percentage, clamped to 0...1.
    static func unitInterval(_ text: String) -> Double? {
        let t = text.trimmingSpacesAndTabs
        if t.hasSuffix("%") { return Double(t.dropLast()).map { min(max($0 / 100, 0), 1) } }
        var s = SVGValueScanner(t)
        guard let n = s.number(), s.isAtEnd else { return nil }
        return min(max(n, 0), 1)
    }

    static func transform(_ text: String) -> ArtTransform? {
        var s = SVGValueScanner(text), result = ArtTransform.identity
        while !s.isAtEnd {
            let name = s.word()
            guard s.take("(") else { return nil }
            var args: [Double] = []
            while !s.take(")") {
                guard let n = s.number() else { return nil }
                args.append(n)
            }
            let t: ArtTransform
            switch (name, args.count) {
            case ("matrix", 6): t = ArtTransform(a: args[0], b: args[1], c: args[2], d: args[3], e: args[4], f: args[5])
            case ("translate", 1), ("translate", 2): t = .translation(args[0], args.count == 2 ? args[1] : 0)
            case ("scale", 1), ("scale", 2): t = .scale(args[0], args.count == 2 ? args[1] : args[0])
            case ("rotate", 1), ("rotate", 3):
                let r = args[0] * .pi / 180
                let rotation = ArtTransform(a: cos(r), b: sin(r), c: -sin(r), d: cos(r), e: 0, f: 0)
                t =
                    args.count == 3
                    ? ArtTransform.translation(args[1], args[2]).concatenating(rotation).concatenating(.translation(-args[1], -args[2]))
                    : rotation
            case ("skewX", 1): t = ArtTransform(a: 1, b: 0, c: tan(args[0] * .pi / 180), d: 1, e: 0, f: 0)
            case ("skewY", 1): t = ArtTransform(a: 1, b: tan(args[0] * .pi / 180), c: 0, d: 1, e: 0, f: 0)
            default: return nil
            }
            result = result.concatenating(t)
        }
        return result
    }

    /// `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()` and the common named colours.
    static func color(_ text: String) -> ArtColor? {
        let t = text.trimmingSpacesAndTabs.lowercased()
        if t.hasPrefix("#") {
            let hex = Array(t.dropFirst())
            guard [3, 4, 6, 8].contains(hex.count), hex.allSatisfy(\.isHexDigit) else { return nil }
            let wide = hex.count > 4
            let step = wide ? 2 : 1
            let parts = stride(from: 0, to: hex.count, by: step).map { i -> Double in
                let digits = String(hex[i..<i + step])
                return Double(Int(wide ? digits : digits + digits, radix: 16)!) / 255
            }
            return ArtColor(red: parts[0], green: parts[1], blue: parts[2], alpha: parts.count == 4 ? parts[3] : 1)
        }
        if t.hasPrefix("rgb(") || t.hasPrefix("rgba("), t.hasSuffix(")") {
            let inner = t[t.firstIndex(of: "(")!...].dropFirst().dropLast()
            let parts = inner.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" }).map(String.init)
            guard parts.count == 3 || parts.count == 4 else { return nil }
            var channels: [Double] = []
            for (i, p) in parts.enumerated() {
                if p.hasSuffix("%") {
                    guard let v = Double(p.dropLast()) else { return nil }
                    channels.append(v / 100)
                } else {
                    guard let v = Double(p) else { return nil }
                    channels.append(i == 3 ? v : v / 255)
                }
            }
            let c = channels.map { min(max($0, 0), 1) }
            return ArtColor(red: c[0], green: c[1], blue: c[2], alpha: c.count == 4 ? c[3] : 1)
        }
        return namedColors[t].map { rgb in
            ArtColor(red: Double(rgb >> 16) / 255, green: Double(rgb >> 8 & 0xFF) / 255, blue: Double(rgb & 0xFF) / 255)
        }
    }

    static let namedColors: [String: Int] = [
        "black": 0x000000, "white": 0xFFFFFF, "red": 0xFF0000, "green": 0x008000, "blue": 0x0000FF,
        "yellow": 0xFFFF00, "cyan": 0x00FFFF, "aqua": 0x00FFFF, "magenta": 0xFF00FF, "fuchsia": 0xFF00FF,
        "gray": 0x808080, "grey": 0x808080, "silver": 0xC0C0C0, "maroon": 0x800000, "olive": 0x808000,
        "lime": 0x00FF00, "teal": 0x008080, "navy": 0x000080, "purple": 0x800080, "orange": 0xFFA500,
        "pink": 0xFFC0CB, "gold": 0xFFD700, "lightgray": 0xD3D3D3, "lightgrey": 0xD3D3D3,
        "darkgray": 0xA9A9A9, "darkgrey": 0xA9A9A9, "whitesmoke": 0xF5F5F5, "gainsboro": 0xDCDCDC,
    ]
}

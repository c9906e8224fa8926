// Writes a JSONValue with members in the order given (callers fix the key order) and numbers
// through NumberFormat, so output bytes are a pure function of the value.

package struct JSONWriter: Sendable {
    package enum Style: Sendable {
        /// No whitespace at all: the exported Lottie.
        case compact
        /// Two-space indentation; arrays of scalars stay on one line (readable goldens and track dumps).
        case readable
    }

    package var style: Style
    package var maxDecimals: Int

    package init(style: Style = .compact, maxDecimals: Int = 6) {
        self.style = style
        self.maxDecimals = maxDecimals
    }

    package func string(_ value: JSONValue) -> String {
        // Bytes, not String appends: exports write tens of thousands of small tokens.
        var out: [UInt8] = []
        out.reserveCapacity(1 << 14)
        write(value, indent: 0, into: &out)
        if style == .readable { out.append(0x0A) }
        return String(decoding: out, as: UTF8.self)
    }

    private func write(_ value: JSONValue, indent: Int, into out: inout [UInt8]) {
        switch value {
        case .null: out += "null".utf8
        case .bool(let b): out += (b ? "true" : "false").utf8
        case .number(let d): out += NumberFormat.string(d, maxDecimals: maxDecimals).utf8
        case .string(let s): JSONWriter.writeString(s, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]".utf8; return }
            if style == .compact || items.allSatisfy(\.isScalarOrScalarArray) {
                out.append(0x5B)  // [
                for (i, item) in items.enumerated() {
                    if i > 0 { out += (style == .compact ? "," : ", ").utf8 }
                    write(item, indent: indent, into: &out)
                }
                out.append(0x5D)  // ]
            } else {
                out += "[\n".utf8
                for (i, item) in items.enumerated() {
                    Self.indent(indent + 1, into: &out)
                    write(item, indent: indent + 1, into: &out)
                    out += (i + 1 < items.count ? ",\n" : "\n").utf8
                }
                Self.indent(indent, into: &out)
                out.append(0x5D)
            }
        case .object(let members):
            if members.isEmpty { out += "{}".utf8; return }
            if style == .compact
                || (members.allSatisfy { $0.value.isScalarOrScalarArray || $0.value.isFlatObject || $0.value.isArrayOfScalarArrays }
                    && compactLength(value) <= 160)
            {
                out.append(0x7B)  // {
                for (i, m) in members.enumerated() {
                    if i > 0 { out.append(0x2C) }
                    if style == .readable && i > 0 { out.append(0x20) }
                    JSONWriter.writeString(m.key, into: &out)
                    out += (style == .compact ? ":" : ": ").utf8
                    write(m.value, indent: indent, into: &out)
                }
                out.append(0x7D)  // }
            } else {
                out += "{\n".utf8
                for (i, m) in members.enumerated() {
                    Self.indent(indent + 1, into: &out)
                    JSONWriter.writeString(m.key, into: &out)
                    out += ": ".utf8
                    write(m.value, indent: indent + 1, into: &out)
                    out += (i + 1 < members.count ? ",\n" : "\n").utf8
                }
                Self.indent(indent, into: &out)
                out.append(0x7D)
            }
        }
    }

    private static func indent(_ level: Int, into out: inout [UInt8]) {
        out.append(contentsOf: repeatElement(0x20, count: 2 * level))
    }

    /// Length of the value written on one line, in Characters, to decide whether a small object
    /// stays inline. Compact text has no raw control bytes (strings escape them), so printable
    /// ASCII is one Character a byte: counted without making and walking a String.
    private func compactLength(_ value: JSONValue) -> Int {
        var w = self
        w.style = .compact
        var out: [UInt8] = []
        w.write(value, indent: 0, into: &out)
        return out.allSatisfy { $0 >= 0x20 && $0 < 0x80 } ? out.count : String(decoding: out, as: UTF8.self).count
    }

    static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(0x22)
        for b in s.utf8 {
            switch b {
            case 0x22: out += "\\\"".utf8
            case 0x5C: out += "\\\\".utf8
            case 0x0A: out += "\\n".utf8
            case 0x0D: out += "\\r".utf8
            case 0x09: out += "\\t".utf8
            case ..<0x20:
                let hex = String(b, radix: 16)
                out += ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8
            default:
                out.append(b)  // UTF-8 bytes of other scalars pass through unchanged
            }
        }
        out.append(0x22)
    }
}

extension JSONValue {
    /// Short arrays such as points and corner lists stay on one line in readable output.
    var isScalarOrScalarArray: Bool {
        if case .array(let items) = self { return items.allSatisfy(\.isScalar) }
        return isScalar
    }

    var isArrayOfScalarArrays: Bool {
        if case .array(let items) = self { return items.allSatisfy(\.isScalarOrScalarArray) }
        return false
    }

    /// An object of scalars or scalar arrays, such as `{"clip": "bounds", "radius": 16}`.
    var isFlatObject: Bool {
        if case .object(let members) = self { return members.allSatisfy { $0.value.isScalarOrScalarArray } }
        return false
    }

    var isScalar: Bool {
        switch self {
        case .array, .object: return false
        case .null, .bool, .number, .string: return true
        }
    }
}

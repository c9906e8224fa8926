// Writes a JSONValue with members in the order given (callers fix the key order) and numbers
// through NumberFormat, so output bytes are a pure function of the value.

public struct JSONWriter: Sendable {
    public enum Style: Sendable {
        /// No whitespace at all: the exported Lottie.
        case compact
        /// Two-space indentation; arrays of scalars stay on one line (readable goldens and track dumps).
        case readable
    }

    public var style: Style
    public var maxDecimals: Int

    public init(style: Style = .compact, maxDecimals: Int = 6) {
        self.style = style
        self.maxDecimals = maxDecimals
    }

    public func string(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: 0, into: &out)
        if style == .readable { out += "\n" }
        return out
    }

    private func write(_ value: JSONValue, indent: Int, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let d): out += NumberFormat.string(d, maxDecimals: maxDecimals)
        case .string(let s): JSONWriter.writeString(s, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            if style == .compact || items.allSatisfy(\.isScalarOrScalarArray) {
                out += "["
                for (i, item) in items.enumerated() {
                    if i > 0 { out += style == .compact ? "," : ", " }
                    write(item, indent: indent, into: &out)
                }
                out += "]"
            } else {
                out += "[\n"
                for (i, item) in items.enumerated() {
                    out += String(repeating: "  ", count: indent + 1)
                    write(item, indent: indent + 1, into: &out)
                    out += i + 1 < items.count ? ",\n" : "\n"
                }
                out += String(repeating: "  ", count: indent) + "]"
            }
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            if style == .compact || (members.allSatisfy { $0.value.isScalarOrScalarArray || $0.value.isFlatObject || $0.value.isArrayOfScalarArrays } && compactLength(value) <= 160) {
                out += "{"
                for (i, m) in members.enumerated() {
                    if i > 0 { out += "," }
                    if style == .readable && i > 0 { out += " " }
                    JSONWriter.writeString(m.key, into: &out)
                    out += style == .compact ? ":" : ": "
                    write(m.value, indent: indent, into: &out)
                }
                out += "}"
            } else {
                out += "{\n"
                for (i, m) in members.enumerated() {
                    out += String(repeating: "  ", count: indent + 1)
                    JSONWriter.writeString(m.key, into: &out)
                    out += ": "
                    write(m.value, indent: indent + 1, into: &out)
                    out += i + 1 < members.count ? ",\n" : "\n"
                }
                out += String(repeating: "  ", count: indent) + "}"
            }
        }
    }

    /// Length of the value written on one line, to decide whether a small object stays inline.
    private func compactLength(_ value: JSONValue) -> Int {
        var w = self
        w.style = .compact
        return w.string(value).count
    }

    static func writeString(_ s: String, into out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        out += "\""
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

    /// An object of scalars or scalar arrays, such as `{"clip": "bounds", "cornerRadius": 16}`.
    var isFlatObject: Bool {
        if case .object(let members) = self { return members.allSatisfy { $0.value.isScalarOrScalarArray } }
        return false
    }

    var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }
}

// A strict RFC 8259 parser that records line:column for every value. Strict on purpose: a NaN,
// an Infinity, a trailing comma or a duplicate key in a definition is a mistake worth naming.
// A syntax error is a TransExportError at its line:column, without a file (the caller names it).

package enum JSONParser {
    package static func parse(_ text: String) throws -> LocatedJSON {
        var reader = Reader(Array(text.utf8))
        reader.skipWhitespace()
        let value = try reader.parseValue(depth: 0)
        reader.skipWhitespace()
        if !reader.atEnd { throw reader.error("expected end of document after the top-level value") }
        return value
    }
}

private struct Reader {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var lineStart = 0
    /// Last (byte index, column) computed; a class so `columnOf` can stay non-mutating.
    let columnCache = ColumnCache()

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3; lineStart = 3 }  // UTF-8 BOM
    }

    var atEnd: Bool { index >= bytes.count }
    var location: SourceLocation { SourceLocation(line: line, column: columnOf(index)) }

    /// Columns count characters, not bytes, so a message points where an editor shows the cursor.
    /// Counted from the last position asked for on the same line: a 2 MB one-line file stays linear.
    func columnOf(_ i: Int) -> Int {
        var (j, col) = columnCache.index >= lineStart && columnCache.index <= i ? columnCache.box : (lineStart, 1)
        while j < i && j < bytes.count {
            if bytes[j] & 0xC0 != 0x80 { col += 1 }
            j += 1
        }
        columnCache.box = (j, col)
        return col
    }

    func error(_ message: String, at loc: SourceLocation? = nil) -> TransExportError {
        TransExportError(file: "", location: loc ?? location, path: "", message: message)
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A: index += 1; line += 1; lineStart = index
            default: return
            }
        }
    }

    func describeCurrent() -> String {
        guard !atEnd else { return "end of file" }
        let b = bytes[index]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x\(String(b, radix: 16))"
    }

    mutating func parseValue(depth: Int) throws -> LocatedJSON {
        guard depth < 512 else { throw error("nesting deeper than 512 levels") }
        let start = location
        guard !atEnd else { throw error("expected a value, found end of file") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth, start: start)
        case UInt8(ascii: "["): return try parseArray(depth: depth, start: start)
        case UInt8(ascii: "\""): return LocatedJSON(value: .string(try parseString()), location: start)
        case UInt8(ascii: "t"): try expectWord("true"); return LocatedJSON(value: .bool(true), location: start)
        case UInt8(ascii: "f"): try expectWord("false"); return LocatedJSON(value: .bool(false), location: start)
        case UInt8(ascii: "n"): try expectWord("null"); return LocatedJSON(value: .null, location: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return LocatedJSON(value: .number(try parseNumber()), location: start)
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw error("NaN and Infinity are not JSON numbers; expected a finite number")
        default:
            throw error("expected a value, found \(describeCurrent())")
        }
    }

    mutating func expectWord(_ word: String) throws {
        let w = Array(word.utf8)
        if index + w.count <= bytes.count && Array(bytes[index..<index + w.count]) == w {
            index += w.count
        } else {
            throw error("expected a value, found \(describeCurrent())")
        }
    }

    mutating func parseObject(depth: Int, start: SourceLocation) throws -> LocatedJSON {
        index += 1
        var keys: [String] = [], nodes: [LocatedJSON] = [], keyLocations: [SourceLocation] = []
        skipWhitespace()
        if !atEnd && bytes[index] == UInt8(ascii: "}") {
            index += 1
            return LocatedJSON(value: .object([]), location: start)
        }
        while true {
            skipWhitespace()
            guard !atEnd, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a member name in double quotes, found \(describeCurrent())")
            }
            let keyLoc = location
            let key = try parseString()
            if keys.contains(key) { throw error("duplicate member \"\(key)\"", at: keyLoc) }
            skipWhitespace()
            guard !atEnd, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after member name, found \(describeCurrent())") }
            index += 1
            skipWhitespace()
            keys.append(key)
            keyLocations.append(keyLoc)
            nodes.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard !atEnd else { throw error("expected ',' or '}', found end of file") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
            throw error("expected ',' or '}', found \(describeCurrent())")
        }
        let value = JSONValue.object(zip(keys, nodes).map { ($0, $1.value) })
        return LocatedJSON(value: value, location: start, elements: nodes, keys: keys, keyLocations: keyLocations)
    }

    mutating func parseArray(depth: Int, start: SourceLocation) throws -> LocatedJSON {
        index += 1
        var nodes: [LocatedJSON] = []
        skipWhitespace()
        if !atEnd && bytes[index] == UInt8(ascii: "]") {
            index += 1
            return LocatedJSON(value: .array([]), location: start)
        }
        while true {
            skipWhitespace()
            nodes.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard !atEnd else { throw error("expected ',' or ']', found end of file") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; break }
            throw error("expected ',' or ']', found \(describeCurrent())")
        }
        return LocatedJSON(value: .array(nodes.map(\.value)), location: start, elements: nodes)
    }

    mutating func parseString() throws -> String {
        index += 1  // opening quote
        var out: [UInt8] = []
        while true {
            guard !atEnd else { throw error("unterminated string") }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") { index += 1; break }
            if b < 0x20 { throw error("control character in string; escape it") }
            if b == UInt8(ascii: "\\") {
                index += 1
                guard !atEnd else { throw error("unterminated string") }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try parseHex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("unpaired surrogate in \\u escape")
                        }
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default:
                    throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))' in string")
                }
                continue
            }
            out.append(b)
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    mutating func parseHex4() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("expected 4 hex digits after \\u") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[index]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw error("expected 4 hex digits after \\u")
            }
            v = v * 16 + d
            index += 1
        }
        return v
    }

    mutating func parseNumber() throws -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard !atEnd, isDigit(bytes[index]) else {
            if !atEnd && (bytes[index] == UInt8(ascii: "I") || bytes[index] == UInt8(ascii: "N")) {
                throw error("NaN and Infinity are not JSON numbers; expected a finite number")
            }
            throw error("expected a digit in number")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if !atEnd && isDigit(bytes[index]) { throw error("leading zeros are not allowed in numbers") }
        } else {
            while !atEnd && isDigit(bytes[index]) { index += 1 }
        }
        if !atEnd && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard !atEnd, isDigit(bytes[index]) else { throw error("expected a digit after '.'") }
            while !atEnd && isDigit(bytes[index]) { index += 1 }
        }
        if !atEnd && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if !atEnd && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
            guard !atEnd, isDigit(bytes[index]) else { throw error("expected a digit in exponent") }
            while !atEnd && isDigit(bytes[index]) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let d = Double(text), d.isFinite else {
            throw error("number \(text) is out of range; expected a finite number", at: SourceLocation(line: line, column: columnOf(start)))
        }
        return d
    }

    func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
}

final class ColumnCache {
    var box: (index: Int, column: Int) = (0, 1)
    var index: Int { box.index }
}

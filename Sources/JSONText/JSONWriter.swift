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
        if style == .compact {
            // Into a buffer of its own: an `[UInt8]` append checks that its storage is unshared
            // (BENCHMARKS.md#lottiejson37-the-lottie-json-tree-same-bytes-2026-12-05).
            // Every 2D batch file fits (36-99 KB; from 64 KB, half of them grew once, a copy of
            // 64 KB each): no copy as it grows.
            var out = JSONByteBuffer(capacity: 1 << 17)
            defer { out.free() }
            writeCompact(value, into: &out)
            return String(decoding: out.bytes, as: UTF8.self)
        }
        // Bytes, not String appends: exports write tens of thousands of small tokens.
        var out: [UInt8] = []
        out.reserveCapacity(1 << 14)
        write(value, indent: 0, into: &out)
        if style == .readable { out.append(0x0A) }
        return String(decoding: out, as: UTF8.self)
    }

    /// The longest compact length (in Characters) of a readable object kept on one line.
    package static let lineLimit = 160

    /// Appends `value` as `string` writes it `indent` levels deep in a document (no final
    /// newline): for a writer that streams a large document's bulk itself (TracksWriter).
    package func append(_ value: JSONValue, indent: Int, to out: inout [UInt8]) {
        write(value, indent: indent, into: &out)
    }

    /// Appends `value` as it is written inside a readable one-line object; returns the spaces
    /// after its separators (its compact length is the bytes written less these, for ASCII).
    package func appendOneLine(_ value: JSONValue, to out: inout [UInt8]) -> Int {
        writeOneLine(value, into: &out)
    }

    private func write(_ value: JSONValue, indent: Int, into out: inout [UInt8]) {
        if style == .compact { return writeCompact(value, into: &out) }
        switch value {
        case .null, .bool, .number, .string: writeCompact(value, into: &out)  // a scalar is the same text in both styles
        case .numbers(let n): write(.array(n.items), indent: indent, into: &out)  // as the array it stands for
        case .written(let w): write(w.value, indent: indent, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]".utf8; return }
            if items.allSatisfy(\.isScalarOrScalarArray) {
                out.append(0x5B)  // [
                for (i, item) in items.enumerated() {
                    if i > 0 { out += ", ".utf8 }
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
            if members.allSatisfy({ $0.value.isScalarOrScalarArray || $0.value.isFlatObject || $0.value.isArrayOfScalarArrays }),
                writeInline(members, into: &out)
            {
                return
            }
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

    /// `write` in the compact style: no style test per value, separators as single bytes (the
    /// exported Lottie; BENCHMARKS.md#writers35-the-writers-same-bytes-2026-12-05).
    func writeCompact<Out: JSONBytes>(_ value: JSONValue, into out: inout Out) {
        switch value {
        case .null: out.append(literal: "null")
        case .bool(let b): out.append(literal: b ? "true" : "false")
        case .number(let d): out.append(number: d, maxDecimals: maxDecimals)
        case .string(let s): JSONWriter.appendString(s, into: &out)
        case .array(let items):
            out.append(0x5B)  // [
            for i in items.indices {
                if i > 0 { out.append(0x2C) }  // ,
                writeCompact(items[i], into: &out)
            }
            out.append(0x5D)  // ]
        case .object(let members):
            out.append(0x7B)  // {
            for i in members.indices {
                if i > 0 { out.append(0x2C) }
                JSONWriter.appendString(members[i].key, into: &out)
                out.append(0x3A)  // :
                writeCompact(members[i].value, into: &out)
            }
            out.append(0x7D)  // }
        case .numbers(let n): writeNumbers(n, into: &out)
        case .written(let w):
            guard w.maxDecimals == maxDecimals else { return writeCompact(w.value, into: &out) }
            out.append(bytes: w.bytes)
        }
    }

    /// A `numbers` value in the compact style: the same text as its `array`, from one loop over
    /// the flat values.
    func writeNumbers<Out: JSONBytes>(_ n: JSONNumbers, into out: inout Out) {
        let width = n.rowWidth > 0 ? n.rowWidth : n.values.count
        n.values.withUnsafeBufferPointer { values in
            out.append(0x5B)  // [
            var start = 0
            while start < values.count {
                if n.rowWidth > 0 {
                    if start > 0 { out.append(0x2C) }
                    out.append(0x5B)
                }
                for i in start..<start + width {
                    if i > start { out.append(0x2C) }
                    out.append(number: values[i], maxDecimals: maxDecimals)
                }
                if n.rowWidth > 0 { out.append(0x5D) }
                start += width
            }
            out.append(0x5D)  // ]
        }
    }

    package static func indent(_ level: Int, into out: inout [UInt8]) {
        out.append(contentsOf: repeatElement(0x20, count: 2 * level))
    }

    package static func indent(_ level: Int, into out: inout JSONByteBuffer) {
        for _ in 0..<2 * level { out.append(0x20) }
    }

    /// Writes a readable object of scalars, scalar arrays, flat objects and arrays of scalar
    /// arrays on one line and keeps it when its compact length (the same text without the spaces
    /// after its commas and colons) is at most `lineLimit` Characters; else takes it back out and returns
    /// false. One pass: measuring a compact copy first formatted every number two or three times.
    /// Every object inside is shorter, so `write` would put it on one line too.
    private func writeInline(_ members: [(key: String, value: JSONValue)], into out: inout [UInt8]) -> Bool {
        let mark = out.count
        var spaces = 0
        out.append(0x7B)  // {
        for (i, m) in members.enumerated() {
            if i > 0 { out += ", ".utf8; spaces += 1 }
            JSONWriter.writeString(m.key, into: &out)
            out += ": ".utf8
            spaces += 1 + writeOneLine(m.value, into: &out)
            // Over the limit already: a prefix's length only grows (bytes count Characters from above).
            if out.count - mark - spaces > Self.lineLimit, Self.characters(out[mark...]) - spaces > Self.lineLimit { break }
        }
        out.append(0x7D)  // }
        if Self.characters(out[mark...]) - spaces <= Self.lineLimit { return true }
        out.removeSubrange(mark...)
        return false
    }

    /// A value inside an inline object, readable on one line; returns its separators' spaces.
    private func writeOneLine(_ value: JSONValue, into out: inout [UInt8]) -> Int {
        switch value {
        case .array(let items) where !items.isEmpty:
            var spaces = 0
            out.append(0x5B)  // [
            for (i, item) in items.enumerated() {
                if i > 0 { out += ", ".utf8; spaces += 1 }
                spaces += writeOneLine(item, into: &out)
            }
            out.append(0x5D)  // ]
            return spaces
        case .object(let members) where !members.isEmpty:
            var spaces = 0
            out.append(0x7B)
            for (i, m) in members.enumerated() {
                if i > 0 { out += ", ".utf8; spaces += 1 }
                JSONWriter.writeString(m.key, into: &out)
                out += ": ".utf8
                spaces += 1 + writeOneLine(m.value, into: &out)
            }
            out.append(0x7D)
            return spaces
        case .numbers(let n):
            return writeOneLine(.array(n.items), into: &out)
        case .written(let w):
            return writeOneLine(w.value, into: &out)
        default:
            write(value, indent: 0, into: &out)
            return 0
        }
    }

    /// Characters of one line of JSON text. It has no raw control bytes (strings escape them), so
    /// printable ASCII is one Character a byte; a separator's space next to ASCII punctuation is
    /// always a Character of its own, so removing it removes one.
    private static func characters(_ line: ArraySlice<UInt8>) -> Int {
        line.allSatisfy { $0 >= 0x20 && $0 < 0x80 } ? line.count : String(decoding: line, as: UTF8.self).count
    }

    package static func writeString(_ s: String, into out: inout [UInt8]) { appendString(s, into: &out) }

    package static func writeString(_ s: String, into out: inout JSONByteBuffer) { appendString(s, into: &out) }

    static func appendString<Out: JSONBytes>(_ s: String, into out: inout Out) {
        // Keys and names need no escape: their bytes and both quotes in one append, one capacity
        // test (byte by byte, each append checked the buffer: BENCHMARKS.md#batch2d2-the-lottie-tree-2026-12-04).
        let plain =
            s.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
                for b in bytes where b < 0x20 || b == 0x22 || b == 0x5C { return false }
                out.append(quoted: bytes)
                return true
            } ?? false
        if plain { return }
        out.append(0x22)
        var s = s
        s.withUTF8 { bytes in
            // Other strings escaped into a scratch buffer, a chunk at a time (6 bytes an input byte at
            // most), each chunk appended whole: the gallery's SVG texts are megabytes with a quote
            // every few bytes (BENCHMARKS.md#tracks-the-dump-and-its-fit-report-2026-12-04).
            let chunk = 4096
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 6 * chunk) { buffer in
                let hex: StaticString = "0123456789abcdef"
                var start = 0
                while start < bytes.count {
                    var n = 0
                    for b in bytes[start..<min(start + chunk, bytes.count)] {
                        switch b {
                        case 0x22, 0x5C: buffer[n] = 0x5C; buffer[n + 1] = b; n += 2  // \" \\
                        case 0x0A: buffer[n] = 0x5C; buffer[n + 1] = 0x6E; n += 2  // \n
                        case 0x0D: buffer[n] = 0x5C; buffer[n + 1] = 0x72; n += 2  // \r
                        case 0x09: buffer[n] = 0x5C; buffer[n + 1] = 0x74; n += 2  // \t
                        case ..<0x20:  // \u00XX, lowercase hex
                            for (k, c) in [0x5C, 0x75, 0x30, 0x30].enumerated() { buffer[n + k] = UInt8(c) }
                            buffer[n + 4] = hex.utf8Start[Int(b >> 4)]
                            buffer[n + 5] = hex.utf8Start[Int(b & 15)]
                            n += 6
                        default: buffer[n] = b; n += 1  // UTF-8 bytes of other scalars pass through unchanged
                        }
                    }
                    out.append(bytes: UnsafeBufferPointer(rebasing: buffer[..<n]))
                    start += chunk
                }
            }
        }
        out.append(0x22)
    }
}

extension JSONValue {
    /// Short arrays such as points and corner lists stay on one line in readable output.
    var isScalarOrScalarArray: Bool {
        if case .written(let w) = self { return w.value.isScalarOrScalarArray }
        if case .array(let items) = self { return items.allSatisfy(\.isScalar) }
        if case .numbers(let n) = self { return n.rowWidth == 0 || n.values.isEmpty }
        return isScalar
    }

    var isArrayOfScalarArrays: Bool {
        if case .written(let w) = self { return w.value.isArrayOfScalarArrays }
        if case .array(let items) = self { return items.allSatisfy(\.isScalarOrScalarArray) }
        if case .numbers = self { return true }
        return false
    }

    /// An object of scalars or scalar arrays, such as `{"clip": "bounds", "radius": 16}`.
    var isFlatObject: Bool {
        if case .written(let w) = self { return w.value.isFlatObject }
        if case .object(let members) = self { return members.allSatisfy { $0.value.isScalarOrScalarArray } }
        return false
    }

    var isScalar: Bool {
        switch self {
        case .array, .object, .numbers: return false
        case .null, .bool, .number, .string: return true
        case .written(let w): return w.value.isScalar
        }
    }
}

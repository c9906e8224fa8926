// A compact JSON value written straight to bytes, for a document's bulk that is written once and
// never read back (an exported Lottie's properties and keyframes): no tree of small objects made,
// walked by the writer and freed. Its text is the compact writer's own: numbers through the same
// `JSONByteBuffer.append(number:maxDecimals:)`, strings through `JSONWriter.appendString`, any
// JSONValue through `writeCompact` (docs/lottie.md#the-json-tree).

/// Writes one value's compact text: `begin`/`end` objects and arrays, `key` before each member;
/// the commas come by themselves. Made and finished by `JSONValue.built`.
package struct JSONCompactBuilder {
    fileprivate var out: JSONByteBuffer
    /// Whether the next value or key is the first of its object or array (no comma before it).
    private var first = true
    private let writer: JSONWriter

    fileprivate init(maxDecimals: Int, capacity: Int) {
        out = JSONByteBuffer(capacity: capacity)
        writer = JSONWriter(style: .compact, maxDecimals: maxDecimals)
    }

    @inline(__always)
    private mutating func separate() {
        if !first { out.append(0x2C) }  // ,
        first = false
    }

    package mutating func beginObject() {
        separate()
        out.append(0x7B)  // {
        first = true
    }

    package mutating func endObject() {
        out.append(0x7D)  // }
        first = false
    }

    package mutating func beginArray() {
        separate()
        out.append(0x5B)  // [
        first = true
    }

    package mutating func endArray() {
        out.append(0x5D)  // ]
        first = false
    }

    /// A member's name (plain ASCII, as `JSONWriter.appendString` writes a name needing no escape).
    package mutating func key(_ name: StaticString) {
        separate()
        out.append(quoted: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        out.append(0x3A)  // :
        first = true
    }

    /// The text of `.number(x)`.
    package mutating func number(_ x: Double) {
        separate()
        out.append(number: x, maxDecimals: writer.maxDecimals)
    }

    /// `number(NumberFormat.round(x, decimals: decimals))`, rounded once (the same bytes).
    package mutating func number(_ x: Double, roundedTo decimals: Int) {
        separate()
        out.append(number: x, roundedTo: decimals, maxDecimals: writer.maxDecimals)
    }

    /// The text of `.number(Double(n))`.
    package mutating func int(_ n: Int) { number(Double(n)) }

    /// The text of `.bool(b)`.
    package mutating func bool(_ b: Bool) {
        separate()
        out.append(literal: b ? "true" : "false")
    }

    /// The text of `.string(s)`.
    package mutating func string(_ s: String) {
        separate()
        JSONWriter.appendString(s, into: &out)
    }

    /// The text of `.numbers(JSONNumbers(values, rowWidth:))`.
    package mutating func numbers(_ values: [Double], rowWidth: Int = 0) {
        separate()
        writer.writeNumbers(JSONNumbers(values, rowWidth: rowWidth), into: &out)
    }

    /// `numbers(values.map { NumberFormat.round($0, decimals: decimals) }, rowWidth:)`, each
    /// number rounded as it is written: no rounded array made (a path key's three parts, every
    /// key's `s`).
    package mutating func numbers(_ values: UnsafeBufferPointer<Double>, roundedTo decimals: Int, rowWidth: Int = 0) {
        precondition(rowWidth >= 0 && (rowWidth == 0 || values.count % rowWidth == 0), "rows of unequal length")
        separate()
        let width = rowWidth > 0 ? rowWidth : values.count
        let scales = NumberFormat.roundingScales(decimals, writer.maxDecimals)
        out.append(0x5B)  // [
        var start = 0
        while start < values.count {
            if rowWidth > 0 {
                if start > 0 { out.append(0x2C) }
                out.append(0x5B)
            }
            for i in start..<start + width {
                if i > start { out.append(0x2C) }
                out.append(number: values[i], scales: scales, roundedTo: decimals, maxDecimals: writer.maxDecimals)
            }
            if rowWidth > 0 { out.append(0x5D) }
            start += width
        }
        out.append(0x5D)  // ]
    }

    /// Members written once (`JSONWritten.members`) copied in where a key would go: the same
    /// bytes as writing them here, when written with this builder's decimals.
    package mutating func members(_ text: JSONWritten) {
        precondition(text.maxDecimals == writer.maxDecimals, "members written with other decimals")
        separate()
        out.append(bytes: text.bytes)
    }

    /// The decimals numbers are written with.
    package var maxDecimals: Int { writer.maxDecimals }

    /// The text of any value (a `written` one's text copied).
    package mutating func value(_ v: JSONValue) {
        separate()
        writer.writeCompact(v, into: &out)
    }
}

extension JSONWritten {
    /// The members `body` writes into an object (`"name":value` separated by commas, no braces),
    /// with `maxDecimals` as the builder that copies them in has (`JSONCompactBuilder.members`).
    package static func members(maxDecimals: Int, capacity: Int = 64, _ body: (inout JSONCompactBuilder) -> Void) -> JSONWritten {
        var builder = JSONCompactBuilder(maxDecimals: maxDecimals, capacity: capacity)
        body(&builder)
        return JSONWritten(text: builder.out, maxDecimals: maxDecimals)
    }
}

extension JSONValue {
    /// A `written` value whose text `body` writes (one value), with `maxDecimals` as the writer
    /// that writes it will have: `capacity` bytes to start with.
    package static func built(maxDecimals: Int, capacity: Int = 64, _ body: (inout JSONCompactBuilder) -> Void) -> JSONValue {
        var builder = JSONCompactBuilder(maxDecimals: maxDecimals, capacity: capacity)
        body(&builder)
        return .written(JSONWritten(text: builder.out, maxDecimals: maxDecimals))
    }
}

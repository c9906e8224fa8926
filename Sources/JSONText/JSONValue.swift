// An ordered JSON tree whose nodes remember where they came from, so a definition error can
// name the line and column (syntax) or the JSON path (meaning) of the offending value.
// SourceLocation and the error type live in Diagnostics, re-exported here.
@_exported import Diagnostics

// Not `indirect`: arrays and objects already hold their elements out of line, and an indirect
// enum boxes every payload, so each number of an exported Lottie was its own heap object (the
// default run's largest live tree; BENCHMARKS.md#the-default-run-under-60-mb).
package enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in source order; duplicate keys are rejected by the parser.
    case object([(key: String, value: JSONValue)])
    /// An array of numbers (or of equal-length number rows) held flat: the same JSON value as its
    /// `array` of `number`s (`==`, `hash`, the text), one heap array instead of one per row, freed
    /// in one step (an exported Lottie's values and vertices; docs/lottie.md#the-json-tree).
    /// Only writers make it; the parser makes `array`s.
    case numbers(JSONNumbers)
    /// A value with its compact text made once, for a subtree many documents share (an exported
    /// Lottie's static groups: docs/lottie.md#static-groups-made-once). The same JSON value as
    /// its `value` (`==`, `hash`, members, items, the text); the compact writer copies the text.
    /// Only writers make it; code that rebuilds a tree takes its `value`.
    case written(JSONWritten)

    /// The elements of an array in either form; nil for other values.
    package var arrayItems: [JSONValue]? {
        switch self {
        case .array(let items): return items
        case .numbers(let n): return n.items
        case .written(let w): return w.value.arrayItems
        default: return nil
        }
    }

    /// The value itself, a `written` one's `value` (for code that takes a tree apart).
    package var unwritten: JSONValue {
        if case .written(let w) = self { return w.value.unwritten }
        return self
    }

    package static func == (a: JSONValue, b: JSONValue) -> Bool {
        if case .written(let x) = a, case .written(let y) = b, let equal = x.equalByText(y) { return equal }
        if case .written(let w) = a { return w.value == b }
        if case .written(let w) = b { return a == w.value }
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case let (.numbers(x), .numbers(y)) where x.rowWidth == y.rowWidth: return x.values == y.values
        case (.numbers, .array), (.array, .numbers), (.numbers, .numbers): return a.arrayItems! == b.arrayItems!
        default: return false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .number(let d): hasher.combine(d)
        case .string(let s): hasher.combine(s)
        case .array(let a): hasher.combine(a)
        case .object(let o): for (k, v) in o { hasher.combine(k); hasher.combine(v) }
        case .numbers(let n): hasher.combine(n.items)  // as the `array` it stands for
        case .written(let w): w.value.hash(into: &hasher)
        }
    }

    /// A short name of the value's kind, for "expected X, found Y" messages.
    package var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array, .numbers: return "an array"
        case .object: return "an object"
        case .written(let w): return w.value.kindName
        }
    }

    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = unwritten else { return nil }
        return members.first { $0.key == key }?.value
    }
}

/// A `JSONValue.written`'s compact text with `maxDecimals` and its value (immutable): made from a
/// tree (its text written once), or written straight to bytes by a `JSONCompactBuilder` (no tree
/// made: its value is the parse of its text, made when asked).
package final class JSONWritten: @unchecked Sendable {
    /// The tree it was written from; nil for text a builder wrote.
    private let tree: JSONValue?
    package let maxDecimals: Int
    /// The compact text, in memory this object owns (frees).
    package let bytes: UnsafeBufferPointer<UInt8>

    package init(_ value: JSONValue, maxDecimals: Int) {
        tree = value
        self.maxDecimals = maxDecimals
        var out = JSONByteBuffer(capacity: 1 << 10)
        defer { out.free() }
        JSONWriter(style: .compact, maxDecimals: maxDecimals).writeCompact(value, into: &out)
        // Kept at its size: a static group's text lives as long as the cache keeps it.
        let kept = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: out.count)
        _ = kept.initialize(from: out.bytes)
        bytes = UnsafeBufferPointer(kept)
    }

    /// Takes over `text`'s memory (a builder's, not freed by it).
    init(text: JSONByteBuffer, maxDecimals: Int) {
        tree = nil
        self.maxDecimals = maxDecimals
        bytes = text.bytes
    }

    /// A copy of `text`, compact JSON as a writer with `maxDecimals` writes it (a builder's text
    /// cut by its caller: the value is its parse).
    package init(copying text: [UInt8], maxDecimals: Int) {
        tree = nil
        self.maxDecimals = maxDecimals
        let kept = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(text.count, 1))
        _ = kept.initialize(from: text)
        bytes = UnsafeBufferPointer(start: kept.baseAddress, count: text.count)
    }

    deinit { bytes.deallocate() }

    /// The value: the tree it was written from, else the parse of its text (the same value: the
    /// text of a parse is the text parsed, for numbers of at most `maxDecimals` decimals).
    /// Rarely parsed: no export of the 2D batch parses (the Lottie passes read text, LottieKeyText),
    /// the 3D mix 8 times in 24 exports (LottieSubtreeRemap reading written values by key, 0.5 M
    /// instructions in all). The parse cannot throw: the text is a JSONWriter's or a
    /// JSONCompactBuilder's (finite numbers, else they trap; escaped strings; each object's keys
    /// once, as the Lottie writers fix them; nesting far below the parser's 512 levels: a nested
    /// shape group is 2 levels deeper).
    package var value: JSONValue {
        if let tree { return tree }
        // swift-format-ignore: NeverForceUnwrap
        return try! JSONParser.parse(String(decoding: bytes, as: UTF8.self)).value
    }

    /// Whether the text holds `bytes` somewhere.
    package func contains(_ pattern: StaticString) -> Bool {
        let p = UnsafeBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount)
        guard let first = p.first, bytes.count >= p.count else { return false }
        for i in 0...(bytes.count - p.count) where bytes[i] == first && bytes[i..<i + p.count].elementsEqual(p) { return true }
        return false
    }

    /// Whether both values are equal, answered from the texts when both are builders' with the
    /// same decimals (each value is the parse of its text, and a parse written again is the text
    /// parsed: equal values, equal texts); nil otherwise.
    func equalByText(_ other: JSONWritten) -> Bool? {
        guard tree == nil, other.tree == nil, maxDecimals == other.maxDecimals else { return nil }
        return bytes.elementsEqual(other.bytes)
    }
}

/// The numbers of a `JSONValue.numbers`: `values` in order, as one array (`rowWidth` 0) or as
/// rows of `rowWidth` numbers each (`[[x, y], ...]` for `rowWidth` 2). Immutable: `init` checks
/// that the rows are whole, which the writer's loop relies on.
package struct JSONNumbers: Sendable {
    package let values: [Double]
    package let rowWidth: Int

    package init(_ values: [Double], rowWidth: Int = 0) {
        precondition(rowWidth >= 0 && (rowWidth == 0 || values.count % rowWidth == 0), "rows of unequal length")
        self.values = values
        self.rowWidth = rowWidth
    }

    /// The same value as an `array` of `number`s (or of rows of them).
    package var items: [JSONValue] {
        guard rowWidth > 0 else { return values.map { .number($0) } }
        return stride(from: 0, to: values.count, by: rowWidth).map { start in
            .array(values[start..<start + rowWidth].map { .number($0) })
        }
    }
}

/// A parsed node together with its location and the locations of its children.
package final class LocatedJSON: @unchecked Sendable {
    package let value: JSONValue
    package let location: SourceLocation
    /// Children in source order (array elements, or object members with their keys).
    package let elements: [LocatedJSON]
    package let keys: [String]
    /// Where each member name starts, parallel to `keys`.
    package let keyLocations: [SourceLocation]

    init(
        value: JSONValue, location: SourceLocation, elements: [LocatedJSON] = [], keys: [String] = [],
        keyLocations: [SourceLocation] = []
    ) {
        self.value = value; self.location = location; self.elements = elements; self.keys = keys
        self.keyLocations = keyLocations
    }

    package func member(_ key: String) -> LocatedJSON? {
        guard let i = keys.firstIndex(of: key) else { return nil }
        return elements[i]
    }
    package var members: [(key: String, node: LocatedJSON)] { Array(zip(keys, elements)).map { ($0.0, $0.1) } }
}

// Typed reads from a located JSON node; every failure names the node's path and location.
import JSONText

struct JSONNode {
    let node: LocatedJSON
    /// Where the node is; its text (`path`) is made only when a message or an origin needs it.
    let steps: JSONPathSteps
    let file: String
    /// Inside an art component: its parameters ("$name" strings read as their values) and the
    /// art library; children inherit it. See DefinitionDecoder+Art.swift.
    var art: ArtScope? = nil
    /// At a `use` site: the site's members, which replace this node's own (the art's root
    /// layer); a nil value removes the member. Not inherited by children.
    var overrides: [(key: String, node: JSONNode?)] = []

    init(node: LocatedJSON, path: String, file: String, art: ArtScope? = nil, overrides: [(key: String, node: JSONNode?)] = []) {
        self.init(node: node, steps: .text(path), file: file, art: art, overrides: overrides)
    }

    private init(node: LocatedJSON, steps: JSONPathSteps, file: String, art: ArtScope?, overrides: [(key: String, node: JSONNode?)] = []) {
        self.node = node; self.steps = steps; self.file = file; self.art = art; self.overrides = overrides
    }

    /// The JSON path, as messages print it: `layers[2].frame`.
    var path: String { steps.text }

    func fail(_ message: String) -> DefinitionDiagnostic {
        DefinitionDiagnostic(file: file, location: node.location, path: path, message: message)
    }

    func child(_ key: String) -> JSONNode? {
        if let o = overrides.first(where: { $0.key == key }) { return o.node }
        return node.member(key).flatMap { JSONNode(node: $0, steps: .member(steps, key), file: file, art: art).substituted }
    }

    /// A "$name" string inside art reads as the parameter's value (its own node, so errors point
    /// at the use site); nil when the parameter is optional and was not given.
    var substituted: JSONNode? {
        guard let art, case .string(let s) = node.value, s.utf8.first == UInt8(ascii: "$"),
            let argument = art.arguments[String(s.dropFirst())]
        else { return self }
        return argument
    }

    func required(_ key: String, _ what: String) throws -> JSONNode {
        guard let c = child(key) else { throw fail("missing member \"\(key)\"; expected \(what)") }
        return c
    }

    /// Rejects members that the format does not define, so a typo does not pass silently.
    func checkMembers(allowed: [String]) throws {
        guard case .object = node.value else { throw fail("expected an object, found \(node.value.kindName)") }
        for (index, key) in node.keys.enumerated() where !allowed.contains(key) {
            throw DefinitionDiagnostic(
                file: file, location: node.keyLocations[index], path: JSONPathSteps.member(steps, key).text,
                message: "unknown member \"\(key)\"; expected one of \(allowed.joined(separator: ", "))")
        }
    }

    /// The members (checked as `checkMembers` does), the use site's in place of the art's.
    func object(allowed: [String]) throws -> [(String, JSONNode)] {
        try checkMembers(allowed: allowed)
        var out: [(String, JSONNode)] = []
        for key in node.keys {
            if !overrides.contains(where: { $0.key == key }), let c = child(key) { out.append((key, c)) }
        }
        for case let (key, c?) in overrides { out.append((key, c)) }
        return out
    }

    func elements() throws -> [JSONNode] {
        guard case .array = node.value else { throw fail("expected an array, found \(node.value.kindName)") }
        return try node.elements.enumerated().map { i, e in
            let n = JSONNode(node: e, steps: .element(steps, i), file: file, art: art)
            guard let value = n.substituted else { throw n.fail("this optional art parameter was not given at the use site; a list item needs a value") }
            return value
        }
    }

    func number() throws -> Double {
        guard case .number(let d) = node.value else { throw fail("expected a number, found \(node.value.kindName)") }
        // Far beyond any screen; keeps every later computation and printed number finite and exact.
        let limit = DefinitionLimits.coordinate
        guard abs(d) <= limit else { throw fail("expected a number from -100000 to 100000, found \(Self.shown(d))") }
        return d
    }

    func number(_ range: ClosedRange<Double>, _ what: String) throws -> Double {
        guard case .number(let d) = node.value else { throw fail("expected a number, found \(node.value.kindName)") }
        guard range.contains(d) else { throw fail("expected \(what), found \(Self.shown(d))") }
        return try number()
    }

    /// A number as the message quotes it: plain decimals, or an exponent for huge and tiny ones.
    static func shown(_ d: Double) -> String {
        abs(d) < 1e15 && (d == 0 || abs(d) >= 1e-9) ? NumberFormat.string(d, maxDecimals: 9) : "\(d)"
    }

    /// A time in seconds: 0 to 60 (DefinitionLimits.seconds).
    func seconds(_ what: String = "a time") throws -> Double {
        try number(0...DefinitionLimits.seconds, "\(what) from 0 to 60 s")
    }

    func nonNegative() throws -> Double { try number(0...Double.greatestFiniteMagnitude, "a number ≥ 0") }
    func positive(_ what: String = "a number > 0") throws -> Double {
        let d = try number()
        guard d > 0 else { throw fail("expected \(what), found \(Self.shown(d))") }
        return d
    }

    func integer(_ range: ClosedRange<Int>) throws -> Int {
        let d = try number()
        guard d == d.rounded(), d >= Double(range.lowerBound), d <= Double(range.upperBound) else {
            throw fail("expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return Int(d)
    }

    func string() throws -> String {
        guard case .string(let s) = node.value else { throw fail("expected a string, found \(node.value.kindName)") }
        return s
    }

    func bool() throws -> Bool {
        guard case .bool(let b) = node.value else { throw fail("expected true or false, found \(node.value.kindName)") }
        return b
    }

    func numbers(count: Int, _ what: String) throws -> [Double] {
        guard case .array(let items) = node.value, items.count == count else {
            throw fail("expected \(what) (an array of \(count) numbers)")
        }
        return try elements().map { try $0.number() }
    }

    func point(_ what: String = "a point [x, y]") throws -> Point {
        let v = try numbers(count: 2, what)
        return Point(v[0], v[1])
    }

    /// A pair whose items must each be in `range` (a scale [sx, sy], a velocity [vx, vy]).
    func point(_ what: String, each range: ClosedRange<Double>, _ itemWhat: String) throws -> Point {
        _ = try numbers(count: 2, what)
        let items = try elements()
        return Point(try items[0].number(range, itemWhat), try items[1].number(range, itemWhat))
    }

    func size() throws -> Size {
        let v = try numbers(count: 2, "a size [width, height]")
        guard v[0] >= 0, v[1] >= 0 else { throw fail("expected a size with width and height ≥ 0") }
        return Size(v[0], v[1])
    }

    func rect() throws -> Rect {
        let v = try numbers(count: 4, "a frame [x, y, width, height]")
        guard v[2] >= 0, v[3] >= 0 else { throw fail("expected a frame with width and height ≥ 0") }
        return Rect(v[0], v[1], v[2], v[3])
    }

    /// `#RRGGBB` or `#RRGGBBAA`.
    func color() throws -> Color {
        let s = try string()
        let hex = Array(s.utf8)
        guard hex.first == UInt8(ascii: "#"), hex.count == 7 || hex.count == 9,
            let v = UInt64(String(decoding: hex.dropFirst(), as: UTF8.self), radix: 16)
        else {
            throw fail("expected a colour \"#RRGGBB\" or \"#RRGGBBAA\", found \"\(s)\"")
        }
        let c = hex.count == 9 ? v : (v << 8) | 0xFF
        return Color(
            red: Double((c >> 24) & 0xFF) / 255, green: Double((c >> 16) & 0xFF) / 255,
            blue: Double((c >> 8) & 0xFF) / 255, alpha: Double(c & 0xFF) / 255)
    }
}

/// A node's place in its file, step by step from the root (or from a path given as text);
/// `text` is the path a message prints.
indirect enum JSONPathSteps {
    case text(String)
    case member(JSONPathSteps, String)
    case element(JSONPathSteps, Int)

    var text: String {
        switch self {
        case .text(let s): return s
        case .member(let parent, let key):
            let p = parent.text
            return p.isEmpty ? key : "\(p).\(key)"
        case .element(let parent, let i): return "\(parent.text)[\(i)]"
        }
    }

    /// How many `[` the text has (a layer's nesting depth), without making it.
    var brackets: Int {
        switch self {
        case .text(let s): return Self.brackets(in: s)
        case .member(let parent, let key): return parent.brackets + Self.brackets(in: key)
        case .element(let parent, _): return parent.brackets + 1
        }
    }

    private static func brackets(in s: String) -> Int { s.utf8.lazy.filter { $0 == UInt8(ascii: "[") }.count }
}

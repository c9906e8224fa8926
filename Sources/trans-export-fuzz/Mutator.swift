// Mutations of a definition: structural ones on the JSON tree (delete, duplicate, swap types,
// extreme numbers, odd strings, deep nesting, the format's hidden corners) and textual ones on
// the bytes (truncation, random bytes, invalid UTF-8). Deterministic for a given generator.
import JSONText

/// SplitMix64: small, fast, and the same sequence on every machine.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

struct Mutator {
    var rng: SeededGenerator

    /// Numbers that break naive code: huge, tiny, negative, just past a limit, near-eye distances.
    static let extremes: [Double] = [
        0, -0.0, 1e300, -1e300, 1e-300, 1e-9, -1e-9, 1e9, -1, -0.5, 0.5, 1, 2, 10, 59.999, 60,
        60.001, 100, 389, 3600, 1e5, 100_000.5, 1e15, Double.leastNonzeroMagnitude, 1.7976931348623157e308, 0.1, 0.999, 1.001,
    ]
    /// Members of the format that a template rarely shows.
    static let corners: [(key: String, value: JSONValue)] = [
        ("timing", .object([("caSpring", .object([("mass", .number(1e-3)), ("stiffness", .number(1e5)), ("damping", .number(1e-3))]))])),
        ("timing", .object([("caSpring", .object([("stiffness", .number(1e-3)), ("damping", .number(1e5))]))])),
        ("timing", .object([("uikitSpring", .object([("damping", .number(1e-3)), ("velocity", .number(1000))]))])),
        ("timing", .object([("swiftUISpring", .object([("duration", .number(60)), ("bounce", .number(1))]))])),
        ("timing", .object([("cubicBezier", .array([.number(0), .number(1e5), .number(1), .number(-1e5)]))])),
        ("sublayerTransform", .object([("perspective", .number(1))])),
        ("sublayerTransform", .object([("perspective", .number(450)), ("rotationX", .number(89))])),
        ("transform", .object([("rotationY", .number(90)), ("perspective", .number(2)), ("scale", .number(1000))])),
        ("transform", .object([("scale", .array([.number(0), .number(-1000)]))])),
        ("mask", .object([("type", .string("circle")), ("center", .array([.number(0), .number(0)])), ("radius", .number(1e5))])),
        ("mask", .object([("type", .string("rect")), ("frame", .array([.number(0), .number(0), .number(0), .number(0)]))])),
        ("zPosition", .number(-1e5)),
        ("holdBefore", .number(60)),
        ("frameRate", .number(240)),
        ("children", .array([])),
        ("frame", .array([.number(0), .number(0), .number(1e5), .number(1e5)])),
        ("size", .array([.number(0), .number(0)])),
        ("cornerRadius", .number(1e5)),
        ("lines", .number(100)),
        ("duration", .number(0)),
        ("delay", .number(60)),
    ]
    static let oddStrings = [
        "", " ", "\n", "a\nb\u{1}c", "\u{0}", "é", "🙂", "\u{202E}rtl", "#", "#GGGGGG", "#00000000",
        "$missing", "../../etc/passwd", "<script>alert(1)</script>", "]]>", "&amp;", "\"", "\\",
        String(repeating: "x", count: 5000), "group", "rect", "text", "snapshot", "easeInOut", "transform",
    ]

    mutating func int(_ n: Int) -> Int { n <= 0 ? 0 : Int(rng.next() % UInt64(n)) }
    mutating func chance(_ p: Double) -> Bool { Double(rng.next() >> 11) / Double(1 << 53) < p }

    /// Calls `f` on node number `k` of `v` in pre-order (the node, then its members or elements
    /// in order), in place: each container is taken out of its parent while its child changes,
    /// so nothing is copied (a case with 12,000 copies of a layer used to copy them per mutation).
    @discardableResult
    static func modify(_ v: inout JSONValue, node k: inout Int, _ f: (inout JSONValue) -> Void) -> Bool {
        if k == 0 { f(&v); return true }
        k -= 1
        switch v {
        case .object(var m):
            v = .null
            defer { v = .object(m) }
            for i in m.indices where modify(&m[i].value, node: &k, f) { return true }
        case .array(var a):
            v = .null
            defer { v = .array(a) }
            for i in a.indices where modify(&a[i], node: &k, f) { return true }
        default: break
        }
        return false
    }

    mutating func randomValue(depth: Int = 0) -> JSONValue {
        switch int(depth > 2 ? 4 : 6) {
        case 0: return .number(Self.extremes[int(Self.extremes.count)])
        case 1: return .string(Self.oddStrings[int(Self.oddStrings.count)])
        case 2: return chance(0.5) ? .bool(chance(0.5)) : .null
        case 3: return .number(Double(int(2000)) - 1000 + (chance(0.5) ? 0.5 : 0))
        case 4: return .array((0..<int(4)).map { _ in randomValue(depth: depth + 1) })
        default:
            let c = Self.corners[int(Self.corners.count)]
            return .object([c])
        }
    }

    /// One structural mutation somewhere in the tree.
    mutating func mutate(_ root: inout JSONValue) {
        var target = int(nodeCount(root, limit: Int.max))
        let kind = int(10)
        var r = self
        Self.modify(&root, node: &target) { node in
            switch kind {
            case 0:  // delete a member or element
                switch node {
                case .object(var m) where !m.isEmpty: m.remove(at: r.int(m.count)); node = .object(m)
                case .array(var a) where !a.isEmpty: a.remove(at: r.int(a.count)); node = .array(a)
                default: node = .null
                }
            case 1:  // duplicate an element (layers, phases' blocks, changes)
                if case .array(var a) = node, !a.isEmpty {
                    a.insert(a[r.int(a.count)], at: r.int(a.count + 1)); node = .array(a)
                } else {
                    node = r.randomValue()
                }
            case 2, 3:  // an extreme number, or a scaled one
                if case .number(let d) = node, r.chance(0.5) {
                    // A product past Double's range is written as the largest finite number of its
                    // sign: JSON text has no infinity (the fuzzer's own writer trapped on one).
                    let scaled = d * [1e3, 1e6, -1, 0, 1e-6, 1e9, 1e300][r.int(7)]
                    node = .number(scaled.isFinite ? scaled : (scaled < 0 ? -Double.greatestFiniteMagnitude : .greatestFiniteMagnitude))
                } else {
                    node = .number(Self.extremes[r.int(Self.extremes.count)])
                }
            case 4: node = .string(Self.oddStrings[r.int(Self.oddStrings.count)])
            case 5: node = r.randomValue()
            case 6:  // a hidden corner of the format, added to an object
                if case .object(var m) = node {
                    let c = Self.corners[r.int(Self.corners.count)]
                    m.removeAll { $0.key == c.key }
                    m.append(c); node = .object(m)
                } else {
                    node = r.randomValue()
                }
            case 7:  // deep nesting
                var v = node
                for _ in 0..<[3, 70, 300, 600][r.int(4)] { v = r.chance(0.5) ? .array([v]) : .object([("children", v)]) }
                node = v
            case 8:  // many copies: work ceilings
                if case .array(let a) = node, let first = a.first {
                    node = .array(a + Array(repeating: first, count: [10, 500, 12_000][r.int(3)]))
                } else {
                    node = .array(Array(repeating: node, count: 100))
                }
            default:  // swap the type
                switch node {
                case .number(let d): node = .string("\(d)")
                case .string(let s): node = .array([.string(s)])
                case .array(let a): node = a.first ?? .null
                case .object(let m): node = .array(m.map(\.value))
                default: node = .number(1)
                }
            }
        }
        self = Mutator(rng: r.rng)
    }

    /// Textual damage: truncation, random bytes, invalid UTF-8, a duplicated key.
    mutating func damage(_ text: String) -> [UInt8] {
        var bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return bytes }
        switch int(5) {
        case 0: bytes = Array(bytes.prefix(int(bytes.count)))
        case 1: for _ in 0..<(1 + int(4)) { bytes[int(bytes.count)] = UInt8(truncatingIfNeeded: rng.next()) }
        case 2: bytes.insert(contentsOf: [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]][int(4)], at: int(bytes.count))
        case 3:
            if let i = bytes.firstIndex(of: UInt8(ascii: "{")) { bytes.insert(contentsOf: Array("\"name\": \"dup\",".utf8), at: i + 1) }
        default: bytes.insert(contentsOf: Array(",]}\"\\u12".utf8)[int(8)...].prefix(1), at: int(bytes.count))
        }
        return bytes
    }
}

// Small arithmetic expressions of an interactive definition: the progress of a gesture, layer
// properties as functions of the finger's translation, begin and release conditions. Numbers,
// names, + − × ÷ (also + - * /), parentheses, min, max, clamp, abs, and in conditions one
// comparison (< <= > >= == !=). Names resolve when parsed (ExpressionParser), so evaluating is
// a walk over the tree with no lookups.
import JSONText

/// The names an expression can read. `W`/`H` are the canvas size; `tx, ty` the finger's
/// translation (pt) and `vx, vy` its velocity (pt/s) as UIPanGestureRecognizer reports them;
/// `p` the interaction's progress; `let(k)` the k-th named value of the interaction's `let`.
package enum ExpressionName: Hashable, Sendable {
    case tx, ty, vx, vy, p, W, H
    case `let`(Int)

    package static let builtins: [(String, ExpressionName)] = [
        ("tx", .tx), ("ty", .ty), ("vx", .vx), ("vy", .vy),
        ("p", .p), ("W", .W), ("H", .H),
    ]
}

package enum ExpressionFunction: String, Hashable, Sendable, CaseIterable {
    case min, max, clamp, abs

    /// Allowed argument counts.
    var arity: ClosedRange<Int> {
        switch self {
        case .min, .max: return 2...16
        case .clamp: return 3...3
        case .abs: return 1...1
        }
    }
}

package enum ExpressionOperator: String, Hashable, Sendable {
    case add = "+", subtract = "-", multiply = "*", divide = "/"
}

package enum ExpressionComparison: String, Hashable, Sendable, CaseIterable {
    case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">=", equal = "==", notEqual = "!="

    package func holds(_ a: Double, _ b: Double) -> Bool {
        switch self {
        case .less: return a < b
        case .lessOrEqual: return a <= b
        case .greater: return a > b
        case .greaterOrEqual: return a >= b
        case .equal: return a == b
        case .notEqual: return a != b
        }
    }
}

package indirect enum ExpressionNode: Hashable, Sendable {
    case number(Double)
    case name(ExpressionName)
    case negate(ExpressionNode)
    case binary(ExpressionOperator, ExpressionNode, ExpressionNode)
    case call(ExpressionFunction, [ExpressionNode])

    package func evaluate(_ env: ExpressionEnvironment) -> Double {
        switch self {
        case .number(let d): return d
        case .name(let n): return env[n]
        case .negate(let e): return -e.evaluate(env)
        case .binary(let op, let a, let b):
            let x = a.evaluate(env), y = b.evaluate(env)
            switch op {
            case .add: return x + y
            case .subtract: return x - y
            case .multiply: return x * y
            case .divide: return x / y
            }
        case .call(let f, let args):
            let v = args.map { $0.evaluate(env) }
            switch f {
            case .min: return v.dropFirst().reduce(v[0]) { Swift.min($0, $1) }
            case .max: return v.dropFirst().reduce(v[0]) { Swift.max($0, $1) }
            case .clamp: return Swift.min(Swift.max(v[0], v[1]), v[2])
            case .abs: return Swift.abs(v[0])
            }
        }
    }

    /// Whether the value depends on any name (else it is one number).
    package var isConstant: Bool {
        switch self {
        case .number: return true
        case .name: return false
        case .negate(let e): return e.isConstant
        case .binary(_, let a, let b): return a.isConstant && b.isConstant
        case .call(_, let args): return args.allSatisfy(\.isConstant)
        }
    }

    package func mentions(_ n: ExpressionName) -> Bool {
        switch self {
        case .number: return false
        case .name(let m): return m == n
        case .negate(let e): return e.mentions(n)
        case .binary(_, let a, let b): return a.mentions(n) || b.mentions(n)
        case .call(_, let args): return args.contains { $0.mentions(n) }
        }
    }
}

/// Where an expression (or another part of an interaction) was written, so that a problem found
/// only when the motion is simulated (a gesture that never begins, a value that is not finite)
/// is still reported at its line and column.
package struct SourceOrigin: Hashable, Sendable {
    package var file: String
    package var location: SourceLocation?
    package var path: String
    package init(file: String, location: SourceLocation?, path: String) {
        self.file = file; self.location = location; self.path = path
    }

    package func diagnostic(_ message: String) -> DefinitionDiagnostic {
        DefinitionDiagnostic(file: file, location: location, path: path, message: message)
    }
}

/// An expression as written, and its tree.
package struct Expression: Hashable, Sendable, CustomStringConvertible {
    package var source: String
    package var root: ExpressionNode
    package var origin: SourceOrigin?

    package init(source: String, root: ExpressionNode, origin: SourceOrigin? = nil) {
        self.source = source; self.root = root; self.origin = origin
    }
    /// A plain number (code-built definitions, numbers written as numbers).
    package init(_ value: Double) { self.init(source: NumberText.string(value), root: .number(value)) }

    package func evaluate(_ env: ExpressionEnvironment) -> Double { root.evaluate(env) }
    package var isConstant: Bool { root.isConstant }
    package var description: String { source }
}

/// `left op right`: a begin rule or a release rule's `when`.
package struct Condition: Hashable, Sendable, CustomStringConvertible {
    package var source: String
    package var comparison: ExpressionComparison
    package var left: ExpressionNode
    package var right: ExpressionNode
    package var origin: SourceOrigin?

    package init(source: String, comparison: ExpressionComparison, left: ExpressionNode, right: ExpressionNode, origin: SourceOrigin? = nil) {
        self.source = source; self.comparison = comparison; self.left = left; self.right = right; self.origin = origin
    }

    package func holds(_ env: ExpressionEnvironment) -> Bool {
        comparison.holds(left.evaluate(env), right.evaluate(env))
    }
    package var description: String { source }
}

/// The values names read while an expression is evaluated.
package struct ExpressionEnvironment: Hashable, Sendable {
    package var tx = 0.0, ty = 0.0, vx = 0.0, vy = 0.0, p = 0.0
    package var W: Double
    package var H: Double
    /// Values of the interaction's `let`, in order.
    package var lets: LetValues = []

    package init(canvas: Size) { W = canvas.width; H = canvas.height }

    package subscript(_ n: ExpressionName) -> Double {
        switch n {
        case .tx: return tx
        case .ty: return ty
        case .vx: return vx
        case .vy: return vy
        case .p: return p
        case .W: return W
        case .H: return H
        case .let(let k): return k < lets.count ? lets[k] : .nan
        }
    }
}

/// The values of an interaction's `let`, in order: the first four held in place (an interaction
/// rarely has more), so that making or copying an environment allocates nothing; gesture reads
/// make one per instant (BENCHMARKS.md#gesture-compiled-once-kept-per-instant-same-bytes-2026-12-04).
package struct LetValues: Hashable, Sendable, RandomAccessCollection, ExpressibleByArrayLiteral {
    private var first = (0.0, 0.0, 0.0, 0.0)
    private var rest: [Double]?
    package private(set) var count = 0

    package init() {}
    package init(arrayLiteral values: Double...) { for v in values { append(v) } }

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }

    package subscript(k: Int) -> Double {
        precondition(k >= 0 && k < count, "let index out of range")
        switch k {
        case 0: return first.0
        case 1: return first.1
        case 2: return first.2
        case 3: return first.3
        default: return rest![k - 4]
        }
    }

    package mutating func append(_ v: Double) {
        switch count {
        case 0: first.0 = v
        case 1: first.1 = v
        case 2: first.2 = v
        case 3: first.3 = v
        default: rest = (rest ?? []) + [v]
        }
        count += 1
    }

    package static func == (a: LetValues, b: LetValues) -> Bool { a.elementsEqual(b) }
    package func hash(into h: inout Hasher) {
        h.combine(count)
        for v in self { h.combine(v) }
    }
}

/// Shortest decimal text of a number (for messages and code-built expressions).
enum NumberText {
    static func string(_ d: Double) -> String {
        if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
        return String(d)
    }
}

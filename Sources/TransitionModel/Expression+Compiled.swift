// An expression tree compiled once into nested closures, for the reads that evaluate it tens of
// thousands of times (a followed property sampled by the fitters): a call walks no enum, copies
// no node and allocates nothing. Each closure does the arithmetic `ExpressionNode.evaluate`
// does, in the same order, so the numbers are the same to the last bit.

/// An expression's value as a function of the environment.
package typealias ExpressionEvaluator = @Sendable (ExpressionEnvironment) -> Double

extension ExpressionNode {
    /// The tree as closures. A constant subtree is evaluated here, once (it reads no name, so
    /// its value is the one every call would compute).
    package func compiled() -> ExpressionEvaluator {
        if isConstant {
            let v = evaluate(ExpressionEnvironment(canvas: Size(0, 0)))
            return { _ in v }
        }
        switch self {
        case .number(let d): return { _ in d }
        case .name(let n): return Self.reader(n)
        case .negate(let e):
            let f = e.compiled()
            return { -f($0) }
        case .binary(let op, let a, let b):
            let f = a.compiled(), g = b.compiled()
            switch op {
            case .add: return { f($0) + g($0) }
            case .subtract: return { f($0) - g($0) }
            case .multiply: return { f($0) * g($0) }
            case .divide: return { f($0) / g($0) }
            }
        case .call(let function, let args):
            let fs = args.map { $0.compiled() }
            switch function {
            case .min:
                let first = fs[0], rest = Array(fs.dropFirst())
                return { env in rest.reduce(first(env)) { Swift.min($0, $1(env)) } }
            case .max:
                let first = fs[0], rest = Array(fs.dropFirst())
                return { env in rest.reduce(first(env)) { Swift.max($0, $1(env)) } }
            case .clamp:
                let (v, lo, hi) = (fs[0], fs[1], fs[2])
                return { Swift.min(Swift.max(v($0), lo($0)), hi($0)) }
            case .abs:
                let f = fs[0]
                return { Swift.abs(f($0)) }
            }
        }
    }

    private static func reader(_ n: ExpressionName) -> ExpressionEvaluator {
        switch n {
        case .tx: return { $0.tx }
        case .ty: return { $0.ty }
        case .vx: return { $0.vx }
        case .vy: return { $0.vy }
        case .p: return { $0.p }
        case .W: return { $0.W }
        case .H: return { $0.H }
        case .let(let k): return { k < $0.lets.count ? $0.lets[k] : .nan }
        }
    }
}

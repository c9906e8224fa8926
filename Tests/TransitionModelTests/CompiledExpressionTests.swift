import TransitionModel
// A compiled expression must give the tree's numbers to the last bit (the exported files are
// compared byte for byte): the same operations in the same order, ±∞ and both zeros included.
import XCTest

final class CompiledExpressionTests: XCTestCase {
    static let sources = [
        "1 + 2 * 3", "-tx / -2", "tx * ratio + 195", "1 - 0.5 * p", "390 * ratio / 194", "clamp(tx / W, 0, 1)",
        "min(tx, ty, vx, 3) + max(1, vy, p)", "abs(tx) / W", "max(tx / 0, ty)", "min(p, missing)", "-(tx - ty) * (vx + vy) / H",
        "clamp(p, 1, 0)", "(1 + 2) × 3 − 4 ÷ 2",
    ]

    func testCompiledExpressionsGiveTheTreesBits() throws {
        var names = ExpressionName.builtins
        names.append(("ratio", .let(0)))
        names.append(("missing", .let(5)))  // beyond the lets: NaN
        let scope = ExpressionScope(names: names)
        let values = [0.0, -0.0, 1e-9, 0.2, -37.5, 60, 1e300, .infinity, -.infinity, .nan]
        var special: Set<String> = []  // which non-finite results the bit comparison met
        for source in Self.sources {
            let tree = try ExpressionParser.expression(source, scope: scope)
            let compiled = tree.compiled()
            for (k, a) in values.enumerated() {
                var env = ExpressionEnvironment(canvas: Size(390, 844))
                let b = values[(k * 7 + 3) % values.count]
                env.tx = a; env.ty = b; env.vx = b * 3; env.vy = -a; env.p = a / 100
                env.lets = [1 - 0.5 * env.p]
                let got = compiled(env)
                let want = tree.evaluate(env)
                // A NaN's sign and payload are the hardware's pick of a NaN operand, which an
                // optimizer may swap in a commutative operation; no NaN reaches a file (the
                // simulation admits finite values only): NaN is compared as NaN.
                if want.isNaN {
                    XCTAssertTrue(got.isNaN, "\(source) at tx = \(a), ty = \(b)")
                } else {
                    XCTAssertEqual(got.bitPattern, want.bitPattern, "\(source) at tx = \(a), ty = \(b)")
                }
                if got.isNaN { special.insert("nan") } else if got.isInfinite { special.insert(got > 0 ? "+inf" : "-inf") }
                if got == 0 { special.insert(got.sign == .minus ? "-0" : "+0") }
            }
        }
        // The header's promise: NaN, ±∞ and both zeros were among the results compared bit for bit.
        XCTAssertEqual(special, ["nan", "+inf", "-inf", "-0", "+0"])
    }

    func testAConstantSubtreeIsOneNumber() throws {
        let tree = try ExpressionParser.expression("2 * 3 + min(4, 5)", scope: ExpressionScope(names: ExpressionName.builtins))
        XCTAssertTrue(tree.isConstant)
        XCTAssertEqual(tree.compiled()(ExpressionEnvironment(canvas: Size(1, 1))), 10)
    }
}

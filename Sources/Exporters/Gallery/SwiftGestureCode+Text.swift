import Motion
// The definition's expressions as Swift: the same tree, the same operations in the same order
// (SwiftGestureCodeTests compiles and runs them against the simulation's evaluation).
import TransitionModel

extension SwiftGestureCode {
    /// Expressions, conditions and assignments as Swift text.
    package struct Text {
        /// The Swift names of the interaction's lets, in order.
        package var lets: [String]
        package init(lets: [String]) { self.lets = lets }

        /// A number as a Swift literal that reads back as the same Double (shortest round trip).
        static func literal(_ x: Double) -> String {
            x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : "\(x)"
        }

        static func isNumber(_ node: ExpressionNode, _ x: Double) -> Bool {
            if case .number(let v) = node { return v == x }
            return false
        }

        /// Swift evaluates the text as the tree: operands in their order, parentheses wherever
        /// precedence alone would regroup (a − (b − c), a · (b / c)), so the same floating-point
        /// operations run in the same order.
        package func expression(_ node: ExpressionNode) -> String {
            if case .number(let x) = node { return Self.literal(x) }
            return text(node).0
        }

        /// (text, precedence): 3 an atom, 2 × ÷, 1 + −.
        private func text(_ node: ExpressionNode) -> (String, Int) {
            switch node {
            case .number(let x):
                let s = Self.literal(x)
                return x < 0 || s.hasPrefix("-") ? ("(\(s))", 3) : (s, 3)
            case .name(let n):
                switch n {
                case .tx: return ("tx", 3)
                case .ty: return ("ty", 3)
                case .vx: return ("vx", 3)
                case .vy: return ("vy", 3)
                case .p: return ("p", 3)
                case .W: return ("W", 3)
                case .H: return ("H", 3)
                case .let(let k): return (k < lets.count ? lets[k] : "0", 3)
                }
            case .negate(let e):
                let (s, level) = text(e)
                // `--x` is no Swift: a negated negation is parenthesized.
                return (level == 3 && !s.hasPrefix("-") ? "-\(s)" : "-(\(s))", 3)
            case .binary(let op, let a, let b):
                let level = op == .add || op == .subtract ? 1 : 2
                let (l, ll) = text(a), (r, rl) = text(b)
                let left = ll < level ? "(\(l))" : l
                let right = rl <= level ? "(\(r))" : r
                return ("\(left) \(op.rawValue) \(right)", level)
            case .call(let f, let args):
                let a = args.map(expression)
                switch f {
                case .min, .max: return ("\(f.rawValue)(\(a.joined(separator: ", ")))", 3)
                case .clamp: return ("min(max(\(a[0]), \(a[1])), \(a[2]))", 3)
                case .abs: return ("abs(\(a[0]))", 3)
                }
            }
        }

        package func condition(_ c: Condition) -> String { "\(expression(c.left)) \(c.comparison.rawValue) \(expression(c.right))" }

        /// Seconds for UIView.animate: a number as written, an expression as a TimeInterval.
        func seconds(_ node: ExpressionNode) -> String {
            if case .number(let x) = node { return SwiftAnimationCode.number(x) }
            return "TimeInterval(\(expression(node)))"
        }

        func assignment(_ c: ExpressionChange, _ context: SwiftAnimationCode.Context) -> [String] {
            let v = SwiftAnimationCode.identifier(c.layer)
            switch c.value {
            case .position(let x, let y): return ["\(v).center = CGPoint(x: \(expression(x.root)), y: \(expression(y.root)))"]
            case .size(let w, let h): return ["\(v).bounds.size = CGSize(width: \(expression(w.root)), height: \(expression(h.root)))"]
            case .number(let p, let e):
                let (x, level) = text(e.root)
                let twice: String
                if case .number(let r) = e.root { twice = SwiftAnimationCode.number(2 * r) } else { twice = level < 2 ? "2 * (\(x))" : "2 * \(x)" }
                return SwiftAnimationCode.numberAssignment(v, p, x, twice: twice)
            case .transform(let t):
                return context.layers3D.contains(c.layer) ? ["\(v).layer.transform = \(transform3D(t, context))"] : ["\(v).transform = \(affine(t))"]
            case .constant(let value): return SwiftAnimationCode.assignment(PropertyChange(layer: c.layer, value), context)
            }
        }

        private func angle(_ e: Expression) -> String {
            let (s, level) = text(e.root)
            return "\(level < 2 ? "(\(s))" : s) * .pi / 180"
        }

        /// As SwiftAnimationCode.affine, with expressions: scale, then rotation, then translation.
        func affine(_ t: TransformExpression) -> String {
            var parts: [String] = []
            let moved = !Self.isNumber(t.translateX.root, 0) || !Self.isNumber(t.translateY.root, 0)
            if moved { parts.append("CGAffineTransform(translationX: \(expression(t.translateX.root)), y: \(expression(t.translateY.root)))") }
            if !Self.isNumber(t.rotation.root, 0) {
                parts.append(parts.isEmpty ? "CGAffineTransform(rotationAngle: \(angle(t.rotation)))" : ".rotated(by: \(angle(t.rotation)))")
            }
            if !Self.isNumber(t.scaleX.root, 1) || !Self.isNumber(t.scaleY.root, 1) {
                let sx = expression(t.scaleX.root), sy = expression(t.scaleY.root)
                parts.append(parts.isEmpty ? "CGAffineTransform(scaleX: \(sx), y: \(sy))" : ".scaledBy(x: \(sx), y: \(sy))")
            }
            return parts.isEmpty ? ".identity" : parts.joined()
        }

        /// As SwiftAnimationCode.transform3D, with expressions: S·Rz·Ry·Rx·T·P.
        func transform3D(_ t: TransformExpression, _ context: SwiftAnimationCode.Context) -> String {
            var factors: [String] = []
            if !Self.isNumber(t.scaleX.root, 1) || !Self.isNumber(t.scaleY.root, 1) {
                factors.append("CATransform3DMakeScale(\(expression(t.scaleX.root)), \(expression(t.scaleY.root)), 1)")
            }
            if !Self.isNumber(t.rotation.root, 0) { factors.append("CATransform3DMakeRotation(\(angle(t.rotation)), 0, 0, 1)") }
            if !Self.isNumber(t.rotationY.root, 0) { factors.append("CATransform3DMakeRotation(\(angle(t.rotationY)), 0, 1, 0)") }
            if !Self.isNumber(t.rotationX.root, 0) { factors.append("CATransform3DMakeRotation(\(angle(t.rotationX)), 1, 0, 0)") }
            if !Self.isNumber(t.translateX.root, 0) || !Self.isNumber(t.translateY.root, 0) {
                factors.append("CATransform3DMakeTranslation(\(expression(t.translateX.root)), \(expression(t.translateY.root)), 0)")
            }
            if let d = t.perspective {
                let (s, level) = text(d.root)
                factors.append("{ var t = CATransform3DIdentity; t.m34 = -1 / \(level < 3 ? "(\(s))" : s); return t }()")
            }
            if factors.isEmpty { return "CATransform3DIdentity" }
            if factors.count == 1, !factors[0].hasPrefix("{") { return factors[0] }
            if factors.count == 2 { return "CATransform3DConcat(\(factors[0]), \(factors[1]))" }
            return "[" + factors.joined(separator: ", ") + "].reduce(CATransform3DIdentity, CATransform3DConcat)"
        }
    }
}

import Motion
import Simulation
// A hole mask in "copy as Swift": the layer's rect with a circle cut out, as the circle reveal's
// source article builds it (a CAShapeLayer mask whose path is a rect plus a counter-wound circle;
// even-odd here, as the definition says). UIView.animate cannot animate a path, so a change inside
// an animation block becomes a CABasicAnimation (a CASpringAnimation for a spring) of "path"
// beside the call, with the block's duration, delay and curve; a change outside one sets the
// path, whose implicit animation the layer's `actions` turn off.
import TransitionModel

extension SwiftAnimationCode {
    /// The hole masks a function writes, and each one's geometry as the function's lines so far
    /// leave it: a hole's path needs all three numbers, and an assignment sets one.
    final class HoleMasks {
        private(set) var ids: [String] = []
        /// Each hole's geometry as the lines so far leave it (a handler's branches each start from
        /// the same, restored by the handler).
        var geometry: [String: (frame: Rect, center: Point, radius: Double)] = [:]
        private var animations = 0

        init(_ sim: Simulation, views: [String]) {
            for id in views {
                guard let i = sim.index(ofLayer: id), let m = sim.layers[i].definition.mask, m.shape == .hole else { continue }
                ids.append(id)
                geometry[id] = (m.frame, m.center, m.radius)
            }
        }

        /// Whether `c` is a change of a hole's geometry (else it is written as a mask view's).
        func holds(_ c: PropertyChange) -> Bool { geometry[c.layer] != nil && Self.changesGeometry(c) }

        /// Whether `c` sets a mask's rect, centre or radius (what a hole's path is made of).
        static func changesGeometry(_ c: PropertyChange) -> Bool {
            switch c.value {
            case .maskFrame, .maskCenter, .number(.maskRadius, _): return true
            default: return false
            }
        }

        /// The helper and one CAShapeLayer per hole, at its starting geometry.
        func setUp() -> [String] {
            guard !ids.isEmpty else { return [] }
            var lines = helper()
            for id in ids {
                let v = identifier(id), m = mask(id)
                lines += [
                    "let \(m) = CAShapeLayer()", "\(m).frame = \(v).bounds", "\(m).fillRule = .evenOdd",
                    "\(m).actions = [\"path\": NSNull()]  // a path set outside an animation changes at once",
                    "\(m).path = \(path(id))", "\(v).layer.mask = \(m)",
                ]
            }
            return lines + [""]
        }

        /// In a gesture handler: the helper and the masks the animate function set up.
        func reuse() -> [String] {
            guard !ids.isEmpty else { return [] }
            return helper()
                + ids.map { "guard let \(mask($0)) = \(identifier($0)).layer.mask as? CAShapeLayer else { return }  // set up by the animate function" }
        }

        private func helper() -> [String] {
            [
                "// A hole mask: the layer's rect with a circle cut out (a CAShapeLayer, even-odd). UIView.animate",
                "// cannot animate a path: its changes are animations of \"path\" beside the calls",
                "func holePath(_ rect: CGRect, _ center: CGPoint, _ radius: CGFloat) -> CGPath {",
                "    let path = UIBezierPath(rect: rect)",
                "    path.append(UIBezierPath(arcCenter: center, radius: radius, startAngle: 0, endAngle: 2 * .pi, clockwise: false))",
                "    return path.cgPath",
                "}",
            ]
        }

        /// The path set at once (outside an animation block, or the starting state).
        func set(_ c: PropertyChange) -> [String] {
            apply(c)
            return ["\(mask(c.layer)).path = \(path(c.layer))"]
        }

        /// A block's changes to holes, as path animations with the block's timing (one per hole).
        func animate(_ changes: [PropertyChange], _ block: AnimationBlock) -> [String] {
            let curve = AnimationCurve(timing: block.timing, duration: block.duration)
            return animate(
                changes, timing: block.timing, shape: curve.shape, duration: number(curve.duration), delay: block.delay > 0 ? number(block.delay) : nil)
        }

        /// The same with the duration and delay as Swift text (a release rule's may be expressions
        /// of the finger): `shape` nil for a spring whose parameters depend on a duration known only
        /// then (UIKit's solve, not an expression): the path is set, and a comment says so.
        func animate(_ changes: [PropertyChange], timing: Timing, shape: AnimationCurve.Shape?, duration: String, delay: String?) -> [String] {
            guard let shape else {
                return ["// The hole's path is set, not animated: a spring's parameters need its duration, known only at the release"]
                    + changes.flatMap(set)
            }
            var lines: [String] = []
            var order: [String] = []
            for c in changes where !order.contains(c.layer) { order.append(c.layer) }
            for id in order {
                let from = path(id)
                for c in changes where c.layer == id { apply(c) }
                animations += 1
                let a = animations == 1 ? "pathAnimation" : "pathAnimation\(animations)"
                switch shape {
                case .spring(let s):
                    lines += [
                        "let \(a) = CASpringAnimation(keyPath: \"path\")",
                        "\(a).mass = \(number(s.mass))", "\(a).stiffness = \(number(s.stiffness))", "\(a).damping = \(number(s.damping))",
                        "\(a).initialVelocity = \(number(s.initialVelocity))",
                    ]
                case .bezier(let b):
                    lines.append("let \(a) = CABasicAnimation(keyPath: \"path\")")
                    if case .named(let name) = timing {
                        lines.append("\(a).timingFunction = CAMediaTimingFunction(name: .\(TimingSpec.caName(name)))")
                    } else {
                        lines.append(
                            "\(a).timingFunction = CAMediaTimingFunction(controlPoints: \(number(b.x1)), \(number(b.y1)), \(number(b.x2)), \(number(b.y2)))")
                    }
                case .custom:
                    lines.append("let \(a) = CABasicAnimation(keyPath: \"path\")")
                }
                lines += ["\(a).duration = \(duration)", "\(a).fromValue = \(from)", "\(a).toValue = \(path(id))"]
                if let delay {
                    lines += ["\(a).beginTime = CACurrentMediaTime() + \(delay)", "\(a).fillMode = .backwards"]
                }
                lines += ["\(mask(id)).path = \(path(id))", "\(mask(id)).add(\(a), forKey: \"path\")"]
            }
            return lines
        }

        private func apply(_ c: PropertyChange) {
            guard var g = geometry[c.layer] else { return }
            switch c.value {
            case .maskFrame(let r): g.frame = r
            case .maskCenter(let p): g.center = p
            case .number(.maskRadius, let r): g.radius = r
            default: break
            }
            geometry[c.layer] = g
        }

        private func mask(_ id: String) -> String { identifier(id).replacing("`", with: "") + "Mask" }

        private func path(_ id: String) -> String {
            let g = geometry[id]!
            return "holePath(\(rect(g.frame)), \(point(g.center)), \(number(g.radius)))"
        }
    }
}

import Motion
// From the definition's timing words to the exact curve UIKit / Core Animation would run.
import TransitionModel

extension AnimationCurve {
    /// The curve of one block. `duration` is the block's; springs that decide their own length use it when nil.
    package init(timing: Timing, duration: Double?) {
        switch timing {
        case .named(let name):
            self.init(.bezier(CubicBezier(named: name)), duration: duration ?? 0)
        case .cubicBezier(let x1, let y1, let x2, let y2):
            self.init(.bezier(CubicBezier(x1, y1, x2, y2)), duration: duration ?? 0)
        case .uikitSpring(let ratio, let v):
            let d = duration ?? 0
            // UIKit solves the spring for the block's duration and cuts it there
            // (docs/uikit-motion.md#uikit-spring-solver, #spring-cut-at-duration).
            self.init(.spring(UIKitSpring.parameters(duration: d, dampingRatio: ratio, initialVelocity: v)), duration: d)
        case .caSpring(let m, let k, let c, let v):
            let spring = SpringParameters(mass: m, stiffness: k, damping: c, initialVelocity: v)
            self.init(.spring(spring), duration: duration ?? spring.settlingDuration())
        case .swiftUISpring(let p, let bounce):
            let spring = SwiftUISpring.parameters(duration: p, bounce: bounce)
            self.init(.spring(spring), duration: spring.settlingDuration())
        }
    }
}

extension CubicBezier {
    package init(named name: NamedCurve) {
        switch name {
        case .linear: self = .linear
        case .easeIn: self = .easeIn
        case .easeOut: self = .easeOut
        case .easeInOut: self = .easeInEaseOut
        case .default: self = .caDefault
        }
    }
}

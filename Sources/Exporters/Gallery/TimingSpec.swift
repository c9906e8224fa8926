import JSONText
import Motion
import Simulation
// A block's timing written as the calls a developer would type (UIKit, CASpringAnimation,
// SwiftUI, CSS), and the spec's value text.
import TransitionModel

/// A block's timing as the calls that produce exactly this motion.
package struct TimingSpec: Hashable, Sendable {
    package struct Equivalent: Hashable, Sendable {
        package var label: String
        package var code: String
    }
    /// Short name: "UIKit spring", "easeInOut", "cubic-bezier".
    package var title: String
    /// The definition's own words: "damping ratio 0.8 · velocity 1".
    package var summary: String
    package var equivalents: [Equivalent]

    package init(_ timing: Timing, duration: Double?, delay: Double = 0) {
        let curve = AnimationCurve(timing: timing, duration: duration)
        let d = SpecText.number(curve.duration), wait = SpecText.number(delay)
        switch timing {
        case .named(let name):
            let c = CubicBezier(named: name)
            title = name.rawValue
            summary = "cubic-bezier(\(SpecText.controlPoints(c))) · \(d) s"
            equivalents = [
                Equivalent(
                    label: "UIKit",
                    code: Self.uikitOption(name).map { "UIView.animate(withDuration: \(d), delay: \(wait), options: \($0))" }
                        ?? "a CALayer implicit animation (CATransaction), \(d) s"),
                Equivalent(label: "Core Animation", code: "CAMediaTimingFunction(name: .\(Self.caName(name)))"),
                Equivalent(
                    label: "SwiftUI",
                    code: name == .default
                        ? "timingCurve(\(SpecText.controlPoints(c)), duration: \(d))"
                        : "\(Self.swiftUIName(name))(duration: \(d))"),
                Equivalent(
                    label: "CSS",
                    code: Self.cssName(name).map { "\($0) = cubic-bezier(\(SpecText.controlPoints(c)))" }
                        ?? "cubic-bezier(\(SpecText.controlPoints(c)))"),
            ]
        case .cubicBezier(let x1, let y1, let x2, let y2):
            let c = CubicBezier(x1, y1, x2, y2)
            title = "cubic-bezier"
            summary = "control points \(SpecText.controlPoints(c)) · \(d) s"
            equivalents = [
                Equivalent(
                    label: "UIKit",
                    code:
                        "UIViewPropertyAnimator(duration: \(d), controlPoint1: CGPoint(x: \(SpecText.number(x1)), y: \(SpecText.number(y1))), controlPoint2: CGPoint(x: \(SpecText.number(x2)), y: \(SpecText.number(y2))))"
                ),
                Equivalent(label: "Core Animation", code: "CAMediaTimingFunction(controlPoints: \(SpecText.controlPoints(c)))"),
                Equivalent(label: "SwiftUI", code: "timingCurve(\(SpecText.controlPoints(c)), duration: \(d))"),
                Equivalent(label: "CSS", code: "cubic-bezier(\(SpecText.controlPoints(c)))"),
            ]
        case .uikitSpring(let ratio, let v):
            title = "UIKit spring"
            summary = "damping ratio \(SpecText.number(ratio)) · velocity \(SpecText.number(v)) · \(d) s"
            equivalents =
                [
                    Equivalent(
                        label: "UIKit",
                        code:
                            "UIView.animate(withDuration: \(d), delay: \(wait), usingSpringWithDamping: \(SpecText.number(ratio)), initialSpringVelocity: \(SpecText.number(v)))"
                    )
                ]
                + Self.springEquivalents(curve, velocity: v, cutAt: curve.duration)
        case .caSpring(let m, let k, let c, let v):
            title = "CASpringAnimation"
            summary = "mass \(SpecText.number(m)) · stiffness \(SpecText.number(k)) · damping \(SpecText.number(c)) · velocity \(SpecText.number(v))"
            equivalents = Self.springEquivalents(curve, velocity: v, cutAt: duration)
        case .swiftUISpring(let p, let bounce):
            title = "SwiftUI spring"
            summary = "duration \(SpecText.number(p)) · bounce \(SpecText.number(bounce))"
            equivalents = Self.springEquivalents(curve, velocity: 0, cutAt: nil)
        }
    }

    /// One line: "easeOut", "spring(damping: 0.8, velocity: 0.2)", "cubic-bezier(…)".
    package static func short(_ timing: Timing) -> String {
        let n = SpecText.number
        switch timing {
        case .named(let name): return name.rawValue
        case .cubicBezier(let x1, let y1, let x2, let y2): return "cubic-bezier(\(SpecText.controlPoints(CubicBezier(x1, y1, x2, y2))))"
        case .uikitSpring(let z, let v): return "spring(damping: \(n(z)), velocity: \(n(v)))"
        case .caSpring(let m, let k, let c, let v): return "CASpringAnimation(mass: \(n(m)), stiffness: \(n(k)), damping: \(n(c)), velocity: \(n(v)))"
        case .swiftUISpring(let p, let b): return "Spring(duration: \(n(p)), bounce: \(n(b)))"
        }
    }

    /// The solved spring as CASpringAnimation and SwiftUI parameters (perceptualDuration, bounce).
    static func springEquivalents(_ curve: AnimationCurve, velocity v: Double, cutAt cut: Double?) -> [Equivalent] {
        guard case .spring(let s) = curve.shape else { return [] }
        let n = SpecText.number
        var ca = "mass \(n(s.mass)), stiffness \(n(s.stiffness)), damping \(n(s.damping)), initialVelocity \(n(v))"
        ca += cut.map { ", duration \(n($0))" } ?? ", duration = settlingDuration \(n(s.settlingDuration()))"
        // CA runs ζ > 1 as critical at ω0 unless overdamping is allowed (the bounce APIs): bounce 0 then.
        let critical = !s.allowsOverdamping && s.dampingRatio > 1
        let settles = s.settlingDuration()
        var physics = "ζ \(n(s.dampingRatio))\(critical ? " (run as 1)" : "") · ω₀ \(n(s.naturalFrequency)) rad/s · settles in \(n(settles)) s"
        if let cut, cut < settles { physics += ", cut at \(n(cut)) s" }
        return [
            Equivalent(label: "CASpringAnimation", code: ca),
            Equivalent(label: "SwiftUI", code: "Spring(duration: \(n(s.perceptualDuration)), bounce: \(n(critical ? 0 : s.bounce)))"),
            Equivalent(label: "Physics", code: physics),
        ]
    }

    /// The `UIView.AnimationOptions` curve; CA's default curve has none.
    static func uikitOption(_ c: NamedCurve) -> String? {
        switch c {
        case .linear: return ".curveLinear"
        case .easeIn: return ".curveEaseIn"
        case .easeOut: return ".curveEaseOut"
        case .easeInOut: return ".curveEaseInOut"
        case .default: return nil
        }
    }

    static func caName(_ c: NamedCurve) -> String {
        switch c {
        case .linear: return "linear"
        case .easeIn: return "easeIn"
        case .easeOut: return "easeOut"
        case .easeInOut: return "easeInEaseOut"
        case .default: return "default"
        }
    }

    static func swiftUIName(_ c: NamedCurve) -> String {
        switch c {
        case .linear: return "linear"
        case .easeIn: return "easeIn"
        case .easeOut: return "easeOut"
        case .easeInOut: return "easeInOut"
        case .default: return "timingCurve"
        }
    }

    /// The CSS keyword with exactly these control points.
    static func cssName(_ c: NamedCurve) -> String? {
        switch c {
        case .linear: return "linear"
        case .easeIn: return "ease-in"
        case .easeOut: return "ease-out"
        case .easeInOut: return "ease-in-out"
        case .default: return "ease"
        }
    }
}

/// Value text for the spec: numbers to 3 decimals (what a designer reads), no exponent, no "-0".
package enum SpecText {
    package static func number(_ x: Double) -> String { NumberFormat.string(x, maxDecimals: 3) }
    static func controlPoints(_ c: CubicBezier) -> String { [c.x1, c.y1, c.x2, c.y2].map(number).joined(separator: ", ") }
    static func point(_ p: Point) -> String { "(\(number(p.x)), \(number(p.y)))" }
    static func size(_ s: Size) -> String { "\(number(s.width)) × \(number(s.height))" }
    static func rect(position: Point, size s: Size, anchor a: Point) -> String {
        "(\(number(position.x - a.x * s.width)), \(number(position.y - a.y * s.height)), \(number(s.width)), \(number(s.height)))"
    }
    /// An assigned value as the spec shows it.
    static func value(_ v: PropertyValue) -> String {
        switch v {
        case .position(let p), .anchorPoint(let p), .maskCenter(let p): return point(p)
        case .size(let x): return size(x)
        case .frame(let r), .maskFrame(let r): return rect(r)
        case .transform(let t): return transform(t)
        case .number(_, let x): return number(x)
        case .hidden(let h): return "\(h)"
        }
    }
    static func rect(_ r: Rect) -> String {
        "(\(number(r.minX)), \(number(r.minY)), \(number(r.size.width)), \(number(r.size.height)))"
    }
    static func transform(_ t: LayerTransform) -> String {
        if t.isIdentity { return "identity" }
        var parts: [String] = []
        if t.translation != .zero { parts.append("translate(\(number(t.translation.x)), \(number(t.translation.y)))") }
        if t.scale != Point(1, 1) {
            parts.append(t.scale.x == t.scale.y ? "scale(\(number(t.scale.x)))" : "scale(\(number(t.scale.x)), \(number(t.scale.y)))")
        }
        if t.rotation != 0 { parts.append("rotate(\(number(t.rotation * 180 / .pi))°)") }
        if t.rotationY != 0 { parts.append("rotateY(\(number(t.rotationY * 180 / .pi))°)") }
        if t.rotationX != 0 { parts.append("rotateX(\(number(t.rotationX * 180 / .pi))°)") }
        // m34 = −1/d: written as CSS's perspective(d).
        if t.m34 != 0 { parts.append(t.m34 < 0 ? "perspective(\(number(-1 / t.m34)))" : "m34 \(NumberFormat.string(t.m34, maxDecimals: 6))") }
        return parts.isEmpty ? "identity" : parts.joined(separator: " ")
    }
}

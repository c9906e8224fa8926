// The UIKit and Core Animation declarations "Copy as Swift" calls, as Apple's SDK declares them
// (names, labels, types, defaults; iOS 17 for the spring-duration calls), since UIKit itself is
// not on Linux: SwiftAnimationCodeCompileTests type-checks the generated functions against them
// with `swiftc -typecheck`. The bodies keep what the model layer keeps (a view's values, affine
// transforms composed as Core Graphics composes them, a frame as centre and size, an animation's
// final values set at the call), so SwiftGestureCodeTests can also run the generated pan handlers
// and compare the views with the simulation. Not part of any target.
import Dispatch
import Glibc  // cos, sin (UIKit brings Foundation)

typealias CGFloat = Double
typealias TimeInterval = Double

struct CGPoint {
    var x: CGFloat, y: CGFloat
    init(x: CGFloat, y: CGFloat) { self.x = x; self.y = y }
}

struct CGSize {
    var width: CGFloat, height: CGFloat
    init(width: CGFloat, height: CGFloat) { self.width = width; self.height = height }
}

struct CGRect {
    var origin: CGPoint, size: CGSize
    init(x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat) {
        origin = CGPoint(x: x, y: y); size = CGSize(width: width, height: height)
    }
}

struct CGVector {
    var dx: CGFloat, dy: CGFloat
    init(dx: CGFloat, dy: CGFloat) { self.dx = dx; self.dy = dy }
}

struct CGAffineTransform {
    var a: CGFloat = 1, b: CGFloat = 0, c: CGFloat = 0, d: CGFloat = 1, tx: CGFloat = 0, ty: CGFloat = 0
    static let identity = CGAffineTransform()
    init() {}
    init(translationX tx: CGFloat, y ty: CGFloat) { self.tx = tx; self.ty = ty }
    init(rotationAngle angle: CGFloat) { a = cos(angle); b = sin(angle); c = -sin(angle); d = cos(angle) }
    init(scaleX sx: CGFloat, y sy: CGFloat) { a = sx; d = sy }
    /// `self` then `t` (row vectors, as CGAffineTransformConcat).
    func concatenating(_ t: CGAffineTransform) -> CGAffineTransform {
        var r = CGAffineTransform()
        r.a = a * t.a + b * t.c; r.b = a * t.b + b * t.d
        r.c = c * t.a + d * t.c; r.d = c * t.b + d * t.d
        r.tx = tx * t.a + ty * t.c + t.tx; r.ty = tx * t.b + ty * t.d + t.ty
        return r
    }
    func rotated(by angle: CGFloat) -> CGAffineTransform { CGAffineTransform(rotationAngle: angle).concatenating(self) }
    func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform { CGAffineTransform(scaleX: sx, y: sy).concatenating(self) }
}

struct CATransform3D {
    var m11: CGFloat = 1, m12: CGFloat = 0, m13: CGFloat = 0, m14: CGFloat = 0
    var m21: CGFloat = 0, m22: CGFloat = 1, m23: CGFloat = 0, m24: CGFloat = 0
    var m31: CGFloat = 0, m32: CGFloat = 0, m33: CGFloat = 1, m34: CGFloat = 0
    var m41: CGFloat = 0, m42: CGFloat = 0, m43: CGFloat = 0, m44: CGFloat = 1
}

let CATransform3DIdentity = CATransform3D()

/// Row vectors (docs/uikit-motion.md, "Transform matrices"): the axis-angle rotation transposed.
func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    let n = (x * x + y * y + z * z).squareRoot()
    guard n > 0 else { return CATransform3DIdentity }
    let (u, v, w) = (x / n, y / n, z / n), c = cos(angle), s = sin(angle), k = 1 - c
    var t = CATransform3DIdentity
    t.m11 = k * u * u + c; t.m12 = k * u * v + s * w; t.m13 = k * u * w - s * v
    t.m21 = k * u * v - s * w; t.m22 = k * v * v + c; t.m23 = k * v * w + s * u
    t.m31 = k * u * w + s * v; t.m32 = k * v * w - s * u; t.m33 = k * w * w + c
    return t
}

func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m11 = sx; t.m22 = sy; t.m33 = sz
    return t
}

func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m41 = tx; t.m42 = ty; t.m43 = tz
    return t
}

/// a·b: a applied first.
func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    let r1 = [a.m11, a.m12, a.m13, a.m14], r2 = [a.m21, a.m22, a.m23, a.m24], r3 = [a.m31, a.m32, a.m33, a.m34], r4 = [a.m41, a.m42, a.m43, a.m44]
    let c1 = [b.m11, b.m21, b.m31, b.m41], c2 = [b.m12, b.m22, b.m32, b.m42], c3 = [b.m13, b.m23, b.m33, b.m43], c4 = [b.m14, b.m24, b.m34, b.m44]
    func dot(_ r: [CGFloat], _ c: [CGFloat]) -> CGFloat { r[0] * c[0] + r[1] * c[1] + r[2] * c[2] + r[3] * c[3] }
    return CATransform3D(
        m11: dot(r1, c1), m12: dot(r1, c2), m13: dot(r1, c3), m14: dot(r1, c4), m21: dot(r2, c1), m22: dot(r2, c2), m23: dot(r2, c3),
        m24: dot(r2, c4), m31: dot(r3, c1), m32: dot(r3, c2), m33: dot(r3, c3), m34: dot(r3, c4), m41: dot(r4, c1), m42: dot(r4, c2),
        m43: dot(r4, c3), m44: dot(r4, c4))
}

protocol CAAction {}
class NSNull: CAAction { init() {} }

class CALayer {
    var frame = CGRect(x: 0, y: 0, width: 0, height: 0)
    var mask: CALayer?
    var actions: [String: CAAction]?
    func add(_ anim: CAAnimation, forKey key: String?) {}
    var transform = CATransform3DIdentity
    var sublayerTransform = CATransform3DIdentity
    var zPosition: CGFloat = 0
    var cornerRadius: CGFloat = 0
    var anchorPoint = CGPoint(x: 0.5, y: 0.5)
}

class UIView {
    var center = CGPoint(x: 0, y: 0)
    var bounds = CGRect(x: 0, y: 0, width: 0, height: 0)
    /// As UIKit sets it under the identity transform: the anchor point's place and the size.
    var frame: CGRect {
        get {
            let a = layer.anchorPoint
            return CGRect(
                x: center.x - a.x * bounds.size.width, y: center.y - a.y * bounds.size.height, width: bounds.size.width,
                height: bounds.size.height)
        }
        set {
            let a = layer.anchorPoint
            center = CGPoint(x: newValue.origin.x + a.x * newValue.size.width, y: newValue.origin.y + a.y * newValue.size.height)
            bounds.size = newValue.size
        }
    }
    var transform = CGAffineTransform.identity
    var alpha: CGFloat = 1
    var isHidden = false
    var layer = CALayer()
    var mask: UIView?

    enum AnimationCurve: Int { case easeInOut, easeIn, easeOut, linear }

    struct AnimationOptions: OptionSet {
        let rawValue: UInt
        static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        static let curveLinear = AnimationOptions(rawValue: 3 << 16)
    }

    class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        animations()
        completion?(true)
    }

    class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: UIView.AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        animations()
        completion?(true)
    }

    class func animate(
        springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0.0, initialSpringVelocity: CGFloat = 0.0,
        delay: TimeInterval, options: UIView.AnimationOptions = [], animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        animations()
        completion?(true)
    }
}

protocol UITimingCurveProvider {}

class UICubicTimingParameters: UITimingCurveProvider {
    init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {}
}

class UISpringTimingParameters: UITimingCurveProvider {
    init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {}
    init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {}
    init(duration: TimeInterval, bounce: CGFloat, initialVelocity: CGVector = CGVector(dx: 0, dy: 0)) {}
}

enum UIViewAnimatingPosition { case end, start, current }

class UIViewPropertyAnimator {
    private var animations: [() -> Void] = [], completions: [(UIViewAnimatingPosition) -> Void] = []
    init(duration: TimeInterval, timingParameters parameters: UITimingCurveProvider) {}
    func addAnimations(_ animation: @escaping () -> Void) { animations.append(animation) }
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) { completions.append(completion) }
    func startAnimation(afterDelay delay: TimeInterval) {
        animations.forEach { $0() }
        completions.forEach { $0(.end) }
    }
}

class UIGestureRecognizer {
    enum State: Int { case possible, began, changed, ended, cancelled, failed }
    var state: UIGestureRecognizer.State { .possible }
    var view: UIView? { nil }
}

class UIPanGestureRecognizer: UIGestureRecognizer {
    func translation(in view: UIView?) -> CGPoint { CGPoint(x: 0, y: 0) }
    func velocity(in view: UIView?) -> CGPoint { CGPoint(x: 0, y: 0) }
}

class UIPercentDrivenInteractiveTransition {
    var completionSpeed: CGFloat = 1
    var completionCurve: UIView.AnimationCurve = .easeInOut
    func update(_ percentComplete: CGFloat) {}
    func cancel() {}
    func finish() {}
}

/// A path as the generated code builds it: rects and full circles (`arcs`), kept for the run tests.
final class CGPath {
    var rects: [CGRect] = [], arcs: [(center: CGPoint, radius: CGFloat, clockwise: Bool)] = []
}

class UIBezierPath {
    let cgPath = CGPath()
    init(rect: CGRect) { cgPath.rects.append(rect) }
    init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        cgPath.arcs.append((center, radius, clockwise))
    }
    func append(_ bezierPath: UIBezierPath) {
        cgPath.rects += bezierPath.cgPath.rects
        cgPath.arcs += bezierPath.cgPath.arcs
    }
}

struct CAShapeLayerFillRule: Equatable {
    let rawValue: String
    static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

class CAShapeLayer: CALayer {
    var path: CGPath?
    var fillRule = CAShapeLayerFillRule.nonZero
}

struct CAMediaTimingFunctionName {
    let rawValue: String
    static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

class CAMediaTimingFunction {
    init(name: CAMediaTimingFunctionName) {}
    init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {}
}

struct CAMediaTimingFillMode {
    let rawValue: String
    static let removed = CAMediaTimingFillMode(rawValue: "removed")
    static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
}

class CAAnimation {
    var duration: TimeInterval = 0
    var beginTime: TimeInterval = 0
    var fillMode = CAMediaTimingFillMode.removed
    var timingFunction: CAMediaTimingFunction?
}

class CAPropertyAnimation: CAAnimation {
    init(keyPath path: String?) {}
}

class CABasicAnimation: CAPropertyAnimation {
    var fromValue: Any?
    var toValue: Any?
}

class CASpringAnimation: CABasicAnimation {
    var mass: CGFloat = 1
    var stiffness: CGFloat = 100
    var damping: CGFloat = 10
    var initialVelocity: CGFloat = 0
}

func CACurrentMediaTime() -> TimeInterval { 0 }

/// Runs the completion block at once: the run tests' animations end at the call.
enum CATransaction {
    nonisolated(unsafe) static var completion: (() -> Void)?
    static func begin() {}
    static func setCompletionBlock(_ block: (() -> Void)?) { completion = block }
    static func commit() {
        completion?()
        completion = nil
    }
}

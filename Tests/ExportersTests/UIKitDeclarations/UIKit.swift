// The UIKit and Core Animation declarations "Copy as Swift" calls, as Apple's SDK declares them
// (names, labels, types, defaults; iOS 17 for the spring-duration calls), without bodies that do
// anything: SwiftAnimationCodeCompileTests type-checks the generated functions against them with
// `swiftc -typecheck`, since UIKit itself is not on Linux. Not part of any target.
import Dispatch

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
    init(rotationAngle angle: CGFloat) {}
    init(scaleX sx: CGFloat, y sy: CGFloat) { a = sx; d = sy }
    func rotated(by angle: CGFloat) -> CGAffineTransform { self }
    func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform { self }
}

struct CATransform3D {
    var m11: CGFloat = 1, m12: CGFloat = 0, m13: CGFloat = 0, m14: CGFloat = 0
    var m21: CGFloat = 0, m22: CGFloat = 1, m23: CGFloat = 0, m24: CGFloat = 0
    var m31: CGFloat = 0, m32: CGFloat = 0, m33: CGFloat = 1, m34: CGFloat = 0
    var m41: CGFloat = 0, m42: CGFloat = 0, m43: CGFloat = 0, m44: CGFloat = 1
}

let CATransform3DIdentity = CATransform3D()
func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D { CATransform3DIdentity }
func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D { CATransform3DIdentity }
func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D { CATransform3DIdentity }
func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D { a }

class CALayer {
    var transform = CATransform3DIdentity
    var sublayerTransform = CATransform3DIdentity
    var zPosition: CGFloat = 0
    var cornerRadius: CGFloat = 0
    var anchorPoint = CGPoint(x: 0.5, y: 0.5)
}

class UIView {
    var center = CGPoint(x: 0, y: 0)
    var bounds = CGRect(x: 0, y: 0, width: 0, height: 0)
    var frame = CGRect(x: 0, y: 0, width: 0, height: 0)
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
    ) {}

    class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: UIView.AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {}

    class func animate(
        springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0.0, initialSpringVelocity: CGFloat = 0.0,
        delay: TimeInterval, options: UIView.AnimationOptions = [], animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {}
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
    init(duration: TimeInterval, timingParameters parameters: UITimingCurveProvider) {}
    func addAnimations(_ animation: @escaping () -> Void) {}
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {}
    func startAnimation(afterDelay delay: TimeInterval) {}
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

import Motion
// How finger-driven motion becomes ordinary property tracks, so every exporter and reducer
// reads it unchanged: animations whose curve is a `CustomProgress` (AnimationCurve.Shape.custom).
//
// - Direct manipulation: UIKit sets the model value on every touch event. Here the model takes
//   the released value at the release, and until then one additive animation per moving
//   component carries the difference: its delta along that component is F(t) − model, the
//   value the expression gives minus the model (`FollowedComponent`).
// - Percent-driven: each animation of the scrubbed phase keeps its from/to and its own curve,
//   evaluated at the phase's local time τ(t): p(t)·D while dragging, then the completion
//   (`PhaseClock`, `ScrubbedProgress`; docs/uikit-motion.md#percent-driven-transitions, layer path).
import TransitionModel

/// A track value as numbered components (the order `ValueExpression` writes them in).
protocol ComponentValue: AnimatableValue {
    static var componentCount: Int { get }
    func component(_ k: Int) -> Double
    func replacing(_ k: Int, with v: Double) -> Self
}

extension Double: ComponentValue {
    static var componentCount: Int { 1 }
    func component(_ k: Int) -> Double { self }
    func replacing(_ k: Int, with v: Double) -> Double { v }
}

extension Point: ComponentValue {
    static var componentCount: Int { 2 }
    func component(_ k: Int) -> Double { k == 0 ? x : y }
    func replacing(_ k: Int, with v: Double) -> Point { k == 0 ? Point(v, y) : Point(x, v) }
}

extension Size: ComponentValue {
    static var componentCount: Int { 2 }
    func component(_ k: Int) -> Double { k == 0 ? width : height }
    func replacing(_ k: Int, with v: Double) -> Size { k == 0 ? Size(v, height) : Size(width, v) }
}

/// translation x, y, scale x, y, rotation, rotationX, rotationY, m34.
extension LayerTransform: ComponentValue {
    static var componentCount: Int { 8 }
    func component(_ k: Int) -> Double {
        switch k {
        case 0: return translation.x
        case 1: return translation.y
        case 2: return scale.x
        case 3: return scale.y
        case 4: return rotation
        case 5: return rotationX
        case 6: return rotationY
        default: return m34
        }
    }
    func replacing(_ k: Int, with v: Double) -> LayerTransform {
        var t = self
        switch k {
        case 0: t.translation.x = v
        case 1: t.translation.y = v
        case 2: t.scale.x = v
        case 3: t.scale.y = v
        case 4: t.rotation = v
        case 5: t.rotationX = v
        case 6: t.rotationY = v
        default: t.m34 = v
        }
        return t
    }
}

extension ValueExpression {
    /// Whether component k of the value depends on the gesture (else it is one number): the
    /// value's numbers are its components, in order; a transform without perspective has m34 0.
    func componentIsConstant(_ k: Int) -> Bool {
        let numbers = numbers
        return k < numbers.count ? numbers[k].expression.isConstant : true
    }
}

extension PropertyValue {
    /// The value as component k of the track it lands on (position, size, a number, transform).
    func component(_ k: Int) -> Double {
        switch self {
        case .position(let p): return p.component(k)
        case .size(let s): return s.component(k)
        // Only what a finger may follow (LayerProperty.followsFinger) has a component to follow.
        case .number(let p, let d): return p.followsFinger ? d : .nan
        case .transform(let t): return t.component(k)
        case .frame, .hidden, .anchorPoint, .maskFrame, .maskCenter: return .nan
        }
    }
}

/// Component k of a followed property: progress 1 − (F_k(t) − model_k) / unit, so that the
/// animation's delta (from − to)·(1 − progress) along k is F_k(t) − model_k.
struct FollowedComponent: ProgressFunction {
    let driver: GestureDriver
    let value: ValueExpression
    let component: Int
    let model: Double
    /// (from − to) along the component, as the track computes it.
    let unit: Double
    /// The driver's local time at the animation's call (the animation's time 0).
    let start: Double
    /// The value compiled, and the values computed per instant (not part of this value): shared
    /// by the components of one followed property, which are read in turn at the same instants
    /// (each component track of a transform reads the whole value).
    let followed: FollowedValue
    /// `followed` and `driver.program`, unretained (this value holds both): read from this value,
    /// which a read reaches through its track's existential, each was retained and released.
    private let objects: (followed: Unmanaged<FollowedValue>, program: Unmanaged<GestureProgram>)

    init(driver: GestureDriver, value: ValueExpression, component: Int, model: Double, unit: Double, start: Double, followed: FollowedValue) {
        self.driver = driver; self.value = value; self.component = component; self.model = model; self.unit = unit
        self.start = start; self.followed = followed
        objects = (Unmanaged.passUnretained(followed), Unmanaged.passUnretained(driver.program))
    }

    func progress(at t: Double) -> Double {
        // Values were checked over the whole drag when the branch was built.
        let τ = start + t
        let value = objects.followed._withUnsafeGuaranteedRef { followed in
            objects.program._withUnsafeGuaranteedRef { followed.value(at: τ, program: $0) }
        }
        let v = value?.component(component) ?? model
        return 1 - (v - model) / unit
    }

    static func == (a: FollowedComponent, b: FollowedComponent) -> Bool {
        a.driver == b.driver && a.value == b.value && a.component == b.component && a.model == b.model && a.unit == b.unit
            && a.start == b.start
    }

    func hash(into h: inout Hasher) {
        h.combine(driver); h.combine(value); h.combine(component); h.combine(model); h.combine(unit); h.combine(start)
    }
}

/// A followed value's numbers compiled once (`ExpressionNode.compiled`) with their rules:
/// `value(env)` is `try? ValueExpression.value(env)`, without copying the expressions or
/// allocating.
final class FollowedValue: Sendable {
    let shape: ValueExpression.Shape
    let evaluators: StoredEvaluators
    let rules: [AdmittedRange]
    let memo = InstantMemo<PropertyValue?>(slots: 256)
    /// Whether a number reads vx or vy (else `value` answers the same without the velocity).
    let readsVelocity: Bool

    init(_ expression: ValueExpression) {
        shape = expression.shape
        let numbers = expression.numbers
        readsVelocity = numbers.contains { $0.expression.root.readsVelocity }
        evaluators = StoredEvaluators(numbers.map { StoredEvaluators.Box($0.expression.root.compiled()) })
        rules = numbers.map { AdmittedRange($0.rule) }
    }

    /// `value` at the driver's local time τ (its central environment there), kept per instant.
    /// The two objects are passed in, not copied out of a FollowedComponent (each copy retained
    /// and released one: ~90 instructions a read, ~90,000 reads in the 2D batch).
    func value(at τ: Double, program: GestureProgram) -> PropertyValue? {
        // `memo.value(at:_:)` without its closure (InstantMemo.kept).
        if let kept = memo.kept(at: τ) { return kept }
        let v = value(program.environment(local: τ, readsVelocity: readsVelocity))
        memo.keep(v, at: τ)
        return v
    }

    /// nil where a number is out of range.
    func value(_ env: ExpressionEnvironment) -> PropertyValue? {
        // The rules read in place (no bounds checks), the closures called in place.
        rules.withUnsafeBufferPointer { rules in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: max(evaluators.count, 1)) { numbers -> PropertyValue? in
                for k in evaluators.indices {
                    let v = evaluators.evaluate(k, env)
                    guard rules[k].admits(v) else { return nil }
                    numbers[k] = v
                }
                return shape.assembled { numbers[$0] }
            }
        }
    }
}

/// A NumberRule as the numbers it tests: `admits` answers as `NumberRule.admits`. The rule, an
/// enum with its message, was copied, retained and released at each test (the drag's values are
/// checked every millisecond: ~180 instructions a number, 0.5 % of the 2D batch;
/// BENCHMARKS.md#sim39-a-lighter-simulation-same-bytes-2026-12-06).
struct AdmittedRange: Hashable, Sendable {
    /// v ≥ low (v > low when `open`) and v ≤ high, besides NumberRule's finite and ±1e9.
    let low: Double, high: Double, open: Bool

    init(_ rule: NumberRule) {
        switch rule {
        case .any: (low, high, open) = (-.infinity, .infinity, false)
        case .atLeastZero: (low, high, open) = (0, .infinity, false)
        case .within(let r, _): (low, high, open) = (r.lowerBound, r.upperBound, false)
        case .positive: (low, high, open) = (0, .infinity, true)
        }
    }

    /// `NumberRule.admits`: a finite v within ±1e9 then meets `any` (±∞ bounds), `v >= 0`,
    /// `r.contains(v)` (`lowerBound <= v && v <= upperBound`) or `v > 0`.
    @inline(__always)
    func admits(_ v: Double) -> Bool {
        guard v.isFinite, abs(v) <= 1e9 else { return false }
        return (open ? v > low : v >= low) && v <= high
    }
}

/// The scrubbed phase's local time τ as a function of wall time: p(t)·D while the finger drags
/// (from the gesture's begin to its release), then the completion:
///   finish: τ = p·D + (1 − p)·D·C(s / R), R = (1 − p)·D / completionSpeed
///   cancel: τ = p·D·(1 − C(s / R)),       R = p·D / completionSpeed
/// s = time since the release, C = completionCurve (docs/uikit-motion.md#percent-driven-transitions, recommended model).
struct PhaseClock: Hashable, Sendable {
    var driver: GestureDriver
    /// Wall times.
    var begin: Double
    var release: Double
    /// The driver's local time at `begin` (seconds after the touch-down).
    var localBegin: Double
    var phaseDuration: Double
    var releasedProgress: Double
    var outcome: InteractionOutcome
    var completionSpeed: Double
    var completionCurve: CubicBezier

    var completionDuration: Double {
        let remaining = outcome == .finish ? (1 - releasedProgress) * phaseDuration : releasedProgress * phaseDuration
        return remaining / completionSpeed
    }
    var end: Double { SimulationBuilder.tidy(release + completionDuration) }

    func phaseTime(at t: Double) -> Double {
        let D = phaseDuration, p = releasedProgress
        // p does not read the velocity unless the progress or a let does (then the full environment).
        if t < release { return D * driver.program.environment(local: localBegin + max(t - begin, 0), readsVelocity: false).p }
        let R = completionDuration
        let c = R > 0 ? completionCurve.progress(at: (t - release) / R) : 1
        return outcome == .finish ? p * D + (1 - p) * D * c : p * D * (1 - c)
    }
}

/// One animation of the scrubbed phase: its own curve at the phase's local time, less its delay.
struct ScrubbedProgress: ProgressFunction {
    var curve: AnimationCurve
    var delay: Double
    var clock: PhaseClock

    func progress(at t: Double) -> Double {
        curve.progress(at: clock.phaseTime(at: clock.begin + t) - delay)
    }
}

extension PropertyTrack where Value: ComponentValue {
    /// Direct manipulation over [begin, release]: constant components are assigned at the begin,
    /// each moving component is carried by a `FollowedComponent` animation, and at the release
    /// the model takes the released value `released`.
    mutating func follow(
        _ value: ValueExpression, driver: GestureDriver, begin: Double, release: Double, localBegin: Double,
        at begin0: PropertyValue, released: PropertyValue, followed: FollowedValue
    ) {
        var model = modelValue(at: begin)
        for k in 0..<Value.componentCount where value.componentIsConstant(k) {
            model = model.replacing(k, with: begin0.component(k))
        }
        if model != modelValue(at: begin) { append(.set(time: begin, value: model)) }
        if release > begin {
            for k in 0..<Value.componentCount where !value.componentIsConstant(k) {
                let from = model.replacing(k, with: model.component(k) + 1)
                let unit = (from - model).component(k)
                let f = FollowedComponent(
                    driver: driver, value: value, component: k, model: model.component(k), unit: unit, start: localBegin,
                    followed: followed)
                append(
                    .animate(
                        TrackAnimation(
                            callTime: begin, delay: 0, curve: AnimationCurve(.custom(CustomProgress(f)), duration: release - begin),
                            from: from, to: model)))
            }
        }
        var end = model
        for k in 0..<Value.componentCount { end = end.replacing(k, with: released.component(k)) }
        if end != model { append(.set(time: release, value: end)) }
    }
}

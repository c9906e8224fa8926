// An interactive transition: a finger drags (a gesture script), the drag drives layers directly
// or scrubs a phase as UIPercentDrivenInteractiveTransition does, and on release a rule decides
// the branch: `cancel` or `finish`. The simulation runs each script as its own branch.

package enum InteractionOutcome: String, Hashable, Sendable, CaseIterable {
    case cancel, finish
}

package struct Interaction: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        /// Layer properties follow the finger: each change's value is an expression of tx, ty, p …,
        /// assigned on every touch event (UIKit: `view.center = …` in the pan handler).
        case directManipulation([ExpressionChange])
        /// A phase scrubbed to p and then finished or cancelled (UIPercentDrivenInteractiveTransition).
        case percentDriven(PercentDriven)
    }

    /// `p` as a function of the translation, e.g. `clamp(tx / W, 0, 1)`.
    package var progress: Expression
    /// Named values computed after `p`, in order (each may use the ones before it).
    package var lets: [NamedExpression]
    /// The gesture begins at the first instant at which every condition holds.
    package var begin: [Condition]
    package var kind: Kind
    /// Tried in order at the release; the first whose `when` holds (or that has none) applies.
    package var release: [ReleaseRule]
    /// One script per branch, in export order; `name` is the outcome its release must reach.
    package var scripts: [GestureScript]
    /// Where the finger touches down (screen points); a script may override it.
    package var touch: Point
    /// The translation as a function of p, for the scrub clip; required for direct manipulation.
    package var scrub: ScrubPath?
    package var origin: SourceOrigin?

    package init(
        progress: Expression, lets: [NamedExpression] = [], begin: [Condition] = [], kind: Kind,
        release: [ReleaseRule], scripts: [GestureScript], touch: Point, scrub: ScrubPath? = nil, origin: SourceOrigin? = nil
    ) {
        self.progress = progress; self.lets = lets; self.begin = begin; self.kind = kind; self.release = release
        self.scripts = scripts; self.touch = touch; self.scrub = scrub; self.origin = origin
    }

    package func script(named name: String) -> GestureScript? { scripts.first { $0.name == name } }
}

package struct NamedExpression: Hashable, Sendable {
    package var name: String
    package var expression: Expression
    package init(name: String, expression: Expression) { self.name = name; self.expression = expression }
}

/// UIPercentDrivenInteractiveTransition on one phase (docs/uikit-motion.md#percent-driven-transitions, the layer path):
/// while dragging, every animation of the phase shows local time p·D through its own curve;
/// on release the remainder runs for (1 − p)·D / completionSpeed (finish) or p·D /
/// completionSpeed (cancel), its layer time eased by `completionCurve`.
package struct PercentDriven: Hashable, Sendable {
    package var phase: String
    package var completionSpeed: Double
    /// A cubic-bezier timing (named or control points). Default: easeInOut, as documented; iOS
    /// 26.1 sets the private curve 7 and community re-implementations run linearly (docs/uikit-motion.md#percent-driven-transitions).
    package var completionCurve: Timing
    package init(phase: String, completionSpeed: Double = 1, completionCurve: Timing = .named(.easeInOut)) {
        self.phase = phase; self.completionSpeed = completionSpeed; self.completionCurve = completionCurve
    }
}

package struct ReleaseRule: Hashable, Sendable {
    package enum Action: Hashable, Sendable {
        /// `UIView.animate` calls made in the release handler; values may use the released p, tx, ….
        case blocks([ExpressionBlock])
        /// Run a phase from the moment of release. `start` assignments (evaluated at the release)
        /// replace the phase's `before` assignments to the same layer property.
        case phase(String, start: [ExpressionChange])
        /// Percent-driven: finishInteractiveTransition / cancelInteractiveTransition.
        case complete
    }
    /// nil: always applies (the last rule).
    package var when: Condition?
    package var outcome: InteractionOutcome
    package var action: Action
    package init(when: Condition?, outcome: InteractionOutcome, action: Action) {
        self.when = when; self.outcome = outcome; self.action = action
    }
}

/// An animation block whose numbers may be expressions, evaluated once at the release.
package struct ExpressionBlock: Hashable, Sendable {
    package var duration: Expression?
    package var delay: Expression
    package var timing: Timing
    package var before: [ExpressionChange]
    package var changes: [ExpressionChange]
    package init(
        duration: Expression?, delay: Expression = Expression(0), timing: Timing = .named(.easeInOut),
        before: [ExpressionChange] = [], changes: [ExpressionChange]
    ) {
        self.duration = duration; self.delay = delay; self.timing = timing; self.before = before; self.changes = changes
    }
}

/// An assignment whose value is made of expressions.
package struct ExpressionChange: Hashable, Sendable {
    package var layer: String
    package var value: ValueExpression
    /// JSON path, for diagnostics.
    package var origin: String
    package init(layer: String, _ value: ValueExpression, origin: String = "") {
        self.layer = layer; self.value = value; self.origin = origin
    }
}

/// A property value with expressions in place of numbers.
package enum ValueExpression: Hashable, Sendable {
    case position(Expression, Expression)
    case size(Expression, Expression)
    /// A number-valued property that follows a finger (`LayerProperty.followsFinger`: opacity, corner radius).
    case number(LayerProperty, Expression)
    case transform(TransformExpression)
    /// A value without expressions (any property, e.g. `hidden`).
    case constant(PropertyValue)

    package var propertyName: String {
        switch self {
        case .position: return "position"
        case .size: return "size"
        case .number(let p, _): return p.rawValue
        case .transform: return "transform"
        case .constant(let v): return v.propertyName
        }
    }

    package var expressions: [Expression] {
        switch self {
        case .position(let x, let y), .size(let x, let y): return [x, y]
        case .number(_, let e): return [e]
        case .transform(let t): return t.expressions
        case .constant: return []
        }
    }

    /// The value's numbers, in the order they are checked and the order of the track's
    /// components (x, y; width, height; the number; translation x, y, scale x, y, rotation,
    /// rotationX, rotationY, perspective), each with what it must be.
    package var numbers: [ValueNumber] {
        switch self {
        case .position(let x, let y): return [ValueNumber(x), ValueNumber(y)]
        case .size(let w, let h): return [ValueNumber(w, .atLeastZero("a width ≥ 0")), ValueNumber(h, .atLeastZero("a height ≥ 0"))]
        case .number(let p, let e):
            guard let entry = p.followedRange else { return [ValueNumber(e)] }
            return [ValueNumber(e, .within(entry.range, entry.expected))]
        case .transform(let t):
            let parts = [t.translateX, t.translateY, t.scaleX, t.scaleY, t.rotation, t.rotationX, t.rotationY].map { ValueNumber($0) }
            return parts + (t.perspective.map { [ValueNumber($0, .positive("an eye distance > 0"))] } ?? [])
        case .constant: return []
        }
    }

    /// What the value is made of, without its expressions.
    package enum Shape: Hashable, Sendable {
        case position, size
        case number(LayerProperty)
        case transform(perspective: Bool)
        case constant(PropertyValue)

        /// The value made of its numbers (`number(k)`: the k-th of `numbers`, checked); angles
        /// are written in degrees, a perspective as the eye distance d (m34 = −1/d).
        package func assembled(_ number: (Int) -> Double) -> PropertyValue {
            switch self {
            case .position: return .position(Point(number(0), number(1)))
            case .size: return .size(Size(number(0), number(1)))
            case .number(let p): return .number(p, number(0))
            case .transform(let perspective):
                var out = LayerTransform.identity
                out.translation = Point(number(0), number(1))
                out.scale = Point(number(2), number(3))
                out.rotation = number(4) * .pi / 180
                out.rotationX = number(5) * .pi / 180
                out.rotationY = number(6) * .pi / 180
                if perspective { out.m34 = -1 / number(7) }
                return .transform(out)
            case .constant(let v): return v
            }
        }
    }

    package var shape: Shape {
        switch self {
        case .position: return .position
        case .size: return .size
        case .number(let p, _): return .number(p)
        case .transform(let t): return .transform(perspective: t.perspective != nil)
        case .constant(let v): return .constant(v)
        }
    }

    /// The value for this environment; throws a ValueRangeError at the first number out of range.
    package func value(_ env: ExpressionEnvironment) throws -> PropertyValue {
        var values: [Double] = []
        for n in numbers {
            let v = n.expression.evaluate(env)
            guard n.rule.admits(v) else { throw ValueRangeError(expression: n.expression, value: v, expected: n.rule.expected) }
            values.append(v)
        }
        return shape.assembled { values[$0] }
    }
}

/// One number of a value with expressions: its expression and what it must be.
package struct ValueNumber: Hashable, Sendable {
    package var expression: Expression
    package var rule: NumberRule
    init(_ expression: Expression, _ rule: NumberRule = .any) { self.expression = expression; self.rule = rule }
}

/// What a number of a value must be: finite, within ±1e9, and this.
package enum NumberRule: Hashable, Sendable {
    case any
    case atLeastZero(String)
    case within(ClosedRange<Double>, String)
    case positive(String)

    package var expected: String {
        switch self {
        case .any: return "a finite number"
        case .atLeastZero(let s), .within(_, let s), .positive(let s): return s
        }
    }

    package func admits(_ v: Double) -> Bool {
        guard v.isFinite, abs(v) <= 1e9 else { return false }
        switch self {
        case .any: return true
        case .atLeastZero: return v >= 0
        case .within(let r, _): return r.contains(v)
        case .positive: return v > 0
        }
    }
}

package struct ValueRangeError: Error, Hashable, Sendable {
    package var expression: Expression
    package var value: Double
    package var expected: String
}

/// `{"translate", "scale", "rotation", "rotationX", "rotationY", "perspective"}` with expressions;
/// angles in degrees, as in the definition format. Components not written are identity.
package struct TransformExpression: Hashable, Sendable {
    package var translateX = Expression(0), translateY = Expression(0)
    package var scaleX = Expression(1), scaleY = Expression(1)
    package var rotation = Expression(0), rotationX = Expression(0), rotationY = Expression(0)
    package var perspective: Expression?
    package init() {}
    var expressions: [Expression] {
        [translateX, translateY, scaleX, scaleY, rotation, rotationX, rotationY] + (perspective.map { [$0] } ?? [])
    }
}

/// One branch's finger: translation points from the touch-down (time 0, translation (0, 0)).
package struct GestureScript: Hashable, Sendable {
    package struct Waypoint: Hashable, Sendable {
        /// Seconds after the touch-down.
        package var time: Double
        package var translation: Point
        /// How the finger moves from the previous point to this one (a cubic bezier in time).
        package var easing: Timing
        package init(time: Double, translation: Point, easing: Timing = .named(.linear)) {
            self.time = time; self.translation = translation; self.easing = easing
        }
    }
    /// The branch's name: the outcome its release must reach.
    package var name: String
    package var points: [Waypoint]
    /// Seconds after the touch-down; the finger lifts.
    package var release: Double
    /// Velocity reported at the release (pt/s); nil: the script's own.
    package var releaseVelocity: Point?
    /// Touch-down point on screen; nil: the interaction's.
    package var touch: Point?
    package var origin: SourceOrigin?
    package var releaseOrigin: SourceOrigin?

    package init(
        name: String, points: [Waypoint], release: Double? = nil, releaseVelocity: Point? = nil, touch: Point? = nil,
        origin: SourceOrigin? = nil, releaseOrigin: SourceOrigin? = nil
    ) {
        self.name = name; self.points = points; self.release = release ?? points.last?.time ?? 0
        self.releaseVelocity = releaseVelocity; self.touch = touch; self.origin = origin; self.releaseOrigin = releaseOrigin
    }
}

/// The scrub clip's finger: translation as expressions of p (and W, H).
package struct ScrubPath: Hashable, Sendable {
    package var translationX: Expression
    package var translationY: Expression
    /// Seconds for p from 0 to 1 (direct manipulation; a percent-driven scrub takes the phase's).
    package var duration: Double
    package init(translationX: Expression, translationY: Expression, duration: Double = 1) {
        self.translationX = translationX; self.translationY = translationY; self.duration = duration
    }
}

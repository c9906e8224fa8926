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

    /// The value for this environment; throws a ValueRangeError when a number is out of range.
    package func value(_ env: ExpressionEnvironment) throws -> PropertyValue {
        func finite(_ e: Expression, _ expected: String = "a finite number", _ ok: (Double) -> Bool = { _ in true }) throws -> Double {
            let v = e.evaluate(env)
            guard v.isFinite, abs(v) <= 1e9, ok(v) else { throw ValueRangeError(expression: e, value: v, expected: expected) }
            return v
        }
        switch self {
        case .position(let x, let y): return .position(Point(try finite(x), try finite(y)))
        case .size(let w, let h): return .size(Size(try finite(w, "a width ≥ 0") { $0 >= 0 }, try finite(h, "a height ≥ 0") { $0 >= 0 }))
        case .number(let p, let e):
            guard let entry = p.followedRange else { return .number(p, try finite(e)) }
            return .number(p, try finite(e, entry.expected) { entry.range.contains($0) })
        case .transform(let t):
            var out = LayerTransform.identity
            out.translation = Point(try finite(t.translateX), try finite(t.translateY))
            out.scale = Point(try finite(t.scaleX), try finite(t.scaleY))
            out.rotation = try finite(t.rotation) * .pi / 180
            out.rotationX = try finite(t.rotationX) * .pi / 180
            out.rotationY = try finite(t.rotationY) * .pi / 180
            if let d = t.perspective { out.m34 = -1 / (try finite(d, "an eye distance > 0") { $0 > 0 }) }
            return .transform(out)
        case .constant(let v): return v
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

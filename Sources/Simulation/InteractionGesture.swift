import Foundation
import Motion
// The finger of an interactive definition as a function of wall-clock time: its translation and
// velocity (as UIPanGestureRecognizer reports them), and the environment the interaction's
// expressions read (tx, ty, vx, vy, p and the `let` values).
import TransitionModel

struct GestureDriver: Hashable, Sendable {
    enum Path: Hashable, Sendable {
        /// A gesture script from its touch-down.
        case script(GestureScript)
        /// The scrub clip: p = (t − start) / duration, translation = the scrub path at p.
        case scrub(ScrubPath)
    }

    var path: Path
    /// Wall time of local time 0: the touch-down (script) or p = 0 (scrub).
    var start: Double
    var interaction: Interaction
    var canvas: Size
    /// The last environment read (not part of the value): every followed component and every
    /// animation of a scrubbed phase reads the same instant's in turn.
    let memo = InstantMemo<ExpressionEnvironment>()

    init(path: Path, start: Double, interaction: Interaction, canvas: Size) {
        self.path = path; self.start = start; self.interaction = interaction; self.canvas = canvas
    }

    static func == (a: GestureDriver, b: GestureDriver) -> Bool {
        a.path == b.path && a.start == b.start && a.interaction == b.interaction && a.canvas == b.canvas
    }

    func hash(into h: inout Hasher) {
        h.combine(path); h.combine(start); h.combine(interaction); h.combine(canvas)
    }

    /// Step for velocities (finite differences), seconds.
    static let velocityStep = 1e-4

    /// The translation at local time τ: seconds after the touch-down (script) or after p = 0
    /// (scrub). Local times keep the script's own numbers exact (a release at 0.25 s is the
    /// script's last point, not a wall-clock difference that rounds below it).
    func translation(local τ: Double) -> Point {
        switch path {
        case .script(let s): return Self.translation(s, at: τ)
        case .scrub(let s):
            var env = ExpressionEnvironment(canvas: canvas)
            env.p = min(max(τ / s.duration, 0), 1)
            return Point(s.translationX.evaluate(env), s.translationY.evaluate(env))
        }
    }

    /// The eased script at τ seconds after the touch-down; it rests at its last point.
    static func translation(_ s: GestureScript, at τ: Double) -> Point {
        guard τ > 0 else { return .zero }
        var previous = GestureScript.Waypoint(time: 0, translation: .zero)
        for point in s.points {
            if τ < point.time {
                let u = (τ - previous.time) / (point.time - previous.time)
                let e = Self.easing(point.easing).progress(at: u)
                return previous.translation + (point.translation - previous.translation) * e
            }
            previous = point
        }
        return previous.translation
    }

    static func easing(_ timing: Timing) -> CubicBezier {
        switch timing {
        case .named(let n): return CubicBezier(named: n)
        case .cubicBezier(let x1, let y1, let x2, let y2): return CubicBezier(x1, y1, x2, y2)
        case .uikitSpring, .caSpring, .swiftUISpring: return .linear  // the decoder admits only bezier easings
        }
    }

    enum Side { case left, right, central }

    /// pt/s by finite differences (the recognizer's velocity is a difference of touch samples too).
    func velocity(local τ: Double, _ side: Side = .central) -> Point {
        let h = Self.velocityStep
        switch side {
        case .left: return (translation(local: τ) - translation(local: τ - h)) * (1 / h)
        case .right: return (translation(local: τ + h) - translation(local: τ)) * (1 / h)
        case .central: return (translation(local: τ + h) - translation(local: τ - h)) * (1 / (2 * h))
        }
    }

    /// Everything the expressions read at local time τ (central velocity), computed once per
    /// instant read in a row: the same function of τ, so the same numbers.
    func environment(local τ: Double) -> ExpressionEnvironment {
        memo.value(at: τ) { environment(local: τ, side: .central, velocity: nil) }
    }

    /// Everything the expressions read at local time τ. `velocity` replaces the computed one (a
    /// script's release velocity).
    func environment(local τ: Double, side: Side, velocity: Point? = nil) -> ExpressionEnvironment {
        var env = ExpressionEnvironment(canvas: canvas)
        let tr = translation(local: τ)
        let v = velocity ?? self.velocity(local: τ, side)
        env.tx = tr.x; env.ty = tr.y; env.vx = v.x; env.vy = v.y
        if case .scrub(let s) = path {
            env.p = min(max(τ / s.duration, 0), 1)
        } else {
            env.p = interaction.progress.evaluate(env)
            // UIPercentDrivenInteractiveTransition clamps percentComplete to [0, 1].
            if case .percentDriven = interaction.kind { env.p = min(max(env.p, 0), 1) }
        }
        for l in interaction.lets { env.lets.append(l.expression.evaluate(env)) }
        return env
    }
}

/// The value last computed for an instant, shared by the value types that hold it (reads of
/// one simulation may come from several threads: a lock).
final class InstantMemo<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var time = Double.nan.bitPattern
    private var value: Value?

    func value(at t: Double, _ make: () -> Value) -> Value {
        lock.lock()
        if time == t.bitPattern, let v = value {
            lock.unlock()
            return v
        }
        lock.unlock()
        let v = make()
        lock.lock()
        time = t.bitPattern
        value = v
        lock.unlock()
        return v
    }
}

/// When the gesture begins, and the state at its release.
struct GestureTiming {
    /// Seconds after the touch-down.
    var begin: Double
    var release: Double
    var releaseEnvironment: ExpressionEnvironment

    /// The first instant (to 1 ns) after the touch-down at which every begin rule holds, with the
    /// finger moved; rules are checked on every touch event, so continuously here (1 ms steps,
    /// then bisection). Throws, located at the script, when the rules never hold before the release.
    static func resolve(_ driver: GestureDriver, script: GestureScript) throws -> GestureTiming {
        let rules = driver.interaction.begin
        func holds(_ τ: Double) -> Bool {
            guard driver.translation(local: τ) != .zero else { return false }
            let env = driver.environment(local: τ, side: .right)
            return rules.allSatisfy { $0.holds(env) }
        }
        var begin: Double?
        if rules.isEmpty {
            begin = 0
        } else {
            let step = 0.001
            var last = 0.0
            var k = 1
            while begin == nil {
                let τ = min(Double(k) * step, script.release)
                if holds(τ) {
                    var lo = last, hi = τ  // fails at lo (or lo is the touch-down), holds at hi
                    for _ in 0..<40 {
                        let mid = (lo + hi) / 2
                        if holds(mid) { hi = mid } else { lo = mid }
                    }
                    begin = SimulationBuilder.tidy(hi) < 1e-6 ? 0 : SimulationBuilder.tidy(hi)
                }
                if τ >= script.release { break }
                last = τ
                k += 1
            }
        }
        guard let begin else {
            let failing = rules.filter { !$0.holds(driver.environment(local: script.release, side: .left)) }.map(\.source)
            let message =
                "the gesture never begins: from the touch-down to the release (\(NumberText6.string(script.release)) s) the begin rules "
                + "(\(rules.map(\.source).joined(separator: ", "))) never all hold; at the release \(failing.joined(separator: ", ")) "
                + "\(failing.count == 1 ? "fails" : "fail")"
            throw script.origin.map { $0.diagnostic(message) } ?? TransExportError(path: "interaction.scripts.\(script.name)", message: message)
        }
        let env = driver.environment(local: script.release, side: .left, velocity: script.releaseVelocity)
        return GestureTiming(begin: begin, release: script.release, releaseEnvironment: env)
    }
}

/// Numbers in messages: at most 6 decimals.
enum NumberText6 {
    static func string(_ d: Double) -> String {
        let r = (d * 1e6).rounded() / 1e6
        if r == r.rounded(), abs(r) < 1e15 { return String(Int(r)) }
        return String(r)
    }
}

import FoundationEssentials
import Glibc
import Motion
import Synchronization
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
    /// The same numbers compiled once, with the environments already read (not part of the value).
    let program: GestureProgram

    init(path: Path, start: Double, interaction: Interaction, canvas: Size) {
        self.path = path; self.start = start; self.interaction = interaction; self.canvas = canvas
        program = GestureProgram(path: path, interaction: interaction, canvas: canvas)
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
    func translation(local τ: Double) -> Point { program.translation(local: τ) }

    static func easing(_ timing: Timing) -> CubicBezier {
        switch timing {
        case .named(let n): return CubicBezier(named: n)
        case .cubicBezier(let x1, let y1, let x2, let y2): return CubicBezier(x1, y1, x2, y2)
        case .uikitSpring, .caSpring, .swiftUISpring: return .linear  // the decoder admits only bezier easings
        }
    }

    enum Side { case left, right, central }

    /// Everything the expressions read at local time τ (central velocity), computed once per
    /// instant: the same function of τ, so the same numbers.
    func environment(local τ: Double) -> ExpressionEnvironment { program.environment(local: τ) }

    /// Everything the expressions read at local time τ. `velocity` replaces the computed one (a
    /// script's release velocity).
    func environment(local τ: Double, side: Side, velocity: Point? = nil) -> ExpressionEnvironment {
        program.environment(local: τ, side: side, velocity: velocity)
    }
}

/// A driver's path and expressions compiled once: the script's eased segments, the expressions
/// as closures (`ExpressionNode.compiled`), the arithmetic of `GestureDriver`'s definitions in
/// the same order. Fitters read a followed property tens of thousands of times, each track at
/// the same instants: the environments are kept per instant
/// (BENCHMARKS.md#gesture-compiled-once-kept-per-instant-same-bytes-2026-12-04).
final class GestureProgram: Sendable {
    /// One script segment: from `from` at `start` to `from + delta` at `start + length`, eased.
    struct Segment {
        var start: Double, end: Double, length: Double
        var from: Point, delta: Point
        var easing: CubicBezier
    }
    enum Finger {
        /// The segments of a script, then the translation it rests at.
        case script([Segment], rest: Point)
        /// The scrub path's duration; its expressions are `scrubX`, `scrubY`.
        case scrub(duration: Double)
    }

    let finger: Finger
    /// The scrub path's expressions as constants of this object (a script: nil), read without
    /// switching on `finger`, which copied (retained and released) both closures each read.
    let scrubX: ExpressionEvaluator?, scrubY: ExpressionEvaluator?
    let canvas: Size
    let progress: ExpressionEvaluator
    let lets: StoredEvaluators
    /// UIPercentDrivenInteractiveTransition clamps percentComplete to [0, 1].
    let clampsProgress: Bool
    /// The central environments read so far, by instant.
    let environments = InstantMemo<ExpressionEnvironment>(slots: 2048)
    /// Whether `p` or a `let` reads the velocity (vx, vy).
    let progressReadsVelocity: Bool
    /// The central environments without their velocity (vx = vy = 0), for readers that do not
    /// read it when p and the lets do not either: two of an environment's three translations (each
    /// an eased-script Bézier solve) are the velocity's.
    let positions = InstantMemo<ExpressionEnvironment>(slots: 2048)

    init(path: GestureDriver.Path, interaction: Interaction, canvas: Size) {
        switch path {
        case .script(let s):
            var segments: [Segment] = []
            var previous = GestureScript.Waypoint(time: 0, translation: .zero)
            for point in s.points {
                segments.append(
                    Segment(
                        start: previous.time, end: point.time, length: point.time - previous.time, from: previous.translation,
                        delta: point.translation - previous.translation, easing: GestureDriver.easing(point.easing)))
                previous = point
            }
            finger = .script(segments, rest: previous.translation)
            scrubX = nil; scrubY = nil
        case .scrub(let s):
            finger = .scrub(duration: s.duration)
            scrubX = s.translationX.root.compiled(); scrubY = s.translationY.root.compiled()
        }
        self.canvas = canvas
        progress = interaction.progress.root.compiled()
        lets = StoredEvaluators(interaction.lets.map { StoredEvaluators.Box($0.expression.root.compiled()) })
        if case .percentDriven = interaction.kind { clampsProgress = true } else { clampsProgress = false }
        progressReadsVelocity = interaction.progress.root.readsVelocity || interaction.lets.contains { $0.expression.root.readsVelocity }
    }

    func translation(local τ: Double) -> Point {
        switch finger {
        case .script(let segments, let rest):
            // The eased script; it rests at its last point.
            guard τ > 0 else { return .zero }
            for s in segments where τ < s.end {
                let u = (τ - s.start) / s.length
                return s.from + s.delta * s.easing.progress(at: u)
            }
            return rest
        case .scrub(let duration):
            var env = ExpressionEnvironment(canvas: canvas)
            env.p = min(max(τ / duration, 0), 1)
            return Point(scrubX!(env), scrubY!(env))
        }
    }

    /// pt/s by finite differences (the recognizer's velocity is a difference of touch samples too).
    func velocity(local τ: Double, _ side: GestureDriver.Side) -> Point {
        let h = GestureDriver.velocityStep
        switch side {
        case .left: return (translation(local: τ) - translation(local: τ - h)) * (1 / h)
        case .right: return (translation(local: τ + h) - translation(local: τ)) * (1 / h)
        case .central: return (translation(local: τ + h) - translation(local: τ - h)) * (1 / (2 * h))
        }
    }

    /// The central environment at τ, kept. (The closure holds this object, not a driver: copying
    /// a driver copies its interaction.)
    func environment(local τ: Double) -> ExpressionEnvironment {
        environments.value(at: τ) { self.environment(local: τ, side: .central, velocity: nil) }
    }

    /// The central environment at τ for a reader that reads vx, vy only if `readsVelocity`: the
    /// one without the velocity when p and the lets do not read it either (every other number
    /// the same), kept.
    func environment(local τ: Double, readsVelocity: Bool) -> ExpressionEnvironment {
        if readsVelocity || progressReadsVelocity { return environment(local: τ) }
        return positions.value(at: τ) { self.environment(local: τ, side: .central, velocity: .zero) }
    }

    func environment(local τ: Double, side: GestureDriver.Side, velocity: Point?) -> ExpressionEnvironment {
        var env = ExpressionEnvironment(canvas: canvas)
        let tr = translation(local: τ)
        let v = velocity ?? self.velocity(local: τ, side)
        env.tx = tr.x; env.ty = tr.y; env.vx = v.x; env.vy = v.y
        if case .scrub(let duration) = finger {
            env.p = min(max(τ / duration, 0), 1)
        } else {
            env.p = progress(env)
            if clampsProgress { env.p = min(max(env.p, 0), 1) }
        }
        for k in lets.indices { env.lets.append(lets.evaluate(k, env)) }
        return env
    }
}

extension ExpressionNode {
    /// Whether the expression reads the finger's velocity.
    var readsVelocity: Bool { mentions(.vx) || mentions(.vy) }
}

/// Compiled expressions kept in order, each called in place. An array holds a bare closure in
/// its most general form (each call went through a reabstraction thunk), and a closure read
/// from an array (or a struct's field in one) was retained and released around its call (~45
/// instructions; gesture values evaluate ~250,000 numbers in the 2D batch). Each closure is an
/// object's constant here, called through an unretained reference to the object; the list
/// keeps the objects (`boxes`) for as long as its owner holds it.
struct StoredEvaluators: Sendable {
    final class Box: Sendable {
        let evaluate: ExpressionEvaluator
        init(_ evaluate: @escaping ExpressionEvaluator) { self.evaluate = evaluate }
    }
    private let boxes: [Box]
    private let refs: [Unmanaged<Box>]

    /// (Boxes, not bare closures: a closure taken from an array of them comes back behind
    /// reabstraction thunks.)
    init(_ boxes: [Box]) {
        self.boxes = boxes
        refs = boxes.map { Unmanaged.passUnretained($0) }
    }

    var count: Int { refs.count }
    var indices: Range<Int> { refs.indices }

    /// Expression k at env.
    @inline(__always) func evaluate(_ k: Int, _ env: ExpressionEnvironment) -> Double {
        refs[k]._withUnsafeGuaranteedRef { $0.evaluate(env) }
    }
}

/// The values last computed for a few thousand instants, shared by the value types that hold it
/// (reads of one simulation may come from several threads: a lock). Each instant has one slot
/// (a hash of its bits), so a later instant with the same slot replaces it; the values are
/// functions of the instant, so what is kept only changes how often they are computed.
final class InstantMemo<Value>: @unchecked Sendable {
    /// A Mutex, not an NSLock: its lock and unlock are inline (a miss takes the lock twice).
    private let lock = Mutex(())
    private let count: Int
    private let shift: UInt64
    /// The instant (bits) each slot holds, `empty` before its first value.
    private let times: UnsafeMutablePointer<UInt64>
    private let values: UnsafeMutablePointer<Value>
    /// A NaN no arithmetic produces: an instant with these bits is computed, never kept.
    private static var empty: UInt64 { .max }

    /// `slots`: a power of two.
    init(slots: Int) {
        precondition(slots > 0 && slots & (slots - 1) == 0, "a power of two")
        count = slots
        shift = UInt64(64 - slots.trailingZeroBitCount)
        times = .allocate(capacity: slots)
        times.initialize(repeating: Self.empty, count: slots)
        values = .allocate(capacity: slots)
    }

    deinit {
        for k in 0..<count where times[k] != Self.empty { (values + k).deinitialize(count: 1) }
        times.deallocate()
        values.deallocate()
    }

    func value(at t: Double, _ make: () -> Value) -> Value {
        if let kept = kept(at: t) { return kept }
        let v = make()
        keep(v, at: t)
        return v
    }

    /// The value kept for instant t, if any. (With `keep`, `value(at:_:)` without a closure: a
    /// closure's captures were retained for the call, ~90 instructions a gesture read.)
    func kept(at t: Double) -> Value? {
        let key = t.bitPattern
        guard key != Self.empty else { return nil }
        let slot = slot(key)
        let times = times, values = values
        return lock.withLock { _ -> Value? in times[slot] == key ? values[slot] : nil }
    }

    /// Keeps v as instant t's value (replacing the slot's).
    func keep(_ v: Value, at t: Double) {
        let key = t.bitPattern
        guard key != Self.empty else { return }
        let slot = slot(key)
        let times = times, values = values
        lock.withLock { _ in
            if times[slot] == Self.empty { (values + slot).initialize(to: v) } else { values[slot] = v }
            times[slot] = key
        }
    }

    /// Fibonacci hashing: the top bits of key × 2⁶⁴/φ (one slot: a shift by 64 gives 0).
    private func slot(_ key: UInt64) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift) }
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

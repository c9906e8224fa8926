import Motion
import Simulation
import TransitionModel

// Retracing by a subset of layers: when no whole scene retraces (Retrace.swift) but some layers
// (an interactive page and its shadow) only ever show states of one monotone sweep of the
// timeline (the finish branch's 0 → 1), while others (the finger, branch labels) do not. Those
// layers need keys over the sweep only and are played through their own time remap. Found on
// the exact simulation with Retrace's tolerances (BENCHMARKS.md#retracing-a-subtree-by-time-remap).

package struct SubtreeRetrace: Sendable {
    /// The layers that retrace (every one moves), and those that never move at all.
    package let layers: Set<Int>
    package let still: Set<Int>
    /// Those layers are needed on [sourceStart, sourceEnd] only.
    package let sourceStart: Double
    package let sourceEnd: Double
    /// Inner seconds at each time of the loop (identity on the source), fitted within `timeTolerance`.
    package let remap: KeyframeTrack<Double>
    /// The fastest any corner of `layers` moves over the source (canvas px per second).
    package let maxSpeed: Double
    package let timeTolerance: Double

    /// Every number Retrace compares, of layer i only.
    static func features(_ s: SceneState, _ i: Int) -> [Double] { Retrace.features(s, i) }

    /// `features(sim.state(at: s.time), i)` from a subset state holding layer i (its numbers are
    /// `state(at:)`'s for the layer: the same numbers).
    static func features(_ s: LayerSubsetState, _ i: Int) -> [Double] {
        let k = s.subset.entry[i]
        return [Double](unsafeUninitializedCapacity: Retrace.maxFeatureCount) { out, n in
            n = s.states.withUnsafeBufferPointer {
                Retrace.writeFeatures($0.baseAddress! + k, s.boundsToScreen[k], s.effectiveOpacity[k], s.visible[k], to: out.baseAddress!)
            }
        }
    }

    /// For each moving layer not yet covered (in index order), its driver: the number with the
    /// widest sweep that one strictly monotone run of 120 Hz samples, at rest at both ends,
    /// covers entirely (its minimum to its maximum over the loop). The layers whose every sample equals the state at
    /// the driver's inverse on that run form the set; the largest set wins. Nil when no set
    /// moves outside its run (nothing to save) or when every moving layer is in it.
    /// `samplers`: the samplers of this simulation's detections (Retrace's phases made theirs).
    package static func detect(
        _ sim: Simulation, rules: PlayerRules, screenTolerance: Double, samplers: MovingStateSamplers? = nil
    ) -> SubtreeRetrace? {
        guard let (times, eps) = grid(sim) else { return nil }
        // One flat column per layer (SubtreeRetraceSamples.swift); a layer whose count of numbers
        // changes between samples (none today: a mask is the definition's) takes the rows' path.
        guard let samples = SubtreeRetraceSamples(sim, times: times, eps: eps, samplers: samplers) else {
            return detectFromRows(sim, rules: rules, screenTolerance: screenTolerance)
        }
        let moving = sim.layers.indices.filter { samples.moves[$0] }
        guard moving.count >= 2 else { return nil }
        // Many candidates' inverses land on the same instants (a driver at rest at either end of
        // its run maps to the run's end sample): each instant's state is built once.
        let exactStates = StateFeatures(sim)
        var misses: LooseMisses? = nil
        // Each moving layer's candidate, made when first asked (nil inside: none).
        var made = [Candidate??](repeating: nil, count: sim.layers.count)
        let shared = SharedSimulation(sim)
        func candidate(_ i: Int) -> Candidate? {
            if let c = made[i] { return c }
            let c = Self.candidate(i, shared, samples, times: times, eps: eps)
            made[i] = .some(c)
            return c
        }
        // No set unless some candidate's own layer stays in it (SubtreeRetrace+Candidate.swift).
        guard someOwnLayerStays(moving, candidate, samples, exactStates, eps: eps) else { return nil }
        var covered = [Bool](repeating: false, count: sim.layers.count)
        var best: Found? = nil
        for i in moving where !covered[i] {
            guard let c = candidate(i) else { continue }
            let (run, values, inner, outside, steps) = (c.run, c.values, c.inner, c.outside, c.steps)
            // First without simulating (the run's samples interpolated, 1 px / 0.01 loose), then exactly.
            // The loose pass: layer j stays when it is close at every outside sample up to the
            // first where i is not (or the last): each layer's samples read in a row, i's first.
            if misses?.steps != steps { misses = LooseMisses(steps, layers: sim.layers.count) }
            let last = misses!.first(i, through: steps.count - 1, samples) ?? steps.count - 1
            var set = moving.filter { misses!.first($0, through: last, samples) == nil }
            // The exact pass, at each outside sample while i stays, every layer left checked
            // (membership by flag, the list in index order). A layer found equal at the same
            // instant (its bits) with the same sample row as at its last check is equal again.
            var inSet = [Bool](repeating: false, count: sim.layers.count)
            for j in set { inSet[j] = true }
            var equalAt = [(time: UInt64, row: Int32)?](repeating: nil, count: sim.layers.count)
            var known = c.instants.reader
            for (o, k) in outside.enumerated() where inSet[i] {
                let t = known.instant(at: o) ?? inner.time(inner.clamped(values[k]))
                let e = exactStates.entry(at: t)
                set.removeAll { j in
                    let key = (time: t.bitPattern, row: samples.row(j, k))
                    if let last = equalAt[j], last == key { return false }
                    let same = exactStates.withFeatures(e, j) { samples.equal($0, j, k, eps) }
                    if same { equalAt[j] = key } else { inSet[j] = false }
                    return !same
                }
            }
            for j in set { covered[j] = true }
            covered[i] = true
            let larger = set.count > (best?.layers.count ?? 0)
            guard inSet[i], moving.count > set.count, larger else { continue }
            best = Found(layers: Set(set), driverLayer: i, feature: c.feature, inverse: inner)
        }
        guard let best else { return nil }
        return fitted(sim, best, still: Set(sim.layers.indices).subtracting(moving), times: times, rules: rules, eps: eps, screenTolerance: screenTolerance)
    }

    /// The 120 Hz sample times over the loop and the tolerance (Retrace's); nil when there is no
    /// loop or fewer than two layers.
    static func grid(_ sim: Simulation) -> (times: [Double], eps: Double)? {
        let duration = sim.timeline.duration
        let size = sim.definition.canvas.size
        guard duration > 0, sim.layers.count >= 2 else { return nil }
        let eps = Retrace.relative * max(1, (size.width * size.width + size.height * size.height).squareRoot())
        let n = max(2, Int((duration * Retrace.sampleRate).rounded(.up)))
        return ((0...n).map { min(duration * Double($0) / Double(n), duration - 1e-9) }, eps)
    }

    static func equal(_ a: [Double], _ b: [Double], _ eps: Double) -> Bool {
        guard a.count == b.count else { return false }
        for c in a.indices where !(abs(a[c] - b[c]) <= eps) { return false }
        return true
    }

    /// Whether some number of a is more than eps from b's (arrays of one length).
    @inline(__always)
    static func anyApart(_ a: [Double], _ b: [Double], _ eps: Double) -> Bool {
        for c in a.indices where abs(a[c] - b[c]) > eps { return true }
        return false
    }

    /// `want` within 1 px (corners) / 0.01 (the rest) of x + (y − x)·u, number by number.
    @inline(__always)
    static func looselyClose(_ x: [Double], _ y: [Double], _ u: Double, _ want: [Double]) -> Bool {
        guard x.count == want.count, y.count == want.count else { return false }
        for c in want.indices where !(abs(x[c] + (y[c] - x[c]) * u - want[c]) <= (c < 8 ? 1 : 0.01)) { return false }
        return true
    }

    /// Layers' features at instants of the exact simulation (the same numbers as
    /// `features(sim.state(at: t), j)`): an instant's state is built once and each layer's
    /// features read once while the instant is among the last `capacity` asked (a whole
    /// SceneState each: a bound, not one per instant, keeps the peak memory down).
    /// The first layer asked at an instant is read from its ancestor chain alone
    /// (`Simulation.layerState(_:at:)`: `state(at:)`'s numbers for it); the whole state is built
    /// when a second is asked. A candidate's own check asks one layer per instant, and a whole
    /// scene state each was most of flip-edge-pan's own checks.
    /// The numbers are written in place, `room` per layer in a slot per instant kept (a ring:
    /// the oldest is dropped, as before): an array per instant and layer, and one of optionals
    /// per instant, were most of this class's own cost (flip-edge-pan's exact pass reads ~4 K).
    final class StateFeatures {
        static let capacity = 8
        let sim: Simulation
        private let layers: Int, room = Retrace.maxFeatureCount
        /// Per slot: its instant (bits), its state once built, and how many layers it has read.
        private var slots: [(time: UInt64, state: SceneState?, made: Int)] = []
        /// The next slot a new instant takes once all are used (the oldest).
        private var oldest = 0
        /// Per slot and layer, its count of numbers once read (-1: not read), and the numbers.
        private let width: UnsafeMutablePointer<Int>
        private let numbers: UnsafeMutablePointer<Double>

        init(_ sim: Simulation) {
            self.sim = sim
            layers = sim.layers.count
            width = .allocate(capacity: Self.capacity * layers)
            numbers = .allocate(capacity: Self.capacity * layers * room)
        }

        deinit {
            width.deallocate()
            numbers.deallocate()
        }

        /// The slot of instant t (by its bits), taken when it is not kept.
        func entry(at t: Double) -> Int {
            if let e = slots.firstIndex(where: { $0.time == t.bitPattern }) { return e }
            let e: Int
            if slots.count < Self.capacity {
                e = slots.count
                slots.append((t.bitPattern, nil, 0))
            } else {
                e = oldest
                oldest = (oldest + 1) % Self.capacity
                slots[e] = (t.bitPattern, nil, 0)
            }
            (width + e * layers).initialize(repeating: -1, count: layers)
            return e
        }

        /// Layer j's numbers at slot `entry`'s instant, read in place.
        func withFeatures<R>(_ entry: Int, _ j: Int, _ body: (UnsafeBufferPointer<Double>) -> R) -> R {
            let out = numbers + (entry * layers + j) * room
            var w = width[entry * layers + j]
            if w < 0 {
                let t = Double(bitPattern: slots[entry].time)
                if let state = slots[entry].state {
                    w = Retrace.writeFeatures(state, j, to: out)
                } else if slots[entry].made > 0 {
                    let state = sim.state(at: t)
                    slots[entry].state = state
                    w = Retrace.writeFeatures(state, j, to: out)
                } else {
                    w = Retrace.writeFeatures(sim.layerState(j, at: t), 0, to: out)
                }
                width[entry * layers + j] = w
                slots[entry].made += 1
            }
            return body(UnsafeBufferPointer(start: out, count: w))
        }

        func features(_ entry: Int, _ j: Int) -> [Double] { withFeatures(entry, j) { Array($0) } }
    }

    /// Each layer's first loose miss over one driver's steps, found as far as asked: layers that
    /// move as one give their candidates the same steps, and the answers are kept for them.
    struct LooseMisses {
        let steps: [SubtreeRetraceSamples.LooseStep]
        /// Per layer: the steps before `checked` are close; the first miss, or Int.max when none is known.
        private var checked: [Int], miss: [Int]

        init(_ steps: [SubtreeRetraceSamples.LooseStep], layers: Int) {
            self.steps = steps
            checked = [Int](repeating: 0, count: layers)
            miss = [Int](repeating: .max, count: layers)
        }

        /// The first step in 0...last where layer j is not loosely close, or nil.
        mutating func first(_ j: Int, through last: Int, _ samples: SubtreeRetraceSamples) -> Int? {
            if miss[j] <= last { return miss[j] }
            if miss[j] != .max || checked[j] > last { return nil }
            if let o = samples.firstLooseMiss(j, steps, from: checked[j], through: last) {
                miss[j] = o
                return o
            }
            checked[j] = last + 1
            return nil
        }
    }

    struct Found {
        let layers: Set<Int>
        /// The driver: number `feature` of layer `driverLayer` (RetraceDriver.reader's).
        let driverLayer: Int, feature: Int
        let inverse: RetraceDriver
    }

    /// The feature with the widest sweep covered by one strictly monotone run that starts and
    /// ends at rest (earliest such run).
    static func driver(_ samples: [[Double]], eps: Double) -> (feature: Int, run: ClosedRange<Int>)? {
        guard samples.allSatisfy({ $0.count == samples[0].count }) else { return nil }
        return driver(features: samples[0].count, series: { f in samples.map { $0[f] } }, eps: eps)
    }

    /// `driver` of samples whose number f over the samples is `series(f)` (f < `features`), or,
    /// when its least and greatest `range(f)` are known without the series, its `earliestRun`
    /// read in place by `run(f, lo, hi)` (no series is built: a feature whose sweep is too small is
    /// passed over without one; building every series was most of this). The range's least and
    /// greatest are the series' min and max, NaN aside. (`run` is not optional: an optional
    /// closure escapes, and its context copied the samples at every call. Not inlined: inlined in
    /// `detect`, it left the exact pass's `removeAll` a call: 20 M more in the 2D batch.)
    @inline(never)
    static func driver(
        features: Int, series: (Int) -> [Double], range: (Int) -> (lo: Double, hi: Double)? = { _ in nil },
        run: (Int, Double, Double) -> ClosedRange<Int>? = { _, _, _ in nil }, eps: Double
    ) -> (feature: Int, run: ClosedRange<Int>)? {
        var best: (feature: Int, run: ClosedRange<Int>, sweep: Double)? = nil
        for f in 0..<features {
            let found: ClosedRange<Int>?, sweep: Double
            if let r = range(f) {
                guard r.hi - r.lo > eps * 10, r.hi - r.lo > (best?.sweep ?? 0) else { continue }
                (found, sweep) = (run(f, r.lo, r.hi), r.hi - r.lo)
            } else {
                let v = series(f)
                let lo = v.min()!, hi = v.max()!
                guard hi - lo > eps * 10, hi - lo > (best?.sweep ?? 0) else { continue }
                (found, sweep) = (earliestRun(count: v.count, lo: lo, hi: hi, eps: eps) { v[$0] }, hi - lo)
            }
            if let found { best = (f, found, sweep) }
        }
        return best.map { ($0.feature, $0.run) }
    }

    /// The earliest strictly monotone run of the values v(0..<count) that starts and ends at
    /// rest and covers lo...hi (their least and greatest) within eps. `sameAsNext(k)`: values k
    /// and k + 1 are known equal without reading them (one stored row: no run starts there);
    /// `skipSame(k)`, the first k' ≥ k for which it is false (or count − 1), passes a held stretch at once.
    @inline(__always)
    static func earliestRun(
        count: Int, lo: Double, hi: Double, eps: Double, sameAsNext: (Int) -> Bool = { _ in false }, skipSame: (Int) -> Int = { $0 },
        _ v: (Int) -> Double
    ) -> ClosedRange<Int>? {
        // Each value read once per use (vk = v(k), vj = v(j), after = v(j + 1)): the driver search
        // reads every sample of each wide number (most of the detection for douyin-present).
        var k = 0
        while k < count - 1 {
            // `skipSame(k)`: the first k' ≥ k that is not the same as the next (or count − 1).
            if sameAsNext(k) {
                k = skipSame(k + 1)
                continue
            }
            let vk = v(k)
            var vj = v(k + 1)
            let sign: Double = vj > vk ? 1 : vj < vk ? -1 : 0
            guard sign != 0 else { k += 1; continue }
            var j = k + 1, after = 0.0
            while j + 1 < count {
                let x = v(j + 1)
                guard (x - vj) * sign > 0 else {
                    after = x
                    break
                }
                (j, vj) = (j + 1, x)
            }
            // Both ends at rest (held, or the loop's ends): an overshooting spring's peak is not.
            let rests = (k == 0 || abs(vk - v(k - 1)) <= eps) && (j == count - 1 || abs(after - vj) <= eps)
            if rests, min(vk, vj) <= lo + eps, max(vk, vj) >= hi - eps { return k...j }
            k = j
        }
        return nil
    }

    /// The remap over the loop (identity on the run), fitted like Retrace's from dense tables.
    static func fitted(
        _ sim: Simulation, _ found: Found, still: Set<Int>, times: [Double], rules: PlayerRules, eps: Double, screenTolerance: Double
    ) -> SubtreeRetrace? {
        let inv = found.inverse
        let a0 = inv.times[0], a1 = inv.times.last!, duration = sim.timeline.duration
        // Exact checks at the branches' own instants too (touch-down, release, motion end).
        var extra: [Double] = []
        for b in sim.timeline.branches { extra += [b.start, b.touchDown, b.begin, b.release, b.motionEnd, b.end] }
        for p in sim.timeline.phases { extra += [p.start, p.end] }
        // The set's layers alone (state(at:)'s numbers for them, LayerSubsetState): a whole scene
        // state per check and per run sample was a fifth of flip-edge-pan's fit.
        let members = found.layers.sorted()
        let subset = sim.subset(members)
        for t in extra.map({ min(max(0, $0), duration - 1e-9) }) where t < a0 || t > a1 {
            let want = sim.state(of: subset, at: t), got = sim.state(of: subset, at: inv.time(inv.clamped(inv.read(t))))
            for j in found.layers where !zip(features(got, j), features(want, j)).allSatisfy({ abs($0 - $1) <= eps }) { return nil }
        }
        // The dense tables' increasing times through one sampler (RetraceDriver.values, the same numbers).
        let readMany = { RetraceDriver.values(sim, layer: found.driverLayer, feature: found.feature, at: $0) }
        let fromTable = inv.tableInverse(
            start: a0, span: a1 - a0, count: max(inv.times.count, Int(((a1 - a0) * Retrace.denseRate).rounded(.up))), readMany: readMany)
        @Sendable func innerFromTable(_ value: Double) -> Double { fromTable(inv.clamped(value)) }
        let count = max(1, Int((duration * Retrace.denseRate).rounded(.up)))
        // Read only outside the run (the remap is the identity on it): one grid step of margin.
        let step = duration / Double(count)
        // Those reads at increasing times, through one sampler (RetraceDriver.values).
        var loopRead = [Double](repeating: 0, count: count + 1), read: [Int] = [], readTimes: [Double] = []
        for k in 0...count {
            let t = duration * Double(k) / Double(count)
            guard t < a0 + step || t > a1 - step else { continue }
            read.append(k)
            readTimes.append(min(t, duration - 1e-9))
        }
        for (k, v) in zip(read, readMany(readTimes)) { loopRead[k] = v }
        let loop = loopRead
        @Sendable func remap(_ t: Double) -> Double {
            guard t < a0 || t > a1 else { return t }
            let x = min(Double(count), max(0, t / duration * Double(count)))
            let k = min(count - 1, Int(x))
            return innerFromTable(loop[k] + (loop[k + 1] - loop[k]) * (x - Double(k)))
        }
        // The fastest corner of the set over the run (as Retrace: half the screen budget).
        var maxSpeed = 0.0
        // At the run's increasing times through one sampler (the same numbers).
        var sampler = LayerSubsetSampler(sim, subset, at: inv.times[0])
        let run = inv.times.map { t in
            sampler.advance(to: t)
            return members.flatMap { features(sampler.state, $0) }
        }
        for (k, (x, y)) in zip(run, run.dropFirst()).enumerated() {
            let dt = inv.times[k + 1] - inv.times[k]
            for c in x.indices where dt > 0 { maxSpeed = max(maxSpeed, abs(y[c] - x[c]) / dt) }
        }
        let tol = screenTolerance / 2 / max(maxSpeed, 1)
        var breakpoints = [0, a0, a1, duration] + extra
        breakpoints = Array(Set(breakpoints.filter { $0 >= 0 && $0 <= duration })).sorted()
        let exact = ExactTrack<Double>(breakpoints: breakpoints, pieces: Array(repeating: .moving, count: breakpoints.count - 1), value: remap)
        let track = FittingReducer(rules: rules).keyframes(for: exact, measure: .magnitude(tolerance: tol))
        return SubtreeRetrace(
            layers: found.layers, still: still, sourceStart: a0, sourceEnd: a1, remap: track, maxSpeed: maxSpeed, timeTolerance: tol)
    }
}

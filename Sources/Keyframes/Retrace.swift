import Motion
import Simulation
// Retracing: a timeline whose later phases only replay states of an earlier one (a pop that is
// the push's exact mirror). Then the scene need be written only up to that phase's end, and
// a time remap plays it: inner time s(t) with state(s(t)) == state(t) at every instant. Found
// numerically on the exact simulation, never by template name (BENCHMARKS.md#retracing-by-time-remap).
import TransitionModel

package struct Retrace: Sendable {
    /// The scene is needed on [0, sourceEnd] only.
    package let sourceEnd: Double
    /// Inner seconds at each time of the loop (identity up to `sourceEnd`), fitted within
    /// `timeTolerance`.
    package let remap: KeyframeTrack<Double>
    /// The fastest any layer corner moves over the source (canvas px per second): a time error
    /// of dt moves the picture by at most maxSpeed × dt.
    package let maxSpeed: Double
    package let timeTolerance: Double

    /// States compared at this rate (the tracks dump's), and equal when every number is within
    /// this fraction of the canvas diagonal (px) or of 1 (opacity).
    static let sampleRate = 120.0
    static let relative = 1e-6
    /// The driver's table for the fitter (its linear interpolation moves a corner by far less
    /// than maxSpeed / denseRate: the state is smooth in the driver).
    static let denseRate = 2400.0

    /// The earliest phase every later instant retraces, if any: each instant after its end
    /// equals (all layers' screen corners, drawn opacity, visibility, corner radius, mask) an
    /// instant of that phase, found through a number that moves strictly monotonically over the
    /// phase (a spring that overshoots has none: no retrace). Nil when nothing after it moves.
    /// `samplers`: the samplers of this simulation's detections (made here when not given).
    package static func detect(
        _ simulation: Simulation, rules: PlayerRules, screenTolerance: Double, samplers: MovingStateSamplers? = nil
    ) -> Retrace? {
        let phases = simulation.timeline.phases.sorted { $0.start < $1.start }
        let duration = simulation.timeline.duration
        guard phases.count >= 2, duration > 0 else { return nil }
        // A function of the simulation alone: made once for every phase tried.
        var sceneFeatures: SceneFeatures? = nil
        let samplers = samplers ?? MovingStateSamplers(simulation)
        for (k, a) in phases.enumerated().dropLast() where a.duration > 0 && a.end < duration {
            let later = phases[(k + 1)...]
            guard later.contains(where: { $0.duration > 0 }), later.allSatisfy({ $0.start >= a.end }) else { continue }
            if sceneFeatures == nil { sceneFeatures = SceneFeatures(simulation, samplers: samplers) }
            if let r = retrace(simulation, source: a, sceneFeatures!, samplers, rules: rules, screenTolerance: screenTolerance) { return r }
        }
        return nil
    }

    /// Every number the comparison reads, and the scale it is compared at.
    static func features(_ s: SceneState) -> [Double] {
        var out: [Double] = []
        out.reserveCapacity(s.layers.count * 11)
        for i in s.layers.indices { appendFeatures(s, i, to: &out) }
        return out
    }

    /// The numbers of `features(sim.state(at: t))` that can change, at any t: those of the layers
    /// `sim.movingState(at:)` holds, in its order. The layers still on screen give their first
    /// numbers at every time, the same bits: none of theirs moves (so none is a driver or adds
    /// speed), and each compares equal with itself when finite. Copying them into every 120 Hz
    /// sample and check was a third of the detection's cost
    /// (BENCHMARKS.md#retrace35-the-retrace-detections-lean-same-bytes-2026-12-05).
    struct SceneFeatures: Sendable {
        let sim: Simulation
        /// The moving layers (movingState's entries) and where each one's numbers start in
        /// `features(sim.state(at:))` (a layer's count of numbers is its definition's: a mask or none).
        let moving: [Int], sceneOffset: [Int]
        /// Per moving layer, its count of numbers and where they start in `callAsFunction`'s.
        let width: [Int], start: [Int]
        /// Whether every number of the still layers is finite.
        let stillFinite: Bool

        init(_ sim: Simulation, samplers: MovingStateSamplers? = nil) {
            self.sim = sim
            moving = sim.movingLayers
            // Each layer's count of numbers in `features(sim.state(at: 0))`, in place: the moving
            // layers' from the state at 0 (movingState(at: 0)'s, the samplers' start), the others'
            // from StillLayers (what `state(at:)` copies for them). A whole scene state was most of this.
            let layers = sim.layers.count
            var count = [Int](repeating: 0, count: layers), stillFinite = true
            let f = UnsafeMutablePointer<Double>.allocate(capacity: maxFeatureCount)
            defer { f.deallocate() }
            sim.forEachStillOnScreen { i, state, world, opacity, visible in
                let n = Retrace.writeFeatures(state, world, opacity, visible, to: f)
                count[i] = n
                if !(0..<n).allSatisfy({ f[$0].isFinite }) { stillFinite = false }
            }
            let s = (samplers ?? MovingStateSamplers(sim)).startState
            precondition(s.layers == moving, "the moving layers are movingState's")
            for k in s.layers.indices { count[s.layers[k]] = Retrace.writeFeatures(s, k, to: f) }
            var offset = 0, sceneOffset: [Int] = [], width: [Int] = []
            var next = 0
            for i in 0..<layers {
                if next < moving.count, moving[next] == i {
                    sceneOffset.append(offset)
                    width.append(count[i])
                    next += 1
                }
                offset += count[i]
            }
            (self.sceneOffset, self.width, self.stillFinite) = (sceneOffset, width, stillFinite)
            var start: [Int] = [], n = 0
            for w in width {
                start.append(n)
                n += w
            }
            self.start = start
        }

        func callAsFunction(_ t: Double) -> [Double] { self(sim.movingState(at: t)) }

        /// The numbers of a moving state of this simulation (`movingState(at:)` or a sampler's),
        /// written in place (an append per entry from a scratch buffer: ~600 instructions each).
        func callAsFunction(_ s: MovingState) -> [Double] {
            [Double](unsafeUninitializedCapacity: s.layers.count * maxFeatureCount) { out, count in
                count = 0
                for k in s.layers.indices { count += writeFeatures(s, k, to: out.baseAddress! + count) }
            }
        }

        /// Number g of `callAsFunction`'s: its layer, its index among the layer's numbers
        /// (corners first) and its index in `features(sim.state(at:))`.
        func locate(_ g: Int) -> (layer: Int, number: Int, scene: Int) {
            var start = 0
            for k in moving.indices {
                if g < start + width[k] { return (moving[k], g - start, sceneOffset[k] + g - start) }
                start += width[k]
            }
            preconditionFailure("no number \(g)")
        }
    }

    /// Layer i's share of `features`: its screen corners, drawn opacity, visibility, corner
    /// radius and mask.
    static func features(_ s: SceneState, _ i: Int) -> [Double] {
        var out: [Double] = []
        out.reserveCapacity(11)
        appendFeatures(s, i, to: &out)
        return out
    }

    /// Layer i's features appended to `out`, with no array made on the way (a scene's features
    /// at each 120 Hz sample: the small arrays' allocation and release were most of the
    /// detections' cost, BENCHMARKS.md#retrace-and-gesture-cpu-pass-same-bytes).
    static func appendFeatures(_ s: SceneState, _ i: Int, to out: inout [Double]) {
        s.layers.withUnsafeBufferPointer {
            appendFeatures($0.baseAddress! + i, s.boundsToScreen[i], s.effectiveOpacity[i], s.visible[i], to: &out)
        }
    }

    /// Layer i's share of `features` written at `out` (room for `maxFeatureCount`): how many.
    static func writeFeatures(_ s: SceneState, _ i: Int, to out: UnsafeMutablePointer<Double>) -> Int {
        s.layers.withUnsafeBufferPointer {
            writeFeatures($0.baseAddress! + i, s.boundsToScreen[i], s.effectiveOpacity[i], s.visible[i], to: out)
        }
    }

    /// Entry k of a MovingState (its layer's numbers as `appendFeatures(_:_:to:)` gives them).
    static func appendFeatures(_ s: MovingState, _ k: Int, to out: inout [Double]) {
        s.states.withUnsafeBufferPointer {
            appendFeatures($0.baseAddress! + k, s.boundsToScreen[k], s.effectiveOpacity[k], s.visible[k], to: &out)
        }
    }

    /// Where a layer's drawn opacity and visibility (0 or 1) are among its numbers: after the corners.
    static let opacityFeature = 8, visibilityFeature = 9

    /// The most numbers a layer has (with a mask): `writeFeatures`' room.
    static let maxFeatureCount = 17 + LayerProperty.maskNumbers.count

    /// Entry k's numbers (as `appendFeatures`) written at `out` (room for `maxFeatureCount`):
    /// how many. The 120 Hz sampling keeps a layer's numbers only when they moved, and one
    /// array append per number was a third of its cost.
    static func writeFeatures(_ s: MovingState, _ k: Int, to out: UnsafeMutablePointer<Double>) -> Int {
        s.states.withUnsafeBufferPointer {
            writeFeatures($0.baseAddress! + k, s.boundsToScreen[k], s.effectiveOpacity[k], s.visible[k], to: out)
        }
    }

    @inline(__always)
    private static func appendFeatures(
        _ state: UnsafePointer<LayerState>, _ m: Transform3D, _ opacity: Double, _ visible: Bool, to out: inout [Double]
    ) {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: maxFeatureCount) { buffer in
            let n = writeFeatures(state, m, opacity, visible, to: buffer.baseAddress!)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<n]))
        }
    }

    @inline(__always)
    static func writeFeatures(
        _ state: UnsafePointer<LayerState>, _ m: Transform3D, _ opacity: Double, _ visible: Bool, to out: UnsafeMutablePointer<Double>
    ) -> Int {
        var n = 0
        func put(_ x: Double) {
            out[n] = x
            n += 1
        }
        // SceneState.corners(of:), in its order: Transform3D.apply(to:) written out (the same
        // products and sums in the same order, z = 0; its w divides x and y). Called, it was
        // a third of these numbers' cost, and marked always-inline it still cost 72 M more in
        // the 2D batch (BENCHMARKS.md#sampler37-the-sampled-numbers-same-bytes-2026-12-05).
        let size = state.pointee.size
        @inline(__always) func corner(_ x: Double, _ y: Double) {
            let z = 0.0
            let hw = x * m.m14 + y * m.m24 + z * m.m34 + m.m44
            put((x * m.m11 + y * m.m21 + z * m.m31 + m.m41) / hw)
            put((x * m.m12 + y * m.m22 + z * m.m32 + m.m42) / hw)
        }
        corner(0, 0)
        corner(size.width, 0)
        corner(size.width, size.height)
        corner(0, size.height)
        put(opacity)
        put(visible ? 1 : 0)
        put(state.pointee.cornerRadius)
        if let mask = state.pointee.mask {
            put(mask.frame.origin.x)
            put(mask.frame.origin.y)
            put(mask.frame.size.width)
            put(mask.frame.size.height)
            put(mask.center.x)
            put(mask.center.y)
            for p in LayerProperty.maskNumbers { put(mask.numbers[p]) }
        }
        return n
    }

    /// Whether a and b hold the same numbers, bit for bit.
    static func sameBits(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && a.elementsEqual(b) { $0.bitPattern == $1.bitPattern }
    }

    /// The instant in [t0, t1] where driver(t) = v, given f0 = driver(t0) - v and f1 = driver(t1) - v
    /// (regula falsi, Illinois); t1 when they do not bracket v.
    static func solve(_ v: Double, t0: Double, t1: Double, f0: Double, f1: Double, driver: (Double) -> Double) -> Double {
        var t0 = t0, t1 = t1, f0 = f0, f1 = f1
        if f0 == 0 { return t0 }
        if f1 == 0 || f0 * f1 > 0 { return t1 }
        var side = 0
        for _ in 0..<60 {
            let t = (t0 * f1 - t1 * f0) / (f1 - f0)
            let ft = driver(t) - v
            if ft == 0 || abs(t1 - t0) < 1e-13 { return t }
            if ft * f1 < 0 {
                t0 = t1; f0 = f1; t1 = t; f1 = ft
                side = 0
            } else {
                t1 = t; f1 = ft
                if side == -1 { f0 /= 2 }
                side = -1
            }
        }
        return (t0 + t1) / 2
    }

    private static func retrace(
        _ sim: Simulation, source a: PhaseSpan, _ sceneFeatures: SceneFeatures, _ samplers: MovingStateSamplers, rules: PlayerRules,
        screenTolerance: Double
    ) -> Retrace? {
        let size = sim.definition.canvas.size
        let eps = relative * max(1, (size.width * size.width + size.height * size.height).squareRoot())
        let n = max(2, Int((a.duration * sampleRate).rounded(.up)))
        let times = (0...n).map { a.start + a.duration * Double($0) / Double(n) }
        // Sampled in order while some number still moves strictly one way since the first
        // sample: when none does, there is no driver below and the rest need not be read.
        // `moving`: those numbers and their series (RetraceSamples.swift; checking only those:
        // a scan of every number at every sample was most of this loop's cost).
        var moving: Monotone? = nil
        // At increasing times, a sampler recomputes only the layers whose tracks changed since
        // the last sample (the same bits as movingState(at:): MovingStateSampler).
        // Each sample's numbers are the last one's with the recomputed entries read again.
        var sampler = samplers.sampler(at: times[0])
        var x = sceneFeatures(sampler.state)
        let first = x
        // The largest |y − x| of a number between two samples (NaN aside), for maxSpeed.
        var largestStep = 0.0
        for (k, t) in times.enumerated() {
            if t > times[0] {
                sampler.advance(to: t)
                _ = sceneFeatures.update(&x, to: sampler.state, changed: sampler.changed, largestStep: &largestStep)
            }
            if k == 1 {
                moving = Monotone(first: first, second: x, capacity: times.count)
            } else if k > 1 {
                moving!.append(x)
            }
            if k > 0, moving!.isEmpty { return nil }
        }
        // The driver: the number with the widest strictly monotone sweep over the phase. The
        // numbers strictly monotone over every sample are those still alive (each step has the
        // first step's sign, so last − first has it too), in increasing order; x is the last sample.
        var driverIndex: Int? = nil, sweep = 0.0
        let firstSample = first, lastSample = x
        for f in moving!.alive {
            let d = lastSample[f] - firstSample[f]
            guard abs(d) > eps * 10 else { continue }
            if abs(d) > sweep { driverIndex = f; sweep = abs(d) }
        }
        guard let f = driverIndex else { return nil }
        let end = a.end, duration = sim.timeline.duration
        // A corner coordinate of one layer is read from that layer's ancestor chain alone
        // (Simulation.corners(of:at:), the same numbers): the dense tables read the driver
        // thousands of times, and a whole scene's features each time was most of flip-push's CPU.
        let located = sceneFeatures.locate(f)
        let corner = located.number < 8 ? located : nil
        let read: @Sendable (Double) -> Double =
            corner.map { RetraceDriver.reader(sim, layer: $0.layer, feature: $0.number) } ?? { features(sim.state(at: $0))[located.scene] }
        @Sendable func driver(_ t: Double) -> Double { read(min(t, duration - 1e-9)) }
        // The dense tables' increasing times through one sampler (RetraceDriver.values, the same numbers).
        let readMany: (([Double]) -> [Double])? = corner.map { c in
            { ts in RetraceDriver.values(sim, layer: c.layer, feature: c.number, at: ts.map { min($0, duration - 1e-9) }) }
        }
        let inverse = RetraceDriver(read: driver, times: times, values: moving!.series(f))
        // Check every later instant at the sample rate (and each phase's ends) exactly.
        var checks = stride(from: end, through: duration, by: 1 / sampleRate).map { $0 }
        let increasing = checks.count  // the stride's times, read through a sampler
        for p in sim.timeline.phases where p.start > end { checks += [p.start, p.end] }
        let lo = min(firstSample[f], lastSample[f]) - eps, hi = max(firstSample[f], lastSample[f]) + eps
        var laterStates: MovingStateSampler? = nil
        // The phase's sampler, at its last time: it goes on to the first check when that is not
        // earlier (the same bits as a new sampler's, MovingStateSampler; a new one made a whole
        // moving state and every entry's change spans again).
        var phaseSampler: MovingStateSampler? = consume sampler
        // An instant showing the bits of the last one (which passed) has the same driver value,
        // so the same inverse instant, and passes again: the pause before a pop shows the
        // phase's end state at every sample.
        var want: [Double] = []
        for (k, t) in checks.enumerated() {
            let at = min(t, duration - 1e-9)
            let same: Bool
            if k < increasing, laterStates != nil {
                laterStates!.advance(to: at)
                same = !sceneFeatures.update(&want, to: laterStates!.state, changed: laterStates!.changed)
            } else if k < increasing {
                if at >= times.last!, phaseSampler != nil {
                    laterStates = phaseSampler.take()
                    laterStates!.advance(to: at)
                } else {
                    laterStates = MovingStateSampler(sim, at: at)
                }
                want = sceneFeatures(laterStates!.state)
                same = false
            } else {
                let x = sceneFeatures(at)
                same = sameBits(x, want)
                want = x
            }
            if same { continue }
            guard want[f] >= lo, want[f] <= hi else { return nil }
            let got = sceneFeatures(inverse.time(want[f]))
            guard sceneFeatures.stillFinite, got.count == want.count, zip(got, want).allSatisfy({ abs($0 - $1) <= eps }) else { return nil }
        }
        // The driver's inverse over the phase from a dense table, interpolated in driver space
        // where the state is smooth: the fitter then runs no simulation.
        let innerFromTable = inverse.tableInverse(
            start: a.start, span: a.duration, count: max(n, Int((a.duration * denseRate).rounded(.up))), readMany: readMany)
        // The later driver, densely, for the fitter.
        let later = max(1, Int(((duration - end) * denseRate).rounded(.up)))
        let laterTimes = (0...later).map { end + (duration - end) * Double($0) / Double(later) }
        let laterDriver = readMany?(laterTimes) ?? laterTimes.map(driver)
        @Sendable func remap(_ t: Double) -> Double {
            guard t > end else { return t }
            let x = min(Double(later), (t - end) / (duration - end) * Double(later))
            let k = min(later - 1, Int(x))
            let v = laterDriver[k] + (laterDriver[k + 1] - laterDriver[k]) * (x - Double(k))
            return innerFromTable(v)
        }
        // Every number's speed; the corners' (px) dominate opacity's (at most a few per second).
        // The largest of |y − x| · n / duration over every step and number is the largest step's:
        // rounding keeps a · n / duration's order (monotone in a ≥ 0), and NaN steps count in neither.
        let maxSpeed = largestStep * Double(n) / a.duration
        // Finite differences miss a little of the peak: half the screen budget for the remap.
        let tol = screenTolerance / 2 / max(maxSpeed, 1)
        var breakpoints = [0, end]
        for p in sim.timeline.phases where p.start > end { breakpoints += [p.start, p.end] }
        breakpoints.append(sim.timeline.duration)
        breakpoints = Array(Set(breakpoints.filter { $0 >= 0 && $0 <= sim.timeline.duration })).sorted()
        let exact = ExactTrack<Double>(
            breakpoints: breakpoints,
            pieces: Array(repeating: .moving, count: breakpoints.count - 1),
            value: remap)
        let track = FittingReducer(rules: rules).keyframes(for: exact, measure: .magnitude(tolerance: tol))
        return Retrace(sourceEnd: end, remap: track, maxSpeed: maxSpeed, timeTolerance: tol)
    }
}

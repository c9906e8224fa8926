import Simulation

// One moving layer as SubtreeRetrace.detect's candidate: its driver, the run, the inverse and the
// loose pass's steps, made once (the exit below and the search read the same one). A candidate
// leads to a set only when its own layer stays in it, loosely then exactly, at every sample
// outside the run; whether it does reads that layer's rows and the exact simulation alone, not
// the other layers nor which layers earlier candidates covered. So when no moving layer stays in
// its own candidate's set, every candidate the search would take fails and nothing is found: the
// other layers' loose and exact checks are not made (most of the 2D batch's loose pass, none of
// whose exports finds a set: BENCHMARKS.md#subtree39-the-candidates-own-layer-first-same-bytes-2026-12-06).

extension SubtreeRetrace {
    struct Candidate {
        let layer: Int, feature: Int
        let run: ClosedRange<Int>
        /// The driver at every sample, its inverse on the run, and the samples outside the run.
        let values: [Double]
        let inner: RetraceDriver
        let outside: [Int]
        /// The loose pass's instant at each outside sample.
        let steps: [SubtreeRetraceSamples.LooseStep]
        /// The inverse's instants the own layer's exact check found: the search's exact pass asks
        /// for the same ones in the same order (each a regula falsi on the simulation).
        let instants = Instants()
    }

    /// A candidate's inverse instants at its first `checked` outside samples: the instant at
    /// outside position o is that of the last change at or before o (the driver rests through
    /// most of them, and an append per sample cost more than it saved).
    final class Instants {
        var changes: [(from: Int, t: Double)] = [], checked = 0

        /// The instants of `changes` and `checked`, read at outside positions in increasing order.
        struct Reader {
            let changes: [(from: Int, t: Double)], checked: Int
            var next = 0
            /// The instant at outside position o, when known.
            mutating func instant(at o: Int) -> Double? {
                guard o < checked else { return nil }
                while next + 1 < changes.count, changes[next + 1].from <= o { next += 1 }
                return changes[next].t
            }
        }

        var reader: Reader { Reader(changes: changes, checked: checked) }
    }

    /// Layer i's candidate, or nil when it has no driver or the driver does not move outside its
    /// run (nothing to save).
    /// (`sim`: the detection's simulation, shared by its candidates' inverse readers.)
    static func candidate(_ i: Int, _ sim: SharedSimulation, _ samples: SubtreeRetraceSamples, times: [Double], eps: Double) -> Candidate? {
        let ranges = samples.ranges(i)
        guard
            let d = driver(
                features: samples.width[i], series: { samples.series(i, $0) }, range: { ranges[$0] },
                run: { c, lo, hi in samples.earliestRun(i, c, lo: lo, hi: hi, eps: eps) }, eps: eps)
        else { return nil }
        // A visibility driver never moves outside its run: its numbers are 0 or 1, so the run's
        // ends are too, and no 0 or 1 is strictly between lo + eps and hi − eps (eps > 0). Most
        // of the 2D batch's candidates end here: their corners overshoot (no run at rest) and a
        // layer shown or hidden in one step has the widest run left (BENCHMARKS.md#det46-why-no-retrace-is-found-and-two-cheaper-refusals-same-bytes-2026-12-06).
        guard d.feature != Retrace.visibilityFeature else { return nil }
        let run = d.run
        // Nothing to save unless the driver moves outside its run: read in place (the run's
        // ends are the inverse's lo and hi), before any series, copy or reader is made (most
        // candidates stop here).
        let start = samples.value(i, run.lowerBound, d.feature), end = samples.value(i, run.upperBound, d.feature)
        let lo = min(start, end), hi = max(start, end)
        guard samples.anyStrictlyBetween(i, d.feature, outside: run, lo + eps, hi - eps) else { return nil }
        let values = samples.series(i, d.feature)
        let read = RetraceDriver.reader(sim, layer: i, feature: d.feature)
        let inner = RetraceDriver(read: read, times: Array(times[run]), values: Array(values[run]))
        // Both written in place (an append per sample checked the array's uniqueness and room).
        let outsideCount = times.count - run.count
        let outside = [Int](unsafeUninitializedCapacity: outsideCount) { out, made in
            for k in 0..<run.lowerBound { out[k] = k }
            for k in (run.upperBound + 1)..<times.count { out[k - run.count] = k }
            made = outsideCount
        }
        // A driver value with the last one's bits (at rest) has its samples and fraction: the
        // run's binary search was most of the detection's own cost.
        let steps = [SubtreeRetraceSamples.LooseStep](unsafeUninitializedCapacity: outsideCount) { out, made in
            var lastValue: UInt64? = nil, (a, b, u) = (0, 0, 0.0)
            for (o, k) in outside.enumerated() {
                if lastValue != values[k].bitPattern {
                    (a, b, u) = inner.interpolation(inner.clamped(values[k]))
                    lastValue = values[k].bitPattern
                }
                (out.baseAddress! + o).initialize(to: .init(x: run.lowerBound + a, y: run.lowerBound + b, k: k, u: u))
            }
            made = outsideCount
        }
        return Candidate(layer: i, feature: d.feature, run: run, values: values, inner: inner, outside: outside, steps: steps)
    }

    /// Whether candidate c's own layer stays in its set: loosely close at every step (the
    /// search's loose pass keeps it only then), then equal to the exact state at the inverse at
    /// every outside sample, as the search's exact pass checks it (an instant and sample row
    /// found equal before are equal again). The loose check is asked of the samples directly:
    /// LooseMisses keeps answers for the layers of one set of steps, and each layer's own check
    /// is made once (a LooseMisses per candidate, and comparing the steps, cost more than it kept).
    static func ownLayerStays(_ c: Candidate, _ samples: SubtreeRetraceSamples, _ exactStates: StateFeatures, eps: Double) -> Bool {
        guard samples.firstLooseMiss(c.layer, c.steps, from: 0, through: c.steps.count - 1) == nil else { return false }
        var equalAt: (time: UInt64, row: Int32)? = nil
        // A driver value with the last one's bits has its instant (the inverse is a function of
        // it; the driver rests through most outside samples): its regula falsi was half of this.
        var lastValue: UInt64? = nil, t = 0.0
        var changes: [(from: Int, t: Double)] = [], checked = 0
        defer { (c.instants.changes, c.instants.checked) = (changes, checked) }
        for (o, k) in c.outside.enumerated() {
            if lastValue != c.values[k].bitPattern {
                t = c.inner.time(c.inner.clamped(c.values[k]))
                lastValue = c.values[k].bitPattern
                changes.append((o, t))
            }
            checked = o + 1
            let key = (time: t.bitPattern, row: samples.row(c.layer, k))
            if let last = equalAt, last == key { continue }
            guard exactStates.withFeatures(exactStates.entry(at: t), c.layer, { samples.equal($0, c.layer, k, eps) }) else { return false }
            equalAt = key
        }
        return true
    }

    /// Whether some moving layer's candidate keeps its own layer: detect's exit (nothing is found
    /// when none does).
    static func someOwnLayerStays(
        _ moving: [Int], _ candidate: (Int) -> Candidate?, _ samples: SubtreeRetraceSamples, _ exactStates: StateFeatures, eps: Double
    ) -> Bool {
        moving.contains { i in candidate(i).map { ownLayerStays($0, samples, exactStates, eps: eps) } ?? false }
    }

    /// `someOwnLayerStays` on detect's grid; nil when detect samples nothing.
    static func someOwnLayerStays(_ sim: Simulation) -> Bool? {
        guard let (times, eps) = grid(sim), let samples = SubtreeRetraceSamples(sim, times: times, eps: eps) else { return nil }
        let shared = SharedSimulation(sim)
        return someOwnLayerStays(
            sim.layers.indices.filter { samples.moves[$0] }, { candidate($0, shared, samples, times: times, eps: eps) }, samples,
            StateFeatures(sim), eps: eps)
    }
}

import Motion
import Simulation
import TransitionModel

// SubtreeRetrace.detect on per-sample rows of per-layer arrays, as it was before the flat
// columns (SubtreeRetraceSamples.swift): taken when a layer's count of numbers changes between
// samples (none does today), and the reference the columns' path is tested against.

extension SubtreeRetrace {
    /// `detect` on rows. For each moving layer not yet covered (in index order), its driver: the number with the
    /// widest sweep that one strictly monotone run of 120 Hz samples, at rest at both ends,
    /// covers entirely (its minimum to its maximum over the loop). The layers whose every sample equals the state at
    /// the driver's inverse on that run form the set; the largest set wins. Nil when no set
    /// moves outside its run (nothing to save) or when every moving layer is in it.
    static func detectFromRows(_ sim: Simulation, rules: PlayerRules, screenTolerance: Double) -> SubtreeRetrace? {
        guard let (times, eps) = grid(sim) else { return nil }
        // A sample keeps a layer's compared numbers only where they differ from the first sample's
        // (the rest share the first's storage): a whole SceneState, or every layer's numbers, per
        // 120 Hz sample (226 layers in flip-edge-pan) raised the default run's peak memory by half.
        let first = sim.state(at: times[0])
        let firstFeats = sim.layers.indices.map { features(first, $0) }
        var moves = [Bool](repeating: false, count: sim.layers.count)
        var feats: [[[Double]]] = []
        feats.reserveCapacity(times.count)
        // A layer still on screen gives its first numbers at every sample (the same bits): only
        // the others are read (MovingState, their numbers as in `sim.state(at:)`).
        // A buffer is kept (and a new one made) only when the numbers differ from the first's;
        // else it is reused. Each kept buffer holds 11 numbers, as before (peak memory).
        var f: [Double] = []
        f.reserveCapacity(11)
        for t in times {
            let s = sim.movingState(at: t)
            var row = firstFeats
            for (k, i) in s.layers.enumerated() {
                f.removeAll(keepingCapacity: true)
                Retrace.appendFeatures(s, k, to: &f)
                if f.count != firstFeats[i].count || Self.anyApart(f, firstFeats[i], eps) {
                    row[i] = f
                    moves[i] = true
                    f = []
                    f.reserveCapacity(11)
                }
            }
            feats.append(row)
        }
        let moving = sim.layers.indices.filter { moves[$0] }
        guard moving.count >= 2 else { return nil }
        // Many candidates' inverses land on the same instants (a driver at rest at either end of
        // its run maps to the run's end sample): each instant's state is built once.
        let exactStates = StateFeatures(sim)
        var covered = Set<Int>()
        var best: Found? = nil
        for i in moving where !covered.contains(i) {
            guard let d = driver(feats.map { $0[i] }, eps: eps) else { continue }
            let values = feats.map { $0[i][d.feature] }
            let run = d.run
            let inner = RetraceDriver(read: RetraceDriver.reader(sim, layer: i, feature: d.feature), times: Array(times[run]), values: Array(values[run]))
            let outside = times.indices.filter { !run.contains($0) }
            // Nothing to save unless the driver moves outside its run.
            guard outside.contains(where: { values[$0] > inner.lo + eps && values[$0] < inner.hi - eps }) else { continue }
            // First without simulating (the run's samples interpolated, 1 px / 0.01 loose), then exactly.
            // Membership by flag and a list in index order (a Set's iteration and removal per
            // outside sample was most of this loop's cost); each layer is kept or dropped alone.
            var alive = moving
            var inSet = [Bool](repeating: false, count: sim.layers.count)
            for j in moving { inSet[j] = true }
            for k in outside where inSet[i] {
                let (a, b, u) = inner.interpolation(inner.clamped(values[k]))
                let xs = feats[run.lowerBound + a], ys = feats[run.lowerBound + b], wants = feats[k]
                alive.removeAll { j in
                    let close = Self.looselyClose(xs[j], ys[j], u, wants[j])
                    if !close { inSet[j] = false }
                    return !close
                }
            }
            var set = Set(alive)
            for k in outside where set.contains(i) {
                let e = exactStates.entry(at: inner.time(inner.clamped(values[k])))
                for j in set where !Self.equal(exactStates.features(e, j), feats[k][j], eps) { set.remove(j) }
            }
            covered.formUnion(set)
            covered.insert(i)
            let larger = set.count > (best?.layers.count ?? 0)
            guard set.contains(i), moving.count > set.count, larger else { continue }
            best = Found(layers: set, driverLayer: i, feature: d.feature, inverse: inner)
        }
        guard let best else { return nil }
        return fitted(sim, best, still: Set(sim.layers.indices).subtracting(moving), times: times, rules: rules, eps: eps, screenTolerance: screenTolerance)
    }

}

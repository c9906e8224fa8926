import Simulation
// Whether a group of projected paths moves over an interval's grid: today's fit keys a still
// group once (ProjectionSampler+Keys.swift); its budget start asks first, for every group.
import TransitionModel

extension ProjectionSampler {
    /// Whether nothing of the group moves over the grid (8 probes): then it has one key.
    func stillOver(_ states: ProjectionGrid, _ members: [Int], _ right: Sample) -> Bool {
        (1...8).allSatisfy { samplePaths(states, $0 * (states.count - 1) / 8, members) == right.paths }
    }

    /// `stillOver(states, members, right)` given the group's paths at the last grid time (`end`,
    /// made for its count), the same answer with fewer paths made: each probe is an equality of
    /// pure functions, so their conjunction is taken in another order: the last (k = count − 1,
    /// its paths known) first, then down; and a probe whose members' layers keep their projection
    /// and state bit for bit (ProjectionGrid.repeats) from it up to the probe after has that
    /// probe's paths, so its answer (a still group's eight probes were 80 % of budgetStart's
    /// `samplePaths` in the 3D mix).
    func stillOver(_ states: ProjectionGrid, _ members: [Int], _ right: Sample, end: [BezierPath]) -> Bool {
        let last = states.count - 1
        guard end == right.paths else { return false }
        var layers: [Int] = []
        for n in members where !layers.contains(specs[n].layer) { layers.append(specs[n].layer) }
        // `above`: the probe after, whose answer is known (true).
        var above = last
        for j in stride(from: 7, through: 1, by: -1) {
            let k = j * last / 8
            var t = k + 1
            while t <= above, layers.allSatisfy({ states.repeats(t, $0) }) { t += 1 }
            if t <= above, samplePaths(states, k, members) != right.paths { return false }
            above = k
        }
        return true
    }
}

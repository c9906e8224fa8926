import FoundationEssentials
import Glibc
import Platform
import Simulation
// Each breakpoint interval's grid states (ProjectionGrid), made once per prepared sampler and read
// by every fit of it: today's keys, the factored ones (plane by plane, then whole groups) and
// Lottie's moving planes sample the same grid times, and each simulated them again (flip-edge-pan:
// 1.0 G instructions; BENCHMARKS.md#the-3d-grid-at-the-density-it-needs-2026-12-04).
import TransitionModel

/// One interval's grid times (the last one just before the next breakpoint) and their states,
/// with the drawn paths made (ProjectionGrid.drawPaths).
struct IntervalGrid {
    let times: [Double]
    let states: ProjectionGrid
}

/// The intervals' grids, each made by the first fit that reads it and kept while they hold under
/// `budget` bytes (all of flip-edge-pan's took its default run over 60 MB; a grid over the budget
/// is made by each fit that reads it, as before). Shared by the copies of one prepared sampler
/// (ProjectionPreparation: same layers, specs and levels, so the same numbers); locked, as
/// intervals are fitted on every core.
///
/// Between `holdSpare` and `dropSpare` (the factored fit and today's keys under its budget, read
/// one after the other), the largest grid over the budget is also kept, one grid:
/// flip-edge-pan's 925-time grid (7 MB) was made by the factored fit and again by today's
/// budget start, 3.5 % of its instructions; the fit that made it held more than the grid.
final class ProjectionIntervalGrids: @unchecked Sendable {
    private let lock = Lock()
    private var grids: [Double: IntervalGrid] = [:]
    private var makes = 0, bytes = 0
    /// The spare (over the budget) and its bytes; whether one is kept now.
    private var spare: (c0: Double, grid: IntervalGrid, bytes: Int)? = nil
    private var holding = false
    let budget: Int

    init(budget: Int = ProjectionIntervalGrids.budget) { self.budget = budget }

    /// The bytes of grids kept per prepared sampler.
    static let budget = 3 << 20

    /// How many grids were made (tests: once per interval while under the budget).
    var made: Int { lock.withLock { makes } }

    /// The grid of the interval starting at breakpoint c0, made by `make` when not kept.
    /// Made outside the lock (other intervals' grids are made meanwhile); should two fits make the
    /// same one at once, the first kept is kept (equal numbers either way).
    func grid(startingAt c0: Double, make: () -> IntervalGrid) -> IntervalGrid {
        if let known = lock.withLock({ grids[c0] ?? (spare?.c0 == c0 ? spare?.grid : nil) }) { return known }
        let grid = make()
        return lock.withLock {
            makes += 1
            if let known = grids[c0] { return known }
            let size = grid.states.byteCount
            guard bytes + size <= budget else {
                if holding, size > spare?.bytes ?? 0 { spare = (c0, grid, size) }
                return grid
            }
            grids[c0] = grid
            bytes += size
            return grid
        }
    }

    /// From now on the largest grid over the budget made is kept, until `dropSpare`.
    func holdSpare() { lock.withLock { holding = true } }

    /// The spare freed; none kept from now on.
    func dropSpare() {
        lock.withLock {
            holding = false
            spare = nil
        }
    }

    /// Whether a spare grid is held (tests).
    var holdsSpare: Bool { lock.withLock { spare != nil } }
}

extension ProjectionSampler {
    /// Interval n's grid (from cuts[n] up to cuts[n + 1]): the shared one when the sampler has
    /// `intervalGrids`, else made here.
    func intervalGrid(_ n: Int, _ cuts: [Double], end: Double) -> IntervalGrid {
        guard let intervalGrids else { return makeIntervalGrid(n, cuts, end: end) }
        return intervalGrids.grid(startingAt: cuts[n]) { makeIntervalGrid(n, cuts, end: end) }
    }

    /// The grid times of interval n, cuts[n] first and the value just before cuts[n + 1] last,
    /// and their states reduced to what `sample` reads as each is made (ProjectionGrid).
    func makeIntervalGrid(_ n: Int, _ cuts: [Double], end: Double) -> IntervalGrid {
        let c0 = cuts[n]
        var times = [c0]
        if n + 1 < cuts.count {
            let c1 = cuts[n + 1]
            times += Self.gridTimes(from: c0, to: c1, end: end) + [c1.nextDown]
        }
        var states = grid(times, end: end)
        states.drawPaths(self)
        return IntervalGrid(times: times, states: states)
    }
}

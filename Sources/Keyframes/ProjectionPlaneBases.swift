import FoundationEssentials
import Glibc
import Motion
import Platform
// What `factorInterval` finds of a plane over one interval before any tolerance (and the planes
// `planeFactors` finds before its groups' rule): A's x-scale and
// translation at each grid time, its exact inverse, where the plane is seen edge-on, and the
// widest x of its members' R points (A's share of the tolerance is spread over it). The SVG fit
// (0.5 px) and Lottie's fit of the moving planes (0.4 px) found the same numbers for the cube's
// faces, each sampling every member's R at every grid time for the width alone. Kept per prepared
// sampler, under a small budget, from the SVG fit until Lottie's is done (ReductionInputs).
import TransitionModel

/// One plane's tolerance-free numbers over one interval (ProjectionSampler.factorInterval).
struct PlaneBase {
    /// Per grid time: A's x-scale, its translation (x, y), its exact inverse and whether edge-on.
    var scaleX: [Double]
    var translation: [Double]
    var inverse: [PlaneProjection]
    var edgeOn: [Bool]
    /// The widest |x| of the members' R points over the grid times (at least 1).
    var width: Double
    /// The members' R points at one grid time (as many at every time).
    var pointCount: Int

    /// About the bytes it holds.
    var byteCount: Int {
        (scaleX.count + translation.count) * 8 + inverse.count * MemoryLayout<PlaneProjection>.stride + edgeOn.count
    }
}

/// The plane bases of one prepared sampler's factored fits, kept while they hold under `budget`
/// bytes; locked, as intervals are fitted on every core.
final class ProjectionPlaneBases: @unchecked Sendable {
    /// What a base depends on besides the prepared sampler (its layers, specs, levels and grids):
    /// the interval (its first grid time and its grid's count), the plane (its reference layer),
    /// its members (indices in `specs`) and whether ellipses are sampled as arcs of their image.
    struct Key: Hashable {
        var start: Double
        var count: Int
        var plane: Int
        var members: [Int]
        var imageArcs: Bool
    }

    private let lock = Lock()
    private var bases: [Key: PlaneBase] = [:]
    /// The planes found before the groups' rule over some coarse times (ProjectionSampler.planeCandidates).
    private var planes: (times: [Double], end: Double, factors: PlaneFactors)?
    private var bytes = 0, reads = 0
    let budget: Int

    init(budget: Int = ProjectionPlaneBases.budget) { self.budget = budget }

    /// The bytes of bases kept per prepared sampler: the cube's faces over its intervals hold
    /// ~200 KB; flip-edge-pan's 925-time interval ~90 KB a plane.
    static let budget = 1 << 19

    /// The base kept under `key`, if any.
    func base(_ key: Key) -> PlaneBase? {
        lock.withLock {
            let known = bases[key]
            if known != nil { reads += 1 }
            return known
        }
    }

    /// Keeps `base` under `key` while the kept bytes stay within the budget.
    func keep(_ key: Key, _ base: PlaneBase) {
        let size = base.byteCount
        lock.withLock {
            guard bases[key] == nil, bytes + size <= budget else { return }
            bases[key] = base
            bytes += size
        }
    }

    /// The planes kept by `keepCandidates` for these times, if any.
    func candidates(times: [Double], end: Double) -> PlaneFactors? {
        lock.withLock { planes.flatMap { $0.end == end && $0.times == times ? $0.factors : nil } }
    }

    /// Keeps a fit's planes before the groups' rule (a few entries) for the next fit.
    func keepCandidates(_ factors: PlaneFactors, times: [Double], end: Double) {
        lock.withLock { planes = (times, end, factors) }
    }

    /// Frees every base (the fits that read them are done).
    func drop() {
        lock.withLock {
            bases = [:]
            bytes = 0
            planes = nil
        }
    }

    /// How many bases are kept, and how many times one was found (tests).
    var count: Int { lock.withLock { bases.count } }
    var found: Int { lock.withLock { reads } }
}

// The number a retrace is found through (Retrace.swift, SubtreeRetrace.swift): one that moves
// strictly monotonically over a run of 120 Hz samples, and its inverse, exactly (regula falsi on
// the simulation) or from a dense table (linear in driver space, for the fitter: no simulation).
import Motion
import Simulation
import TransitionModel

struct RetraceDriver: Sendable {
    /// The driver at a time of the loop, on the exact simulation.
    let read: @Sendable (Double) -> Double
    /// The run's sample times and the driver there (strictly monotone).
    let times: [Double], values: [Double]

    var rising: Bool { values.last! > values[0] }
    var lo: Double { min(values[0], values.last!) }
    var hi: Double { max(values[0], values.last!) }

    func clamped(_ v: Double) -> Double { min(hi, max(lo, v)) }

    /// The index k with v between ds[k - 1] and ds[k] (ds monotone, as `rising` says).
    func bracket(_ v: Double, _ ds: [Double]) -> Int {
        var lo = 0, hi = ds.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if (ds[mid] < v) == rising { lo = mid } else { hi = mid }
        }
        return hi
    }

    /// The run's samples around v and the fraction between them.
    func interpolation(_ v: Double) -> (Int, Int, Double) {
        let k = bracket(v, values)
        let d = values[k] - values[k - 1]
        return (k - 1, k, d == 0 ? 0 : min(1, max(0, (v - values[k - 1]) / d)))
    }

    /// The run's instant whose driver value is v, on the exact simulation.
    func time(_ v: Double) -> Double {
        let k = bracket(v, values)
        return Retrace.solve(v, t0: times[k - 1], t1: times[k], f0: values[k - 1] - v, f1: values[k] - v, driver: read)
    }

    /// `time` from the driver read at `count` + 1 even steps of [start, start + span] (the run),
    /// linear between them. `readMany`: `read` at each of a list of times, when it has a cheaper
    /// way (`values(_:layer:feature:at:)`: the dense table's times increase).
    func tableInverse(start: Double, span: Double, count: Int, readMany: (([Double]) -> [Double])? = nil) -> @Sendable (Double) -> Double {
        let denseTimes = (0...count).map { start + span * Double($0) / Double(count) }
        let dense = readMany?(denseTimes) ?? denseTimes.map(read)
        let driver = self
        return { v in
            let k = driver.bracket(v, dense)
            let d = dense[k] - dense[k - 1]
            let u = d == 0 ? 0 : min(1, max(0, (v - dense[k - 1]) / d))
            return denseTimes[k - 1] + (denseTimes[k] - denseTimes[k - 1]) * u
        }
    }

    /// Feature `feature` of layer i at a time, from the layer's ancestor chain alone
    /// (Simulation.corners(of:at:) for a corner coordinate, the first 8; else
    /// Simulation.layerState(_:at:)): the same numbers as `Retrace.features(sim.state(at: t), i)`.
    static func reader(_ sim: Simulation, layer: Int, feature: Int) -> @Sendable (Double) -> Double {
        { t in value(sim, layer: layer, feature: feature, at: t) }
    }

    /// `reader` of the shared simulation: the closure holds one reference, not a copy of the
    /// Simulation (each of its stored references retained, and released with the closure), which
    /// SubtreeRetrace made for every candidate whose driver moves outside its run. (Read through
    /// the shared closure: `shared.sim` read at each call cost ~110 instructions a read.)
    static func reader(_ shared: SharedSimulation, layer: Int, feature: Int) -> @Sendable (Double) -> Double {
        let value = shared.value
        return { t in value(layer, feature, t) }
    }

    /// `reader(sim, layer:feature:)`'s value at each of `times`, read from one LayerSubsetSampler
    /// of the layer and its ancestors: at increasing times it recomputes only the entries whose
    /// tracks can have changed (none while the layer rests), and its state is `state(at:)`'s for
    /// those layers, as `value` is (any other time is evaluated whole, the same numbers). Reading
    /// each time alone built the ancestor chain and every link's state at ~6 K instructions a
    /// read: most of flip-push's retrace and of flip-edge-pan's subtree fit (their dense tables).
    static func values(_ sim: Simulation, layer: Int, feature: Int, at times: [Double]) -> [Double] {
        guard let t0 = times.first else { return [] }
        var sampler = LayerSubsetSampler(sim, sim.subset([layer]), at: t0)
        let f = UnsafeMutablePointer<Double>.allocate(capacity: Retrace.maxFeatureCount)
        defer { f.deallocate() }
        return times.map { t in
            sampler.advance(to: t)
            return value(sampler.state, layer: layer, feature: feature, scratch: f)
        }
    }

    /// `value`'s number from a subset state holding the layer: a corner as `corners(of:)` makes
    /// it (Transform3D.apply(to:) on the bounds' corner), the rest as `Retrace.appendFeatures`.
    @inline(__always)
    private static func value(_ s: LayerSubsetState, layer: Int, feature: Int, scratch: UnsafeMutablePointer<Double>) -> Double {
        let k = s.subset.entry[layer]
        return s.states.withUnsafeBufferPointer { states in
            let state = states.baseAddress! + k
            guard feature < 8 else {
                _ = Retrace.writeFeatures(state, s.boundsToScreen[k], s.effectiveOpacity[k], s.visible[k], to: scratch)
                return scratch[feature]
            }
            let size = state.pointee.size
            let corner: Point
            switch feature / 2 {
            case 0: corner = Point(0, 0)
            case 1: corner = Point(size.width, 0)
            case 2: corner = Point(size.width, size.height)
            default: corner = Point(0, size.height)
            }
            let c = s.boundsToScreen[k].apply(to: corner)
            return feature % 2 == 0 ? c.x : c.y
        }
    }

    @inline(__always)
    fileprivate static func value(_ sim: Simulation, layer: Int, feature: Int, at t: Double) -> Double {
        // The drawn opacity from the chain's opacities alone (layerState's number, Simulation.effectiveOpacity).
        if feature == Retrace.opacityFeature { return sim.effectiveOpacity(of: layer, at: t) }
        guard feature < 8 else {
            // The layer's numbers from its ancestor chain alone, as in `sim.state(at: t)`.
            var f: [Double] = []
            Retrace.appendFeatures(sim.layerState(layer, at: t), 0, to: &f)
            return f[feature]
        }
        let c = sim.corners(of: layer, at: t)[feature / 2]
        return feature % 2 == 0 ? c.x : c.y
    }
}

/// One simulation read by many drivers' readers (a detection's candidates): `value(layer,
/// feature, t)` is `RetraceDriver.reader(sim, layer:feature:)`'s read, the simulation captured once.
final class SharedSimulation: Sendable {
    let value: @Sendable (Int, Int, Double) -> Double
    init(_ sim: Simulation) { value = { RetraceDriver.value(sim, layer: $0, feature: $1, at: $2) } }
}

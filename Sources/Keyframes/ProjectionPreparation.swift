import Motion
import Simulation
// What every fit of one simulation's projected layers starts from, made once per ReductionInputs:
// the sampler with its curve levels chosen, the layers' groups and picture cells. The cube's
// Lottie fit (ReductionInputs.lottieFactored) made all of it a second time, the levels' search
// being 6 % of a flip's instructions.
import TransitionModel

struct ProjectionPreparation: Sendable {
    /// Its levels chosen over `coarse` (ProjectionSampler.chooseLevels).
    let sampler: ProjectionSampler
    let end: Double
    /// The breakpoints and 30 Hz: where the levels are chosen and the planes found.
    let coarse: [Double]
    /// The layers' groups at t = 0, an edge-on pair judged at the first coarse time both are
    /// areas (ProjectionSampler.groups).
    let groups: [[Int]]
    /// Each projected layer's picture cells (the same for every fit).
    let pictureCells: [Int: [PictureCell]]

    /// nil when nothing is projected.
    init?(_ simulation: Simulation) {
        var sampler = ProjectionSampler(simulation)
        guard !sampler.isEmpty else { return nil }
        let end = simulation.timeline.duration
        let coarse = Array(Set(sampler.breakpoints(end: end) + stride(from: 0, to: end, by: 1.0 / 30).map { $0 })).sorted()
        sampler.chooseLevels(times: coarse, end: end)
        sampler.intervalGrids = ProjectionIntervalGrids()
        sampler.planeBases = ProjectionPlaneBases()
        self.sampler = sampler
        self.end = end
        self.coarse = coarse
        groups = sampler.groups(at: simulation.state(at: 0), later: Array(coarse.dropFirst()), end: end)
        pictureCells = Dictionary(uniqueKeysWithValues: sampler.layers.map { ($0.index, sampler.pictureCells($0.index, end: end)) })
    }

    /// Today's keys and, with `factored`, the same with factored flips (ProjectionFactored.swift;
    /// nil when no plane qualifies). Today's are nil when the factored ones are fewer characters
    /// for sure (ProjectionKeyBudget.swift).
    func projectedLayers(factored: Bool) -> (today: [ProjectedLayer?]?, factored: [ProjectedLayer?]?) {
        // Both fits read every interval's grid, one after the other: the largest over the grids'
        // budget is kept between them (ProjectionIntervalGrids.holdSpare), unless no plane was
        // factored (today's fit alone reads the grids then).
        let grids = factored ? sampler.intervalGrids : nil
        grids?.holdSpare()
        defer { grids?.dropSpare() }
        let planes = factored ? factoredLayers() : nil
        if planes == nil { grids?.dropSpare() }
        // With factored keys, today's are fitted only while they may be the fewer characters.
        guard let keys = sampler.keyframes(groups, end: end, budget: planes.map { ProjectionKeyBudget(limit: FactoredProjection.characters($0)) })
        else { return (nil, planes) }
        var out = sampler.assemble(Array(zip(groups, keys.frames)), axes: keys.axes)
        for (i, _) in sampler.layers { out[i]?.pictureCells = pictureCells[i] ?? [] }
        return (out, planes)
    }

    /// Frees what the factored fits kept for a later one (ProjectionPlaneBases): none follows.
    func dropPlaneBases() { sampler.planeBases?.drop() }

    /// The factored layers alone, fitted within `interpolation` (Lottie's moving planes:
    /// ProjectionTolerance.lottieMovingPlanes), by a sampler drawing ellipses as arcs of their image;
    /// with `perLayer`, each layer's paths keyed on their own (ProjectionSampler.perLayer).
    func factoredLayers(interpolation: Double = ProjectionTolerance.interpolation, perLayer: Bool = false) -> [ProjectedLayer?]? {
        var arcs = sampler
        arcs.imageArcs = true
        return arcs.factoredLayers(
            perLayer ? sampler.perLayer(groups) : groups, coarse: coarse, end: end, pictureCells: pictureCells,
            interpolation: interpolation)
    }
}

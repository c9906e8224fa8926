import Motion
import Simulation
// The gradient axes of today's (host-space) keys: each gradient's axis and visible area read per
// grid time, and its keys fitted by GradientAxisFitter. Today's fit under a key budget fits and
// spends them before any path (ProjectionSampler+Keys.swift, docs/smil.md "An estimate of today's keys").
import TransitionModel

extension ProjectionSampler {
    /// One moving group's gradients (positions in `members`) with their axes and visible areas at
    /// every grid time: what `gradientKeys` fits.
    typealias GradientReads = (gradients: [Int], axes: [[GradientAxis]], areas: [[Rect?]])

    /// `groupGrid`'s gradient axis keys alone (nil when no member has a gradient), each
    /// gradient's told to `spend` as it is made; the rest are not made once `spend` is false.
    func gradientKeys(
        _ members: [Int], _ right: Sample, _ states: ProjectionGrid, _ times: [Double], fit: ProjectionFitter,
        spend: ([(Int, Keyframe<GradientAxis>)]) -> Bool
    ) -> [(Int, Keyframe<GradientAxis>)]? {
        gradientReads(members, right, states).map { gradientKeys(members, $0, times, fit: fit, spend: spend) }
    }

    /// The gradients' reads over the grid (nil without a gradient).
    func gradientReads(_ members: [Int], _ right: Sample, _ states: ProjectionGrid) -> GradientReads? {
        let gradients = members.indices.filter { right.axes[$0] != nil }
        if gradients.isEmpty { return nil }
        var axisSamples = [[GradientAxis]](repeating: [], count: gradients.count), areas = [[Rect?]](repeating: [], count: gradients.count)
        // Only the gradients' paint paths are sampled (a group's members share their host, so the box is the same).
        let read = Set(gradients.flatMap { paintPaths(members, $0) }).sorted()
        var slot = [Int](repeating: 0, count: members.count)
        for (i, m) in read.enumerated() { slot[m] = i }
        let subset = read.map { members[$0] }
        let host = hosts[specs[subset[0]].layer]!
        // Each gradient's paint paths' places in `subset`, found once.
        let paint = gradients.map { paintPaths(members, $0).map { slot[$0] } }
        // The subset's points at one grid time, flat, and where each path's end (one buffer for every time).
        var points: [Point] = [], ends: [Int] = []
        for k in 0..<states.count {
            if k == 0 {
                readGradients(right, members, gradients, axes: &axisSamples, areas: &areas)
                continue
            }
            // `sample(states, k, subset)`'s axes and points (appendFlat: the same numbers), no path made.
            points.removeAll(keepingCapacity: true); ends.removeAll(keepingCapacity: true)
            let axes = appendFlat(
                subset, to: &points, axes: true, state: { states.layerState(k, $0) }, projection: { states.projection(k, $0) },
                appendDrawn: { states.appendDrawn(k, $0, layer: $1, by: $2, to: &$3) }, ends: { ends.append($0) })
            let box = states.box(k, host: host)
            for (x, m) in gradients.enumerated() {
                axisSamples[x].append(axes[slot[m]]!)
                // The paint paths' points in their order (`allPoints`' order, as PointBounds.add(path) reads them).
                var bounds = PointBounds()
                for p in paint[x] {
                    for q in points[(p == 0 ? 0 : ends[p - 1])..<ends[p]] { bounds.add(q) }
                }
                areas[x].append(GradientAxisFitter.visibleArea(bounds, box))
            }
        }
        return (gradients, axisSamples, areas)
    }

    /// The axis keys from a group's `reads`, gradient by gradient, each told to `spend`; the rest not
    /// made once `spend` is false.
    func gradientKeys(
        _ members: [Int], _ reads: GradientReads, _ times: [Double], fit: ProjectionFitter, spend: ([(Int, Keyframe<GradientAxis>)]) -> Bool
    ) -> [(Int, Keyframe<GradientAxis>)] {
        var keys: [(Int, Keyframe<GradientAxis>)] = []
        for (x, m) in reads.gradients.enumerated() {
            let made = axisKeys(members, [m], times: times, samples: [reads.axes[x]], areas: [reads.areas[x]], distance: fit.visible)
            keys += made
            if !spend(made) { break }
        }
        return keys
    }

    /// Appends each gradient's axis and visible area at one sample (`axisKeys`' input); `gradients`:
    /// positions in `members`; `slot`: where a position's path and axis are in the sample.
    func readGradients(
        _ s: Sample, _ members: [Int], _ gradients: [Int], axes: inout [[GradientAxis]], areas: inout [[Rect?]],
        slot: (Int) -> Int = { $0 }
    ) {
        for (x, m) in gradients.enumerated() {
            axes[x].append(s.axes[slot(m)]!)
            areas[x].append(GradientAxisFitter.visibleArea(MultiPath(paintPaths(members, m).map { s.paths[slot($0)] }), s.box))
        }
    }

    /// The positions in `members` of the paint at position m: it and its further subpaths.
    func paintPaths(_ members: [Int], _ m: Int) -> [Int] {
        Array(members.indices.drop { $0 < m }.prefix { $0 == m || specs[members[$0]].continuesPaint })
    }

    /// Each gradient's axis keys (written) over the grid times, gradient by gradient: the fewest
    /// the gradient fitter allows within `distance` and the gradient levels.
    func axisKeys(
        _ members: [Int], _ gradients: [Int], times: [Double], samples: [[GradientAxis]], areas: [[Rect?]], distance: Double
    ) -> [(Int, Keyframe<GradientAxis>)] {
        var keys: [(Int, Keyframe<GradientAxis>)] = []
        for (x, m) in gradients.enumerated() {
            let n = members[m], gradient = specs[n].gradient!
            let axisFitter = GradientAxisFitter(
                distance: distance, levels: ProjectionTolerance.gradientLevels * ProjectionTolerance.aim,
                colors: PathSpec.gradientSamples(gradient).map { PathSpec.color(of: gradient, at: $0) })
            for span in axisFitter.fit(times: times, samples: samples[x], areas: areas[x]) {
                keys.append((n, Keyframe(time: times[span.start], value: GradientAxisFitter.written(samples[x][span.start]), easing: span.easing)))
            }
        }
        return keys
    }
}

import Motion
import Simulation
// ProjectionSampler's keys (ProjectionSampler.swift holds its layers, curve levels, time grid
// and groups): each breakpoint interval's fitted keys, and the projected layers assembled from them.
import TransitionModel

extension ProjectionSampler {
    /// A key as written: every point on the writers' 0.1 grid.
    static func written(_ p: BezierPath) -> BezierPath { p.map(ProjectionFitter.onGrid) }
    static func written(_ a: GradientAxis?) -> GradientAxis? {
        a.map { GradientAxis(start: ProjectionFitter.onGrid($0.start), end: ProjectionFitter.onGrid($0.end), offsets: $0.offsets) }
    }

    /// Each group's keys over [0, end]: at every breakpoint (a hold key with the value just
    /// before it where it jumps), and between breakpoints the fewest fitted keys (ProjectionFitter).
    /// The states of the time grid are computed once for all groups. A gradient's axis gets keys
    /// of its own (GradientAxisFitter), by index in `specs`. The intervals between breakpoints
    /// are independent: they run on every core (`ParallelMap.map`) and are joined in time
    /// order, so the keys are the same on one core or many. With a `budget` (ProjectionKeyBudget.swift):
    /// nil once the keys cost more characters than it allows.
    func keyframes(
        _ groups: [[Int]], end: Double, budget: ProjectionKeyBudget? = nil
    ) -> (frames: [[Frame]], axes: [Int: [Keyframe<GradientAxis>]])? {
        let cuts = breakpoints(end: end)
        // With a budget, every interval's first keys and estimate are counted before any fit; each
        // group's counted tracks are the same in every interval (made once, not per interval).
        let tracks = budget.map { _ in groups.map(characterTracks) }
        // The gradient axes after every interval's paths (budgetAxes: the same answer).
        let starts = budget.map { b in
            let paths = ParallelMap.map(cuts.count) { n in budgetStartPaths(n, cuts, groups, end: end, budget: b, tracks: tracks) }
            return b.exceeded ? [] : ParallelMap.map(cuts.count) { n in paths[n].flatMap { budgetAxes(n, groups, $0, budget: b) } }
        }
        if let budget, budget.exceeded { return nil }
        let intervals = ParallelMap.map(cuts.count) { n in interval(n, cuts, groups, end: end, budget: budget, start: starts?[n]) }
        if let budget, budget.exceeded { return nil }
        var out = [[Frame]](repeating: [], count: groups.count)
        var axes: [Int: [Keyframe<GradientAxis>]] = [:]
        for part in intervals {
            for g in groups.indices { out[g] += part.frames[g] }
            for (n, key) in part.axes { axes[n, default: []].append(key) }
        }
        return (out, axes)
    }

    /// A group's paths, axes and box at one time (`sample`).
    typealias Sample = (paths: [BezierPath], axes: [GradientAxis?], box: Rect)

    /// One interval's keys: from breakpoint cuts[n] up to (not including) cuts[n + 1]; each
    /// gradient axis key with its index in `specs`, in the order they were made.
    /// With `factors` (FactoredProjection), their groups' keys are R's and A's keys come per
    /// plane; `failed` when A is not invertible at a grid time (then nothing is factored).
    /// `interpolation`: what is drawn stays within it (ProjectionTolerance.lottieMovingPlanes for Lottie's cube).
    /// `budget` (today's keys only): spent as keys settle; once it is exceeded the keys are meaningless;
    /// `start`: its `budgetStart`, else made here.
    func interval(
        _ n: Int, _ cuts: [Double], _ groups: [[Int]], end: Double, factors: PlaneFactors? = nil,
        interpolation: Double = ProjectionTolerance.interpolation, budget: ProjectionKeyBudget? = nil, start: BudgetStart? = nil
    ) -> (
        frames: [[Frame]], axes: [(Int, Keyframe<GradientAxis>)], planes: [Int: PlaneKeys], failed: Bool
    ) {
        let (fitter, fitterFor) = fitters(interpolation: interpolation)
        var axes: [(Int, Keyframe<GradientAxis>)] = []
        func axisKey(_ n: Int, _ t: Double, _ a: GradientAxis?, _ easing: KeyframeEasing) {
            if let a { axes.append((n, Keyframe(time: t, value: GradientAxisFitter.written(a), easing: easing))) }
        }
        func frame(_ t: Double, _ s: (paths: [BezierPath], axes: [GradientAxis?], box: Rect), _ easing: KeyframeEasing) -> Frame {
            Frame(time: t, paths: s.paths.map(Self.written), axes: s.axes.map(Self.written), easing: easing)
        }
        var out = [[Frame]](repeating: [], count: groups.count)
        // Given up before this interval's grid is read (its keys would be meaningless).
        if let budget, budget.exceeded { return (out, axes, [:], false) }
        let isOutline = groups.map { $0.map(outlines.contains) }
        let (c0, rightState, leftState, states, times) = intervalStart(n, cuts, end: end)
        var factored: FactoredInterval? = nil
        if let factors, !factors.planeOf.isEmpty {
            let tolerance = min(fitter.visible, fitter.outline) * (1 - FactoredProjection.share)
            factored = factorInterval(factors, states, times, left: leftState, first: n == 0, tolerance: tolerance)
            if factored == nil { return (out, axes, [:], true) }
        }
        var known: [(Sample, Sample?, GroupKeyCharacters?)]? = nil, estimated: [[TrackKeyWindows]?]? = nil
        var axesSpent: [[(Int, Keyframe<GradientAxis>)]?]? = nil
        if let budget {
            guard let start = start ?? budgetStart(n, cuts, groups, end: end, budget: budget) else { return (out, axes, [:], false) }
            (known, estimated, axesSpent) = (start.known, start.estimated, start.axes)
        }
        for (g, members) in groups.enumerated() {
            if let budget, budget.exceeded { break }
            if let factors, let factored, factors.planeOf[specs[members[0]].layer] != nil {
                let f = factoredGroup(
                    members, factors, factored, states, times, left: leftState, right: rightState, first: n == 0, fitter: fitter,
                    stateAt: { k in state(k + 1 < times.count || k == 0 ? times[k] : times[k].nextDown, end: end) })
                guard let f else { return (out, axes, [:], true) }
                out[g] = f.frames; axes += f.axes
                continue
            }
            let fit = fitterFor(members)
            let (right, left, spent) = known?[g] ?? (sample(rightState, members), n > 0 ? sample(leftState, members) : nil, nil)
            if let left {
                if left.paths != right.paths { out[g].append(frame(c0, left, .hold)) }
                for (m, n) in members.enumerated() where left.axes[m] != right.axes[m] { axisKey(n, c0, left.axes[m], .hold) }
            }
            func still() {
                out[g].append(frame(c0, right, .linear))
                for (m, n) in members.enumerated() { axisKey(n, c0, right.axes[m], .linear) }
            }
            guard times.count > 1 else { still(); continue }
            // Nothing of the group moves between these breakpoints: one key.
            if estimated.map({ $0[g] == nil }) ?? stillOver(states, members, right) { still(); continue }
            let spentAxes = axesSpent?[g]
            var grid = groupGrid(members, right, outlines: isOutline[g], states, times, fit: fit, gradientKeys: spentAxes)
            let layout = grid.layout, gradientKeys = grid.gradientKeys
            var keyAt: ((Int) -> Bool)? = nil
            // The keys estimated for each track (promised before any group's fit), released as the fit passes them.
            var windows = estimated?[g] ?? []
            if let budget, var spent {
                if spentAxes == nil, !budget.spend(axisCharacters(gradientKeys, countsFirst: n == 0)) { break }
                keyAt = { k in
                    budget.release(TrackKeyWindows.release(&windows, before: k))
                    guard k > 0 else { return true }  // counted with `first`
                    let (characters, changed) = spent.cost(samplePaths(states, k, members).map(Self.written))
                    return budget.spend(characters, changed: changed)
                }
            }
            let spans = fit.fit(layout, times: times, samples: grid.points, boxes: grid.boxes, keyAt: keyAt)
            grid.points = []
            if let budget { budget.release(TrackKeyWindows.release(&windows, before: .max)) }
            for span in spans {
                out[g].append(frame(times[span.start], span.start == 0 ? right : sample(states, span.start, members), span.easing))
            }
            axes += gradientKeys
        }
        return (out, axes, factored?.keys ?? [:], false)
    }

    /// The fitter whose drawn content stays within `interpolation`, and the one a group takes: a
    /// group keyed with a picture's clip keeps its edges within ProjectionTolerance.pictureEdges.
    func fitters(interpolation: Double) -> (plain: ProjectionFitter, forGroup: ([Int]) -> ProjectionFitter) {
        let plain = ProjectionFitter(
            visible: interpolation / hostScale * ProjectionTolerance.aim,
            outline: ProjectionTolerance.outline / hostScale * ProjectionTolerance.aim)
        let pictureLayers = Set(self.pictureLayers)
        let picture = ProjectionFitter(
            visible: min(interpolation, ProjectionTolerance.pictureEdges) / hostScale * ProjectionTolerance.aim,
            outline: plain.outline)
        return (plain, { [specs] members in members.contains { pictureLayers.contains(specs[$0].layer) } ? picture : plain })
    }

    /// Interval n's first cut, the states at it and just before it, and its grid (made once for
    /// every fit of this sampler: ProjectionIntervalGrids.swift), the last grid time on the next cut.
    func intervalStart(
        _ n: Int, _ cuts: [Double], end: Double
    ) -> (c0: Double, right: SceneState, left: SceneState, states: ProjectionGrid, times: [Double]) {
        let c0 = cuts[n]
        let right = state(c0, end: end)
        let left = n > 0 ? state(c0.nextDown, end: end) : right
        let grid = intervalGrid(n, cuts, end: end)
        var times = grid.times
        if times.count > 1 { times[times.count - 1] = cuts[n + 1] }
        return (c0, right, left, grid.states, times)
    }

    /// With a budget, what an interval's fit of today's keys starts from: per group its first
    /// key's sample, the one before (nil in the first interval) and its count, and per moving
    /// group its tracks' estimated windows (nil for a still group; nil when the interval has one
    /// time) and its gradient axes' keys, already spent (nil without a gradient); nil once the
    /// budget is lost. A grid over ProjectionIntervalGrids' budget is made again by the fit (kept
    /// from here, the default run's peak grew by 5 MB for 0.4 % fewer instructions).
    typealias BudgetStart = (
        known: [(Sample, Sample?, GroupKeyCharacters?)], estimated: [[TrackKeyWindows]?]?, axes: [[(Int, Keyframe<GradientAxis>)]?]?
    )

    /// `tracks`: each group's characterTracks, when made already.
    func budgetStart(
        _ n: Int, _ cuts: [Double], _ groups: [[Int]], end: Double, budget: ProjectionKeyBudget, tracks groupTracks: [[[Int]]]? = nil
    ) -> BudgetStart? {
        budgetStartPaths(n, cuts, groups, end: end, budget: budget, tracks: groupTracks).flatMap { budgetAxes(n, groups, $0, budget: budget) }
    }

    /// `budgetStart` up to its gradient axes: with the moving groups' gradient reads (nil where
    /// none) and the grid times, for `budgetAxes`.
    typealias BudgetPaths = (start: BudgetStart, reads: (times: [Double], groups: [GradientReads?])?)

    /// `budgetStart`'s second half: each moving group's gradient axes from its reads, fitted whole
    /// and spent, in the groups' order; nil once the budget is lost. `keyframes` runs it once every
    /// interval's `budgetStartPaths` is in: the budget start only adds characters, so it gives up
    /// or not as in one pass, and the axes' fits are not made where the paths already lose
    /// (flip-push's estimate passes the margin in its last interval after its first had fitted its axes).
    func budgetAxes(_ n: Int, _ groups: [[Int]], _ paths: BudgetPaths, budget: ProjectionKeyBudget) -> BudgetStart? {
        var start = paths.start
        guard let reads = paths.reads else { return start }
        let fitterFor = fitters(interpolation: ProjectionTolerance.interpolation).forGroup
        start.axes = groups.indices.map { g in
            guard let r = reads.groups[g], !budget.exceeded else { return nil }
            return gradientKeys(groups[g], r, reads.times, fit: fitterFor(groups[g])) { budget.spend(axisCharacters($0, countsFirst: n == 0)) }
        }
        return budget.exceeded ? nil : start
    }

    /// `budgetStart`'s first half: the first keys and the estimate, spent and promised.
    func budgetStartPaths(
        _ n: Int, _ cuts: [Double], _ groups: [[Int]], end: Double, budget: ProjectionKeyBudget, tracks groupTracks: [[[Int]]]? = nil
    ) -> BudgetPaths? {
        if budget.exceeded { return nil }
        let fitterFor = fitters(interpolation: ProjectionTolerance.interpolation).forGroup
        let isOutline = groups.map { $0.map(outlines.contains) }
        let (_, rightState, leftState, states, times) = intervalStart(n, cuts, end: end)
        // Every group's first key counts before any fit, with the last run of each track that
        // ends elsewhere (its value is the next interval's first key or hold key).
        var known: [(Sample, Sample?, GroupKeyCharacters?)] = []
        // Each group's paths at the last grid time, as made for its count (stillOver's last probe).
        var ends: [[BezierPath]?] = []
        for (g, members) in groups.enumerated() {
            let right = sample(rightState, members), left = n > 0 ? sample(leftState, members) : nil
            let tracks = groupTracks?[g] ?? characterTracks(members)
            let end = times.count > 1 ? samplePaths(states, states.count - 1, members) : nil
            var count = GroupKeyCharacters(
                tracks: tracks, ids: tracks.map { members[$0[0]] }, before: left?.paths.map(Self.written), end: end?.map(Self.written))
            let (characters, changed) = count.first(right.paths.map(Self.written))
            if !budget.spend(characters, changed: changed) { return nil }
            known.append((right, left, count))
            ends.append(end)
        }
        // Every moving group's keys are estimated before any fit, from its points on a coarser
        // grid (TrackKeyWindows), so that today's fit gives up before it starts where the estimate
        // passes the factored keys' characters by its margin; nil for a still group.
        var estimated: [[TrackKeyWindows]?]? = nil, reads: (times: [Double], groups: [GradientReads?])? = nil
        if times.count > 1 {
            estimated = []
            for (g, members) in groups.enumerated() {
                let right = known[g].0, count = known[g].2!
                if stillOver(states, members, right, end: ends[g]!) { estimated?.append(nil); continue }
                let fit = fitterFor(members)
                let windows = estimatedWindows(members, right, count, outlines: isOutline[g], states, times, fit: fit)
                estimated?.append(windows)
                if !budget.promise(windows.reduce(0) { $0 + $1.total }) { return nil }
            }
            // Then each moving group's gradient axes are read, to be fitted whole and spent
            // (`budgetAxes`): the estimate leaves them out, and the cube's today's keys lose on them.
            reads = (times, groups.indices.map { g in estimated?[g] == nil || budget.exceeded ? nil : gradientReads(groups[g], known[g].0, states) })
            if budget.exceeded { return nil }
        }
        return ((known, estimated, nil), reads)
    }

    /// Per track of `count`, its keys as TrackKeyWindows estimates them from the group's points
    /// at the times the fit's coarse search checks (ProjectionFitter.coarseStride, and the last); the last window is left out where
    /// its key may be of the last run, which `count.first` counted.
    func estimatedWindows(
        _ members: [Int], _ right: Sample, _ count: GroupKeyCharacters, outlines: [Bool], _ states: ProjectionGrid, _ times: [Double],
        fit: ProjectionFitter
    ) -> [TrackKeyWindows] {
        let layout = ProjectionFitter.Layout(right.paths, outlines: outlines, shapeErrors: members.map { specs[$0].shapeError })
        let last = states.count - 1
        let grid = Array(stride(from: 0, to: last, by: ProjectionFitter.coarseStride(times))) + [last]
        // Held flat, one time after the other (`flatSample`'s numbers, no array per time).
        var points: [Point] = []
        points.reserveCapacity(grid.count * layout.pointCount)
        for k in grid {
            if k == 0 {
                points += layout.flat(right.paths)
            } else {
                appendFlat(states, k, members, to: &points)
            }
        }
        precondition(points.count == grid.count * layout.pointCount)
        return count.tracks.enumerated().map { x, track in
            var w = TrackKeyWindows(
                windows: TrackKeyWindows.find(layout, paths: track, flat: points, visible: fit.visible, outline: fit.outline).map {
                    (grid[$0.start], grid[$0.end], $0.characters)
                })
            if count.endCounted[x], !w.windows.isEmpty { w.windows.removeLast() }
            return w
        }
    }

    /// One group's grid as today's fit reads it over an interval (`groupGrid`).
    struct GroupGrid {
        let layout: ProjectionFitter.Layout
        var points: [[Point]]
        let boxes: [Rect]
        let gradientKeys: [(Int, Keyframe<GradientAxis>)]
    }

    /// What today's fit of one group reads per grid time: the flat points and the box, and per
    /// gradient its axis and visible area, of which the axes' keys are made at once (they need
    /// nothing of the paths' fit), unless given (`gradientKeys`); a key's paths are sampled again at its time.
    func groupGrid(
        _ members: [Int], _ right: Sample, outlines: [Bool], _ states: ProjectionGrid, _ times: [Double], fit: ProjectionFitter,
        gradientKeys known: [(Int, Keyframe<GradientAxis>)]? = nil
    ) -> GroupGrid {
        let layout = ProjectionFitter.Layout(right.paths, outlines: outlines, shapeErrors: members.map { specs[$0].shapeError })
        let gradients = known == nil ? members.indices.filter { right.axes[$0] != nil } : []
        var points: [[Point]] = [], boxes: [Rect] = []
        var axisSamples = [[GradientAxis]](repeating: [], count: gradients.count), areas = [[Rect?]](repeating: [], count: gradients.count)
        let host = hosts[specs[members[0]].layer]!
        for k in 0..<states.count {
            // Without a gradient only the points and the box are read: no path made.
            if k > 0, gradients.isEmpty {
                points.append(flatSample(states, k, members, count: layout.pointCount)); boxes.append(states.box(k, host: host))
                continue
            }
            let s = k == 0 ? right : sample(states, k, members)
            points.append(layout.flat(s.paths))
            boxes.append(s.box)
            readGradients(s, members, gradients, axes: &axisSamples, areas: &areas)
        }
        let gradientKeys = known ?? axisKeys(members, gradients, times: times, samples: axisSamples, areas: areas, distance: fit.visible)
        return GroupGrid(layout: layout, points: points, boxes: boxes, gradientKeys: gradientKeys)
    }

    // MARK: Output

    /// Projected layers over the whole timeline, indexed like `simulation.layers`, and with
    /// `factored` the same with factored flips (ProjectionPreparation.projectedLayers).
    static func projectedLayers(_ simulation: Simulation, factored: Bool) -> (today: [ProjectedLayer?]?, factored: [ProjectedLayer?]?) {
        ProjectionPreparation(simulation)?.projectedLayers(factored: factored) ?? (Array(repeating: nil, count: simulation.layers.count), nil)
    }

    /// Projected layers frozen at time t (the `--at` still).
    static func projectedLayers(_ simulation: Simulation, at t: Double) -> [ProjectedLayer?] {
        var sampler = ProjectionSampler(simulation)
        guard !sampler.isEmpty else { return Array(repeating: nil, count: simulation.layers.count) }
        let state = simulation.state(at: t)
        sampler.chooseLevels(times: [state.time], end: .infinity)
        var out = sampler.assemble(
            sampler.groups(at: state).map { members in
                let s = sampler.sample(state, members)
                return (members, [Frame(time: 0, paths: s.paths, axes: s.axes, easing: .linear)])
            })
        for (i, _) in sampler.layers { out[i]?.pictureCells = sampler.pictureCells(i, end: .infinity, at: t) }
        return out
    }

    /// Tracks from each group's keys (members: indices in `specs`); a gradient axis from its own
    /// keys in `axes` when it has them, else from its group's.
    func assemble(_ groups: [(members: [Int], frames: [Frame])], axes: [Int: [Keyframe<GradientAxis>]] = [:]) -> [ProjectedLayer?] {
        var place: [Int: (group: Int, position: Int)] = [:]
        for (g, group) in groups.enumerated() {
            for (position, n) in group.members.enumerated() { place[n] = (g, position) }
        }
        func track<V: Hashable & Sendable>(_ specsUsed: [Int], _ value: (Frame, [Int]) -> V) -> KeyframeTrack<V> {
            let (g, _) = place[specsUsed[0]]!
            let positions = specsUsed.map { place[$0]!.position }
            return Self.simplified(groups[g].frames.map { Keyframe(time: $0.time, value: value($0, positions), easing: $0.easing) })
        }
        func path(_ n: Int) -> KeyframeTrack<BezierPath> { track([n]) { f, p in f.paths[p[0]] } }
        var out = [ProjectedLayer?](repeating: nil, count: simulation.layers.count)
        for (i, host) in layers {
            let r = ranges[i]!
            // An art shape's further subpaths join the paint of the spec before them.
            let paint = r.paint.filter { !specs[$0].continuesPaint }.map { n -> ProjectedPaint in
                let spec = specs[n]
                let subpaths = Array(n..<(r.paint.upperBound)).prefix { $0 == n || specs[$0].continuesPaint }
                let fill = spec.fill ?? simulation.layers[i].definition.fill!
                var colors: [Color] = []
                var gradient: KeyframeTrack<GradientAxis>? = nil
                if let g = spec.gradient {
                    colors = PathSpec.gradientSamples(g).map { PathSpec.color(of: g, at: $0) }
                    gradient = axes[n].map(Self.simplified) ?? track([n]) { f, p in f.axes[p[0]]! }
                }
                return ProjectedPaint(
                    shape: track(Array(subpaths)) { f, p in MultiPath(p.map { f.paths[$0] }) }, evenOdd: spec.evenOdd, fill: fill,
                    gradient: gradient, gradientColors: colors)
            }
            out[i] = ProjectedLayer(
                layer: i, host: host, paint: paint, clip: r.clip.map(path),
                mask: r.mask.isEmpty ? nil : track(Array(r.mask)) { f, p in MultiPath(p.map { f.paths[$0] }) },
                outline: r.outline.map(path))
            out[i]!.opacityGroups = opacityGroups[i] ?? []
            out[i]!.artClips = (artClips[i] ?? []).map { clip in
                ProjectedArtClip(
                    shapes: clip.region.shapes, paths: clip.specs.map { r in track(Array(r)) { f, p in MultiPath(p.map { f.paths[$0] }) } },
                    evenOdd: clip.region.evenOdd, line: clip.region.line)
            }
        }
        return out
    }

    /// Drops keyframes that change nothing: a pre-jump key equal to its jump, and keys inside
    /// runs of equal values; one key when the value never changes.
    static func simplified<V: Hashable & Sendable>(_ input: [Keyframe<V>]) -> KeyframeTrack<V> {
        var kfs: [Keyframe<V>] = []
        for (n, k) in input.enumerated() {
            if n + 1 < input.count, input[n + 1].time == k.time, input[n + 1].value == k.value { continue }
            kfs.append(k)
        }
        if kfs.allSatisfy({ $0.value == kfs[0].value }) { return .constant(kfs[0].value) }
        var out = [kfs[0]]
        for n in 1..<(kfs.count - 1) {
            let prev = out[out.count - 1], cur = kfs[n], next = kfs[n + 1]
            let flat = prev.value == cur.value && cur.value == next.value && prev.easing != .hold && cur.easing != .hold
            if !flat { out.append(cur) }
        }
        out.append(kfs[kfs.count - 1])
        while out.count > 2, out[0].value == out[1].value, out[0].easing != .hold { out.removeFirst() }
        while out.count > 2, out[out.count - 1].value == out[out.count - 2].value, out[out.count - 2].easing != .hold { out.removeLast() }
        return KeyframeTrack(out)
    }
}

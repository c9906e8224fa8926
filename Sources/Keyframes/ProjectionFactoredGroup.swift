import Motion
import Simulation
// A factored group's keys (ProjectionFactored.swift): R's paths, checked the way the bench
// measured (BENCHMARKS.md#the-factored-projection-measured): R blended between its written
// keys, taken through A as drawn, against today's host samples and canvas boxes, at R's share
// of the tolerance. Gradient axes are fitted in R's space (|A| <= 1, so never larger in host).
import TransitionModel

/// A plane's A as SVG writes it: translate(translation) · scale(scaleX, 1), in host points.
package struct ProjectedPlane: Hashable, Sendable {
    /// The plane's reference layer (layers in one plane share it).
    package var reference: Int
    package var translation: KeyframeTrack<Point>
    package var scaleX: KeyframeTrack<Double>
}

extension ProjectionSampler {
    func factoredGroup(
        _ members: [Int], _ factors: PlaneFactors, _ f: FactoredInterval, _ grid: ProjectionGrid, _ times: [Double],
        left: SceneState, right: SceneState, first: Bool, fitter: ProjectionFitter, stateAt: (Int) -> SceneState
    ) -> (frames: [Frame], axes: [(Int, Keyframe<GradientAxis>)])? {
        let everywhere = Rect(-1e9, -1e9, 2e9, 2e9)
        let planeOf = factors.planeOf
        var frames: [Frame] = [], axes: [(Int, Keyframe<GradientAxis>)] = []
        func frame(_ t: Double, _ s: (paths: [BezierPath], axes: [GradientAxis?], box: Rect), _ easing: KeyframeEasing) -> Frame {
            Frame(time: t, paths: s.paths.map(Self.written), axes: s.axes.map(Self.written), easing: easing)
        }
        func axisKey(_ n: Int, _ t: Double, _ a: GradientAxis?, _ easing: KeyframeEasing) {
            if let a { axes.append((n, Keyframe(time: t, value: GradientAxisFitter.written(a), easing: easing))) }
        }
        // The members' planes and layers, each once (sets of them were made per residual state).
        let memberPlanes = Array(Set(members.map { planeOf[specs[$0].layer]! }))
        let memberLayers = Array(Set(members.map { specs[$0].layer }))
        func residual(_ state: SceneState) -> (paths: [BezierPath], axes: [GradientAxis?], box: Rect)? {
            var back: [Int: PlaneProjection] = [:], flat: Set<Int> = []
            for r in memberPlanes {
                guard let a = Self.affine(projection(state, r, host: hosts[r]!), state.layers[r]), let b = a.inverse else { return nil }
                back[r] = b
                if Self.wasEdgeOn(a) { flat.insert(r) }
            }
            // Once per layer (a layer's paths are several members).
            var limits: [Int: PlaneProjection] = [:]
            for i in memberLayers where flat.contains(planeOf[i]!) {
                limits[i] = edgeOnResidual(state, i, plane: planeOf[i]!)
            }
            return sample(
                members, box: everywhere, state: { state.layers[$0] },
                projection: { limits[$0] ?? projection(state, $0, host: hosts[$0]!).concatenating(back[planeOf[$0]!]!) })
        }
        // Whether every member's edge-on residual reads only layers the grid holds (a whole state otherwise).
        let edgeOnInGrid = members.allSatisfy { inGrid(grid, specs[$0].layer, plane: planeOf[specs[$0].layer]!) }
        // The members' planes' inverses and edge-on times, looked up once (not two hashes per member and grid time).
        let planesInverse = memberPlanes.map { f.inverse[$0]! }, planesEdgeOn = memberPlanes.map { f.edgeOn[$0]! }
        // Each member layer's plane's place in those, by layer index (two hashes per layer and grid
        // time were 1.4 % of flip-edge-pan's instructions). Ints: an array of arrays per layer of
        // the scene retained an empty array per layer and group (~280,000 retains in flip-edge-pan).
        var planeSlots = [Int](repeating: -1, count: simulation.layers.count)
        for i in memberLayers { planeSlots[i] = memberPlanes.firstIndex(of: planeOf[i]!)! }
        // A let: a var read by a closure is boxed, each read checked for exclusivity.
        let planeSlot = planeSlots
        // R's projection of layer i at grid time k: through the exact inverse, or edge-on its limit.
        // A function, not a closure returned per time: that closure's context copied the grid
        // (its arrays retained and released) at every grid time.
        func residualProjection(_ k: Int, _ flat: Bool, _ state: SceneState?, _ i: Int) -> PlaneProjection {
            if flat, planesEdgeOn[planeSlot[i]][k] {
                let limit = state != nil ? edgeOnResidual(state!, i, plane: planeOf[i]!) : edgeOnResidual(grid, k, i, plane: planeOf[i]!)
                if let limit { return limit }
            }
            return grid.projection(k, i, then: planesInverse[planeSlot[i]][k])
        }
        func residual(_ k: Int, _ layout: ProjectionFitter.Layout) -> (paths: [BezierPath], axes: [GradientAxis?], box: Rect) {
            let flat = planesEdgeOn.contains { $0[k] }
            // Not edge-on: the points factorInterval sampled already, through the same inverse.
            if !flat, let stored = f.residual(k, members, layout: layout, box: everywhere) { return stored }
            let state = flat && !edgeOnInGrid ? stateAt(k) : nil
            return sample(
                members, box: everywhere, state: { grid.layerState(k, $0) }, projection: { residualProjection(k, flat, state, $0) },
                projectedDrawn: { grid.projectedDrawn(k, $0, layer: $1, by: $2) })
        }
        // The same flat (ProjectionFitter.Layout.flat) appended to `out`, no path made.
        func appendResidualFlat(_ k: Int, to out: inout [Point]) {
            let flat = planesEdgeOn.contains { $0[k] }
            if !flat, f.appendResidualFlat(k, members, to: &out) { return }
            let state = flat && !edgeOnInGrid ? stateAt(k) : nil
            _ = appendFlat(
                members, to: &out, state: { grid.layerState(k, $0) }, projection: { residualProjection(k, flat, state, $0) },
                appendDrawn: { grid.appendDrawn(k, $0, layer: $1, by: $2, to: &$3) })
        }
        guard let right = residual(right) else { return nil }
        let layout = ProjectionFitter.Layout(right.paths, outlines: members.map(outlines.contains), shapeErrors: members.map { specs[$0].shapeError })
        func residual(_ k: Int) -> (paths: [BezierPath], axes: [GradientAxis?], box: Rect) { residual(k, layout) }
        if !first {
            guard let left = residual(left) else { return nil }
            if left.paths != right.paths { frames.append(frame(times[0], left, .hold)) }
            for (m, n) in members.enumerated() where left.axes[m] != right.axes[m] { axisKey(n, times[0], left.axes[m], .hold) }
        }
        let probes = (1...8).map { $0 * (grid.count - 1) / 8 }
        if grid.count == 1 || probes.allSatisfy({ residual($0).paths == right.paths }) {
            frames.append(frame(times[0], right, .linear))
            for (m, n) in members.enumerated() { axisKey(n, times[0], right.axes[m], .linear) }
            return (frames, axes)
        }
        let gradients = members.indices.filter { right.axes[$0] != nil }
        // Every grid time's R and host points in one flat array each (`count` points a time): an
        // array per time was allocated, filled and freed per group.
        let count = layout.pointCount
        var sampledR: [Point] = [], sampledHost: [Point] = [], boxes: [Rect] = []
        sampledR.reserveCapacity(grid.count * count); sampledHost.reserveCapacity(grid.count * count)
        var axisSamples = [[GradientAxis]](repeating: [], count: gradients.count), areas = [[Rect?]](repeating: [], count: gradients.count)
        let hostLayer = hosts[specs[members[0]].layer]!
        for k in 0..<grid.count {
            // The host's points and box are all the check reads of the host: no path made (flatSample's numbers).
            appendFlat(grid, k, members, to: &sampledHost)
            boxes.append(grid.box(k, host: hostLayer))
            // Without a gradient only R's points are read: no path made.
            if k > 0, gradients.isEmpty {
                appendResidualFlat(k, to: &sampledR)
                continue
            }
            let s = k == 0 ? right : residual(k)
            sampledR += layout.flat(s.paths)
            for (x, m) in gradients.enumerated() {
                axisSamples[x].append(s.axes[m]!)
                let paintPaths = members.indices.drop { $0 < m }.prefix { $0 == m || specs[members[$0]].continuesPaint }
                areas[x].append(GradientAxisFitter.visibleArea(MultiPath(paintPaths.map { s.paths[$0] }), everywhere))
            }
        }
        // Read only from here: a var the span search captures is boxed, each access checked for exclusivity.
        let points = sampledR, host = sampledHost
        // Per flat point, its plane's drawn A (an index into `drawnA`), looked up once, not per
        // point and check; the drawn points go into one buffer (same products, same bytes).
        let references = memberPlanes.sorted()
        let drawnA = references.map { f.drawn[$0]! }
        var slot: [Int] = []
        for (m, n) in members.enumerated() { slot += Array(repeating: references.firstIndex(of: planeOf[specs[n].layer]!)!, count: 3 * layout.counts[m]) }
        let share = FactoredProjection.share
        var check = FactoredSpanCheck(
            layout: layout, fitter: ProjectionFitter(visible: fitter.visible * share, outline: fitter.outline * share), host: host,
            boxes: boxes, drawnA: drawnA, slot: slot)
        // Searched on the coarse grid, each span then verified on every grid time (EasingFit.spans).
        // The start's key as written is the same for every span tried from it: made once per start.
        // Per span end from that start, which candidate the coarse check took (the count: none; −1
        // not checked). The candidates of a span's least-squares easing are kept with it (per span
        // end from that start: where they start in `candidateStore` · 4 + how many, −1 not
        // fitted; one store for the search, not an array per fit). Arrays by span end, cleared
        // where `touched` says per start (two dictionaries hashed and grown per span: 17 M of the 3D batch).
        var exactFrom = -1
        var exactCandidates = [Int](repeating: -1, count: grid.count), coarseTaken = [Int](repeating: -1, count: grid.count)
        var candidateStore: [KeyframeEasing] = []
        var touched: [Int] = []
        // The time the last refused span from that start failed at: the next spans check it first
        // where it is among their times (a yes needs every time: the same answers).
        var lastFailed = -1
        // The check orders are written into these arrays, reused span after span.
        var order: [Int] = [], seen: [Bool] = []
        // R's points at grid time k as a key writes them (ProjectionFitter.onGrid), written into
        // `a` (the start's key) or `b` (the span end's): two buffers for the whole search, not an
        // array per span tried.
        var a = [Point](repeating: Point(0, 0), count: count), b = [Point](repeating: Point(0, 0), count: count)
        func keyOnGrid(_ k: Int, into key: inout [Point]) {
            points.withUnsafeBufferPointer { points in
                key.withUnsafeMutableBufferPointer { key in
                    for v in 0..<count { key[v] = ProjectionFitter.onGrid(points[k * count + v]) }
                }
            }
        }
        let every = ProjectionFitter.coarseStride(times)
        let spans = EasingFit.spans(count: grid.count - 1, coarse: every > 1) { i, j, dense in
            // A one-step span checks no time: linear, as its easing and only candidate would give it.
            guard j - i > 1 else { return .linear }
            if exactFrom != i {
                exactFrom = i; keyOnGrid(i, into: &a); lastFailed = -1
                for t in touched { exactCandidates[t] = -1; coarseTaken[t] = -1 }
                touched.removeAll(keepingCapacity: true); candidateStore.removeAll(keepingCapacity: true)
            }
            let lastInside = lastFailed > i && lastFailed < j
            keyOnGrid(j, into: &b)
            // This span's candidates: candidateStore[from..<(from + candidateCount)].
            let from: Int, candidateCount: Int
            if exactCandidates[j] >= 0 {
                from = exactCandidates[j] >> 2; candidateCount = exactCandidates[j] & 3
            } else {
                from = candidateStore.count
                candidateCount = FactoredProjection.appendCandidates(check.fitter.easing(times, flat: points, a, b, i, j), to: &candidateStore)
                exactCandidates[j] = from << 2 | candidateCount; touched.append(j)
            }
            // Each candidate checks first the time where the one before failed (in this order).
            var failed = -1
            if !dense {
                ProjectionFitter.checkOrder(i, j, every: every, into: &order, seen: &seen)
                if lastInside, every == 1 || lastFailed % every == 0 { failed = lastFailed }
                for n in 0..<candidateCount
                where check.passes(candidateStore[from + n], a, b, i, j, times: times, order: order, first: failed, failed: &failed) {
                    coarseTaken[j] = n
                    return candidateStore[from + n]
                }
                coarseTaken[j] = candidateCount
                lastFailed = failed
                return nil
            }
            // The coarse check's times are among the dense check's: a candidate it refused fails
            // here too, and the one it took is checked at the other times only (the same answer).
            let taken = coarseTaken[j] >= 0 ? coarseTaken[j] : nil
            var whole = false  // whether `order` holds every time
            for n in (taken ?? 0)..<candidateCount {
                if n == taken {
                    ProjectionFitter.checkOrder(i, j, into: &order, seen: &seen) { $0 % every != 0 }
                    if lastInside, lastFailed % every != 0 { failed = lastFailed }
                } else if !whole {
                    ProjectionFitter.checkOrder(i, j, into: &order, seen: &seen) { _ in true }
                    whole = true
                    if failed < 0, lastInside { failed = lastFailed }
                }
                // A time the candidate before failed at is among these (the other times or every time).
                if check.passes(candidateStore[from + n], a, b, i, j, times: times, order: order, first: failed, failed: &failed) {
                    return candidateStore[from + n]
                }
            }
            if failed >= 0 { lastFailed = failed }
            return nil
        }
        for span in spans { frames.append(frame(times[span.start], span.start == 0 ? right : residual(span.start), span.easing)) }
        axes += axisKeys(members, gradients, times: times, samples: axisSamples, areas: areas, distance: fitter.visible)
        return (frames, axes)
    }

    /// Projected layers with factored flips (SVG, FactoredProjection.isEnabled), from the sampler,
    /// groups and coarse times today's keys are made with, and each layer's picture cells;
    /// nil when no plane qualifies or A is singular at some grid time (the caller keeps today's).
    func factoredLayers(
        _ groups: [[Int]], coarse: [Double], end: Double, pictureCells: [Int: [PictureCell]],
        interpolation: Double = ProjectionTolerance.interpolation
    ) -> [ProjectedLayer?]? {
        let factors = planeFactors(times: coarse, end: end, groups: groups)
        guard !factors.planeOf.isEmpty else { return nil }
        // A plane with picture cells is not factored (below): known before any fit (the cube
        // with PNG screens fitted both forms, SVG's and Lottie's, to drop them).
        for (i, _) in layers where factors.planeOf[i] != nil && !(pictureCells[i]?.isEmpty ?? true) { return nil }
        // Keyed plane by plane where the seams between the planes stay closed (ProjectionSeams.swift).
        let parts = planeParts(groups, factors)
        if parts.count > groups.count,
            let apart = factoredLayers(parts, factors, end: end, pictureCells: pictureCells, interpolation: interpolation),
            seamGap(apart, groups: groups, parts: parts, end: end, stopAbove: ProjectionTolerance.seam / hostScale)
                <= ProjectionTolerance.seam / hostScale
        {
            return apart
        }
        return factoredLayers(groups, factors, end: end, pictureCells: pictureCells, interpolation: interpolation)
    }

    /// The factored layers with these groups' keys, from the planes of `factors`.
    func factoredLayers(
        _ groups: [[Int]], _ factors: PlaneFactors, end: Double, pictureCells: [Int: [PictureCell]], interpolation: Double
    ) -> [ProjectedLayer?]? {
        let cuts = breakpoints(end: end)
        let intervals = ParallelMap.map(cuts.count) { n in interval(n, cuts, groups, end: end, factors: factors, interpolation: interpolation) }
        guard !intervals.contains(where: { $0.failed }) else { return nil }
        var frames = [[Frame]](repeating: [], count: groups.count)
        var axes: [Int: [Keyframe<GradientAxis>]] = [:], planes: [Int: PlaneKeys] = [:]
        for part in intervals {
            for g in groups.indices { frames[g] += part.frames[g] }
            for (n, key) in part.axes { axes[n, default: []].append(key) }
            for (r, keys) in part.planes {
                planes[r, default: PlaneKeys()].scaleX += keys.scaleX
                planes[r, default: PlaneKeys()].translation += keys.translation
            }
        }
        var out = assemble(Array(zip(groups, frames)), axes: axes)
        for (i, _) in layers {
            out[i]?.pictureCells = pictureCells[i] ?? []
            guard let r = factors.planeOf[i] else { continue }
            out[i]?.plane = ProjectedPlane(
                reference: r, translation: Self.simplified(planes[r]!.translation), scaleX: Self.simplified(planes[r]!.scaleX))
        }
        return out
    }

    /// Each group split by layer, in the group's order (Lottie's moving planes). A group's keys
    /// are one easing a span for all its paths: story-2's 37 paths needed 13 keys each that way,
    /// 3-6 keyed layer by layer (stories-cube.json 204 -> 96 KB,
    /// BENCHMARKS.md#the-cubes-lottie-keys-per-layer-2026-12-03). Two layers' shared edge may
    /// then part by both their errors; the SVG keeps one grid a plane's part of a group.
    func perLayer(_ groups: [[Int]]) -> [[Int]] {
        groups.flatMap { group in
            var order: [Int] = [], members: [Int: [Int]] = [:]
            for n in group {
                let layer = specs[n].layer
                if members[layer] == nil { order.append(layer) }
                members[layer, default: []].append(n)
            }
            return order.map { members[$0]! }
        }
    }
}

extension ProjectedLayer {
    /// A point of the layer's paths at time t in the host's space: through A when factored.
    package func host(_ p: Point, at t: Double) -> Point {
        guard let plane else { return p }
        return Self.host(p, t0: plane.translation.value(at: t), sx: plane.scaleX.value(at: t))
    }

    /// A point through A given its numbers at one time (translation t0, x-scale sx).
    @inline(__always) static func host(_ p: Point, t0: Point, sx: Double) -> Point { Point(t0.x + sx * p.x, t0.y + p.y) }
}

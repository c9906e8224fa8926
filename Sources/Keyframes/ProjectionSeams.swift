import Motion
import Simulation
// A group of layers that share an edge is keyed as one (ProjectionSampler.groups), so the edge
// never parts. In the factored SVG a group may span planes (the cube's two faces share the
// moving edge): one easing a span for both faces' paths kept story 1's and story 2's 13 keys
// each. Keyed plane by plane, they were 6 each (stories-cube.svg 87,471 -> 78,272 B,
// BENCHMARKS.md#the-cubes-faces-keyed-apart-2026-12-04). Shared keys no longer close the seam
// then, so it is checked: each side drawn from its own written keys and its own drawn A, the
// gap between the two drawn edges (not each against the exact edge) within
// ProjectionTolerance.seam, or the group is keyed as one again.
import TransitionModel

extension ProjectionSampler {
    /// Each group split by the plane its layers are factored in (in the group's order); layers
    /// that are not factored form a part of their own.
    func planeParts(_ groups: [[Int]], _ factors: PlaneFactors) -> [[Int]] {
        groups.flatMap { group in
            var order: [Int?] = [], parts: [Int?: [Int]] = [:]
            for n in group {
                let plane = factors.planeOf[specs[n].layer]
                if parts[plane] == nil { order.append(plane) }
                parts[plane, default: []].append(n)
            }
            return order.map { parts[$0]! }
        }
    }

    /// The widest gap (host units) between two abutting layers' drawn edges, over the pairs of
    /// layers one group holds in different `parts`, at `rate` checks a second over [0, end].
    /// A pair is checked while both are areas and share an edge. Each side's edge is the drawn
    /// vertices of its paint and clip whose exact ones lie on the shared edge's line; the gap
    /// is the farthest of either side's from the other side's line (edges are straight, so
    /// their vertices bound it). A side that draws no vertex on that line shows no seam there.
    /// Once a gap over `stopAbove` is found, that gap is returned (the caller asks only whether
    /// the widest is within the tolerance: the same answer, without simulating the times after).
    func seamGap(
        _ layers: [ProjectedLayer?], groups: [[Int]], parts: [[Int]], end: Double, rate: Double = 240, stopAbove: Double = .infinity
    ) -> Double {
        var partOf: [Int: Int] = [:]
        for (p, part) in parts.enumerated() { for n in part { partOf[specs[n].layer] = p } }
        var pairs: [(Int, Int)] = []
        for group in groups {
            var seen: [Int] = []
            for n in group where !seen.contains(specs[n].layer) { seen.append(specs[n].layer) }
            for (x, i) in seen.enumerated() {
                for j in seen[(x + 1)...] where partOf[i] != partOf[j] { pairs.append((i, j)) }
            }
        }
        guard !pairs.isEmpty, end.isFinite, end > 0 else { return 0 }
        // Each paired layer's place in the per-time arrays below (arrays, not dictionaries made
        // and hashed per time: 1 % of stories-cube's instructions).
        var slots = [Int](repeating: -1, count: simulation.layers.count), pairedLayers: [ProjectedLayer] = []
        for (i, j) in pairs {
            for l in [i, j] where slots[l] < 0 { slots[l] = pairedLayers.count; pairedLayers.append(layers[l]!) }
        }
        // Lets: a var the nested functions read is boxed, each read checked for exclusivity.
        let pairSlot = slots, paired = pairedLayers.count
        let steps = Int((end * rate).rounded(.up))
        // The grid's layers at each time, only those that moved evaluated again (`grid`'s sampler:
        // `state(t, end:)`'s numbers for them; a whole state per time was 0.8 % of the 3D batch).
        var sampler = LayerSubsetSampler(simulation, gridLayers, at: 0)
        // A layer is in several pairs: its corners, exact and drawn paths and its plane's A once
        // per time (the same numbers), in arrays made once and emptied per time.
        var corners = [[Point]?](repeating: nil, count: paired)
        var paths = [(exact: [BezierPath], drawn: [BezierPath])??](repeating: nil, count: paired)
        var planes = [(t0: Point, sx: Double)??](repeating: nil, count: paired)
        // The paired layers read in place (`layers[i]!` copied the whole layer, every track
        // retained and released, twice per pair and time).
        return pairedLayers.withUnsafeBufferPointer { pairedLayers in
            var worst = 0.0
            for k in 0...steps {
                let t = min(end, Double(k) / rate)
                if k > 0 { sampler.advance(to: min(t, end.nextDown)) }
                let state = sampler.state
                for slot in 0..<paired { corners[slot] = nil; paths[slot] = nil; planes[slot] = nil }
                func cornersOf(_ i: Int) -> [Point] {
                    if let known = corners[pairSlot[i]] { return known }
                    let made = self.seamCorners(state, i)
                    corners[pairSlot[i]] = made
                    return made
                }
                func drawn(_ i: Int, _ a: Point, _ b: Point) -> [Point] {
                    let slot = pairSlot[i]
                    if paths[slot] == nil {
                        let made = seamPaths(pairedLayers[slot], state, t)
                        paths[slot] = .some(made)
                        // ProjectedLayer.host's A at t, each track read once per time, not per vertex.
                        planes[slot] = .some(made == nil ? nil : pairedLayers[slot].plane.map { (t0: $0.translation.value(at: t), sx: $0.scaleX.value(at: t)) })
                    }
                    guard let p = paths[slot]! else { return [] }
                    return drawnOnLine(p.exact, p.drawn, plane: planes[slot]!, a, b)
                }
                for (i, j) in pairs {
                    let ci = cornersOf(i), cj = cornersOf(j)
                    guard Self.isArea(ci), Self.isArea(cj), Self.boundsMeet(ci, cj),
                        let (a, b) = Self.sharedEdge(ci, cj) ?? Self.sharedEdge(cj, ci)
                    else { continue }
                    let di = drawn(i, a, b), dj = drawn(j, a, b)
                    guard di.count >= 2, dj.count >= 2 else { continue }
                    worst = max(worst, Self.farthest(di, fromLineThrough: dj, along: b - a), Self.farthest(dj, fromLineThrough: di, along: b - a))
                    if worst > stopAbove { return worst }
                }
            }
            return worst
        }
    }

    /// Layer l's exact paths (paint, then clip) at `state` (the grid's layers: `samplePaths`'
    /// numbers) and its drawn ones at t; nil when it has none or they do not pair up.
    func seamPaths(_ layer: ProjectedLayer, _ state: LayerSubsetState, _ t: Double) -> (exact: [BezierPath], drawn: [BezierPath])? {
        guard let r = ranges[layer.layer] else { return nil }
        let members = Array(r.paint) + (r.clip.map { [$0] } ?? [])
        guard !members.isEmpty else { return nil }
        let host = hosts[specs[members[0]].layer]!
        let exact = sample(
            members, box: Rect(0, 0, 0, 0), axes: false, state: { state.layer($0) }, projection: { seamProjection(state, $0, host: host) }
        ).paths
        let drawn = layer.paint.flatMap { $0.shape.value(at: t).subpaths } + (layer.clip.map { [$0.value(at: t)] } ?? [])
        guard exact.count == drawn.count else { return nil }
        return (exact, drawn)
    }

    /// `corners(state, i)` from the grid's layers (the same numbers).
    func seamCorners(_ state: LayerSubsetState, _ i: Int) -> [Point] {
        let r = Rect(origin: .zero, size: state.layer(i).size), h = seamProjection(state, i, host: hosts[i]!)
        // BezierPath.rect's vertices, in its order, without the path's other arrays.
        return [h.apply(Point(r.minX, r.minY)), h.apply(Point(r.maxX, r.minY)), h.apply(Point(r.maxX, r.maxY)), h.apply(Point(r.minX, r.maxY))]
    }

    /// `projection(state, i, host:)` from the grid's layers (the same `Self.projection`).
    func seamProjection(_ state: LayerSubsetState, _ i: Int, host: Int?) -> PlaneProjection {
        Self.projection(state.boundsToScreen(of: i), host: host.map { state.boundsToScreen(of: $0) })
    }

    /// A layer's drawn vertices (paint, then clip; through its plane's A at the time, `plane`:
    /// ProjectedLayer.host's numbers, nil when not factored) whose exact ones (`seamPaths`) lie on
    /// the line through a and b.
    func drawnOnLine(_ exact: [BezierPath], _ drawn: [BezierPath], plane: (t0: Point, sx: Double)?, _ a: Point, _ b: Point) -> [Point] {
        let scale = max(1, a.distance(to: b))
        var out: [Point] = []
        for (e, d) in zip(exact, drawn) where e.vertices.count == d.vertices.count {
            for (ev, dv) in zip(e.vertices, d.vertices) where Self.distance(ev, toLineThrough: a, b) <= 1e-6 * scale {
                out.append(plane.map { ProjectedLayer.host(dv, t0: $0.t0, sx: $0.sx) } ?? dv)
            }
        }
        return out
    }

    /// Whether two quads' bounds come within 0.01 of each other. An edge `sharedEdge` finds (either
    /// way) has both ends within 1e-3 of the other edge's line where the two overlap along it, so
    /// some point of it is within 1e-3 of the other edge: quads farther apart share none (the same
    /// answer, without its 32 line tests; most of the cube's pairs at most times).
    static func boundsMeet(_ p: [Point], _ q: [Point]) -> Bool {
        var pb = PointBounds(), qb = PointBounds()
        for x in p { pb.add(x) }
        for x in q { qb.add(x) }
        let margin = 0.01
        return pb.minX <= qb.maxX + margin && qb.minX <= pb.maxX + margin && pb.minY <= qb.maxY + margin && qb.minY <= pb.maxY + margin
    }

    static func distance(_ p: Point, toLineThrough a: Point, _ b: Point) -> Double {
        let d = b - a, length = (d.x * d.x + d.y * d.y).squareRoot()
        guard length > 1e-12 else { return p.distance(to: a) }
        return abs((p.x - a.x) * d.y - (p.y - a.y) * d.x) / length
    }

    /// The farthest of `points` from the line through the two farthest apart of `line`. Where
    /// those coincide (a side that meets the shared edge at one point, as a bar's rounded end
    /// does: its vertex there is drawn once for its paint and once for its clip), that side's
    /// edge is the point, and the line through it runs along the shared edge, `edge`'s direction.
    /// The distance to the point itself was measured before: the other face's whole edge, 795 pt
    /// from a bar's tip, so stories-cube at twice its durations fell back to one group.
    static func farthest(_ points: [Point], fromLineThrough line: [Point], along edge: Point) -> Double {
        var (a, b, span) = (line[0], line[0], -1.0)
        for (x, p) in line.enumerated() {
            for q in line[(x + 1)...] where p.distance(to: q) > span { (a, b, span) = (p, q, p.distance(to: q)) }
        }
        if span <= 1e-9 * max(1, (edge.x * edge.x + edge.y * edge.y).squareRoot()) { b = a + edge }
        return points.map { distance($0, toLineThrough: a, b) }.max() ?? 0
    }
}

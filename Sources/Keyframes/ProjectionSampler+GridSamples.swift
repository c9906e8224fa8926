import Motion
import Simulation
// The sampler's paths, axes and boxes of a group of members, from a whole SceneState or from a
// grid time (ProjectionGrid.swift): the same numbers either way, so the keys are the same to the bit.
import TransitionModel

extension ProjectionSampler {
    /// The members' paths and axes at a state, and the canvas (plus a 2 px margin) in their host's space.
    func sample(_ state: SceneState, _ members: [Int]) -> (paths: [BezierPath], axes: [GradientAxis?], box: Rect) {
        let host = hosts[specs[members[0]].layer]!
        return sample(members, box: box(state, host: host), state: { state.layers[$0] }, projection: { projection(state, $0, host: host) })
    }

    /// The same at grid time k of an interval's grid (ProjectionGrid: the same numbers).
    func sample(_ grid: ProjectionGrid, _ k: Int, _ members: [Int]) -> (paths: [BezierPath], axes: [GradientAxis?], box: Rect) {
        sample(
            members, box: grid.box(k, host: hosts[specs[members[0]].layer]!), state: { grid.layerState(k, $0) },
            projection: { grid.projection(k, $0) }, projectedDrawn: { grid.projectedDrawn(k, $0, layer: $1, by: $2) })
    }

    /// `sample(state, members).paths`: the same paths, without the axes and the box (the
    /// callers that compare or count paths only made every gradient's axis and threw it away).
    func samplePaths(_ state: SceneState, _ members: [Int]) -> [BezierPath] {
        let host = hosts[specs[members[0]].layer]!
        return sample(members, box: Rect(0, 0, 0, 0), axes: false, state: { state.layers[$0] }, projection: { projection(state, $0, host: host) }).paths
    }

    /// `sample(grid, k, members).paths`, the same way.
    func samplePaths(_ grid: ProjectionGrid, _ k: Int, _ members: [Int]) -> [BezierPath] {
        sample(
            members, box: Rect(0, 0, 0, 0), axes: false, state: { grid.layerState(k, $0) }, projection: { grid.projection(k, $0) },
            projectedDrawn: { grid.projectedDrawn(k, $0, layer: $1, by: $2) }
        ).paths
    }

    /// `projectedDrawn`: spec n's drawn path for its layer's state projected by h, when made
    /// already (ProjectionGrid.projectedDrawn). Without `axes`, no axis is made (axes empty).
    func sample(
        _ members: [Int], box: Rect, axes withAxes: Bool = true, state: (Int) -> LayerState, projection: (Int) -> PlaneProjection,
        projectedDrawn: (_ n: Int, _ layer: Int, _ h: PlaneProjection) -> BezierPath? = { _, _, _ in nil }
    ) -> (paths: [BezierPath], axes: [GradientAxis?], box: Rect) {
        var paths: [BezierPath] = [], axes: [GradientAxis?] = []
        paths.reserveCapacity(members.count)
        if withAxes { axes.reserveCapacity(members.count) }
        forEachMember(members, projection: projection) { n, h in
            // projectedPath's own choice: its drawn path projected unless drawn as arcs. The layer's
            // state is read only where it is used (a copy each: a pure function, the same numbers).
            let layer = specs[n].layer
            if !(imageArcs && specs[n].arcLevels != nil), let d = projectedDrawn(n, layer, h) {
                paths.append(d)
            } else {
                paths.append(specs[n].projectedPath(state(layer), h, arcs: imageArcs))
            }
            if withAxes { axes.append(specs[n].gradient == nil ? nil : specs[n].gradientAxis(state(layer), h)) }
        }
        return (paths, axes, box)
    }

    /// `sample`'s paths' points appended to `out` flat, in ProjectionFitter.Layout.flat's order (the
    /// same numbers, no path made: the fits read every grid time's points, and the paths' arrays
    /// were made, flattened and freed per time); with `axes`, the members' gradient axes as
    /// `sample` gives them; `ends` is told where each member's points end. `appendDrawn` appends
    /// spec n's drawn path projected by h when made already (ProjectionGrid.appendDrawn), else false.
    func appendFlat(
        _ members: [Int], to out: inout [Point], axes: Bool = false, state: (Int) -> LayerState, projection: (Int) -> PlaneProjection,
        appendDrawn: (_ n: Int, _ layer: Int, _ h: PlaneProjection, _ out: inout [Point]) -> Bool, ends: ((Int) -> Void)? = nil
    ) -> [GradientAxis?] {
        var axisOut: [GradientAxis?] = []
        forEachMember(members, projection: projection) { n, h in
            let layer = specs[n].layer
            // projectedPath's own choice: its drawn path projected unless drawn as arcs.
            if imageArcs && specs[n].arcLevels != nil || !appendDrawn(n, layer, h, &out) {
                let p = specs[n].projectedPath(state(layer), h, arcs: imageArcs)
                out += p.vertices; out += p.outControls; out += p.inControls
            }
            if axes { axisOut.append(specs[n].gradient == nil ? nil : specs[n].gradientAxis(state(layer), h)) }
            ends?(out.count)
        }
        return axisOut
    }

    /// Each member (its index in `specs`) with its layer's projection. A layer's specs sit together
    /// in `members`: its projection is made once per run of them (not a dictionary per call, hashed
    /// per spec; every `projection` given is a pure function). The bodies read the spec's fields in
    /// place: a spec passed as a value was copied, its arrays retained and released, per member and
    /// grid time (flip-edge-pan, BENCHMARKS.md#factored36-the-factored-fits-span-search-and-samples-same-bytes-2026-12-05).
    @inline(__always)
    private func forEachMember(_ members: [Int], projection: (Int) -> PlaneProjection, _ body: (Int, PlaneProjection) -> Void) {
        var last: (layer: Int, h: PlaneProjection)? = nil
        for n in members {
            let layer = specs[n].layer
            let h = last.flatMap { $0.layer == layer ? $0.h : nil } ?? projection(layer)
            last = (layer, h)
            body(n, h)
        }
    }

    /// `layout.flat(sample(grid, k, members).paths)`, the same numbers.
    func flatSample(_ grid: ProjectionGrid, _ k: Int, _ members: [Int], count: Int) -> [Point] {
        var out: [Point] = []
        out.reserveCapacity(count)
        appendFlat(grid, k, members, to: &out)
        return out
    }

    /// The same points appended to `out` (no array of their own).
    func appendFlat(_ grid: ProjectionGrid, _ k: Int, _ members: [Int], to out: inout [Point]) {
        _ = appendFlat(
            members, to: &out, state: { grid.layerState(k, $0) }, projection: { grid.projection(k, $0) },
            appendDrawn: { grid.appendDrawn(k, $0, layer: $1, by: $2, to: &$3) })
    }

    /// The canvas (plus a 2 px margin) in a host's space.
    func box(_ state: SceneState, host: Int?) -> Rect { box(hostToScreen: host.map { state.boundsToScreen[$0] }) }

    /// The same from the host's map to screen (nil: the canvas).
    func box(hostToScreen: Transform3D?) -> Rect {
        let size = simulation.definition.canvas.size
        let back = hostToScreen.flatMap { PlaneProjection($0).inverse } ?? .identity
        // BezierPath.rect's corners in its order, mapped; their bounds in one pass (PointBounds).
        let r = Rect(-2, -2, size.width + 4, size.height + 4)
        var b = PointBounds()
        b.add(back.apply(Point(r.minX, r.minY))); b.add(back.apply(Point(r.maxX, r.minY)))
        b.add(back.apply(Point(r.maxX, r.maxY))); b.add(back.apply(Point(r.minX, r.maxY)))
        return Rect(b.minX, b.minY, b.maxX - b.minX, b.maxY - b.minY)
    }
}

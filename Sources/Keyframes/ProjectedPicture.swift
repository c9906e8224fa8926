import Artwork
import FoundationEssentials
import Glibc
import Motion
import Simulation
// A PNG/JPEG picture under a 3D transform. Neither SMIL nor Lottie warps an image
// projectively, so the picture is cut into cells, each drawn as the same embedded image under
// an affine map (translate · rotate · scale · rotate: every player has those, Lottie's skew is
// ignored by rlottie) and clipped to the cell. The cells are halved until the affine map fitted
// to each cell's projected points stays within `meshShare` of ProjectionTolerance.interpolation
// at every time of the fitting grid; each cell's parts are then keyed linearly at the fewest grid
// times for which the blend of the parts, as a player draws it, stays within the whole tolerance.
import TransitionModel

/// An affine map as players compose it: translate(tx, ty) · rotate(α) · scale(s1, s2) · rotate(β)
/// (angles in radians, clockwise on screen). Blending the parts is what SMIL and Lottie do.
package struct AffineParts: AnimatableValue {
    package var tx, ty, alpha, s1, s2, beta: Double

    package init(tx: Double, ty: Double, alpha: Double, s1: Double, s2: Double, beta: Double) {
        self.tx = tx; self.ty = ty; self.alpha = alpha; self.s1 = s1; self.s2 = s2; self.beta = beta
    }

    // Field by field, no arrays: the cells' key search blends parts millions of times.
    package static func + (a: AffineParts, b: AffineParts) -> AffineParts {
        AffineParts(tx: a.tx + b.tx, ty: a.ty + b.ty, alpha: a.alpha + b.alpha, s1: a.s1 + b.s1, s2: a.s2 + b.s2, beta: a.beta + b.beta)
    }
    package static func - (a: AffineParts, b: AffineParts) -> AffineParts {
        AffineParts(tx: a.tx - b.tx, ty: a.ty - b.ty, alpha: a.alpha - b.alpha, s1: a.s1 - b.s1, s2: a.s2 - b.s2, beta: a.beta - b.beta)
    }
    package func scaled(by k: Double) -> AffineParts { AffineParts(tx: tx * k, ty: ty * k, alpha: alpha * k, s1: s1 * k, s2: s2 * k, beta: beta * k) }

    package func apply(_ p: Point) -> Point { Applied(self).apply(p) }

    /// The parts with their angles' sines and cosines made once, for many points (the same
    /// arithmetic as `apply`, so the same numbers).
    package struct Applied {
        let cb: Double, sb: Double, ca: Double, sa: Double, s1: Double, s2: Double, tx: Double, ty: Double
        package init(_ a: AffineParts) {
            cb = cos(a.beta); sb = sin(a.beta); ca = cos(a.alpha); sa = sin(a.alpha)
            s1 = a.s1; s2 = a.s2; tx = a.tx; ty = a.ty
        }
        package func apply(_ p: Point) -> Point {
            let x1 = (cb * p.x - sb * p.y) * s1, y1 = (sb * p.x + cb * p.y) * s2
            return Point(ca * x1 - sa * y1 + tx, sa * x1 + ca * y1 + ty)
        }
    }

    /// The parts of x' = m00·x + m01·y + tx, y' = m10·x + m11·y + ty (closed-form 2×2 SVD, s2
    /// negative for a mirror). Where an angle is undefined (equal scales), `previous` keeps it.
    static func decompose(_ m00: Double, _ m01: Double, _ m10: Double, _ m11: Double, tx: Double, ty: Double, previous: (Double, Double)?) -> (
        parts: AffineParts, angles: (Double, Double)
    ) {
        let e = (m00 + m11) / 2, f = (m00 - m11) / 2, g = (m10 + m01) / 2, h = (m10 - m01) / 2
        let q = (e * e + h * h).squareRoot(), r = (f * f + g * g).squareRoot()
        let scale = max(q, 1e-12)
        func unwrap(_ a: Double, near b: Double?) -> Double {
            guard let b else { return a }
            return a + (((b - a) / (2 * .pi)).rounded()) * 2 * .pi
        }
        var a1 = r > 1e-9 * scale ? atan2(g, f) : (previous?.0 ?? 0)
        var a2 = q > 1e-9 * scale ? atan2(h, e) : (previous?.1 ?? 0)
        a1 = unwrap(a1, near: previous?.0)
        a2 = unwrap(a2, near: previous?.1)
        let parts = AffineParts(tx: tx, ty: ty, alpha: (a2 + a1) / 2, s1: q + r, s2: q - r, beta: (a2 - a1) / 2)
        return (parts, (a1, a2))
    }
}

/// One cell of a projected picture: its rect in picture pixels and the map pixels → host space
/// as `transform` ∘ translate(−pivot) (the pivot, the cell's centre, keeps key values small).
package struct PictureCell: Hashable, Sendable {
    package var rect: Rect
    package var pivot: Point
    package var transform: KeyframeTrack<AffineParts>
}

package enum ProjectedPicture {
    /// Share of ProjectionTolerance.interpolation the mesh may use; the keys' blend gets the rest.
    static let meshShare = 0.75
    /// Most cells per picture.
    package static let maxCells = 1024

    /// Pixels → layer i's bounds at `state`: the contentMode frame at the definition's size,
    /// stretched with the bounds.
    static func placement(_ sim: Simulation, _ i: Int, _ image: RasterImage, _ state: LayerState) -> (Point) -> Point {
        let d = sim.layers[i].definition
        guard case .artwork(let art) = d.kind else { return { $0 } }
        let f = art.frame(in: d.size)
        let sx = d.size.width > 0 ? state.size.width / d.size.width : 0, sy = d.size.height > 0 ? state.size.height / d.size.height : 0
        let kx = f.size.width / Double(image.pixelWidth), ky = f.size.height / Double(image.pixelHeight)
        return { p in Point((f.minX + p.x * kx) * sx, (f.minY + p.y * ky) * sy) }
    }

    /// The picture region drawn: its pixels, cut to the bounds when the layer clips.
    static func region(_ sim: Simulation, _ i: Int, _ image: RasterImage) -> Rect? {
        let d = sim.layers[i].definition
        guard case .artwork(let art) = d.kind else { return nil }
        var r = Rect(0, 0, Double(image.pixelWidth), Double(image.pixelHeight))
        if d.clipsToBounds {
            let f = art.frame(in: d.size)
            let kx = Double(image.pixelWidth) / f.size.width, ky = Double(image.pixelHeight) / f.size.height
            let x0 = max(0, -f.minX * kx), y0 = max(0, -f.minY * ky)
            let x1 = min(r.maxX, (d.size.width - f.minX) * kx), y1 = min(r.maxY, (d.size.height - f.minY) * ky)
            guard x1 > x0, y1 > y0 else { return nil }
            r = Rect(x0, y0, x1 - x0, y1 - y0)
        }
        return r
    }

    /// A cell's 3 × 3 check points (corners, edge midpoints, centre).
    static func probes(_ r: Rect) -> [Point] { (0..<probeCount).map { probe(r, $0) } }

    /// The nine probes: the corners, edge midpoints and centre, row by row from the top left.
    static let probeCount = 9
    static func probe(_ r: Rect, _ n: Int) -> Point {
        let u = Double(n % 3) * 0.5, v = Double(n / 3) * 0.5  // 0, 0.5, 1 exactly
        return Point(r.minX + u * r.size.width, r.minY + v * r.size.height)
    }

    /// The affine map (as 2×2 + translation, about the cell's centre) through the cell's
    /// projected corners in the least-squares sense: centre at their mean, axes their mean edges.
    static func fit(_ r: Rect, _ map: (Point) -> Point) -> (m: (Double, Double, Double, Double), t: Point) {
        let p00 = map(Point(r.minX, r.minY)), p10 = map(Point(r.maxX, r.minY))
        let p11 = map(Point(r.maxX, r.maxY)), p01 = map(Point(r.minX, r.maxY))
        let w = r.size.width, h = r.size.height
        let ex = ((p10 - p00) + (p11 - p01)).scaled(by: 0.5 / w), ey = ((p01 - p00) + (p11 - p10)).scaled(by: 0.5 / h)
        let c = (p00 + p10 + p11 + p01).scaled(by: 0.25)
        return ((ex.x, ey.x, ex.y, ey.y), c)
    }

    static func fitError(_ r: Rect, _ map: (Point) -> Point) -> Double {
        let (m, c) = fit(r, map)
        let mid = Point(r.midX, r.midY)
        // The probes in order, the largest kept as `max()` keeps it (no array per call: the mesh
        // asks this for every cell it tries under every map).
        var worst = -Double.infinity
        for n in 0..<probeCount {
            let p = probe(r, n), d = p - mid
            let e = Point(m.0 * d.x + m.1 * d.y + c.x, m.2 * d.x + m.3 * d.y + c.y).distance(to: map(p))
            if n == 0 || worst < e { worst = e }
        }
        return worst
    }

    /// Cells over `region` whose fitted affine maps stay within `tolerance` under every map.
    /// Layers whose picture would need more than `maxCells` cells to stay within the tolerance
    /// (checked at every breakpoint and every 1/30 s): refused before export rather than drawn off.
    package static func layersOverCellLimit(_ simulation: Simulation) -> [Int] {
        let sampler = ProjectionSampler(simulation)
        // Only PNG/JPEG layers can pass the limit; the states are sampled once, and only for them
        // (sampling them per projected layer made every flip export, `--at` too, ~10x slower).
        let pictures = sampler.pictureLayers
        guard !pictures.isEmpty else { return [] }
        let end = simulation.timeline.duration
        let times = Array(Set(sampler.breakpoints(end: end) + stride(from: 0, to: end, by: 1.0 / 30).map { $0 })).sorted()
        let states = times.map { sampler.state($0, end: end) }
        return pictures.filter { i in
            guard let (region, maps, tolerance) = sampler.pictureMaps(i, states: states) else { return false }
            let cells = mesh(region, maps: maps, tolerance: tolerance * meshShare)
            return cells.count >= maxCells && cells.contains { r in maps.contains { fitError(r, $0) > tolerance * meshShare } }
        }
    }

    /// Layers drawn as picture cells (a PNG/JPEG, or art drawn as one, under a 3D transform):
    /// rlottie and ThorVG 1.0 draw any image under more than a translation off by a half-pixel
    /// convention of their own (rlottie (-0.5, +0.5) px, ThorVG 0.6-1.1 px), in every construction
    /// one Lottie file can hold, so the Lottie export warns about them
    /// (docs/artwork.md#picture-cells-and-their-seams).
    package static func cellLayers(_ simulation: Simulation) -> [Int] { ProjectionSampler(simulation).pictureLayers }

    static func mesh(_ region: Rect, maps: [(Point) -> Point], tolerance: Double) -> [Rect] {
        var out: [Rect] = []
        func worst(_ r: Rect) -> Double {
            guard var e = maps.first.map({ fitError(r, $0) }) else { return 0 }
            for map in maps.dropFirst() {
                let x = fitError(r, map)
                if e < x { e = x }
            }
            return e
        }
        var queue = [(region, worst(region))]
        while let (r, e) = queue.popLast() {
            guard e > tolerance, out.count + queue.count < maxCells, r.size.width >= 2 || r.size.height >= 2 else { out.append(r); continue }
            let halvesX = [Rect(r.minX, r.minY, r.size.width / 2, r.size.height), Rect(r.midX, r.minY, r.size.width / 2, r.size.height)]
            let halvesY = [Rect(r.minX, r.minY, r.size.width, r.size.height / 2), Rect(r.minX, r.midY, r.size.width, r.size.height / 2)]
            let ex = halvesX.map(worst), ey = halvesY.map(worst)
            let useX = r.size.height < 2 || (r.size.width >= 2 && ex.max()! <= ey.max()!)
            queue += useX ? Array(zip(halvesX, ex)) : Array(zip(halvesY, ey))
        }
        return out.sorted { ($0.minY, $0.minX) < ($1.minY, $1.minX) }
    }
}

extension ProjectionSampler {
    /// The projected layers that show a PNG/JPEG (drawn as picture cells).
    var pictureLayers: [Int] {
        layers.map(\.index).filter { i in
            guard case .artwork(let art) = simulation.layers[i].definition.kind, case .raster = art.artwork else { return false }
            return true
        }
    }

    /// Layer i's picture region, its pixels → host space at each state, and the tolerance in host units.
    func pictureMaps(_ i: Int, states: [SceneState]) -> (region: Rect, maps: [(Point) -> Point], tolerance: Double)? {
        guard case .artwork(let art) = simulation.layers[i].definition.kind, case .raster(let image) = art.artwork,
            let region = ProjectedPicture.region(simulation, i, image)
        else { return nil }
        let host = hosts[i]!
        var scale = 1.0
        if let host { for st in states { scale = max(scale, PlaneProjection(st.boundsToScreen[host]).affineScaleBound) } }
        let maps: [(Point) -> Point] = states.map { st in
            let h = projection(st, i, host: host)
            let place = ProjectedPicture.placement(simulation, i, image, st.layers[i])
            return { h.apply(place($0)) }
        }
        return (region, maps, ProjectionTolerance.interpolation * ProjectionTolerance.aim / scale)
    }

    /// Layer i's picture cells over [0, end] (host space), or one key each at `at` for a still.
    func pictureCells(_ i: Int, end: Double, at still: Double? = nil) -> [PictureCell] {
        guard case .artwork(let art) = simulation.layers[i].definition.kind, case .raster(let image) = art.artwork,
            let region = ProjectedPicture.region(simulation, i, image)
        else { return [] }
        // Times: every breakpoint (twice where the motion jumps) and the fitting grid between.
        var times: [Double] = [], holdBefore: [Bool] = []
        if let still {
            times = [still]; holdBefore = [false]
        } else {
            let cuts = breakpoints(end: end)
            for (n, c0) in cuts.enumerated() {
                if n > 0 { times.append(c0.nextDown); holdBefore.append(true) }
                times.append(c0); holdBefore.append(false)
                if n + 1 < cuts.count { for t in Self.gridTimes(from: c0, to: cuts[n + 1], end: end) { times.append(t); holdBefore.append(false) } }
            }
        }
        let states = times.map { state($0, end: still == nil ? end : .infinity) }
        let (_, maps, tolerance) = pictureMaps(i, states: states)!
        // The mesh is chosen on every breakpoint and 1/60 s (the keys' check uses every grid time).
        var coarse: [(Point) -> Point] = []
        var last = -Double.infinity
        for (n, map) in maps.enumerated() where holdBefore[n] || n == 0 || times[n] - last >= 1.0 / 60 || n == maps.count - 1 {
            coarse.append(map)
            last = times[n]
        }
        let cells = ProjectedPicture.mesh(region, maps: coarse, tolerance: tolerance * ProjectedPicture.meshShare)
        return cells.map { r in
            let pivot = Point(r.midX, r.midY)
            var previous: (Double, Double)? = nil
            var parts: [AffineParts] = []
            for map in maps {
                let (m, c) = ProjectedPicture.fit(r, map)
                let d = AffineParts.decompose(m.0, m.1, m.2, m.3, tx: c.x, ty: c.y, previous: previous)
                parts.append(d.parts)
                previous = d.angles
            }
            let onCell = ProjectedPicture.probes(r), probes = onCell.map { $0 - pivot }
            // Each sample's exact probes, one flat array (sample k's at k * count).
            var exact: [Point] = []
            exact.reserveCapacity(maps.count * onCell.count)
            for map in maps { for p in onCell { exact.append(map(p)) } }
            // A sample just before a breakpoint stands at the breakpoint (its left limit).
            let at = times.indices.map { holdBefore[$0] ? times[$0 + 1] : times[$0] }
            func fits(_ a: Int, _ b: Int) -> Bool {
                for k in (a + 1)..<b {
                    let u = (at[k] - at[a]) / (at[b] - at[a])
                    let blend = AffineParts.Applied(parts[a] + (parts[b] - parts[a]).scaled(by: u))
                    let first = k * probes.count
                    for n in probes.indices where blend.apply(probes[n]).distance(to: exact[first + n]) > tolerance { return false }
                }
                return true
            }
            var keys: [Keyframe<AffineParts>] = []
            var a = 0
            while a < times.count {
                // A segment: from breakpoint a to the sample just before the next one (e), or the end.
                var e = a
                while e + 1 < times.count, !holdBefore[e] { e += 1 }
                var k = a
                let still = parts[a...e].allSatisfy { $0 == parts[a] }
                if still { keys.append(Keyframe(time: at[a], value: parts[a])); k = e }
                while k < e {
                    keys.append(Keyframe(time: at[k], value: parts[k]))
                    // The furthest b ≤ e that fits: gallop, then bisect.
                    var ok = k + 1, step = 2
                    while ok < e, fits(k, min(e, k + step)) { ok = min(e, k + step); step *= 2 }
                    var bad = min(e, k + step) + 1
                    if ok == e { bad = e + 1 }
                    while bad - ok > 1 {
                        let mid = (ok + bad) / 2
                        if fits(k, mid) { ok = mid } else { bad = mid }
                    }
                    k = ok
                }
                if holdBefore[e] {
                    // Linear into the breakpoint; where the motion jumps, the left value holds there.
                    if parts[e] != parts[e + 1] { keys.append(Keyframe(time: at[e], value: parts[e], easing: .hold)) }
                } else {
                    keys.append(Keyframe(time: at[e], value: parts[e]))
                }
                a = e + 1
            }
            return PictureCell(rect: r, pivot: pivot, transform: ProjectionSampler.simplified(keys))
        }
    }
}

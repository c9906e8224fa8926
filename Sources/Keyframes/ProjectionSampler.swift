// Keyframes for projected layers (ProjectedContent.swift): one time grid for all of them, so
// shapes that share an edge (a page and its shading) share every keyframe and never part.
// The grid starts at every event time of the simulation and is split wherever what a player
// draws between two keyframes strays from the exact shape by more than
// `ProjectionTolerance.interpolation` on the canvas, or any path point by more than
// `interpolationAnywhere` (checked at every eighth of each interval, in the host's space
// scaled to screen).
import TransitionModel
import Motion
import Simulation

struct ProjectionSampler {
    let simulation: Simulation
    /// Projected layers in paint order and the host of each (nil = the canvas).
    let layers: [(index: Int, host: Int?)]
    private(set) var specs: [PathSpec] = []
    /// Where each layer's paint, clip, mask and outline specs sit in `specs`.
    private var ranges: [Int: (paint: Range<Int>, clip: Int?, mask: Range<Int>, outline: Int?)] = [:]
    /// Indices in `specs` of the layers' bounds outlines.
    private var outlines: Set<Int> = []
    /// Host units → screen px (an upper bound over the timeline); tolerances are divided by it.
    private var hostScale = 1.0

    struct Sample: Equatable {
        var paths: [BezierPath]
        var axes: [GradientAxis?]
        /// Per path: the canvas (plus a 2 px margin) in the path's host space, as a box.
        var visible: [Rect]
    }

    init(_ simulation: Simulation) {
        self.simulation = simulation
        let projected = Projection.projectedLayers(simulation)
        layers = simulation.paintOrder.filter { projected[$0] }.map { i in
            var host = simulation.layers[i].parent
            while let h = host, projected[h] { host = simulation.layers[h].parent }
            return (i, host)
        }
        for (i, _) in layers {
            let s = PathSpec.specs(for: i, in: simulation)
            let p0 = specs.count
            specs += s.paint
            let paint = p0..<specs.count
            var clip: Int? = nil
            if let c = s.clip { clip = specs.count; specs.append(c) }
            let m0 = specs.count
            specs += s.mask
            let mask = m0..<specs.count
            // A named layer's bounds outline: on the same grid as its paint, so what a reader
            // measures there is what a player plays.
            var outline: Int? = nil
            if simulation.layers[i].id != nil {
                outline = specs.count
                outlines.insert(specs.count)
                specs.append(PathSpec(layer: i, source: .bounds(rounded: false)))
            }
            ranges[i] = (paint, clip, mask, outline)
        }
    }

    var isEmpty: Bool { layers.isEmpty }

    // MARK: Evaluation

    /// Layer i's bounds → its host's bounds.
    func projection(_ state: SceneState, _ i: Int, host: Int?) -> PlaneProjection {
        let world = PlaneProjection(state.boundsToScreen[i])
        guard let host, let back = PlaneProjection(state.boundsToScreen[host]).inverse else { return world }
        return world.concatenating(back)
    }

    private var hostOf: [Int: Int?] { Dictionary(uniqueKeysWithValues: layers.map { ($0.index, $0.host) }) }

    func sample(_ state: SceneState) -> Sample {
        let hosts = hostOf
        var paths: [BezierPath] = [], axes: [GradientAxis?] = [], visible: [Rect] = []
        let size = simulation.definition.canvas.size
        let canvas = BezierPath.rect(Rect(-2, -2, size.width + 4, size.height + 4))
        for spec in specs {
            let host = hosts[spec.layer]!
            let h = projection(state, spec.layer, host: host)
            let s = state.layers[spec.layer]
            paths.append(spec.boundsPath(s).subdivided(levels: spec.levels).projected(by: h))
            axes.append(spec.gradientAxis(s, h))
            let back = host.flatMap { PlaneProjection(state.boundsToScreen[$0]).inverse } ?? .identity
            let corners = canvas.vertices.map(back.apply)
            let xs = corners.map(\.x), ys = corners.map(\.y)
            visible.append(Rect(xs.min()!, ys.min()!, xs.max()! - xs.min()!, ys.max()! - ys.min()!))
        }
        return Sample(paths: paths, axes: axes, visible: visible)
    }

    /// The state at t on the timeline, without wrapping t = end back to the start.
    func state(_ t: Double, end: Double) -> SceneState { simulation.state(at: min(t, end.nextDown)) }

    // MARK: Structure: curve subdivision

    /// Picks, per path, the fewest halvings of its cubics for which the projected cubics stay within `ProjectionTolerance.curve` at every time in `times`.
    mutating func chooseLevels(times: [Double], end: Double) {
        let hosts = hostOf
        let states = times.map { state($0, end: end) }
        hostScale = 1
        for st in states {
            for (_, host) in layers {
                if let host { hostScale = max(hostScale, PlaneProjection(st.boundsToScreen[host]).affineScaleBound) }
            }
        }
        let tolerance = ProjectionTolerance.curve / hostScale
        for n in specs.indices {
            var level = 0
            search: while level < 6 {
                for st in states {
                    let h = projection(st, specs[n].layer, host: hosts[specs[n].layer]!)
                    let path = specs[n].boundsPath(st.layers[specs[n].layer]).subdivided(levels: level)
                    if Self.curveError(path, h) > tolerance { level += 1; continue search }
                }
                break
            }
            specs[n].levels = level
        }
    }

    /// How far the Hermite cubics (BezierPath.projected) stray from the projected cubics.
    static func curveError(_ path: BezierPath, _ h: PlaneProjection) -> Double {
        let projected = path.projected(by: h)
        var worst = 0.0
        for k in 0..<path.segmentCount where !path.isLine[k] {
            for s in [0.25, 0.5, 0.75] {
                worst = max(worst, h.apply(path.point(segment: k, at: s)).distance(to: projected.point(segment: k, at: s)))
            }
        }
        return worst
    }

    // MARK: Time grid

    /// Every time at which some geometry track starts, stops or jumps, and the ends.
    func breakpoints(end: Double) -> [Double] {
        var times: Set<Double> = [0, end]
        func add<V>(_ track: PropertyTrack<V>) {
            for e in track.events {
                switch e {
                case .set(let t, _): times.insert(t)
                case .animate(let a): times.formUnion([a.callTime, a.beginTime, a.endTime])
                }
            }
        }
        for l in simulation.layers {
            add(l.position); add(l.size); add(l.transform); add(l.cornerRadius)
            add(l.maskFrame); add(l.maskCornerRadius); add(l.maskCenter); add(l.maskRadius)
            times.formUnion(l.anchorPoint.changes.map(\.time)); times.formUnion(l.zPosition.changes.map(\.time))
        }
        return times.filter { $0 >= 0 && $0 <= end }.sorted()
    }

    /// How far what a player draws between keyframes a and b (every point on the straight line
    /// between its two positions) strays from the exact shape `mid` at fraction f, where it can
    /// be seen: on the canvas. A line's drawn points blend its ends' errors, so the bound is taken
    /// over the part of the drawn segment inside the canvas; a cubic counts its control points'
    /// errors when its hull reaches the canvas. In host units.
    static func deviation(_ mid: Sample, _ a: Sample, _ b: Sample, _ f: Double, outlines: Set<Int> = []) -> (visible: Double, anywhere: Double, outline: Double) {
        var worst = 0.0, anywhere = 0.0, outline = 0.0
        for (n, exact) in mid.paths.enumerated() {
            let drawn = a.paths[n] + (b.paths[n] - a.paths[n]).scaled(by: f)
            for (p, q) in zip(drawn.allPoints, exact.allPoints) { anywhere = max(anywhere, p.distance(to: q)) }
            if outlines.contains(n) {
                for (p, q) in zip(drawn.vertices, exact.vertices) { outline = max(outline, p.distance(to: q)) }
            }
            let box = mid.visible[n], count = exact.segmentCount
            for k in 0..<count {
                let next = (k + 1) % count
                let eA = drawn.vertices[k] - exact.vertices[k], eB = drawn.vertices[next] - exact.vertices[next]
                if exact.isLine[k] {
                    // The part that shows at either keyframe or in between, so nothing that
                    // leaves the canvas inside the interval escapes the check.
                    let ranges = [drawn, a.paths[n], b.paths[n]].compactMap { clip($0.vertices[k], $0.vertices[next], to: box) }
                    guard !ranges.isEmpty else { continue }
                    let (l0, l1) = (ranges.map(\.0).min()!, ranges.map(\.1).max()!)
                    for l in [l0, l1] {
                        let e = eA.scaled(by: 1 - l) + eB.scaled(by: l)
                        worst = max(worst, (e.x * e.x + e.y * e.y).squareRoot())
                    }
                } else {
                    let hull = [drawn, a.paths[n], b.paths[n]].flatMap { [$0.vertices[k], $0.outControls[k], $0.inControls[next], $0.vertices[next]] }
                    guard hull.contains(where: { $0.x >= box.minX }), hull.contains(where: { $0.x <= box.maxX }),
                          hull.contains(where: { $0.y >= box.minY }), hull.contains(where: { $0.y <= box.maxY }) else { continue }
                    let errors = [eA, drawn.outControls[k] - exact.outControls[k], drawn.inControls[next] - exact.inControls[next], eB]
                    for e in errors { worst = max(worst, (e.x * e.x + e.y * e.y).squareRoot()) }
                }
            }
        }
        return (worst, anywhere, outline)
    }

    /// The parameter range of segment p→q inside the box (Liang–Barsky), nil when outside.
    static func clip(_ p: Point, _ q: Point, to box: Rect) -> (Double, Double)? {
        var t0 = 0.0, t1 = 1.0
        let d = q - p
        for (num, den) in [(p.x - box.minX, -d.x), (box.maxX - p.x, d.x), (p.y - box.minY, -d.y), (box.maxY - p.y, d.y)] {
            if den == 0 {
                if num < 0 { return nil }
            } else {
                let t = num / den
                if den < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
            }
        }
        return t0 <= t1 ? (t0, t1) : nil
    }

    /// Keyframe times and samples over [0, end]: (time, sample, isTheValueJustBeforeAJump).
    func keyframes(end: Double) -> [(time: Double, sample: Sample, hold: Bool)] {
        let tolerance = ProjectionTolerance.interpolation / hostScale
        let toleranceAnywhere = ProjectionTolerance.interpolationAnywhere / hostScale
        let toleranceOutline = ProjectionTolerance.outline / hostScale
        var cache: [Double: Sample] = [:]
        func at(_ t: Double) -> Sample {
            if let s = cache[t] { return s }
            let s = sample(state(t, end: end))
            cache[t] = s
            return s
        }
        func refine(_ a: Double, _ va: Sample, _ b: Double, _ vb: Sample, _ depth: Int) -> [(Double, Sample)] {
            guard depth < 12, b - a > 1e-4 else { return [] }
            var worst = 0.0  // in units of the tolerance
            for f in [0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875] {
                let d = Self.deviation(at(a + (b - a) * f), va, vb, f, outlines: outlines)
                worst = max(worst, d.visible / tolerance, d.anywhere / toleranceAnywhere, d.outline / toleranceOutline)
            }
            guard worst > 1 else { return [] }
            // The chord error shrinks with the square of the step: split into as many pieces as
            // that predicts (at least 2), then check each piece again.
            let pieces = max(2, min(16, Int(worst.squareRoot() * 1.15 + 1)))
            var out: [(Double, Sample)] = []
            var (t0, v0) = (a, va)
            for n in 1...pieces {
                let t1 = n == pieces ? b : a + (b - a) * Double(n) / Double(pieces)
                let v1 = n == pieces ? vb : at(t1)
                out += refine(t0, v0, t1, v1, depth + 1)
                if n < pieces { out.append((t1, v1)) }
                (t0, v0) = (t1, v1)
            }
            return out
        }
        let cuts = breakpoints(end: end)
        var out: [(time: Double, sample: Sample, hold: Bool)] = []
        for (n, b) in cuts.enumerated() {
            let right = at(b)
            if n > 0 {
                let left = sample(state(b.nextDown, end: end))
                if left != right { out.append((b, left, true)) }
            }
            out.append((b, right, false))
            guard n + 1 < cuts.count else { break }
            let next = cuts[n + 1]
            let leftOfNext = sample(state(next.nextDown, end: end))
            out += refine(b, right, next, leftOfNext, 0).map { ($0.0, $0.1, false) }
        }
        return out
    }

    // MARK: Output

    /// Projected layers over the whole timeline, indexed like `simulation.layers`.
    static func projectedLayers(_ simulation: Simulation) -> [ProjectedLayer?] {
        var sampler = ProjectionSampler(simulation)
        guard !sampler.isEmpty else { return Array(repeating: nil, count: simulation.layers.count) }
        let end = simulation.timeline.duration
        let coarse = Array(Set(sampler.breakpoints(end: end) + stride(from: 0, to: end, by: 1.0 / 30).map { $0 })).sorted()
        sampler.chooseLevels(times: coarse, end: end)
        return sampler.assemble(sampler.keyframes(end: end))
    }

    /// Projected layers frozen at time t (the `--at` still).
    static func projectedLayers(_ simulation: Simulation, at t: Double) -> [ProjectedLayer?] {
        var sampler = ProjectionSampler(simulation)
        guard !sampler.isEmpty else { return Array(repeating: nil, count: simulation.layers.count) }
        let state = simulation.state(at: t)
        sampler.chooseLevels(times: [state.time], end: .infinity)
        return sampler.assemble([(0, sampler.sample(state), false)])
    }

    func assemble(_ frames: [(time: Double, sample: Sample, hold: Bool)]) -> [ProjectedLayer?] {
        func track<V: Hashable & Sendable>(_ value: (Sample) -> V) -> KeyframeTrack<V> {
            Self.simplified(frames.map { Keyframe(time: $0.time, value: value($0.sample), easing: $0.hold ? .hold : .linear) })
        }
        var out = [ProjectedLayer?](repeating: nil, count: simulation.layers.count)
        for (i, host) in layers {
            let r = ranges[i]!
            let paint = r.paint.map { n -> ProjectedPaint in
                let spec = specs[n]
                let fill = simulation.layers[i].definition.fill!
                var colors: [Color] = []
                var gradient: KeyframeTrack<GradientAxis>? = nil
                if let g = spec.gradient {
                    colors = PathSpec.gradientSamples(g).map { PathSpec.color(of: g, at: $0) }
                    gradient = track { $0.axes[n]! }
                }
                return ProjectedPaint(path: track { $0.paths[n] }, fill: fill, gradient: gradient, gradientColors: colors)
            }
            out[i] = ProjectedLayer(layer: i, host: host, paint: paint, clip: r.clip.map { n in track { $0.paths[n] } },
                                    mask: r.mask.isEmpty ? nil : track { s in MultiPath(r.mask.map { s.paths[$0] }) },
                                    outline: r.outline.map { n in track { $0.paths[n] } })
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

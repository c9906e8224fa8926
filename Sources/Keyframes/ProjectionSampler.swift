import Motion
import Simulation
// Keyframes for projected layers (ProjectedContent.swift): one time grid for all of them, so
// shapes that share an edge (a page and its shading) share every keyframe and never part.
// The grid starts at every event time of the simulation and is split wherever what a player
// draws between two keyframes strays from the exact shape by more than
// `ProjectionTolerance.interpolation` on the canvas, or any path point by more than
// `interpolationAnywhere` (checked at every eighth of each interval, in the host's space
// scaled to screen).
import TransitionModel

struct ProjectionSampler {
    /// What init finds and nothing changes after: one reference shared by every copy of the
    /// sampler. Held inline, a copy (each fit's, each closure's capture) retained some 50
    /// references, the simulation's arrays among them: ~5 % of the default run
    /// (BENCHMARKS.md#copies-of-the-3d-fits-state-same-bytes-2026-12-04).
    private final class Fixed: Sendable {
        let simulation: Simulation
        let layers: [(index: Int, host: Int?)]
        let hosts: [Int: Int?]
        let gridLayers: LayerSubset
        let ranges: [Int: (paint: Range<Int>, clip: Int?, mask: Range<Int>, outline: Int?)]
        let opacityGroups: [Int: [ProjectedArtOpacityGroup]]
        let artClips: [Int: [(region: ProjectedArtClipRegion, specs: [Range<Int>])]]
        let outlines: Set<Int>

        init(
            simulation: Simulation, layers: [(index: Int, host: Int?)], hosts: [Int: Int?], gridLayers: LayerSubset,
            ranges: [Int: (paint: Range<Int>, clip: Int?, mask: Range<Int>, outline: Int?)],
            opacityGroups: [Int: [ProjectedArtOpacityGroup]], artClips: [Int: [(region: ProjectedArtClipRegion, specs: [Range<Int>])]],
            outlines: Set<Int>
        ) {
            self.simulation = simulation; self.layers = layers; self.hosts = hosts; self.gridLayers = gridLayers
            self.ranges = ranges; self.opacityGroups = opacityGroups; self.artClips = artClips; self.outlines = outlines
        }
    }
    private let fixed: Fixed

    var simulation: Simulation { _read { yield fixed.simulation } }
    /// Projected layers in paint order and the host of each (nil = the canvas).
    var layers: [(index: Int, host: Int?)] { _read { yield fixed.layers } }
    /// The host of each projected layer.
    var hosts: [Int: Int?] { _read { yield fixed.hosts } }
    /// The projected layers, their hosts and their ancestors: all the grid reads of a time (`gridState`).
    var gridLayers: LayerSubset { _read { yield fixed.gridLayers } }
    private(set) var specs: [PathSpec] = []
    /// Ellipses with `arcLevels` sampled as arcs of their image: for the factored SVG only (in
    /// Lottie the cube's sun as 4 arcs took rlottie's worst frame from 2.000 to 2.006, over its
    /// limit; BENCHMARKS.md#the-cubes-svg-under-target).
    var imageArcs = false
    /// Where each layer's paint, clip, mask and outline specs sit in `specs`.
    var ranges: [Int: (paint: Range<Int>, clip: Int?, mask: Range<Int>, outline: Int?)] { _read { yield fixed.ranges } }
    /// Per layer, SVG art's opacity groups over its paint (PathSpec.specs).
    var opacityGroups: [Int: [ProjectedArtOpacityGroup]] { _read { yield fixed.opacityGroups } }
    /// Per layer, SVG art's clip paths over its paint and, per clip shape, its specs' range.
    var artClips: [Int: [(region: ProjectedArtClipRegion, specs: [Range<Int>])]] { _read { yield fixed.artClips } }
    /// Indices in `specs` of the layers' bounds outlines.
    var outlines: Set<Int> { _read { yield fixed.outlines } }
    /// Host units → screen px (an upper bound over the timeline); tolerances are divided by it.
    private(set) var hostScale = 1.0
    /// Each interval's grid states, shared by every fit once the levels are chosen
    /// (ProjectionPreparation); nil: each fit makes its own.
    var intervalGrids: ProjectionIntervalGrids? = nil
    /// The factored planes' tolerance-free numbers per interval, kept by one fit for the next
    /// (ProjectionPreparation); nil: each fit finds its own.
    var planeBases: ProjectionPlaneBases? = nil

    init(_ simulation: Simulation) {
        let projected = Projection.projectedLayers(simulation)
        let layers: [(index: Int, host: Int?)] = simulation.paintOrder.filter { projected[$0] }.map { i in
            var host = simulation.layers[i].parent
            while let h = host, projected[h] { host = simulation.layers[h].parent }
            return (i, host)
        }
        var specs: [PathSpec] = []
        var ranges: [Int: (paint: Range<Int>, clip: Int?, mask: Range<Int>, outline: Int?)] = [:]
        var opacityGroups: [Int: [ProjectedArtOpacityGroup]] = [:]
        var artClips: [Int: [(region: ProjectedArtClipRegion, specs: [Range<Int>])]] = [:]
        var outlines: Set<Int> = []
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
            // SVG art's clip paths: fitted with the paint, as they move with it.
            let base = simulation.layers[i].definition.size
            artClips[i] = s.artClips.map { region in
                (
                    region,
                    PathSpec.artClipSpecs(region, layer: i, base: base).map { shape in
                        let a0 = specs.count
                        specs += shape
                        return a0..<specs.count
                    }
                )
            }
            // A named layer's bounds outline: on the same grid as its paint, so what a reader
            // measures there is what a player plays.
            var outline: Int? = nil
            if simulation.layers[i].id != nil {
                outline = specs.count
                outlines.insert(specs.count)
                specs.append(PathSpec(layer: i, source: .bounds(rounded: false)))
            }
            ranges[i] = (paint, clip, mask, outline)
            opacityGroups[i] = s.opacityGroups
        }
        self.specs = specs
        fixed = Fixed(
            simulation: simulation, layers: layers, hosts: Dictionary(uniqueKeysWithValues: layers.map { ($0.index, $0.host) }),
            gridLayers: simulation.subset(layers.flatMap { [$0.index] + ($0.host.map { [$0] } ?? []) }), ranges: ranges,
            opacityGroups: opacityGroups, artClips: artClips, outlines: outlines)
    }

    var isEmpty: Bool { layers.isEmpty }

    // MARK: Evaluation

    /// Layer i's bounds → its host's bounds.
    func projection(_ state: SceneState, _ i: Int, host: Int?) -> PlaneProjection {
        Self.projection(state.boundsToScreen[i], host: host.map { state.boundsToScreen[$0] })
    }

    /// A layer's plane in its host's space: its bounds-to-screen matrix, then back through the
    /// host's (the screen's own when there is no host, or the host's does not invert).
    @inline(__always)
    static func projection(_ boundsToScreen: Transform3D, host: Transform3D?) -> PlaneProjection {
        let world = PlaneProjection(boundsToScreen)
        guard let host, let back = PlaneProjection(host).inverse else { return world }
        return world.concatenating(back)
    }

    /// The state at t on the timeline, without wrapping t = end back to the start.
    func state(_ t: Double, end: Double) -> SceneState { simulation.state(at: min(t, end.nextDown)) }

    /// The same numbers for `gridLayers` alone (what ProjectionGrid reads).
    func gridState(_ t: Double, end: Double) -> LayerSubsetState { simulation.state(of: gridLayers, at: min(t, end.nextDown)) }

    /// The grid of `times` (increasing), reduced to what `sample` reads as each state is made
    /// (ProjectionGrid); `each` sees every state. One LayerSubsetSampler makes them: `gridState`'s
    /// numbers, only the layers whose tracks moved since the last time evaluated again.
    func grid(_ times: [Double], end: Double, each: (LayerSubsetState) -> Void = { _ in }) -> ProjectionGrid {
        var states = ProjectionGrid(self, capacity: times.count)
        var sampler = LayerSubsetSampler(simulation, gridLayers, at: min(times[0], end.nextDown))
        for (k, t) in times.enumerated() {
            if k > 0 { sampler.advance(to: min(t, end.nextDown)) }
            each(sampler.state)
            states.append(sampler.state, self, changes: (sampler.ownChanged, sampler.changed))
        }
        return states
    }

    // MARK: Structure: curve subdivision

    /// Picks, per path, the fewest halvings of its cubics for which the projected cubics stay within `ProjectionTolerance.curve` at every time in `times`.
    mutating func chooseLevels(times: [Double], end: Double) {
        var scale = 1.0
        // Each host once per time (the largest of the same numbers: layers share a few hosts).
        var seen = Set<Int>()
        let distinctHosts = layers.compactMap { $0.host.flatMap { seen.insert($0).inserted ? $0 : nil } }
        let states = grid(times, end: end) { st in
            for host in distinctHosts { scale = max(scale, PlaneProjection(st.boundsToScreen(of: host)).affineScaleBound) }
        }
        hostScale = scale
        let tolerance = ProjectionTolerance.curve / hostScale
        // Per level, the grid time where a spec last failed it: each search starts there (bars
        // side by side fail at the same times). A failed level keeps nothing, and a passed one
        // has seen every time, so the same levels and the same largest error (a maximum).
        var lastFailure = [Int](repeating: 0, count: 6)
        // The same per count of image arcs (an ellipse's arcs are judged at every time: the same answer).
        var lastArcFailure = [Int](repeating: 0, count: 6)
        for n in specs.indices {
            var level = 0, worst = 0.0
            search: while level < 6 {
                specs[n].levels = level
                worst = 0
                let start = lastFailure[level]
                // The drawn path of the layer's last distinct state (ProjectionGrid.stateIndex): a
                // function of the spec, its level and the state, made once per run of that state.
                var made: (state: Int, path: BezierPath)? = nil
                for j in 0..<states.count {
                    let k = start + j < states.count ? start + j : start + j - states.count
                    // Time k - 1, seen just before (or passed over, equal to the one before it), passed
                    // with these very numbers: the same error, not above the maximum so far.
                    if j > 0, k > 0, states.repeats(k, specs[n].layer), states.boxRepeats(k, host: hosts[specs[n].layer]!) { continue }
                    let h = states.projection(k, specs[n].layer), s = states.layerState(k, specs[n].layer)
                    let d = states.stateIndex(k, specs[n].layer)
                    if made?.state != d { made = (d, specs[n].drawnPath(s)) }
                    let plain = made.unsafelyUnwrapped.path
                    // A stadium bar's one-cubic ends: their whole error against the exact half circles.
                    // Off the canvas it is not seen, and the fit does not bound it there either.
                    let oneCubic = level == 0 && specs[n].isStadiumBar
                    let error: Double
                    if oneCubic {
                        // The path `sample` gives (projectedPath), without its gradient axis; the
                        // error's own path is the drawn one projected (projectedPath without arcs).
                        let drawn = plain.projected(by: h)
                        let path = imageArcs && specs[n].arcLevels != nil ? specs[n].projectedPath(s, h, arcs: true) : drawn
                        if !Self.meets(path, states.box(k, host: hosts[specs[n].layer]!)) { continue }
                        // A bar's error from `worst` on (max(worst, its own): every value kept so far is
                        // within the tolerance, so the same test and the same maximum, found sooner).
                        error = specs[n].stadiumError(s, h, drawn: drawn, atLeast: worst)
                    } else {
                        error = Self.curveError(plain, h)
                    }
                    if error > tolerance { lastFailure[level] = k; level += 1; continue search }
                    if oneCubic { worst = max(worst, error) }
                }
                break
            }
            specs[n].levels = level
            specs[n].shapeError = worst
            // An ellipse: fewer arcs of its image where they meet the tolerance (ProjectedEllipse.swift).
            specs[n].arcLevels = (0..<level).first { levels in
                guard let k = arcsFailure(n, states, tolerance, levels: levels, from: lastArcFailure[levels]) else { return true }
                lastArcFailure[levels] = k
                return false
            }
        }
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
            add(l.position); add(l.size); add(l.transform)
            // The numbers that shape an outline (opacity only tints it).
            for p in LayerProperty.animatedLayerNumbers + LayerProperty.animatedMaskNumbers where p != .opacity { add(l.numberTrack(p)) }
            add(l.maskFrame); add(l.maskCenter)
            times.formUnion(l.anchorPoint.changes.map(\.time)); times.formUnion(l.zPosition.changes.map(\.time))
        }
        return times.filter { $0 >= 0 && $0 <= end }.sorted()
    }

    /// The parameter range of segment p→q inside the box (Liang–Barsky), nil when outside.
    static func clip(_ p: Point, _ q: Point, to box: Rect) -> (Double, Double)? {
        var t0 = 0.0, t1 = 1.0
        let d = q - p
        // The four box edges in turn, unrolled (this runs for every edge at every checked time).
        @inline(__always) func cut(_ num: Double, _ den: Double) -> Bool {
            if den == 0 {
                if num < 0 { return false }
            } else {
                let t = num / den
                if den < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
            }
            return true
        }
        guard cut(p.x - box.minX, -d.x), cut(box.maxX - p.x, d.x), cut(p.y - box.minY, -d.y), cut(box.maxY - p.y, d.y) else { return nil }
        return t0 <= t1 ? (t0, t1) : nil
    }

    /// One key of a group: its members' paths and gradient axes, and the easing to the next key.
    struct Frame {
        var time: Double
        var paths: [BezierPath]
        var axes: [GradientAxis?]
        var easing: KeyframeEasing
    }

    /// Times strictly inside (c0, c1) at which a group's fit is checked and keys may fall:
    /// multiples of the loop's length / `divisions(end:)`, at least 300 a second.
    static func gridTimes(from c0: Double, to c1: Double, end: Double) -> [Double] {
        guard end > 0, end.isFinite else { return [] }
        let divisions = divisions(end: end)
        let step = end / divisions
        var k = (c0 / step).rounded(.down) + 1
        var out: [Double] = []
        while k * step < c1 - step * 1e-6 {
            if k * step > c0 + step * 1e-6 { out.append(k * step) }
            k += 1
        }
        return out
    }

    /// A loop's grid steps: at least 1,000, else the fewest that make at least 300 a second
    /// among the divisors of 10,000 above 1,000 (a key time in SMIL's keyTimes, time / loop
    /// length, then has at most 4 decimals: loops up to 33.3 s), past 33.3 s 10,000 doubled. Each
    /// step is at most twice the one before, so a loop over 3.33 s has under 600 a second
    /// (the loop / 1000 · 2^k gave flip-edge-pan 563). The floor of 1,000: with 500 the cube's face
    /// translation missed its one ease-in-out (6 keys, not 3) and lottie-web drew a picture on
    /// that face 32 px off (BENCHMARKS.md#the-merged-tree-of-stop-32-2026-12-04-1500-utc).
    static func divisions(end: Double) -> Double {
        if let d = gridDivisions.first(where: { $0 >= 1000 && end / $0 <= 1.0 / 300 }) { return d }
        var d = gridDivisions.last!
        while end / d > 1.0 / 300 { d *= 2 }
        return d
    }

    /// The divisors of 1,000 ascending (2^a · 5^b, a, b in 0...3), then those of 10,000 above 1,000.
    static let gridDivisions: [Double] =
        (0...3).flatMap { a in (0...3).map { b in Double((1 << a) * [1, 5, 25, 125][b]) } }.sorted() + [1250, 2000, 2500, 5000, 10_000]

    /// Each group's members (indices in `specs`), in spec order: the painted, clipping and
    /// masking paths of layers that share an edge (a page and its shading, two faces of a cube,
    /// a full-width row and its page), so they share every key and never part; each bounds
    /// outline alone (never painted; its own keys follow its 4 corners wherever they go).
    /// A layer seen edge-on at `state` is a segment that lies along every edge on its line (the
    /// cube's story 2 at t = 0: each of its sublayers along the shared edge); such a pair is
    /// judged at the first of the `later` times where both are seen as areas; a layer never seen
    /// as one (no width or height: the cube's story 2 holds two) shares no edge.
    func groups(at state: SceneState, later: [Double] = [], end: Double = .infinity) -> [[Int]] {
        var root = Dictionary(uniqueKeysWithValues: layers.map { ($0.index, $0.index) })
        func find(_ i: Int) -> Int { var i = i; while root[i]! != i { i = root[i]! }; return i }
        // Each layer's corners and whether they are an area, by position in `layers` and made once
        // per time: read per pair of layers, they were hashed four times a pair (the cube: 77,558
        // lookups) and isArea computed again (the same numbers).
        func corners(_ state: SceneState) -> (corners: [[Point]], isArea: [Bool]) {
            let made = layers.map { self.corners(state, $0.index) }
            return (made, made.map(Self.isArea))
        }
        let first = corners(state)
        var others: [(corners: [[Point]], isArea: [Bool])] = []
        func shared(_ x: Int, _ y: Int) -> Bool {
            if first.isArea[x], first.isArea[y] { return Self.shareAnEdge(first.corners[x], first.corners[y]) }
            for k in later.indices {
                if k == others.count { others.append(corners(self.state(later[k], end: end))) }
                if others[k].isArea[x], others[k].isArea[y] { return Self.shareAnEdge(others[k].corners[x], others[k].corners[y]) }
            }
            return false
        }
        for (x, lx) in layers.enumerated() {
            for y in (x + 1)..<layers.count where lx.host == layers[y].host && shared(x, y) {
                root[find(layers[y].index)] = find(lx.index)
            }
        }
        var order: [Int] = [], members: [Int: [Int]] = [:], alone: [[Int]] = []
        for (n, spec) in specs.enumerated() {
            if outlines.contains(n) { alone.append([n]); continue }
            let r = find(spec.layer)
            if members[r] == nil { order.append(r) }
            members[r, default: []].append(n)
        }
        return order.map { members[$0]! } + alone
    }

    /// Layer i's bounds corners in its host's space at `state`.
    func corners(_ state: SceneState, _ i: Int) -> [Point] {
        BezierPath.rect(Rect(origin: .zero, size: state.layers[i].size)).vertices.map(projection(state, i, host: hosts[i]!).apply)
    }

    /// Whether a projected quad encloses an area (not a layer seen edge-on, nor an empty one).
    static func isArea(_ q: [Point]) -> Bool {
        let twice = q.indices.reduce(0.0) { a, k in a + q[k].x * q[(k + 1) % q.count].y - q[(k + 1) % q.count].x * q[k].y }
        return abs(twice) > 1e-6
    }

    /// Whether an edge of one quad lies along an edge of the other (on its line, overlapping).
    static func shareAnEdge(_ p: [Point], _ q: [Point]) -> Bool { sharedEdge(p, q) != nil }

    /// The edge of q along which an edge of p lies (on its line, overlapping), nil when none.
    static func sharedEdge(_ p: [Point], _ q: [Point]) -> (Point, Point)? {
        func onLine(_ x: Point, _ a: Point, _ b: Point) -> Bool {
            let d = b - a, length = (d.x * d.x + d.y * d.y).squareRoot()
            return length > 1e-9 && abs((x.x - a.x) * d.y - (x.y - a.y) * d.x) / length < 1e-3
        }
        func along(_ x: Point, _ a: Point, _ b: Point) -> Double {
            let d = b - a
            return ((x.x - a.x) * d.x + (x.y - a.y) * d.y) / (d.x * d.x + d.y * d.y)
        }
        for k in 0..<4 {
            let (a, b) = (p[k], p[(k + 1) % 4])
            for m in 0..<4 {
                let (c, d) = (q[m], q[(m + 1) % 4])
                guard onLine(a, c, d), onLine(b, c, d) else { continue }
                let (s0, s1) = (along(a, c, d), along(b, c, d))
                if max(s0, s1) > 1e-6, min(s0, s1) < 1 - 1e-6 { return (c, d) }
            }
        }
        return nil
    }
}

import Motion
import Simulation
// Content under a 3D (projective) transform, baked into 2D. Neither SVG nor Lottie players share
// a perspective model, but a projective map keeps lines straight: every vertex of a layer's
// shapes is projected per keyframe and the exporters morph paths with fixed command lists
// (docs/smil.md#perspective-in-svg, docs/lottie.md#writer-rules rule 5). Curves are split until their projected cubics
// stay within `ProjectionTolerance.curve`; keyframes are fitted (one easing per interval for
// all of a host's paths) so what a player draws stays within `ProjectionTolerance.interpolation`
// (ProjectionSampler.swift, ProjectionFitter.swift).
import TransitionModel

package enum ProjectionTolerance {
    /// Max distance (pt) between a projected cubic and the cubic drawn for it.
    package static let curve = 0.2
    /// Max distance (pt) between what a player draws between two keyframes (each point on the
    /// straight line between its keyframe positions) and the exact shape, where it is on the canvas.
    package static let interpolation = 0.5
    /// The same for Lottie's planes whose T moves (stories-cube's faces), fitted apart from the
    /// SVG's: at 0.5 rlottie's worst cube frame is 2.041 against its 2.0 limit (its anti-aliasing
    /// of R's error along the art's bars), at 0.4 1.979 (BENCHMARKS.md#the-cube-in-lottie-as-planes-by-default).
    package static let lottieMovingPlanes = 0.4
    /// The same for a group of shapes keyed with a picture drawn as cells (the picture's own clip
    /// and every shape sharing an edge with it: the cube's faces along their moving edge). Where a
    /// layer's mask and its fill share an edge, lottie-web covers an edge pixel by the product of
    /// both coverages, so an edge off by e pt darkens up to 2e of that pixel; beside the picture's
    /// own edge, which lottie-web draws darker too, 0.21 pt made a band 3 px wide
    /// (docs/artwork.md#picture-cells-and-their-seams).
    package static let pictureEdges = 0.125
    /// The same for the 4 vertices of a named layer's bounds outline, on the canvas or not: they
    /// are where readers (the conformance suite, against the tracks' corners) look for the layer.
    package static let outline = 0.5
    /// Max gap (pt) between two abutting layers' drawn edges where each is keyed apart from the
    /// other (the cube's faces, one plane each: ProjectionSeams.swift). Far under `interpolation`:
    /// a gap shows the canvas through it as a hairline.
    package static let seam = 0.05
    /// A projected gradient's colour samples stay within `interpolation` of where they belong, or
    /// further where the colour changes so slowly that it stays within this many levels (of 255,
    /// at full opacity): a quarter, as browsers' own gradient drawing already differs (Gecko and
    /// Chromium draw the flips' shadow 0.36/255 apart on the same still).
    package static let gradientLevels = 0.25
    /// The fit checks on a grid of times (ProjectionSampler.fitRate) and aims this fraction of each
    /// tolerance, so what a player draws between grid times stays within the whole of it.
    package static let aim = 0.95
}

/// A linear gradient laid onto a projected shape: the axis in host space and where each colour
/// sample lands on it (0…1). The iso-colour line through the axis midpoint is exact; for a
/// gradient across a rotation axis (the flip's shadow) every iso-line is.
package struct GradientAxis: AnimatableValue {
    package var start: Point
    package var end: Point
    package var offsets: [Double]
    package init(start: Point, end: Point, offsets: [Double]) { self.start = start; self.end = end; self.offsets = offsets }
    package static func + (a: GradientAxis, b: GradientAxis) -> GradientAxis {
        GradientAxis(start: a.start + b.start, end: a.end + b.end, offsets: zip(a.offsets, b.offsets).map(+))
    }
    package static func - (a: GradientAxis, b: GradientAxis) -> GradientAxis {
        GradientAxis(start: a.start - b.start, end: a.end - b.end, offsets: zip(a.offsets, b.offsets).map(-))
    }
    package func scaled(by k: Double) -> GradientAxis {
        GradientAxis(start: start.scaled(by: k), end: end.scaled(by: k), offsets: offsets.map { $0 * k })
    }
}

package struct ProjectedPaint: Hashable, Sendable {
    /// The outline in the host's bounds space: its subpaths filled together (one for a layer's
    /// own paint; an art shape's holes or a stroke's pieces after the first).
    package var shape: KeyframeTrack<MultiPath>
    /// The subpaths fill even-odd (else nonzero).
    package var evenOdd = false
    /// The first subpath.
    package var path: KeyframeTrack<BezierPath> { shape.map { $0.subpaths[0] } }
    package var fill: Fill
    /// For a gradient fill: its axis per keyframe and the colour at each sample offset.
    package var gradient: KeyframeTrack<GradientAxis>?
    package var gradientColors: [Color]
}

/// A layer drawn as projected paths. Its transform (and its ancestors' up to `host`) is baked
/// into the paths; opacity and visibility stay ordinary tracks.
package struct ProjectedLayer: Hashable, Sendable {
    package var layer: Int
    /// The nearest ancestor drawn with 2D transforms, whose bounds space the paths are in; nil = the canvas.
    package var host: Int?
    /// The layer's own paint, bottom to top (one path per text bar).
    package var paint: [ProjectedPaint]
    /// clipsToBounds: the bounds outline.
    package var clip: KeyframeTrack<BezierPath>?
    /// The mask's subpaths: one for rect and circle; for a hole the rect, then the counter-wound circle.
    package var mask: KeyframeTrack<MultiPath>?
    /// A named layer's bounds (top-left, top-right, bottom-right, bottom-left), never painted:
    /// where the layer is, for readers (the SVG's `X.bounds` outline).
    package var outline: KeyframeTrack<BezierPath>?
    /// A PNG/JPEG picture's cells (ProjectedPicture.swift), drawn above the paint.
    package var pictureCells: [PictureCell] = []
    /// SVG art's opacity groups, `shapes` being indices in `paint` (ProjectedArtworkOpacity.swift).
    package var opacityGroups: [ProjectedArtOpacityGroup] = []
    /// SVG art's clip paths, `shapes` being indices in `paint` (ProjectedArtworkClip.swift).
    package var artClips: [ProjectedArtClip] = []
    /// When drawn factored (ProjectionFactored.swift, SVG only): the paths are R and this is A.
    package var plane: ProjectedPlane? = nil
}

package enum Projection {
    /// Whether each layer must be drawn by projecting its paths: its transform rotates out of the
    /// screen plane at some time, or its superlayer's sublayerTransform does more than perspective
    /// (or puts this layer's zPosition under a perspective), or its superlayer is projected.
    package static func projectedLayers(_ sim: Simulation) -> [Bool] {
        var out = [Bool](repeating: false, count: sim.layers.count)
        // Read in place, through a pointer: `for l in sim.layers` copied every layer.
        sim.layers.withUnsafeBufferPointer { layers in
            for i in layers.indices {  // parents first
                var p = values(of: layers[i].transform).contains { $0.is3D }
                if let parent = layers[i].parent {
                    let st = layers[parent].definition.sublayerTransform
                    let zs = [layers[i].zPosition.initial] + layers[i].zPosition.changes.map(\.value)
                    p = p || out[parent] || !st.isPerspectiveOnly || (!st.isIdentity && zs.contains { $0 != 0 })
                }
                out[layers[i].index] = p
            }
        }
        return out
    }

    static func values<V>(of track: PropertyTrack<V>) -> [V] {
        [track.initial]
            + track.events.flatMap { e -> [V] in
                switch e {
                case .set(_, let v): return [v]
                case .animate(let a): return [a.from, a.to]
                }
            }
    }
}

/// One path of a projected layer, with its structure fixed for the whole timeline.
struct PathSpec: Hashable {
    enum Source: Hashable {
        case bounds(rounded: Bool)
        case ellipse
        /// A text bar laid out at the definition's size and stretched with the bounds.
        case bar(Rect, base: Size)
        case maskRect(rounded: Bool)
        case maskCircle(reversed: Bool)
        /// An SVG art shape laid out at the definition's size and stretched with the bounds.
        case art(BezierPath, base: Size)
    }
    var layer: Int
    var source: Source
    var gradient: LinearGradient?
    var levels = 0
    /// The paint when it is not the layer's fill (an art shape's colour or gradient).
    var fill: Fill?
    /// An art gradient's iso-colour direction at the layer's initial size (ProjectedArtShape).
    var isoLine: Point?
    /// Another subpath of the paint the spec before it starts (an art shape's holes, a stroke's pieces).
    var continuesPaint = false
    /// The paint's subpaths fill even-odd.
    var evenOdd = false
    /// How far the drawn path strays from the exact shape, in host units (the worst seen while
    /// choosing `levels`): a one-cubic bar end's, which the fit takes off this path's tolerance.
    var shapeError = 0.0
    /// An ellipse that can be drawn as 4 · 2^arcLevels arcs of its image (ProjectedEllipse.swift)
    /// with fewer segments than its halved cubics; the factored SVG draws it so.
    var arcLevels: Int?

    /// The path in the layer's bounds space.
    func boundsPath(_ s: LayerState) -> BezierPath {
        switch source {
        case .bounds(let rounded):
            let r = Rect(origin: .zero, size: s.size)
            return rounded ? .roundedRect(r, radius: s.boundsRadius) : .rect(r)
        case .ellipse:
            return .ellipse(Rect(origin: .zero, size: s.size))
        case .bar(let bar, let base):
            let sx = base.width > 0 ? s.size.width / base.width : 0, sy = base.height > 0 ? s.size.height / base.height : 0
            return BezierPath.roundedRect(bar, radius: bar.size.height / 2).withoutEmptyLines.map { Point($0.x * sx, $0.y * sy) }
        case .maskRect(let rounded):
            let m = s.mask!
            return rounded ? .roundedRect(m.frame, radius: m.numbers[.maskCornerRadius]) : .rect(m.frame)
        case .maskCircle(let reversed):
            let m = s.mask!
            let c = BezierPath.circle(center: m.center, radius: m.radius)
            return reversed ? c.reversed : c
        case .art(let path, let base):
            let sx = base.width > 0 ? s.size.width / base.width : 0, sy = base.height > 0 ? s.size.height / base.height : 0
            return path.map { Point($0.x * sx, $0.y * sy) }
        }
    }

    /// The gradient's box in bounds space (the layer's bounds, or the bar).
    func gradientBox(_ s: LayerState) -> Rect {
        if case .bar(let bar, let base) = source {
            let sx = base.width > 0 ? s.size.width / base.width : 0, sy = base.height > 0 ? s.size.height / base.height : 0
            return Rect(bar.minX * sx, bar.minY * sy, bar.size.width * sx, bar.size.height * sy)
        }
        return Rect(origin: .zero, size: s.size)
    }

    /// Colour samples along a gradient: the stops' offsets plus 16 even steps, so the colour
    /// stays close to CA's (linear along the layer) where the projection compresses the axis.
    /// The distinct values (by ==, the first one kept, as a Set keeps it), sorted: called per
    /// gradient spec and grid time (`gradientAxis`), a Set hashed every value, ~4,400
    /// instructions a call (2.9 % of stories-cube's).
    static func gradientSamples(_ g: LinearGradient) -> [Double] {
        var out: [Double] = []
        out.reserveCapacity(g.stops.count + 17)
        for stop in g.stops where !out.contains(stop.offset) { out.append(stop.offset) }
        for k in 0...16 where !out.contains(Double(k) / 16) { out.append(Double(k) / 16) }
        return out.sorted()
    }

    static func color(of g: LinearGradient, at u: Double) -> Color {
        let stops = g.stops.sorted { $0.offset < $1.offset }
        guard let first = stops.first, let last = stops.last else { return .clear }
        if u <= first.offset { return first.color }
        if u >= last.offset { return last.color }
        let k = stops.lastIndex { $0.offset <= u }!
        let a = stops[k], b = stops[k + 1]
        let f = b.offset > a.offset ? (u - a.offset) / (b.offset - a.offset) : 0
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
        return Color(
            red: mix(a.color.red, b.color.red), green: mix(a.color.green, b.color.green),
            blue: mix(a.color.blue, b.color.blue), alpha: mix(a.color.alpha, b.color.alpha))
    }

    /// The axis on which the iso-colour line through the gradient's midpoint lands exactly.
    func gradientAxis(_ s: LayerState, _ h: PlaneProjection) -> GradientAxis? {
        guard let g = gradient else { return nil }
        let box = gradientBox(s)
        func inBox(_ u: Point) -> Point { Point(box.minX + u.x * box.size.width, box.minY + u.y * box.size.height) }
        let a = inBox(g.start), b = inBox(g.end)
        let d = b - a, len = (d.x * d.x + d.y * d.y).squareRoot()
        let samples = Self.gradientSamples(g)
        guard len > 0 else { return GradientAxis(start: h.apply(a), end: h.apply(b), offsets: samples) }
        var iso = Point(-d.y / len, d.x / len)
        if let line = isoLine, case .art(_, let base) = source {
            // Stretched with the bounds, like the art's shapes.
            let v = Point(base.width > 0 ? line.x * s.size.width / base.width : 0, base.height > 0 ? line.y * s.size.height / base.height : 0)
            let l = (v.x * v.x + v.y * v.y).squareRoot()
            if l > 0 { iso = v.scaled(by: 1 / l) }
        }
        let mid = a + d.scaled(by: 0.5)
        let pm = h.apply(mid), pIso = h.apply(mid + iso) - pm
        var n = Point(pIso.y, -pIso.x)  // perpendicular to the projected iso-line
        let nl = (n.x * n.x + n.y * n.y).squareRoot()
        guard nl > 1e-12 else { return GradientAxis(start: h.apply(a), end: h.apply(b), offsets: samples) }
        n = n.scaled(by: 1 / nl)
        let pa = h.apply(a), pb = h.apply(b)
        func along(_ p: Point) -> Double { (p.x - pm.x) * n.x + (p.y - pm.y) * n.y }
        let ta = along(pa), tb = along(pb)
        guard abs(tb - ta) > 1e-9 else { return GradientAxis(start: pa, end: pb, offsets: samples) }
        var last = 0.0
        let offsets = samples.map { u -> Double in
            let t = (along(h.apply(a + d.scaled(by: u)))) - ta
            last = max(last, min(1, max(0, t / (tb - ta))))  // SVG needs nondecreasing offsets
            return last
        }
        return GradientAxis(start: pm + n.scaled(by: ta), end: pm + n.scaled(by: tb), offsets: offsets)
    }

    /// Every path a projected layer draws, in a fixed order: paint, clip, mask; and SVG art's
    /// opacity groups and clip paths, by index in the layer's paint (one per art shape after a
    /// background fill; a clip's own paths: PathSpec.artClipSpecs).
    static func specs(for i: Int, in sim: Simulation) -> (
        paint: [PathSpec], clip: PathSpec?, mask: [PathSpec], opacityGroups: [ProjectedArtOpacityGroup], artClips: [ProjectedArtClipRegion]
    ) {
        let l = sim.layers[i], d = l.definition
        let rounded = Projection.values(of: l.numbers.boundsRadius).contains { $0 != 0 }
        var paint: [PathSpec] = []
        var gradient: LinearGradient? = nil
        var opacityGroups: [ProjectedArtOpacityGroup] = []
        var artClips: [ProjectedArtClipRegion] = []
        if case .linearGradient(let g) = d.fill { gradient = g }
        switch d.kind {
        case .group, .rect:
            if d.fill != nil { paint.append(PathSpec(layer: i, source: .bounds(rounded: rounded), gradient: gradient)) }
        case .ellipse:
            if d.fill != nil { paint.append(PathSpec(layer: i, source: .ellipse, gradient: gradient)) }
        case .text(let lines):
            if d.fill != nil {
                paint = TextBars.bars(size: d.size, lines: lines).map { PathSpec(layer: i, source: .bar($0, base: d.size), gradient: gradient) }
            }
        case .snapshot:
            break  // snapshot art under a 3D transform is not drawn yet
        case .artwork(let art):
            // The background fill, then the art's shapes (a picture's cells: ProjectedPicture.swift).
            if d.fill != nil { paint.append(PathSpec(layer: i, source: .bounds(rounded: rounded), gradient: gradient)) }
            let layout = (try? ProjectedArtwork.layout(art, bounds: d.size)) ?? (shapes: [], groups: [], clips: [])
            let background = paint.count
            opacityGroups = layout.groups.map { g in
                var g = g
                g.shapes = (g.shapes.lowerBound + background)..<(g.shapes.upperBound + background)
                return g
            }
            artClips = layout.clips.map { c in
                var c = c
                c.shapes = (c.shapes.lowerBound + background)..<(c.shapes.upperBound + background)
                return c
            }
            for shape in layout.shapes {
                var g: LinearGradient? = nil
                if case .linearGradient(let lg) = shape.fill { g = lg }
                for (n, sub) in shape.subpaths.enumerated() {
                    paint.append(
                        PathSpec(
                            layer: i, source: .art(sub, base: d.size), gradient: n == 0 ? g : nil, fill: shape.fill, isoLine: shape.isoLine,
                            continuesPaint: n > 0, evenOdd: shape.evenOdd))
                }
            }
        }
        let clip = d.clipsToBounds ? PathSpec(layer: i, source: .bounds(rounded: rounded)) : nil
        var mask: [PathSpec] = []
        if let m = d.mask {
            let roundedMask = Projection.values(of: l.numbers[.maskCornerRadius]).contains { $0 != 0 }
            switch m.shape {
            case .rect: mask = [PathSpec(layer: i, source: .maskRect(rounded: roundedMask))]
            case .circle: mask = [PathSpec(layer: i, source: .maskCircle(reversed: false))]
            case .hole: mask = [PathSpec(layer: i, source: .maskRect(rounded: false)), PathSpec(layer: i, source: .maskCircle(reversed: true))]
            }
        }
        return (paint, clip, mask, opacityGroups, artClips)
    }
}

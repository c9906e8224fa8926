import JSONText
import Keyframes
import Motion
import Simulation
// Layers under a 3D transform (KeyframedTransition.projected): no transform groups; every
// shape is a <path> in the host's space whose `d` morphs through the projected keyframes (one
// command list per path), the outline morph of docs/smil.md#perspective-in-svg.
// Gradients lie on an animated userSpaceOnUse axis; clips and masks are animated clip paths.
// A named layer's bounds are an unpainted outline path `X.bounds` (flat layers: a `<g>`).
import TransitionModel

enum SVGPath {
    /// Projected shapes are written in tenths of a point, whole numbers under this transform:
    /// the same 0.1 pt grid the keys are fitted on (ProjectionFitter.grid), in shorter text
    /// ("1.1-.1" is "11-1"; flip-push.svg's `d` values 195 -> 165 KB). Their gradients' user
    /// space and readers' getCTM() include it.
    static let transform = ("transform", "scale(.1)")
    /// x (pt) in tenths of a point, or in points (one decimal: the same grid) for a path that
    /// does not animate and so is written without the transform.
    static func number(_ x: Double, tenths: Bool = true) -> String {
        tenths ? NumberFormat.string((x * 10).rounded(), maxDecimals: 0) : NumberFormat.string(onGrid(x), maxDecimals: 1)
    }
    static func onGrid(_ x: Double) -> Double { (x * 10).rounded() / 10 }
    /// A projected gradient's stop offset (0…1) to 4 decimals, as GradientAxisFitter checks
    /// the keys, without its leading zero (".0625"; flip-push.svg's offsets 21 -> 13 KB).
    static func offset(_ x: Double) -> String { SMILAnimation.fraction(NumberFormat.round(x, decimals: 4)) }

    /// Path data in its shortest form (SVG path grammar): no separator before a minus sign.
    /// `number(x, tenths:)`'s bytes appended, after a space where a digit ends the data and the
    /// number has no minus sign (path data is ASCII bytes: no String per number, no String
    /// append; BENCHMARKS.md#write40-the-writers-path-data-the-static-art-key-the-lottie-plan-same-bytes-2026-12-06).
    /// NumberFormat writes the sign exactly when the value it prints rounds below zero at its
    /// decimals: `(x * 10).rounded()` at 0 decimals, `onGrid(x)` at 1 (its value times 10^1,
    /// rounded, as NumberFormat computes it).
    static func append(_ x: Double, to bytes: inout [UInt8], tenths: Bool = true) {
        let value = tenths ? (x * 10).rounded() : onGrid(x)
        let negative = tenths ? value < 0 : (value * 10).rounded() < 0
        if !negative, let last = bytes.last, (0x30...0x39).contains(last) { bytes.append(0x20) }
        if tenths { appendInteger(value, to: &bytes) } else { NumberFormat.append(value, maxDecimals: 1, to: &bytes) }
    }

    /// A whole number's text as NumberFormat prints it at 0 decimals (below 10^15: its digits,
    /// a minus sign when negative, "0" for ±0), written in place: NumberFormat's scratch buffer
    /// and copy were ~300 instructions a number of a projected path.
    static func appendInteger(_ v: Double, to bytes: inout [UInt8]) {
        guard abs(v) < 1e15 else { return NumberFormat.append(v, maxDecimals: 0, to: &bytes) }
        var u = UInt64(abs(v))
        guard u > 0 else { return bytes.append(0x30) }  // 0
        if v < 0 { bytes.append(0x2D) }  // -
        // Left to right from the largest power of ten in u (reversing a slice of the array
        // copied the whole array).
        var power: UInt64 = 1
        while power <= u / 10 { power *= 10 }
        while power > 0 {
            bytes.append(0x30 + UInt8(truncatingIfNeeded: u / power))
            u %= power
            power /= 10
        }
    }

    /// `m v0 (l dv | c dc1 dc2 dv)… z` with relative coordinates (short numbers; a morph of
    /// relative numbers is the same linear blend): one command list for every keyframe. A
    /// command letter the one before repeats is left out (SVG path grammar: after `m` further
    /// pairs are `l`, after `c` six more numbers a `c`); browsers parse, and so morph, the same
    /// segments. `first`: the path starts the `d`, where `m` is absolute (later subpaths: `M`).
    static func d(_ path: BezierPath, tenths: Bool = true, first: Bool = true) -> String {
        var bytes: [UInt8] = []
        append(path, to: &bytes, tenths: tenths, first: first)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `d(path, tenths:, first:)`'s bytes appended.
    static func append(_ path: BezierPath, to s: inout [UInt8], tenths: Bool, first: Bool) {
        let n = path.vertices.count
        s.reserveCapacity(s.count + 8 + 14 * n)
        // Relative to the previous vertex as written (rounded), so rounding never accumulates.
        var at = Point(onGrid(path.vertices[0].x), onGrid(path.vertices[0].y))
        s.append(first ? 0x6D : 0x4D)  // m, M
        // The command the next numbers would continue without a letter (none after `M`).
        var implicit: UInt8? = first ? 0x6C : nil  // l
        func command(_ c: UInt8) {
            if implicit != c { s.append(c) }
            implicit = c
        }
        append(at.x, to: &s, tenths: tenths); append(at.y, to: &s, tenths: tenths)
        func rel(_ p: Point) -> Point {
            let q = Point(onGrid(p.x - at.x), onGrid(p.y - at.y))
            append(q.x, to: &s, tenths: tenths); append(q.y, to: &s, tenths: tenths)
            return at + q
        }
        for k in 0..<n {
            let next = (k + 1) % n
            if path.isLine[k] {
                if next == 0 { continue }
                command(0x6C)  // l
                at = rel(path.vertices[next])
            } else {
                command(0x63)  // c
                _ = rel(path.outControls[k]); _ = rel(path.inControls[next])
                at = rel(path.vertices[next])
            }
        }
        s.append(0x7A)  // z
    }

    static func d(_ paths: MultiPath, tenths: Bool = true) -> String {
        var bytes: [UInt8] = []
        for (k, path) in paths.subpaths.enumerated() { append(path, to: &bytes, tenths: tenths, first: k == 0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

struct SVGProjected {
    let document: SVGDocument
    var xml: XMLTextWriter { document.xml }
    var transition: KeyframedTransition { document.transition }

    /// Layer i and its sublayers (all projected), drawn in the host's space; `openPlane`: the
    /// factored plane whose groups an ancestor left open around this layer.
    func write(_ i: Int, _ p: ProjectedLayer, openPlane: Int? = nil) {
        // The layer's parts read apart: binding the whole layer copied every track.
        let (id, children) = (document.simulation.layers[i].id, document.simulation.layers[i].children)
        let k = transition.layers[i]
        if id == nil, !k.visible.isAnimated, !k.visible.initialValue { return }
        // A layer that paints one gradient shape and holds nothing else (the flips' shadow): its
        // opacity goes into the stops' stop-opacity (the same pixels for one fill-only shape), not
        // on its group. Gecko and Chromium round a faint group composited offscreen differently:
        // 0.88/255 apart over the page as the shadow starts to fade in, 0.22 with the stops.
        let opacityInStops =
            p.paint.count == 1 && p.paint[0].gradient != nil && p.clip == nil && p.mask == nil
            && children.isEmpty
        var groupKeys = k
        if opacityInStops { groupKeys.opacity = .constant(1) }
        // An anonymous layer with nothing to animate opens no <g>: an empty group draws the same
        // (flip-edge-pan.svg had 64, 1.5 KB).
        let bare =
            id == nil && !groupKeys.visible.isAnimated && groupKeys.visible.initialValue
            && !groupKeys.opacity.isAnimated && groupKeys.opacity.initialValue == 1
        let layerGroups = bare ? 0 : document.openLayerGroup(id: id, groupKeys)
        // A factored flip (ProjectedLayer.plane): its paths are R inside A's groups, opened once
        // for a layer and the sublayers in its plane (a page and its shadow), else closed before
        // the sublayers (each in its own plane's groups); such layers have no mask, and a clip
        // only when every sublayer is in the plane (ProjectionSampler.planeFactors). The tenths'
        // scale(.1) is a third group there, not on every path (flip-push.svg: 77 copies).
        let opens = p.plane.map { $0.reference != openPlane } ?? false
        // In a plane every path is under its scale(.1) group already: tenths, no transform.
        let inTenths = p.plane != nil
        let tenths = inTenths ? [] : [SVGPath.transform]
        let spansSublayers = opens && inPlane(children, p.plane!.reference)
        if opens, let plane = p.plane {
            document.transformGroup("translate", plane.translation, SVGNumber.pair, always: true)
            document.transformGroup("scale", plane.scaleX, { NumberFormat.string($0, maxDecimals: 5) + " 1" }, always: true)
            xml.start("g", [SVGPath.transform])
        }
        // Where the bounds are, as played: the outline is never painted (no fill, no stroke) and
        // is read back by the conformance suite's geometry check (computed `d`, mapped by getCTM).
        if let id, let outline = p.outline {
            xml.start("path", [("id", "\(id).bounds"), ("d", SVGPath.d(outline.initialValue)), ("fill", "none")] + tenths)
            animateD(outline) { SVGPath.d($0) }
            xml.end()
        }
        // Sublayers are cut by the bounds (clipsToBounds) and by the mask; the layer's own paint too.
        let clipped = p.clip.map { clipGroup([MultiPathTrack.single($0)], evenOdd: false, pointsWhenStill: !inTenths, inTenths: inTenths) } ?? false
        let masked =
            p.mask.map {
                clipGroup([$0], evenOdd: document.simulation.layers[i].definition.mask?.shape == .hole, pointsWhenStill: !inTenths, inTenths: inTenths)
            } ?? false
        // SVG art's opacity over overlapping shapes (composited once, as the flat art is) and its
        // clip paths, each a <g> around the run of shapes it covers, outer first.
        let artGroups =
            p.opacityGroups.map { (shapes: $0.shapes, opacity: Optional($0.opacity), clip: ProjectedArtClip?.none) }
            + p.artClips.map { (shapes: $0.shapes, opacity: Double?.none, clip: Optional($0)) }
        // Paints written in a row (the layer's own, then plain leaf sublayers'), held until
        // something else is written: neighbours may share a path (SVGMergedPaths).
        var run = PaintRun(tenths: tenths)
        if artGroups.isEmpty, !opacityInStops {
            run.paints = p.paint
        } else {
            for (n, paint) in p.paint.enumerated() {
                for g in artGroups.filter({ $0.shapes.lowerBound == n }).sorted(by: { $0.shapes.count > $1.shapes.count }) {
                    if let opacity = g.opacity { xml.start("g", document.stillOpacity(opacity, decimals: 4)) }
                    if let clip = g.clip { _ = clipGroup(clip.paths, evenOdd: clip.evenOdd, pointsWhenStill: false, inTenths: inTenths) }
                }
                path(paint, opacity: opacityInStops ? k.opacity : .constant(1), tenths: tenths)
                for _ in artGroups.filter({ $0.shapes.upperBound == n + 1 }) { xml.end() }
            }
        }
        if !p.pictureCells.isEmpty { flush(&run) }
        pictureCells(i, p.pictureCells)
        let planeGroups = 3  // translate, scale(sx 1), scale(.1)
        if opens, !spansSublayers { flush(&run); for _ in 0..<planeGroups { xml.end() } }
        let childPlane = opens ? (spansSublayers ? p.plane!.reference : nil) : openPlane
        for child in children {
            guard let cp = transition.projected[child] else { continue }
            if let paints = plainLeafPaints(child, cp, openPlane: childPlane) {
                let childTenths = cp.plane == nil ? [SVGPath.transform] : []
                if childTenths.map(\.0) != run.tenths.map(\.0) { flush(&run); run.tenths = childTenths }
                run.paints += paints
                continue
            }
            flush(&run)
            write(child, cp, openPlane: childPlane)
        }
        flush(&run)
        if masked { xml.end() }
        if clipped { xml.end() }
        if spansSublayers { for _ in 0..<planeGroups { xml.end() } }
        for _ in 0..<layerGroups { xml.end() }
    }

    /// Paints waiting to be written, and the tenths' transform their paths carry.
    struct PaintRun {
        var tenths: [(String, String)]
        var paints: [ProjectedPaint] = []
    }

    /// Writes the run's paints, neighbours that may share a path as one, and empties it.
    func flush(_ run: inout PaintRun) {
        for paints in SVGMergedPaths.runs(run.paints) { path(SVGMergedPaths.merged(paints), opacity: .constant(1), tenths: run.tenths) }
        run.paints = []
    }

    /// The paints of a sublayer that writes nothing else (no id, groups, clip, mask, art groups,
    /// pictures or sublayers; solid fills; in the plane already open, if any; a still opacity only
    /// over one paint, folded into its alpha); nil otherwise.
    /// A hidden one writes nothing: no paints.
    func plainLeafPaints(_ i: Int, _ p: ProjectedLayer, openPlane: Int?) -> [ProjectedPaint]? {
        let k = transition.layers[i]
        guard document.simulation.layers[i].id == nil, document.simulation.layers[i].children.isEmpty, p.clip == nil, p.mask == nil, p.outline == nil,
            p.opacityGroups.isEmpty,
            p.artClips.isEmpty, p.pictureCells.isEmpty, p.plane?.reference == openPlane,
            p.paint.allSatisfy({ if case .solid = $0.fill { return true } else { return false } })
        else { return nil }
        if !k.visible.isAnimated, !k.visible.initialValue { return [] }
        guard !k.visible.isAnimated, !k.opacity.isAnimated else { return nil }
        let opacity = k.opacity.initialValue
        if opacity == 1 { return p.paint }
        // A still opacity over one fill-only path is the same pixels as its fill's alpha times
        // it (the status bar's battery at 0.4): no `<g opacity>`, and the path may join a run.
        guard p.paint.count == 1, case .solid(var c) = p.paint[0].fill else { return nil }
        c.alpha *= opacity
        var paint = p.paint[0]
        paint.fill = .solid(c)
        return [paint]
    }

    /// Whether these layers and all their sublayers are drawn in factored plane `reference`.
    func inPlane(_ layers: [Int], _ reference: Int) -> Bool {
        layers.allSatisfy { transition.projected[$0]?.plane?.reference == reference && inPlane(document.simulation.layers[$0].children, reference) }
    }

    /// `<clipPath>` with an animated path, then an open `<g clip-path>` (returns true).
    func clipGroup(_ track: KeyframeTrack<MultiPath>, evenOdd: Bool) -> Bool {
        clipGroup([track], evenOdd: evenOdd, pointsWhenStill: true)
    }

    /// `<clipPath>` holding one animated path per track (their union: SVG art's clip shapes), then
    /// an open `<g clip-path>`.
    /// A clip that does not move (a flat layer's mask) may stay in points, as readable as before.
    /// `inTenths`: drawn under a factored plane's scale(.1) group (tenths without a transform).
    private func clipGroup(_ tracks: [KeyframeTrack<MultiPath>], evenOdd: Bool, pointsWhenStill: Bool, inTenths: Bool = false) -> Bool {
        let id = document.newID("clip")
        // Attributes written in turn (the libxml2 calls `start(_:_:)` makes), no arrays; the
        // path data as bytes (no String made of them).
        xml.start("clipPath")
        xml.attribute("id", id)
        for track in tracks {
            let tenths = !pointsWhenStill || track.isAnimated
            var d: [UInt8] = []
            for (k, path) in track.initialValue.subpaths.enumerated() { SVGPath.append(path, to: &d, tenths: tenths, first: k == 0) }
            d.append(0)
            xml.start("path")
            xml.attribute("d", cString: d)
            if tenths, !inTenths { xml.attribute(SVGPath.transform.0, SVGPath.transform.1) }
            if evenOdd { xml.attribute("clip-rule", "evenodd") }
            animateD(track) { SVGPath.d($0) }
            xml.end()
        }
        xml.end()
        xml.start("g")
        xml.attribute("clip-path", "url(#" + id + ")")
        return true
    }

    /// The painted shape; a gradient's stops carry `opacity` (see `write`); `tenths`: its
    /// scale(.1), unless a factored plane's group has it.
    func path(_ paint: ProjectedPaint, opacity: KeyframeTrack<Double>, tenths: [(String, String)]) {
        var attrs = [("d", SVGPath.d(paint.shape.initialValue))]
        switch paint.fill {
        case .solid(let c):
            attrs += SVGPaint.fillAttributes(.solid(c))
        case .linearGradient:
            attrs.append(("fill", "url(#\(gradient(paint, opacity: opacity)))"))
        }
        if paint.evenOdd { attrs.append(("fill-rule", "evenodd")) }
        xml.start("path", attrs + tenths)
        animateD(paint.shape) { SVGPath.d($0) }
        xml.end()
    }

    func animateD<V: AnimatableValue>(_ track: KeyframeTrack<V>, _ format: @escaping (V) -> String) {
        guard track.isAnimated else { return }
        let timing = document.smil(track, format)
        xml.start("animate")
        xml.attribute("attributeName", "d")
        for (name, value) in timing { xml.attribute(name, value) }
        xml.end()
    }

    /// A userSpaceOnUse gradient on the projected axis (in tenths: the path's scaled user space); its stops' offsets animate with it, and
    /// their opacities with `opacity` (times each colour's alpha).
    func gradient(_ paint: ProjectedPaint, opacity: KeyframeTrack<Double>) -> String {
        let id = document.newID("gradient")
        let axis = paint.gradient!
        let a = axis.initialValue
        xml.start(
            "linearGradient",
            [
                ("id", id), ("gradientUnits", "userSpaceOnUse"),
                ("x1", SVGPath.number(a.start.x)), ("y1", SVGPath.number(a.start.y)),
                ("x2", SVGPath.number(a.end.x)), ("y2", SVGPath.number(a.end.y)),
            ])
        for (name, part) in [("x1", { (g: GradientAxis) in g.start.x }), ("y1", { $0.start.y }), ("x2", { $0.end.x }), ("y2", { $0.end.y })] {
            document.animate(axis.map(part), name, drawing: .transform) { SVGPath.number($0) }
        }
        for (n, color) in paint.gradientColors.enumerated() {
            let alpha = opacity.map { $0 * color.alpha }
            let attrs =
                [("offset", SVGPath.offset(a.offsets[n])), ("stop-color", SVGColor.hex(color))]
                + document.staticOrFirst(alpha, "stop-opacity", SVGNumber.factor, skipIf: 1)
            xml.start("stop", attrs)
            document.animate(axis.map { $0.offsets[n] }, "offset", drawing: .transform, SVGPath.offset)
            document.animate(alpha, "stop-opacity", drawing: .opacity, SVGNumber.factor)
            xml.end()
        }
        xml.end()
        return id
    }
}

enum MultiPathTrack {
    static func single(_ track: KeyframeTrack<BezierPath>) -> KeyframeTrack<MultiPath> { track.map { MultiPath([$0]) } }
}

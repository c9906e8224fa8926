// clipsToBounds in Lottie. A mask clips only its own layer's content, so:
// - the clipping layer's own paint and static art: a mask (`hasMask: true`, mode "a", x 0)
//   with the bounds' rounded rect;
// - every Lottie layer below a clipping layer: an alpha track matte directly above it
//   (`td: 1` on the matte, `tt: 1` + `tp` on the content) whose shape is the nearest clipping
//   ancestor's bounds rect, drawn in that ancestor's space by parenting the matte to it;
//   further clipping ancestors become masks on the matte (the first "a", the rest "i"),
//   their rects mapped into the nearest ancestor's space (sampled when the chain animates);
// - a snapshot whose art reaches past its source's bounds (SnapshotCapture): those bounds,
//   rounded when the source clips, stretched like the art, as a mask on the snapshot layer
//   (its static children become layers so that mask does not cut them);
//   a clip deeper inside snapshot art that cuts something is an error (groups cannot clip).
import FoundationEssentials
import Glibc
import JSONText
import Keyframes
import Motion
import Simulation
import TransitionModel

/// x' = a·x + c·y + tx, y' = b·x + d·y + ty.
struct Affine2D: Equatable {
    var a = 1.0, b = 0.0, c = 0.0, d = 1.0, tx = 0.0, ty = 0.0

    static let identity = Affine2D()

    /// A layer's bounds → its parent's bounds: q ↦ P + R(θ)·S·(q − A) (θ clockwise on screen, y down).
    static func layer(position p: Point, scale s: Point, rotation θ: Double, anchor an: Point) -> Affine2D {
        let cosθ = cos(θ), sinθ = sin(θ)
        let a = cosθ * s.x, b = sinθ * s.x, c = -sinθ * s.y, d = cosθ * s.y
        return Affine2D(a: a, b: b, c: c, d: d, tx: p.x - (a * an.x + c * an.y), ty: p.y - (b * an.x + d * an.y))
    }

    func apply(_ x: Double, _ y: Double) -> (Double, Double) { (a * x + c * y + tx, b * x + d * y + ty) }
    func applyVector(_ x: Double, _ y: Double) -> (Double, Double) { (a * x + c * y, b * x + d * y) }

    /// `self` after `first`: p ↦ self(first(p)).
    func after(_ first: Affine2D) -> Affine2D {
        Affine2D(
            a: a * first.a + c * first.b, b: b * first.a + d * first.b,
            c: a * first.c + c * first.d, d: b * first.c + d * first.d,
            tx: a * first.tx + c * first.ty + tx, ty: b * first.tx + d * first.ty + ty)
    }

    var inverse: Affine2D? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return Affine2D(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }
}

enum ClipPath {
    /// 0.5522847498 · r: the tangent length of a quarter circle as one cubic.
    static let kappa = 0.5522847498

    /// The bounds rect (0, 0, w, h) as a closed path, clockwise on screen, as an LVec
    /// (vertices, in-tangents, out-tangents). `vertices` is 4 (square corners) or 8 (rounded;
    /// a radius of 0 gives coincident vertices, so a radius animating from 0 keeps the count).
    static func roundedRect(width w: Double, height h: Double, radius: Double, vertices: Int) -> LVec {
        let r = max(0, min(radius, w / 2, h / 2))
        return roundedRect(width: w, height: h, rx: r, ry: r, vertices: vertices)
    }

    /// With elliptical corners (a rounded rect stretched by a non-uniform scale).
    static func roundedRect(width w: Double, height h: Double, rx: Double, ry: Double, vertices: Int) -> LVec {
        if vertices == 4 {
            let v: [Double] = [0, 0, w, 0, w, h, 0, h]
            return LVec(v + [Double](repeating: 0, count: 16))
        }
        let kx = kappa * rx, ky = kappa * ry
        let v: [Double] = [rx, 0, w - rx, 0, w, ry, w, h - ry, w - rx, h, rx, h, 0, h - ry, 0, ry]
        let i: [Double] = [-kx, 0, 0, 0, 0, -ky, 0, 0, kx, 0, 0, 0, 0, ky, 0, 0]
        let o: [Double] = [0, 0, kx, 0, 0, 0, 0, ky, 0, 0, -kx, 0, 0, 0, 0, -ky]
        return LVec(v + i + o)
    }

    /// Whether p lies in the rect (0, 0, w, h) with corner radius r (clamped like CA), within eps.
    static func contains(_ p: (Double, Double), width w: Double, height h: Double, radius: Double) -> Bool {
        let eps = 1e-6
        let (x, y) = p
        guard x >= -eps, y >= -eps, x <= w + eps, y <= h + eps else { return false }
        let r = max(0, min(radius, w / 2, h / 2))
        guard r > 0 else { return true }
        let cx = x < r ? r : (x > w - r ? w - r : x), cy = y < r ? r : (y > h - r ? h - r : y)
        return ((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot() <= r + eps
    }

    /// The path with every vertex mapped by m and every (relative) tangent by its linear part.
    static func transformed(_ path: LVec, by m: Affine2D) -> LVec {
        let n = path.c.count / 6
        var out = path.c
        for k in 0..<(3 * n) {
            let x = path.c[2 * k], y = path.c[2 * k + 1]
            let (px, py) = k < n ? m.apply(x, y) : m.applyVector(x, y)
            out[2 * k] = px
            out[2 * k + 1] = py
        }
        return LVec(out)
    }
}

extension LottieDocument {
    /// Masks on Lottie layer i's own content: its bounds when it clips, and for a snapshot whose
    /// art reaches past its source's bounds, those bounds stretched like the art; both at once
    /// intersect.
    /// `offset` maps i's bounds space into the space of the layer carrying the masks (the art
    /// precomp's layer: moved by its margin, LottieArtPieces.swift).
    func clipMasks(_ i: Int, offset: Affine2D = .identity) -> [JSONValue] {
        if isProjected(i) { return withAncestorClips(i, projectedMasks(i)) }
        let paths = clipPaths(i)
        var masks = paths.enumerated().map { n, p in
            mask(offset == .identity ? p.0 : p.0.map { ClipPath.transformed($0, by: offset) }, mode: n == 0 ? "a" : "i", name: p.1)
        }
        // layer.mask cuts the layer's own content here; Lottie-layer sublayers get it through their matte.
        // The mask read in place: binding the layer's keyframes copied every track (each layer of a file).
        if let m = Self.read(transition.layers, i, { $0.pointee.mask }) {
            masks += cuttingMasks(MaskPaths.track(m), shape: m.shape, first: masks.isEmpty, decimals: LottieDecimals.length, offset: offset)
        }
        return masks
    }

    /// The rects that cut layer i's own content (bounds space, intersected): its bounds when it
    /// clips, a snapshot's capture cut; with their mask names.
    func clipPaths(_ i: Int) -> [(KeyframeTrack<LVec>, String)] {
        // Read in place, the keyframes only where a clip needs them: copies of the layer and its
        // keyframes retained every track, for each layer of the file.
        var paths: [(KeyframeTrack<LVec>, String)] = []
        if Self.read(simulation.layers, i, { $0.pointee.definition.clipsToBounds }), !ownPaintStaysInside(i) {
            let k = transition.layers[i]
            let n = k.hasSquareCorners ? 4 : 8
            paths.append(
                (
                    LottieTracks.combine([k.size.lvec, k.boundsRadius.lvec], .jointlyAffine) { v in
                        ClipPath.roundedRect(width: v[0].c[0], height: v[0].c[1], radius: v[1].c[0], vertices: n)
                    }, "clip"
                ))
        }
        if let capture = simulation.capture(of: i), capture.cuts {
            let source = capture.source
            let base = simulation.layers[source].definition.size
            let r = capture.cutRadius
            paths.append(
                (
                    Self.read(transition.layers, i) { $0.pointee.size }.map { s in
                        let fx = base.width > 0 ? s.width / base.width : 0, fy = base.height > 0 ? s.height / base.height : 0
                        return ClipPath.roundedRect(width: s.width, height: s.height, rx: r * fx, ry: r * fy, vertices: r > 0 ? 8 : 4)
                    }, "clip-\(names[source])"
                ))
        }
        return paths
    }

    /// Whether layer i's own paint (shapes drawn in its Lottie layer, pictures over it) can never
    /// reach outside its square bounds, so its clip would cut nothing: no corner radius, no static
    /// sublayers, a picture laid out inside (a snapshot's reach has its own cut). ThorVG drops
    /// stroked open paths under a mask (douyin-present with an SVG feed: the tab bar's plus).
    func ownPaintStaysInside(_ i: Int) -> Bool {
        let k = transition.layers[i], d = simulation.layers[i].definition
        guard k.hasSquareCorners,
            simulation.layers[i].children.allSatisfy({ isLottieLayer[$0] })
        else { return false }
        guard case .artwork(let art) = d.kind else { return true }
        let f = art.frame(in: d.size), eps = 1e-9
        guard f.minX >= -eps, f.minY >= -eps, f.maxX <= d.size.width + eps, f.maxY <= d.size.height + eps else { return false }
        // SVG art may paint past its viewBox, which only this clip cuts (docs/lottie.md, "SVG art past its viewBox").
        guard case .vector(let document) = art.artwork else { return true }
        let root = LottieArtworkShapes.root(document, mode: art.contentMode, bounds: (d.size.width, d.size.height))
        return document.nodes.allSatisfy { node in
            LottieArtworkOpacity.extent(node, matrix: root).map {
                $0.minX >= -eps && $0.minY >= -eps && $0.maxX <= d.size.width + eps && $0.maxY <= d.size.height + eps
            } ?? true
        }
    }

    /// The source of snapshot layer i when the capture's cut (its bounds) removes part of its
    /// art (then the snapshot layer carries that cut as a mask).
    func snapshotClipSource(_ i: Int) -> Int? {
        // Not a snapshot, read in place: `capture(of:)` copied the layer to learn it (planLayers asks of every layer).
        guard Self.read(simulation.layers, i, { $0.pointee.snapshotSource != nil }) else { return nil }
        guard let capture = simulation.capture(of: i), capture.cuts else { return nil }
        return capture.source
    }

    /// A layer's definition-state transform (bounds → parent's bounds), for static art.
    func staticAffine(_ d: LayerDefinition) -> Affine2D {
        Affine2D.layer(
            position: d.position + d.transform.translation, scale: d.transform.scale,
            rotation: d.transform.rotation, anchor: Point(d.anchorPoint.x * d.size.width, d.anchorPoint.y * d.size.height))
    }

    /// Whether layer i, drawn as static art (definition state), clips to its bounds and the clip
    /// removes something: some painted descendant's bounds reach outside its rounded bounds.
    func staticClipCuts(_ i: Int) -> Bool {
        let d = simulation.layers[i].definition
        guard d.clipsToBounds else { return false }
        var cuts = d.kind.isArtwork  // a picture may overflow (contentMode): assume the clip cuts it
        func visit(_ j: Int, _ m: Affine2D) {
            let dj = simulation.layers[j].definition
            guard !dj.hidden, !cuts else { return }
            if dj.kind.isArtwork { cuts = true }
            if dj.fill != nil {
                let w = dj.size.width, h = dj.size.height
                for (x, y) in [(0, 0), (w, 0), (w, h), (0, h)]
                where !ClipPath.contains(m.apply(x, y), width: d.size.width, height: d.size.height, radius: d.numbers.boundsRadius) {
                    cuts = true
                }
            }
            for c in simulation.layers[j].children { visit(c, m.after(staticAffine(simulation.layers[c].definition))) }
        }
        for c in simulation.layers[i].children { visit(c, staticAffine(simulation.layers[c].definition)) }
        return cuts
    }

    /// Snapshot art is drawn as shape groups, which cannot clip: a clip inside a snapshot's
    /// source (below the source itself) that cuts something cannot be exported.
    func checkSnapshotArtClips() throws {
        for layer in simulation.layers {
            guard let source = layer.snapshotSource else { continue }
            var stack = simulation.layers[source].children
            while let j = stack.popLast() {
                if staticClipCuts(j) {
                    throw TransExportError.lottie(
                        "layer \"\(names[layer.index])\" is a snapshot of \"\(names[source])\", whose sublayer \"\(names[j])\" "
                            + "clips its sublayers to its bounds (clipsToBounds) and cuts some of them; Lottie shape groups cannot clip, "
                            + "so only the snapshot source's own clip is exported. Remove that clip or keep its sublayers inside its bounds.",
                        layer: layer.index)
                }
                stack += simulation.layers[j].children
            }
        }
    }

    /// `masks` followed by flat layer i's clipping ancestors' outlines, mapped into its bounds
    /// space then by `offset` (the first "a" when `masks` is empty, the rest "i"): for the layers
    /// drawing its SVG art's runs, which rlottie 0.2 draws ~3/255 darker under a track matte
    /// (docs/artwork.md#svg-art-in-the-flat-lottie-export).
    func ancestorClipMasks(_ i: Int, after masks: [JSONValue], offset: Affine2D = .identity) -> [JSONValue] {
        masks
            + clippingAncestors(i).enumerated().map { n, c in
                let p = path(of: c, inSpaceOf: i, exactWhenMoved: true)
                return mask(
                    offset == .identity ? p : p.map { ClipPath.transformed($0, by: offset) }, mode: masks.isEmpty && n == 0 ? "a" : "i",
                    name: "clip-\(names[c])")
            }
    }

    func mask(_ path: KeyframeTrack<LVec>, mode: String, name: String, decimals: Int = LottieDecimals.length) -> JSONValue {
        LJ.obj([
            ("nm", LJ.str(name)), ("mode", LJ.str(mode)),
            ("pt", props.property(path, decimals: decimals, kind: .path)),
            ("o", LJ.staticNum(100, 0)), ("x", LJ.staticNum(0, 0)),
        ])
    }

    /// A mask cuts the sublayers too; in Lottie that would take a matte per Lottie-layer sublayer,
    /// which is not written yet: such a tree is refused rather than drawn uncut.
    func checkMaskedAncestors() throws {
        for i in lottieLayersInPaintOrder {
            var p = simulation.layers[i].parent
            while let j = p {
                if simulation.layers[j].definition.mask != nil {
                    throw TransExportError.lottie(
                        "layer \"\(names[i])\" is its own Lottie layer inside \"\(names[j])\", which has a mask; "
                            + "masks on layers with animated or named sublayers are not supported in Lottie yet. Move the mask or the sublayer.", layer: i)
                }
                p = simulation.layers[j].parent
            }
        }
    }

    /// Strict ancestors of i that clip to their bounds and can cut Lottie layer i, nearest
    /// first. An ancestor whose clip never cuts i gets no matte: a matte costs accuracy in
    /// rlottie and ThorVG (ClipReach.swift).
    func clippingAncestors(_ i: Int) -> [Int] {
        var out: [Int] = []
        var p = simulation.layers[i].parent
        while let j = p {
            if simulation.layers[j].definition.clipsToBounds, !clipNeverCuts(j, i) { out.append(j) }
            p = simulation.layers[j].parent
        }
        return out
    }

    /// The matte layer for Lottie layer i (nil when no ancestor clips): parented to the nearest
    /// clipping ancestor, its shape is that ancestor's bounds rect.
    func matteLayer(for i: Int, ind: Int, parentInd: Int) -> JSONValue? {
        let clips = clippingAncestors(i)
        guard let nearest = clips.first else { return nil }
        let k = transition.layers[nearest]
        var members = layerHeader(name: "clip-of-\(names[i])", ind: ind)
        members += [("parent", LJ.int(parentInd)), ("td", LJ.int(1))]
        // A projected clipping ancestor has an identity `ks`: the matte draws in its host's space.
        let projectedHost = transition.projected[nearest].map(\.host)
        let outer = clips.dropFirst().enumerated().map { n, c -> JSONValue in
            let mode = n == 0 ? "a" : "i"
            if let p = transition.projected[c] { return mask(p.clip!.map(\.lottie), mode: mode, name: "clip-\(names[c])", decimals: Self.projectedDecimals) }
            return mask(path(of: c, inSpaceOf: projectedHost.map { $0! } ?? nearest), mode: mode, name: "clip-\(names[c])")
        }
        if !outer.isEmpty { members += [("hasMask", .bool(true)), ("masksProperties", .array(outer))] }
        let outline = transition.projected[nearest].map { projectedPath($0.clip!) } ?? rect(size: k.size.lvec, radius: k.boundsRadius.lvec)
        let shape = group([outline, solidFill(.white)], name: "clip")
        members += [("sr", LJ.int(1)), ("ks", identityTransform(layer: true)), ("shapes", .array([shape]))]
        appendTiming(to: &members)
        return LJ.obj(members)
    }

    /// Whether `path(of: outer, inSpaceOf: inner, exactWhenMoved: true)` is keyframes with their
    /// easing, not sampled: only positions and translations animate from `inner` up to `outer`'s
    /// child, and `outer`'s size and corner radius hold.
    func pathIsKeyed(of outer: Int, inSpaceOf inner: Int) -> Bool {
        var p: Int? = inner
        while let j = p, j != outer {
            let k = transition.layers[j]
            if k.scale.isAnimated || k.rotation.isAnimated || k.anchorPoint.isAnimated || k.size.isAnimated { return false }
            p = simulation.layers[j].parent
        }
        let ko = transition.layers[outer]
        return !ko.size.isAnimated && !ko.boundsRadius.isAnimated
    }

    /// Ancestor `outer`'s bounds rect mapped into the bounds space of its descendant `inner`.
    /// `exactWhenMoved`: keyframes with their easing (not sampled) while only positions and
    /// translations along the chain animate (the path is then jointly affine in them).
    func path(of outer: Int, inSpaceOf inner: Int, exactWhenMoved: Bool = false) -> KeyframeTrack<LVec> {
        var chain: [Int] = []  // inner, its parent, … up to the child of `outer`
        var p: Int? = inner
        while let j = p, j != outer { chain.append(j); p = simulation.layers[j].parent }
        var tracks: [KeyframeTrack<LVec>] = []
        for j in chain {
            let k = transition.layers[j]
            tracks += [k.position.lvec, k.translation.lvec, k.scale.lvec, k.rotation.lvec, k.anchorPoint.lvec, k.size.lvec]
        }
        let ko = transition.layers[outer]
        tracks += [ko.size.lvec, ko.boundsRadius.lvec]
        let n = ko.hasSquareCorners ? 4 : 8
        let keyed = exactWhenMoved && pathIsKeyed(of: outer, inSpaceOf: inner)
        return LottieTracks.combine(tracks, keyed ? .jointlyAffine : .nonlinear) { v in
            var m = Affine2D.identity
            for c in 0..<chain.count {
                let pos = v[6 * c].c, tr = v[6 * c + 1].c, s = v[6 * c + 2].c, r = v[6 * c + 3].c[0]
                let an = v[6 * c + 4].c, size = v[6 * c + 5].c
                let local = Affine2D.layer(
                    position: Point(pos[0] + tr[0], pos[1] + tr[1]), scale: Point(s[0], s[1]),
                    rotation: r, anchor: Point(an[0] * size[0], an[1] * size[1]))
                m = local.after(m)
            }
            let size = v[6 * chain.count].c, radius = v[6 * chain.count + 1].c[0]
            let rect = ClipPath.roundedRect(width: size[0], height: size[1], radius: radius, vertices: n)
            // A degenerate (zero-scale) chain collapses the inner space; nothing shows, keep the rect.
            return m.inverse.map { ClipPath.transformed(rect, by: $0) } ?? rect
        }
    }
}

// Clip paths inside flat SVG art in Lottie. A shape item cannot be clipped; a layer's mask can.
// So the art is split into runs around each clipped node, every run a shape layer in a precomp
// (a clipped run with its clip path as its mask, mode "a"). The precomp's layer sits right above
// the art layer's content, parented to it, with its masks and its opacity (composited once over
// the runs), as a picture's image layer is (LottiePictures.swift). The art layer's sublayers
// become layers (above). Measured in rlottie 0.2 (docs/artwork.md, "SVG art in the flat Lottie
// export"): a precomp of opaque layers is drawn right, but one under a track matte ~3/255 darker
// and one holding a translucent layer ~4/255 darker, so under a clipping ancestor the ancestors'
// outlines are masks of the precomp layer (as under 3D, LottieAncestorClips.swift), and opacity
// over overlapping shapes is never put in the precomp (LottieArtOpacityRuns.swift); a clip of
// several shapes is one mask contour (ClipUnion), since rlottie loses one of two "a" masks side
// by side; a path of several subpaths too, a hole wound against its shape (ClipHoles). A clip
// nested in a clipped node cuts its run with both (masks "a" then "i"). Refused: subpaths that
// cross or nest more than one deep, holes beside other clip shapes, opacity on a group holding
// clips, art reaching more than the layer's largest size past its bounds (the precomp's
// margin), and such art copied by a snapshot (which draws its source's art as shape groups).
import Artwork
import JSONText
import Keyframes
import TransitionModel

/// A run of the art's shape items (top first), clipped or not.
struct LottieArtPiece {
    var items: [JSONValue]
    /// The clips over the run in the layer's bounds space (at its initial size), each one
    /// contour (a clip of several shapes their union), intersected.
    var clip: [ArtPath]? = nil
    /// The clipped node's line in the art's file.
    var line = 0
    /// Whether the run strokes an open subpath (ThorVG 1.0 leaves it out of a masked run in a
    /// masked precomp layer: checkArtPrecomp).
    var strokesOpenPath = false
}

extension LottieArtworkShapes {
    /// The art's runs, top first: a single unclipped one when the art holds no clip.
    static func pieces(
        _ document: ArtDocument, file: String, mode: ContentMode, bounds: (width: Double, height: Double)
    ) throws -> [LottieArtPiece] {
        let root = root(document, mode: mode, bounds: bounds)
        return merged(try document.nodes.reversed().flatMap { try pieces($0, matrix: root, file: file) })
    }

    /// The node's runs; `clips`: the clips over it (each one contour, in the layer's bounds
    /// space), intersected. A clip distributes over what it covers, so a clipped node holding
    /// clipped nodes is cut into runs under the clips' intersections (the first mask "a", the
    /// rest "i").
    static func pieces(_ node: ArtNode, matrix outer: ArtTransform, file: String, clips: [ArtPath] = []) throws -> [LottieArtPiece] {
        let m = outer.concatenating(node.transform)
        var here = clips
        var plain = node
        if let clip = node.clip {
            // A path of several subpaths is the union of its subpaths less its holes.
            var shapes: [ArtPath] = []
            var holes: Set<Int> = []
            for path in clip.paths {
                let subpaths = self.subpaths(path)
                guard let inner = subpaths.count < 2 ? [] : ClipHoles.holes(subpaths, rule: clip.rule) else {
                    throw TransExportError.artwork(
                        file: file, line: node.line,
                        "a clip path whose subpaths cross or nest more than one deep is not carried in Lottie yet (the SVG export carries it)")
                }
                holes.formUnion(inner.map { $0 + shapes.count })
                shapes += subpaths
            }
            // A hole's shape must not reach another shape of the clip (it would cut it too).
            if !holes.isEmpty, clip.paths.count > 1 {
                throw TransExportError.artwork(
                    file: file, line: node.line, "a clip path with holes beside other clip shapes is not carried in Lottie yet (the SVG export carries it)")
            }
            // Several shapes (a union) as one contour: rlottie 0.2 loses one of two "a" masks
            // side by side (LottieClipUnion.swift).
            let paths = shapes.count > 1 ? [ClipUnion.oneContour(shapes, holes: holes)] : shapes
            // A clip whose paths draw nothing hides the node (artPrecompAsset drops the run).
            here += paths.isEmpty ? [ArtPath([])] : paths.map { $0.transformed(by: m) }
            plain.clip = nil
        }
        if case .group(let children) = plain.content, hasClip(children) {
            // Opacity over runs under different clips would need them composited together.
            guard node.opacity == 1 else {
                throw TransExportError.artwork(
                    file: file, line: node.line, "opacity on a group holding clip paths is not carried in Lottie yet (the SVG export carries it)")
            }
            let inner = try children.reversed().flatMap { try pieces($0, matrix: m, file: file, clips: here) }
            return here.isEmpty ? merged(inner) : joined(inner)
        }
        guard !here.isEmpty else { return [LottieArtPiece(items: try items(node, matrix: outer, file: file))] }
        return [LottieArtPiece(items: try items(plain, matrix: outer, file: file), clip: here, line: node.line, strokesOpenPath: strokesOpenPath(plain))]
    }

    /// A path's subpaths, each one contour (a path with one returned whole).
    static func subpaths(_ path: ArtPath) -> [ArtPath] {
        var out: [[ArtPathSegment]] = []
        for segment in path.segments {
            if case .move = segment { out.append([]) }
            if out.isEmpty { out.append([]) }
            out[out.count - 1].append(segment)
        }
        return out.count < 2 ? [path] : out.map(ArtPath.init)
    }

    /// Adjacent runs under the same clips joined (inside one clipped node); empty runs dropped.
    static func joined(_ pieces: [LottieArtPiece]) -> [LottieArtPiece] {
        var out: [LottieArtPiece] = []
        for p in pieces where !p.items.isEmpty {
            if let last = out.last, last.clip == p.clip {
                out[out.count - 1].items += p.items
                out[out.count - 1].strokesOpenPath = last.strokesOpenPath || p.strokesOpenPath
            } else {
                out.append(p)
            }
        }
        return out
    }

    /// Whether a stroke of the node (or below it) runs along a subpath that is not closed;
    /// `filled`: of a shape whose fill paints something too (LottieArtEmptyFills.swift).
    static func strokesOpenPath(_ node: ArtNode, filled: Bool = false) -> Bool {
        switch node.content {
        case .group(let children):
            return children.contains { strokesOpenPath($0, filled: filled) }
        case .shape(let shape):
            guard shape.stroke != nil, !filled || paintedFill(shape) != nil else { return false }
            var open = false
            for segment in shape.path.segments {
                switch segment {
                case .move:
                    if open { return true }
                    open = true
                case .close: open = false
                case .line, .cubic: break
                }
            }
            return open
        }
    }

    /// Adjacent unclipped runs joined; empty runs dropped.
    static func merged(_ pieces: [LottieArtPiece]) -> [LottieArtPiece] {
        var out: [LottieArtPiece] = []
        for p in pieces where !p.items.isEmpty {
            if p.clip == nil, let last = out.last, last.clip == nil {
                out[out.count - 1].items += p.items
            } else {
                out.append(p)
            }
        }
        return out
    }
}

extension LottieDocument {
    /// The runs of layer i's SVG art drawn in a precomp (top first), empty when the art is drawn
    /// in the layer's own shapes. Never under 3D or when a snapshot may copy art.
    func artPieces(_ i: Int) -> [LottieArtPiece] {
        guard !isProjected(i), !hasSnapshots,
            case .artwork(let art) = simulation.layers[i].definition.kind, case .vector(let document) = art.artwork
        else { return [] }
        let size = simulation.layers[i].definition.size
        guard
            let pieces = try? LottieArtworkShapes.pieces(
                document, file: art.path, mode: art.contentMode, bounds: (size.width, size.height)),
            pieces.contains(where: { $0.clip != nil })
        else { return [] }
        return pieces
    }

    static func artPrecompID(_ i: Int) -> String { "art-\(i + 1)" }

    /// The precomp's margin on each side of layer i's bounds: its largest size, whole points.
    func artPrecompMargin(_ i: Int) -> (width: Double, height: Double) {
        let size = transition.layers[i].size
        let all = [size.initialValue] + size.keyframes.map(\.value)
        return ((all.map(\.width).max() ?? 0).rounded(.up), (all.map(\.height).max() ?? 0).rounded(.up))
    }

    /// Refuses art split into runs that reaches past the precomp (it would be cut there).
    /// Under a clipping ancestor the ancestors' outlines are masks of the precomp layer, not a
    /// track matte: rlottie 0.2 draws a precomp under a matte about 3/255 darker (measured:
    /// 25 35 62 for 28 37 65; 27 37 64 without the matte).
    func checkArtPrecomp(_ i: Int, _ document: ArtDocument, _ art: LayerArtwork) throws {
        let pieces = artPieces(i)
        guard !pieces.isEmpty else { return }
        // ThorVG 1.0 leaves an open stroked line out of a clipped run when the precomp layer has
        // masks of its own (the layer's clip or mask, its ancestors' clips): 1.321/255, 3,036
        // solid px, measured (docs/artwork.md#svg-art-in-the-flat-lottie-export); rlottie and
        // lottie-web draw it.
        if !clipMasks(i).isEmpty || !clippingAncestors(i).isEmpty, let run = pieces.first(where: { $0.clip != nil && $0.strokesOpenPath }) {
            throw TransExportError.artwork(
                file: art.path, line: run.line,
                "a clip path over an open stroked path, in a layer that clips to its bounds or has a mask or is inside a clipping layer, is not carried in Lottie yet (ThorVG leaves the stroke out; the SVG export carries it)"
            )
        }
        let base = simulation.layers[i].definition.size
        let root = LottieArtworkShapes.root(document, mode: art.contentMode, bounds: (base.width, base.height))
        let boxes = document.nodes.compactMap { n in LottieArtworkOpacity.extent(n, matrix: root).map { (n.line, $0) } }
        let margin = artPrecompMargin(i)
        let size = transition.layers[i].size
        for s in [size.initialValue] + size.keyframes.map(\.value) {
            let fx = base.width > 0 ? s.width / base.width : 0, fy = base.height > 0 ? s.height / base.height : 0
            for (line, b) in boxes
            where min(b.minX * fx, b.maxX * fx) < -margin.width || max(b.minX * fx, b.maxX * fx) > 2 * margin.width
                || min(b.minY * fy, b.maxY * fy) < -margin.height || max(b.minY * fy, b.maxY * fy) > 2 * margin.height
            {
                throw TransExportError.artwork(
                    file: art.path, line: line,
                    "with a clip path elsewhere in the art, a shape reaching more than the layer's size past its bounds is not carried in Lottie")
            }
        }
    }

    /// The precomp drawing layer i's art runs, each a shape layer moved by the margin (so the
    /// art lies inside the precomp's box) and stretched to the layer's current size, its clip
    /// as masks in its own space (stretched with it).
    func artPrecompAsset(_ i: Int) -> JSONValue {
        let margin = artPrecompMargin(i)
        let size = transition.layers[i].size, base = simulation.layers[i].definition.size
        let factor = size.map { s in
            LVec([base.width > 0 ? s.width / base.width * 100 : 0, base.height > 0 ? s.height / base.height * 100 : 0])
        }
        let layers = artPieces(i).enumerated().compactMap { k, piece -> JSONValue? in
            var members = layerHeader(name: "\(names[i]).art-\(k + 1)", ind: k + 1)
            let masks = (piece.clip ?? []).enumerated().compactMap { n, path -> JSONValue? in
                guard let shape = LottieArtworkShapes.path(path).first?["ks"] else { return nil }
                return LJ.obj([
                    ("nm", LJ.str("clip-\(n + 1)")), ("mode", LJ.str(n == 0 ? "a" : "i")), ("pt", shape), ("o", LJ.staticNum(100, 0)),
                    ("x", LJ.staticNum(0, 0)),
                ])
            }
            // A clip whose paths draw nothing hides the run: a mask with no contour would not.
            if let clip = piece.clip, masks.count < clip.count { return nil }
            if !masks.isEmpty { members += [("hasMask", .bool(true)), ("masksProperties", .array(masks))] }
            let ks = transformJSON(
                position: LJ.staticArr([margin.width, margin.height], LottieDecimals.length),
                scale: props.property(factor, decimals: LottieDecimals.scalePercent, kind: .vector), layer: true)
            members += [("sr", LJ.int(1)), ("ks", ks), ("shapes", .array(piece.items))]
            appendTiming(to: &members)
            return LJ.obj(members)
        }
        return LJ.obj([("id", LJ.str(Self.artPrecompID(i))), ("nm", LJ.str("\(names[i]).art")), ("layers", .array(layers))])
    }

    /// The precomp layer drawing layer i's art, parented to i's content layer (its anchor undoes
    /// the margin), i's masks moved by the margin into its own space, its opacity i's with visibility.
    func artPrecompLayer(_ i: Int, ind: Int, hostInd: Int, matte: Int?) -> JSONValue {
        let margin = artPrecompMargin(i)
        var members: LJ.Members = [
            ("ddd", LJ.int(0)), ("ty", LJ.int(0)), ("nm", LJ.str("\(names[i]).art")), ("ind", LJ.int(ind)), ("parent", LJ.int(hostInd)),
        ]
        if let matte { members += [("tt", LJ.int(1)), ("tp", LJ.int(matte))] }
        // Masks are in the layer's own (precomp) space, where i's bounds lie moved by the margin;
        // the clipping ancestors' outlines follow (no matte: see checkArtPrecomp).
        let offset = Affine2D(tx: margin.width, ty: margin.height)
        let masks = ancestorClipMasks(i, after: clipMasks(i, offset: offset), offset: offset)
        if !masks.isEmpty { members += [("hasMask", .bool(true)), ("masksProperties", .array(masks))] }
        let visible = chainVisibility(i)
        let opacity = LottieTracks.combine([combinedOpacity(i), visible], .affineInEach) { v in LVec([v[0].c[0] * v[1].c[0] / 100]) }
        let ks = transformJSON(
            anchor: LJ.staticArr([margin.width, margin.height], LottieDecimals.length), opacity: props.opacity(opacity), layer: true)
        members += [
            ("sr", LJ.int(1)), ("ks", ks), ("refId", LJ.str(Self.artPrecompID(i))),
            ("w", LJ.num(3 * margin.width, 0)), ("h", LJ.num(3 * margin.height, 0)),
        ]
        appendTiming(to: &members)
        return LJ.obj(members)
    }
}

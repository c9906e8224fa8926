// Opacity over overlapping shapes of flat SVG art in Lottie. SVG composites such a node once; a
// shape group's `tr.o` is applied per item by rlottie and ThorVG, while a layer's `ks.o`
// composites once in all three players (docs/artwork.md, "Opacity groups under 3D", measured).
// So the art is split around each such node into runs, each a shape layer whose `ks.o` is the
// node's opacity (1 between them), in a precomp whose layer sits right above the art layer's
// content, parented to it, with its masks, its clipping ancestors' matte repeated and its
// opacity (the layer's own composites the whole art once, as in SVG; one layer per run would
// composite each run apart), as a picture's image layer is (LottiePictures.swift). The art
// layer's sublayers become layers (above). The precomp is the layer's largest size wide on
// each side of its bounds; art reaching further is refused, as are opacity over overlaps nested
// in another and such art copied by a snapshot (which draws its source's art as shape groups).
import Artwork
import JSONText
import Keyframes
import TransitionModel

/// A run of the art's shape items (top first) drawn at one opacity.
struct LottieArtPiece {
    var items: [JSONValue]
    var opacity: Double
    /// The opacity node's line in the art's file (0 for a run of opacity 1).
    var line = 0
}

extension LottieArtworkShapes {
    /// The art's runs, top first: one of opacity 1 when nothing composites as a group.
    static func pieces(
        _ document: ArtDocument, file: String, mode: ContentMode, bounds: (width: Double, height: Double)
    ) throws -> [LottieArtPiece] {
        let root = root(document, mode: mode, bounds: bounds)
        return merged(try document.nodes.reversed().flatMap { try pieces($0, matrix: root, file: file) })
    }

    static func pieces(_ node: ArtNode, matrix outer: ArtTransform, file: String) throws -> [LottieArtPiece] {
        if node.opacity < 1, node.clip == nil, !LottieArtworkOpacity.itemsApart(node, matrix: outer) {
            var opaque = node
            opaque.opacity = 1
            return [LottieArtPiece(items: try items(opaque, matrix: outer, file: file), opacity: node.opacity, line: node.line)]
        }
        if node.opacity == 1, node.clip == nil, case .group(let children) = node.content {
            let m = outer.concatenating(node.transform)
            return merged(try children.reversed().flatMap { try pieces($0, matrix: m, file: file) })
        }
        return [LottieArtPiece(items: try items(node, matrix: outer, file: file), opacity: 1)]
    }

    /// Adjacent runs of opacity 1 joined; empty runs dropped.
    static func merged(_ pieces: [LottieArtPiece]) -> [LottieArtPiece] {
        var out: [LottieArtPiece] = []
        for p in pieces where !p.items.isEmpty {
            if p.opacity == 1, let last = out.last, last.opacity == 1 {
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
        guard transition.projected[i] == nil, !simulation.layers.contains(where: { $0.snapshotSource != nil }),
            case .artwork(let art) = simulation.layers[i].definition.kind, case .vector(let document) = art.artwork
        else { return [] }
        let size = simulation.layers[i].definition.size
        guard
            let pieces = try? LottieArtworkShapes.pieces(
                document, file: art.path, mode: art.contentMode, bounds: (size.width, size.height)),
            pieces.contains(where: { $0.opacity < 1 })
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

    /// Refuses art split into runs that reaches past the precomp (it would be cut there), or
    /// with a second translucent run: rlottie 0.2 darkens everything below a translucent layer
    /// by about one level, covered or not (docs/artwork.md, "Opacity groups in the flat Lottie export").
    func checkArtPrecomp(_ i: Int, _ document: ArtDocument, _ art: LayerArtwork) throws {
        let pieces = artPieces(i)
        guard !pieces.isEmpty else { return }
        let translucent = pieces.filter { $0.opacity < 1 }
        if translucent.count > 1 {
            throw TransExportError.artwork(
                file: art.path, line: translucent[translucent.count - 2].line,
                "a second opacity over overlapping shapes in one layer's art is not carried in Lottie (rlottie darkens the layer "
                    + "by a level for each); set the opacity on each shape, keep the shapes 2 pt apart, or split the art into two layers")
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
                    "with opacity over overlapping shapes elsewhere in the art, a shape reaching more than the layer's size past its bounds is not carried in Lottie")
            }
        }
    }

    /// The precomp drawing layer i's art runs, each a shape layer at its run's opacity, moved by
    /// the margin so that the art lies inside the precomp's box.
    func artPrecompAsset(_ i: Int) -> JSONValue {
        let margin = artPrecompMargin(i)
        let size = transition.layers[i].size, base = simulation.layers[i].definition.size
        let layers = artPieces(i).enumerated().map { k, piece -> JSONValue in
            var members = layerHeader(name: "\(names[i]).art-\(k + 1)", ind: k + 1)
            let ks = transformJSON(
                position: LJ.staticArr([margin.width, margin.height], LottieDecimals.length),
                opacity: LJ.staticNum(piece.opacity * 100, LottieDecimals.opacity), layer: true)
            members += [("sr", LJ.int(1)), ("ks", ks), ("shapes", .array(stretched(size: size, from: base, piece.items)))]
            return LJ.obj(members + layerTiming())
        }
        return LJ.obj([("id", LJ.str(Self.artPrecompID(i))), ("nm", LJ.str("\(names[i]).art")), ("layers", .array(layers))])
    }

    /// The precomp layer drawing layer i's art, parented to i's content layer (its anchor undoes
    /// the margin, so i's masks hold as they are), its opacity i's with visibility.
    func artPrecompLayer(_ i: Int, ind: Int, hostInd: Int, matte: Int?) -> JSONValue {
        let margin = artPrecompMargin(i)
        var members: [(String, JSONValue)] = [
            ("ddd", LJ.int(0)), ("ty", LJ.int(0)), ("nm", LJ.str("\(names[i]).art")), ("ind", LJ.int(ind)), ("parent", LJ.int(hostInd)),
        ]
        if let matte { members += [("tt", LJ.int(1)), ("tp", LJ.int(matte))] }
        let masks = clipMasks(i)
        if !masks.isEmpty { members += [("hasMask", .bool(true)), ("masksProperties", .array(masks))] }
        let visible = LottieTracks.visibility(([i] + ancestors(i)).map { transition.layers[$0].visible })
        let opacity = LottieTracks.combine([combinedOpacity(i), visible], .affineInEach) { v in LVec([v[0].c[0] * v[1].c[0] / 100]) }
        let ks = transformJSON(
            anchor: LJ.staticArr([margin.width, margin.height], LottieDecimals.length), opacity: props.opacity(opacity), layer: true)
        members += [
            ("sr", LJ.int(1)), ("ks", ks), ("refId", LJ.str(Self.artPrecompID(i))),
            ("w", LJ.num(3 * margin.width, 0)), ("h", LJ.num(3 * margin.height, 0)),
        ]
        return LJ.obj(members + layerTiming())
    }
}

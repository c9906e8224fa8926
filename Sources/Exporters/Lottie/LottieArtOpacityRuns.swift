// Opacity over overlapping shapes in flat SVG art in Lottie. SVG composites such a node once; a
// shape group's `tr.o` is multiplied into each item (LottieArtworkOpacity.swift). As under 3D
// (LottieArtParts.swift), the art's paint from the lowest such node up is split into runs, each a
// shape layer of its own right above the art layer's content, parented to it (its `ks` is the
// identity but `o`, so it draws in the layer's bounds space), the node's run with the node's
// opacity as its `ks.o`, which rlottie, ThorVG and lottie-web composite once. No precomp: rlottie
// 0.2 draws a precomp holding a translucent layer ~4/255 darker
// (docs/artwork.md#svg-art-in-the-flat-lottie-export). Each run carries the layer's clip and mask
// and its clipping ancestors' outlines as masks (no matte, as for the clipped art's precomp).
// The runs composite apart from the layer's other paint, so a layer whose opacity (or an
// ancestor's) falls below 1 is refused unless a group precomp carries that fade
// (LottieGroupOpacity.swift), as is such a node inside another, or in art with clip
// paths (whose runs are in a precomp) or copied by a snapshot (LottieArtworkShapes.items).
import Artwork
import JSONText
import Keyframes
import TransitionModel

/// A run of the art's shape items (top first), composited with `opacity` when it is below 1.
struct LottieArtRun {
    var items: [JSONValue]
    var opacity = 1.0
    /// The translucent node's line in the art's file.
    var line = 0
}

extension LottieArtworkShapes {
    /// The art's runs, top first: one opaque run when no node needs compositing of its own.
    static func opacityRuns(
        _ document: ArtDocument, file: String, mode: ContentMode, bounds: (width: Double, height: Double)
    ) throws -> [LottieArtRun] {
        let root = root(document, mode: mode, bounds: bounds)
        return mergedRuns(try document.nodes.reversed().flatMap { try opacityRuns($0, matrix: root, file: file) })
    }

    static func opacityRuns(_ node: ArtNode, matrix outer: ArtTransform, file: String) throws -> [LottieArtRun] {
        if node.opacity < 1, node.clip == nil, !LottieArtworkOpacity.itemsApart(node, matrix: outer) {
            var plain = node
            plain.opacity = 1
            return [LottieArtRun(items: try items(plain, matrix: outer, file: file), opacity: node.opacity, line: node.line)]
        }
        if node.opacity == 1, node.clip == nil, case .group(let children) = node.content {
            let m = outer.concatenating(node.transform)
            return mergedRuns(try children.reversed().flatMap { try opacityRuns($0, matrix: m, file: file) })
        }
        return [LottieArtRun(items: try items(node, matrix: outer, file: file))]
    }

    /// Adjacent opaque runs joined; empty runs dropped.
    static func mergedRuns(_ runs: [LottieArtRun]) -> [LottieArtRun] {
        var out: [LottieArtRun] = []
        for r in runs where !r.items.isEmpty {
            if r.opacity == 1, let last = out.last, last.opacity == 1 {
                out[out.count - 1].items += r.items
            } else {
                out.append(r)
            }
        }
        return out
    }

    /// Whether a node of the art has a clip path (its runs are then a precomp: LottieArtPieces.swift).
    static func hasClip(_ nodes: [ArtNode]) -> Bool {
        nodes.contains { n in
            if n.clip != nil { return true }
            if case .group(let children) = n.content { return hasClip(children) }
            return false
        }
    }
}

extension LottieDocument {
    /// The runs of layer i's flat SVG art drawn as layers of their own, top first (from the
    /// lowest translucent run up), empty when its art needs none.
    func artOpacityRuns(_ i: Int) -> [LottieArtRun] {
        guard !isProjected(i), !hasSnapshots,
            case .artwork(let art) = simulation.layers[i].definition.kind, case .vector(let document) = art.artwork,
            !LottieArtworkShapes.hasClip(document.nodes)
        else { return [] }
        guard let runs = try? opacityRuns(of: i, document, art), let lowest = runs.lastIndex(where: { $0.opacity < 1 }) else { return [] }
        return Array(runs[...lowest])
    }

    /// Layer i's art's runs in its definition's bounds, made once per document.
    func opacityRuns(of i: Int, _ document: ArtDocument, _ art: LayerArtwork) throws -> [LottieArtRun] {
        if let made = opacityRunsMade[i] { return try made.get() }
        let size = simulation.layers[i].definition.size
        let made = Result { try LottieArtworkShapes.opacityRuns(document, file: art.path, mode: art.contentMode, bounds: (size.width, size.height)) }
        opacityRunsMade[i] = made
        return try made.get()
    }

    /// The shape items of layer i's art drawn in its own content layer (top first): none when a
    /// precomp draws it, the runs below the first translucent one when runs draw the rest.
    func ownArtItems(_ i: Int, _ art: LayerArtwork, bounds: Size) -> [JSONValue] {
        guard artPieces(i).isEmpty else { return [] }
        // `bounds` is the definition's size (LottieShapes.paint), the runs' bounds.
        guard case .vector(let document) = art.artwork, !artOpacityRuns(i).isEmpty, let runs = try? opacityRuns(of: i, document, art),
            let lowest = runs.lastIndex(where: { $0.opacity < 1 })
        else { return artItemsMade[i] ?? artworkItems(art, bounds: bounds) }
        return runs[(lowest + 1)...].flatMap(\.items)
    }

    /// Whether layer i's content layer takes its clipping ancestors' outlines as masks instead of
    /// their track matte, as its art's runs do: flat SVG art split into runs (a precomp or layers),
    /// or a flat layer (SVG art or plain paint) whose ancestors' outlines are keyed paths in its
    /// space (not sampled). rlottie 0.2 draws a layer under an alpha matte darker
    /// (opacity-overlap.svg in a clipping window, no opacity: 2.255/255 under the matte,
    /// docs/artwork.md#svg-art-in-the-flat-lottie-export; a rect card in one: 2.500, docs/lottie.md).
    func flatArtTakesAncestorMasks(_ i: Int) -> Bool {
        !artPieces(i).isEmpty || !artOpacityRuns(i).isEmpty || flatArtMasksKeyed(i)
    }

    /// A flat layer whose content layer's paint all takes masks (`paintTakesMasks`), under
    /// clipping ancestors that are all 2D, each outline a keyed path in its space (LottieClip.swift
    /// `pathIsKeyed`).
    func flatArtMasksKeyed(_ i: Int) -> Bool {
        // The clipping ancestors first: most layers have none, and `paintTakesMasks` walks the
        // layer's static subtree (each layer of a file asks).
        guard !isProjected(i) else { return false }
        let clips = clippingAncestors(i)
        guard !clips.isEmpty, paintTakesMasks(i) else { return false }
        return clips.allSatisfy { !isProjected($0) && pathIsKeyed(of: $0, inSpaceOf: i) }
    }

    /// Whether layer j's paint and its static sublayers' (drawn in its Lottie layer) are drawn
    /// right under a mask: fills, and SVG art with no shape that both fills and strokes an open
    /// subpath, which ThorVG 1.0 leaves out under a mask (feed.svg's plus in a clipping window:
    /// 44 solid px; drawn once its fill, which paints nothing, is left out: LottieArtEmptyFills.swift).
    /// Not a layer with a mask of its own, a picture, or a snapshot (their own layers and cuts).
    func paintTakesMasks(_ j: Int) -> Bool {
        // Read in place (LottieDocument.read): a bound copy of the layer retained every track.
        let (mask, kind) = Self.read(simulation.layers, j) { ($0.pointee.definition.mask, $0.pointee.definition.kind) }
        guard mask == nil else { return false }
        switch kind {
        case .group, .rect, .ellipse, .text: break
        case .snapshot: return false
        case .artwork(let art):
            guard case .vector(let document) = art.artwork,
                !document.nodes.contains(where: { LottieArtworkShapes.strokesOpenPath($0, filled: true) })
            else { return false }
        }
        return Self.read(simulation.layers, j) { $0.pointee.children }.allSatisfy { isLottieLayer[$0] || paintTakesMasks($0) }
    }

    /// Refuses runs that would composite apart from the layer's other paint: the layer's
    /// opacity, times its ancestors', must stay 1.
    func checkArtOpacityRuns(_ i: Int, _ document: ArtDocument, _ art: LayerArtwork) throws {
        let runs = try opacityRuns(of: i, document, art)
        guard let run = runs.first(where: { $0.opacity < 1 }) else { return }
        let fade = combinedOpacity(i)
        if ([fade.initialValue] + fade.keyframes.map(\.value)).contains(where: { $0.c[0] < 100 }) {
            throw TransExportError.artwork(
                file: art.path, line: run.line,
                "opacity over overlapping shapes in a layer whose opacity (or an ancestor's) falls below 1 is not carried in Lottie yet (the SVG export carries it)"
            )
        }
    }

    /// A run of layer i's art: parented to its content layer, the run's opacity as its `ks.o`,
    /// stretched with the layer, the layer's clip and mask then its clipping ancestors' outlines
    /// as masks.
    func artRunLayer(_ i: Int, _ run: LottieArtRun, name: String, ind: Int, parentInd: Int) -> JSONValue {
        var members = layerHeader(name: name, ind: ind)
        members.append(("parent", LJ.int(parentInd)))
        let masks = ancestorClipMasks(i, after: clipMasks(i))
        if !masks.isEmpty { members += [("hasMask", .bool(true)), ("masksProperties", .array(masks))] }
        let opacity = combinedOpacity(i).map { LVec([$0.c[0] * run.opacity]) }
        let items = stretched(size: transition.layers[i].size, from: simulation.layers[i].definition.size, run.items)
        let visible = chainVisibility(i)
        let shapes =
            visible.keyframes.count == 1 && visible.initialValue.c[0] == 100
            ? items : [group(items, name: "visibility", transform: transformJSON(opacity: props.property(visible, decimals: 0, kind: .scalar)))]
        members += [("sr", LJ.int(1)), ("ks", transformJSON(opacity: props.opacity(opacity), layer: true)), ("shapes", .array(shapes))]
        appendTiming(to: &members)
        return LJ.obj(members)
    }
}

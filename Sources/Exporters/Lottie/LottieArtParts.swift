import JSONText
import Keyframes
import Motion
// SVG art under a 3D transform whose shapes need compositing of their own (opacity over
// overlapping shapes, ProjectedArtworkOpacity.swift; clip paths, ProjectedArtworkClip.swift):
// from the first such shape on, the art's paint is split into shape layers of its own, stacked
// in paint order right above the art layer's content layer and parented to it (its `ks` is the
// identity, so they draw in the same host space). A part under an opacity group has the group's
// opacity in its `ks.o`, which rlottie, ThorVG and lottie-web composite once (a shape group's
// `tr.o` is multiplied into each item by rlottie and ThorVG: docs/artwork.md#opacity-groups-under-3d).
// A part under clip paths has them as masks (a clip of several shapes one contour, their
// union, LottieClipUnion.swift; a second clip "i"), then the layer's own clip and mask intersected; the layer's clipping ancestors' matte is
// repeated above each part (as for pictures, LottiePictures.swift). A clip distributes over the
// shapes it covers, so nested clips are parts with the clips intersected; what would need a
// precomp (an opacity group inside another, or shapes of one group under different clips) and a
// clip shape with holes are refused with the art's line.
import TransitionModel

/// A run of an art layer's projected paint drawn as a shape layer of its own.
struct LottieArtPart {
    /// Indices in the projected layer's paint.
    var paint: Range<Int>
    /// The opacity group's opacity over the run (1: none).
    var opacity: Double
    /// The clips over the run, intersected (a clip of several shapes is one contour, their union).
    var clips: [ProjectedArtClip]
}

extension LottieDocument {
    /// Layer i's art parts (none when its art needs no compositing of its own): from the first
    /// shape under an opacity group or a clip to the last paint, in paint order. Throws what
    /// cannot be drawn that way, with the art's line.
    func artParts(_ i: Int) throws -> [LottieArtPart] {
        guard let p = transition.projected[i], !p.opacityGroups.isEmpty || !p.artClips.isEmpty else { return [] }
        var file = ""
        if case .artwork(let art) = simulation.layers[i].definition.kind { file = art.path }
        func refuse(_ line: Int, _ why: String) -> TransExportError {
            TransExportError.artwork(
                file: file, line: line, "layer \"\(names[i])\": \(why) under a 3D transform is not carried in Lottie yet (the SVG export carries it)")
        }
        // The parts composite apart from the layer's other paint, so a layer fading below 1 would
        // let that paint show through them. A fading layer or ancestor is a group precomp, which
        // composites them once (LottieGroupOpacity.swift), so only the factors inside its group
        // count here; what is left (a dropped group's, which no input makes today) is refused.
        let fade = combinedOpacity(i)
        if ([fade.initialValue] + fade.keyframes.map(\.value)).contains(where: { $0.c[0] < 100 }) {
            let line = (p.opacityGroups.map(\.line) + p.artClips.map(\.line)).min() ?? 0
            throw refuse(line, "opacity over overlapping shapes or a clip path on a layer whose opacity falls below 1")
        }
        // Outermost opacity groups; one inside another would need a precomp.
        let groups = p.opacityGroups.sorted { ($0.shapes.lowerBound, -$0.shapes.count) < ($1.shapes.lowerBound, -$1.shapes.count) }
        var outer: [ProjectedArtOpacityGroup] = []
        for g in groups {
            if let o = outer.last, o.shapes.overlaps(g.shapes) {
                guard o.shapes == g.shapes else { throw refuse(g.line, "opacity over overlapping shapes inside another such group") }
                outer[outer.count - 1].opacity *= g.opacity
                continue
            }
            outer.append(g)
        }
        func clips(at n: Int) -> [ProjectedArtClip] { p.artClips.filter { $0.shapes.contains(n) } }
        for g in outer {
            let set = clips(at: g.shapes.lowerBound)
            if let c = p.artClips.first(where: { g.shapes.overlaps($0.shapes) && !set.contains($0) }) {
                throw refuse(c.line, "a clip path over some of the shapes of an opacity group")
            }
        }
        for c in p.artClips {
            if c.paths.contains(where: { $0.initialValue.subpaths.count > 1 }) { throw refuse(c.line, "a clip path with holes") }
        }
        let first = min(outer.first?.shapes.lowerBound ?? Int.max, p.artClips.map(\.shapes.lowerBound).min() ?? Int.max)
        var parts: [LottieArtPart] = []
        var n = first
        while n < p.paint.count {
            let group = outer.first { $0.shapes.contains(n) }
            let here = clips(at: n)
            var end = n + 1
            if let group {
                end = group.shapes.upperBound
            } else {
                while end < p.paint.count, !outer.contains(where: { $0.shapes.contains(end) }), clips(at: end) == here { end += 1 }
            }
            parts.append(LottieArtPart(paint: n..<end, opacity: group?.opacity ?? 1, clips: here))
            n = end
        }
        return parts
    }

    /// Whether layer i's art is split into parts (its sublayers then draw above them as layers).
    func hasArtParts(_ i: Int) -> Bool {
        // The tag first, in place: binding the optional copied it (planLayers asks of every layer).
        guard isProjected(i), let p = transition.projected[i] else { return false }
        return !p.opacityGroups.isEmpty || !p.artClips.isEmpty
    }

    /// How much of layer i's projected paint its own content layer draws (the rest is in parts).
    func ownPaintCount(_ i: Int) -> Int {
        let count = transition.projected[i]?.paint.count ?? 0
        return ((try? artParts(i)) ?? []).first?.paint.lowerBound ?? count
    }

    func checkArtParts() throws {
        for i in simulation.layers.indices { _ = try artParts(i) }
    }

    /// A part of layer i's art: parented to its content layer, the layer's opacity times the
    /// group's, its clips then the layer's own clip and mask as masks.
    func artPartLayer(_ i: Int, _ part: LottieArtPart, name: String, ind: Int, parentInd: Int, matte: Int?) -> JSONValue {
        let p = transition.projected[i]!
        var members = layerHeader(name: name, ind: ind)
        members.append(("parent", LJ.int(parentInd)))
        if let matte { members += [("tt", LJ.int(1)), ("tp", LJ.int(matte))] }
        var masks: [JSONValue] = []
        for (k, clip) in part.clips.enumerated() {
            let shapes = clip.paths.map { path in path.map { $0.subpaths[0].lottie } }
            // Several shapes (a union) as one contour: rlottie 0.2 loses one of two "a" masks side
            // by side (LottieClipUnion.swift).
            let outline =
                shapes.count > 1
                ? ClipUnion.keyByKey(shapes, ClipUnion.oneContour) ?? LottieTracks.combine(shapes, .jointlyAffine, ClipUnion.oneContour)
                : shapes[0]
            masks.append(mask(outline, mode: k == 0 ? "a" : "i", name: "art-clip-\(k + 1)", decimals: Self.projectedDecimals))
        }
        if part.clips.isEmpty {
            masks = projectedMasks(i)
        } else {
            if let clip = p.clip { masks.append(mask(clip.map(\.lottie), mode: "i", name: "clip", decimals: Self.projectedDecimals)) }
            if let m = p.mask {
                masks += cuttingMasks(m, shape: simulation.layers[i].definition.mask!.shape, first: false, decimals: Self.projectedDecimals)
            }
        }
        masks = withAncestorClips(i, masks)
        if !masks.isEmpty { members += [("hasMask", .bool(true)), ("masksProperties", .array(masks))] }
        let opacity = combinedOpacity(i).map { LVec([$0.c[0] * part.opacity]) }
        let items = p.paint[part.paint].reversed().map { projectedPaintGroup($0) }
        let visible = chainVisibility(i)
        let shapes =
            visible.keyframes.count == 1 && visible.initialValue.c[0] == 100
            ? items : [group(items, name: "visibility", transform: transformJSON(opacity: props.property(visible, decimals: 0, kind: .scalar)))]
        members += [("sr", LJ.int(1)), ("ks", transformJSON(opacity: props.opacity(opacity), layer: true)), ("shapes", .array(shapes))]
        appendTiming(to: &members)
        return LJ.obj(members)
    }
}

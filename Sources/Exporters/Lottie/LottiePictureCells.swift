import JSONText
import Keyframes
// A picture under a 3D transform in Lottie (ProjectedPicture.swift): per cell, a null layer
// (`ty: 3`, parented to the projected layer's content layer, whose `ks` is the identity: the host's
// space) carrying translate · rotate · scale, and above it an image layer (the picture's asset)
// parented to the null, rotated by the cell's second angle about the cell's centre (its anchor)
// and masked to the cell's rect, padded so neighbours overlap. No skew: rlottie ignores `sk`.
import TransitionModel

extension LottieDocument {
    /// The picture cells drawn over projected layer i (none for other layers).
    func pictureCells(_ i: Int) -> [PictureCell] { transition.projected[i]?.pictureCells ?? [] }

    /// The null layer of a cell: the cell's translate · rotate · scale (in its parent's space, or
    /// the precomp's with no parent).
    func cellNullLayer(_ cell: PictureCell, name: String, ind: Int, parentInd: Int?) -> JSONValue {
        let t = cell.transform
        var members: [(String, JSONValue)] = [("ddd", LJ.int(0)), ("ty", LJ.int(3)), ("nm", LJ.str(name)), ("ind", LJ.int(ind))]
        if let parentInd { members.append(("parent", LJ.int(parentInd))) }
        members += [
            ("sr", LJ.int(1)),
            (
                "ks",
                transformJSON(
                    position: props.position(t.map { LVec([$0.tx, $0.ty]) }),
                    scale: props.property(t.map { LVec([$0.s1 * 100, $0.s2 * 100]) }, decimals: LottieDecimals.scalePercent, kind: .vector),
                    rotation: props.property(t.map { LVec([$0.alpha * 180 / .pi]) }, decimals: LottieDecimals.degrees, kind: .scalar),
                    layer: true)
            ),
        ]
        members += layerTiming()
        return LJ.obj(members)
    }

    /// The image layer of a cell of projected layer i: rotated by β about the cell's centre,
    /// masked to the padded cell, with the layer's opacity and visibility.
    func cellImageLayer(_ i: Int, _ k: Int, pad: Double, refId: String, name: String, ind: Int, nullInd: Int) -> JSONValue {
        let cells = pictureCells(i), cell = cells[k]
        // Lottie draws its first layers on top: cell 1 over cell 2.
        let r = PictureCellPadding.rect(k, pad, in: cells, over: <)
        let rect = ClipPath.roundedRect(width: r.size.width, height: r.size.height, radius: 0, vertices: 4)
        let path = ClipPath.transformed(rect, by: Affine2D(tx: r.minX, ty: r.minY))
        let visible = LottieTracks.visibility(([i] + ancestors(i)).map { transition.layers[$0].visible })
        let opacity = LottieTracks.combine([combinedOpacity(i), visible], .affineInEach) { v in LVec([v[0].c[0] * v[1].c[0] / 100]) }
        var members: [(String, JSONValue)] = [
            ("ddd", LJ.int(0)), ("ty", LJ.int(2)), ("nm", LJ.str(name)), ("ind", LJ.int(ind)), ("parent", LJ.int(nullInd)),
            ("hasMask", .bool(true)), ("masksProperties", .array([mask(.constant(path), mode: "a", name: "cell")])),
        ]
        members += [
            ("sr", LJ.int(1)),
            (
                "ks",
                transformJSON(
                    anchor: LJ.staticArr([cell.pivot.x, cell.pivot.y], LottieDecimals.length),
                    rotation: props.property(cell.transform.map { LVec([$0.beta * 180 / .pi]) }, decimals: LottieDecimals.degrees, kind: .scalar),
                    opacity: props.opacity(opacity), layer: true)
            ),
            ("refId", LJ.str(refId)),
        ]
        members += layerTiming()
        return LJ.obj(members)
    }

    /// Whether projected layer i's cells are drawn in a precomp: when the layer has a mask and its
    /// host is the canvas. The precomp layer (identity `ks`, the canvas's space) carries the
    /// layer's projected clip and mask as its masks, which cut all cells at once (a mask per cell
    /// would live in each cell's own animated space). Clipping ancestors stay refused: rlottie
    /// draws a precomp under a track matte 3.3/255 off everywhere (a uniform colour shift;
    /// BENCHMARKS.md section 5), lottie-web and ThorVG draw it right.
    func cellsInPrecomp(_ i: Int) -> Bool {
        guard let p = transition.projected[i], !p.pictureCells.isEmpty, p.host == nil else { return false }
        return transition.layers[i].mask != nil && clippingAncestors(i).isEmpty
    }

    static func cellsPrecompID(_ i: Int) -> String { "cells-\(i)" }

    /// The precomp asset of layer i's cells: per cell its image layer over its null (no parent:
    /// the precomp's space is the canvas's).
    func cellsPrecompAsset(_ i: Int, imageID: String) -> JSONValue {
        let cells = pictureCells(i)
        let pad = PictureCellPadding.pixels(cells)
        var layers: [JSONValue] = []
        for (k, cell) in cells.enumerated() {
            let ind = 2 * k + 1
            layers.append(cellImageLayer(i, k, pad: pad, refId: imageID, name: "\(names[i]).cell-\(k + 1)", ind: ind, nullInd: ind + 1))
            layers.append(cellNullLayer(cell, name: "\(names[i]).cell-\(k + 1).place", ind: ind + 1, parentInd: nil))
        }
        return LJ.obj([("id", LJ.str(Self.cellsPrecompID(i))), ("nm", LJ.str("\(names[i]).cells")), ("layers", .array(layers))])
    }

    /// The precomp layer drawing layer i's cells, cut by the layer's clip and mask.
    func cellsPrecompLayer(_ i: Int, ind: Int, parentInd: Int) -> JSONValue {
        let size = transition.definition.canvas.size
        var members: [(String, JSONValue)] = [
            ("ddd", LJ.int(0)), ("ty", LJ.int(0)), ("nm", LJ.str("\(names[i]).cells")), ("ind", LJ.int(ind)), ("parent", LJ.int(parentInd)),
        ]
        let masks = projectedMasks(i)
        if !masks.isEmpty { members += [("hasMask", .bool(true)), ("masksProperties", .array(masks))] }
        members += [
            ("sr", LJ.int(1)), ("ks", identityTransform(layer: true)), ("refId", LJ.str(Self.cellsPrecompID(i))),
            ("w", LJ.num(size.width, 0)), ("h", LJ.num(size.height, 0)),
        ]
        members += layerTiming()
        return LJ.obj(members)
    }
}

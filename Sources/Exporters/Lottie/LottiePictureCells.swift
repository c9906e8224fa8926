import JSONText
import Keyframes
// A picture under a 3D transform in Lottie (ProjectedPicture.swift): per cell, a null layer
// (`ty: 3`, parented to the projected layer's content layer, whose `ks` is the identity: the host's
// space) carrying translate · rotate · scale, and above it an image layer (its tile of the
// picture: LottiePictureTiles.swift) parented to the null, rotated by the cell's second angle
// about the cell's centre (its anchor) and masked to the cell's rect, padded so neighbours
// overlap. No skew: rlottie ignores `sk`.
import TransitionModel

extension LottieDocument {
    /// The picture cells drawn over projected layer i (none for other layers).
    func pictureCells(_ i: Int) -> [PictureCell] { isProjected(i) ? transition.projected[i]?.pictureCells ?? [] : [] }

    /// The null layer of a cell: the cell's translate · rotate · scale (in its parent's space, or
    /// the precomp's with no parent).
    func cellNullLayer(_ cell: PictureCell, name: String, ind: Int, parentInd: Int?) -> JSONValue {
        let t = cell.transform
        var members: LJ.Members = [("ddd", LJ.int(0)), ("ty", LJ.int(3)), ("nm", LJ.str(name)), ("ind", LJ.int(ind))]
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
        appendTiming(to: &members)
        return LJ.obj(members)
    }

    /// The image layer of a cell of projected layer i: its tile of the picture (whose pixel
    /// (x0, y0) is the layer's origin), rotated by β about the cell's centre, masked to the padded
    /// cell, with the layer's opacity and visibility.
    func cellImageLayer(_ i: Int, _ k: Int, pad: Double, tile: PictureTile, refId: String, name: String, ind: Int, nullInd: Int) -> JSONValue {
        let cells = pictureCells(i), cell = cells[k]
        let (dx, dy) = (Double(tile.x0), Double(tile.y0))
        // Lottie draws its first layers on top: cell 1 over cell 2.
        let r = PictureCellPadding.rect(k, pad, in: cells, over: <)
        let rect = ClipPath.roundedRect(width: r.size.width, height: r.size.height, radius: 0, vertices: 4)
        let path = ClipPath.transformed(rect, by: Affine2D(tx: r.minX - dx, ty: r.minY - dy))
        let visible = chainVisibility(i)
        let opacity = LottieTracks.combine([combinedOpacity(i), visible], .affineInEach) { v in LVec([v[0].c[0] * v[1].c[0] / 100]) }
        var members: LJ.Members = [
            ("ddd", LJ.int(0)), ("ty", LJ.int(2)), ("nm", LJ.str(name)), ("ind", LJ.int(ind)), ("parent", LJ.int(nullInd)),
            ("hasMask", .bool(true)), ("masksProperties", .array([mask(.constant(path), mode: "a", name: "cell")])),
        ]
        members += [
            ("sr", LJ.int(1)),
            (
                "ks",
                transformJSON(
                    anchor: LJ.staticArr([cell.pivot.x - dx, cell.pivot.y - dy], LottieDecimals.length),
                    rotation: props.property(cell.transform.map { LVec([$0.beta * 180 / .pi]) }, decimals: LottieDecimals.degrees, kind: .scalar),
                    opacity: props.opacity(opacity), layer: true)
            ),
            ("refId", LJ.str(refId)),
        ]
        appendTiming(to: &members)
        return LJ.obj(members)
    }

    /// Whether projected layer i's cells are drawn in a precomp: when the layer has a mask or a
    /// clipping ancestor. The precomp layer (identity `ks` but for its frame's offset: the host's
    /// space) carries the layer's projected clip and mask and its ancestors' clips as masks, which
    /// cut all cells at once (a mask per cell would live in each cell's own animated space). Masks,
    /// not a track matte: rlottie draws a precomp under a matte 3.273/255 off everywhere (a uniform
    /// colour shift; BENCHMARKS.md#5-user-screens-issue-11). Players: docs/artwork.md#picture-cells-under-clips-masks-and-sublayers-in-lottie.
    func cellsInPrecomp(_ i: Int) -> Bool {
        guard !pictureCells(i).isEmpty else { return false }
        return (transition.layers[i].mask != nil || !clippingAncestors(i).isEmpty) && hostSpaceClipPaths(i) != nil
    }

    static func cellsPrecompID(_ i: Int) -> String { "cells-\(i)" }

    /// The precomp's frame in the host's space: the canvas when the host is the canvas, else the
    /// box (whole units, 2 past) of every key of the paths that cut it (their intersection holds
    /// all that is drawn), from the origin when that is above and left of it.
    func cellsPrecompFrame(_ i: Int) -> Rect {
        guard let p = transition.projected[i], p.host != nil else {
            let size = transition.definition.canvas.size
            return Rect(0, 0, size.width, size.height)
        }
        var cuts = (hostSpaceClipPaths(i) ?? []).map(\.path)
        if let clip = p.clip { cuts.append(clip.map(\.lottie)) }
        if let m = p.mask { cuts.append(m.map { $0.subpaths[0].lottie }) }
        var box = (minX: -Double.infinity, minY: -Double.infinity, maxX: Double.infinity, maxY: Double.infinity)
        for track in cuts {
            var b = (minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity)
            for v in [track.initialValue] + track.keyframes.map(\.value) {
                // LVec path: vertices, in-tangents, out-tangents (relative), (x, y) each.
                let n = v.c.count / 6
                for k in 0..<n {
                    for part in 0..<3 {
                        let x = v.c[2 * k] + (part == 0 ? 0 : v.c[part * 2 * n + 2 * k])
                        let y = v.c[2 * k + 1] + (part == 0 ? 0 : v.c[part * 2 * n + 2 * k + 1])
                        b = (min(b.minX, x), min(b.minY, y), max(b.maxX, x), max(b.maxY, y))
                    }
                }
            }
            box = (max(box.minX, b.minX), max(box.minY, b.minY), min(box.maxX, b.maxX), min(box.maxY, b.maxY))
        }
        let x0 = min(0, (box.minX - 2).rounded(.down)), y0 = min(0, (box.minY - 2).rounded(.down))
        let x1 = max(x0 + 1, (box.maxX + 2).rounded(.up)), y1 = max(y0 + 1, (box.maxY + 2).rounded(.up))
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }

    /// The precomp asset of layer i's cells: per cell its image layer (its tile, `ids` naming the
    /// tiles' assets) over its null (no parent: the precomp's space is the host's, shifted by a
    /// null of its own when the frame starts above or left of the origin).
    func cellsPrecompAsset(_ i: Int, tiles: [PictureTile], ids: [PictureTile: String]) -> JSONValue {
        let cells = pictureCells(i)
        let pad = PictureCellPadding.pixels(cells)
        let frame = cellsPrecompFrame(i)
        let shifted = frame.minX != 0 || frame.minY != 0
        var layers: [JSONValue] = []
        for (k, cell) in cells.enumerated() {
            let ind = 2 * k + 1
            layers.append(
                cellImageLayer(i, k, pad: pad, tile: tiles[k], refId: ids[tiles[k]]!, name: "\(names[i]).cell-\(k + 1)", ind: ind, nullInd: ind + 1))
            layers.append(
                cellNullLayer(cell, name: "\(names[i]).cell-\(k + 1).place", ind: ind + 1, parentInd: shifted ? 2 * cells.count + 1 : nil))
        }
        if shifted {
            var members: LJ.Members = [
                ("ddd", LJ.int(0)), ("ty", LJ.int(3)), ("nm", LJ.str("\(names[i]).cells.frame")), ("ind", LJ.int(2 * cells.count + 1)),
                ("sr", LJ.int(1)), ("ks", transformJSON(position: LJ.staticArr([-frame.minX, -frame.minY], 0), layer: true)),
            ]
            appendTiming(to: &members)
            layers.append(LJ.obj(members))
        }
        return LJ.obj([("id", LJ.str(Self.cellsPrecompID(i))), ("nm", LJ.str("\(names[i]).cells")), ("layers", .array(layers))])
    }

    /// The precomp layer drawing layer i's cells, cut by the layer's clip and mask and its
    /// clipping ancestors' (masks in the precomp's space: the host's, shifted by the frame).
    func cellsPrecompLayer(_ i: Int, ind: Int, parentInd: Int) -> JSONValue {
        let frame = cellsPrecompFrame(i)
        let shift = Affine2D(tx: -frame.minX, ty: -frame.minY)
        var members: LJ.Members = [
            ("ddd", LJ.int(0)), ("ty", LJ.int(0)), ("nm", LJ.str("\(names[i]).cells")), ("ind", LJ.int(ind)), ("parent", LJ.int(parentInd)),
        ]
        var masks = projectedMasks(i, offset: shift)
        for (n, c) in (hostSpaceClipPaths(i) ?? []).enumerated() {
            let path = shift == .identity ? c.path : c.path.map { ClipPath.transformed($0, by: shift) }
            masks.append(mask(path, mode: masks.isEmpty && n == 0 ? "a" : "i", name: c.name, decimals: c.decimals))
        }
        if !masks.isEmpty { members += [("hasMask", .bool(true)), ("masksProperties", .array(masks))] }
        let ks = shift == .identity ? identityTransform(layer: true) : transformJSON(position: LJ.staticArr([frame.minX, frame.minY], 0), layer: true)
        members += [
            ("sr", LJ.int(1)), ("ks", ks), ("refId", LJ.str(Self.cellsPrecompID(i))),
            ("w", LJ.num(frame.size.width, 0)), ("h", LJ.num(frame.size.height, 0)),
        ]
        appendTiming(to: &members)
        return LJ.obj(members)
    }
}

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

    /// The null layer of a cell: the cell's translate · rotate · scale.
    func cellNullLayer(_ cell: PictureCell, name: String, ind: Int, parentInd: Int) -> JSONValue {
        let t = cell.transform
        var members: [(String, JSONValue)] = [
            ("ddd", LJ.int(0)), ("ty", LJ.int(3)), ("nm", LJ.str(name)), ("ind", LJ.int(ind)), ("parent", LJ.int(parentInd)),
        ]
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
    func cellImageLayer(_ i: Int, _ cell: PictureCell, pad: Double, refId: String, name: String, ind: Int, nullInd: Int) -> JSONValue {
        let r = PictureCellPadding.rect(cell, pad)
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
}

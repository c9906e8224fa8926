import JSONText
import Keyframes
import Motion
import Simulation
import TransitionModel

// The shape layer of a simulated layer (its `ks` and its paint, LottieWriter.swift's header
// says which layers are Lottie layers) and the background layer, with the header and timing
// every layer the writer makes starts and ends with.

extension LottieDocument {
    /// `ddd: 0` first: rlottie takes a layer without `ddd` (or with `ddd` after `ks`) as 3D and
    /// then ignores `r` (it rotates by `rz`); measured: rotation dropped in rlottie, kept in ThorVG.
    /// Room for a layer's members: the header's array holds the whole layer (a content layer has
    /// at most 15), no second array as the rest is appended.
    func layerHeader(name: String, ind: Int) -> LJ.Members {
        var members: LJ.Members = []
        members.reserveCapacity(16)
        members.append(("ddd", LJ.int(0)))
        members.append(("ty", LJ.int(4)))
        members.append(("nm", LJ.str(name)))
        members.append(("ind", LJ.int(ind)))
        return members
    }

    /// A layer's timing members (`ip`, `op`, `st`), appended in place (no array of its own).
    func appendTiming(to members: inout LJ.Members) {
        members.append(("ip", LJ.int(0)))
        members.append(("op", LJ.int(outPoint)))
        members.append(("st", LJ.int(0)))
    }

    // MARK: Layers

    func contentLayer(_ i: Int, ind: Int, parent: Int?, matte: Int?) -> JSONValue {
        var members = layerHeader(name: names[i], ind: ind)
        if let parent { members.append(("parent", LJ.int(parent))) }
        if let matte {
            members.append(("tt", LJ.int(1)))
            members.append(("tp", LJ.int(matte)))
        }
        let masks = flatArtTakesAncestorMasks(i) ? ancestorClipMasks(i, after: clipMasks(i)) : clipMasks(i)
        if !masks.isEmpty {
            members.append(("hasMask", .bool(true)))
            members.append(("masksProperties", .array(masks)))
        }
        members.append(("sr", LJ.int(1)))
        members.append(("ks", layerTransform(i)))
        members.append(("shapes", .array(layerShapes(i))))
        appendTiming(to: &members)
        return LJ.obj(members)
    }

    func backgroundLayer(ind: Int) -> JSONValue {
        let size = transition.definition.canvas.size
        let shape = group(
            [
                rect(size: .constant(LVec([size.width, size.height])), radius: .constant(LVec([0]))),
                solidFill(transition.definition.canvas.background),
            ], name: "background")
        var members = layerHeader(name: "background", ind: ind)
        members.append(("sr", LJ.int(1)))
        members.append(("ks", identityTransform(layer: true)))
        members.append(("shapes", .array([shape])))
        appendTiming(to: &members)
        return LJ.obj(members)
    }

    /// Simulated ancestors of i, nearest first.
    func ancestors(_ i: Int) -> [Int] {
        var out: [Int] = []
        var p = simulation.layers[i].parent
        while let j = p { out.append(j); p = simulation.layers[j].parent }
        return out
    }

    /// Whether layer i shows, with its ancestors' visibility (`LottieTracks.visibility` of the
    /// chain), made once per layer: each cell of a picture under 3D, its tiles and the art's
    /// parts and runs asked for it.
    func chainVisibility(_ i: Int) -> KeyframeTrack<LVec> {
        if let made = chainVisibilityMade[i] { return made }
        let made = LottieTracks.visibility(([i] + ancestors(i)).map { transition.layers[$0].visible })
        chainVisibilityMade[i] = made
        return made
    }

    func layerTransform(_ i: Int) -> JSONValue {
        if isProjected(i) { return projectedTransform(i) }
        // A part whose tracks hold still is written from their values: `combine` and `map` would
        // give the track that holds the same value throughout (most layers: no LVec tracks made).
        // The keyframes read in place (`k.pointee`): a bound copy retained and released every track.
        let (length, vector, scalar) = (LottieDecimals.length, LottieValueKind.vector, LottieValueKind.scalar)
        let (anchor, position, scale, rotation) = Self.read(transition.layers, i) { k -> (JSONValue, JSONValue, JSONValue, JSONValue) in
            let anchor: JSONValue
            if k.pointee.anchorPoint.isAnimated || k.pointee.size.isAnimated {
                anchor = props.position(
                    LottieTracks.combine([k.pointee.anchorPoint.lvec, k.pointee.size.lvec], .affineInEach) { v in
                        LVec([v[0].c[0] * v[1].c[0], v[0].c[1] * v[1].c[1]])
                    })
            } else {
                let (a, s) = (k.pointee.anchorPoint.initialValue, k.pointee.size.initialValue)
                anchor = props.still([a.x * s.width, a.y * s.height], decimals: length, kind: vector)
            }
            let position: JSONValue
            if k.pointee.position.isAnimated || k.pointee.translation.isAnimated {
                position = props.position(
                    LottieTracks.combine([k.pointee.position.lvec, k.pointee.translation.lvec], .jointlyAffine) { $0[0] + $0[1] })
            } else {
                let (p, t) = (k.pointee.position.initialValue, k.pointee.translation.initialValue)
                position = props.still([p.x + t.x, p.y + t.y], decimals: length, kind: vector)
            }
            let scale =
                k.pointee.scale.isAnimated
                ? props.property(k.pointee.scale.map { LVec([$0.x * 100, $0.y * 100]) }, decimals: LottieDecimals.scalePercent, kind: vector)
                : props.still(
                    [k.pointee.scale.initialValue.x * 100, k.pointee.scale.initialValue.y * 100], decimals: LottieDecimals.scalePercent, kind: vector)
            let rotation =
                k.pointee.rotation.isAnimated
                ? props.property(k.pointee.rotation.map { LVec([$0 * 180 / .pi]) }, decimals: LottieDecimals.degrees, kind: scalar)
                : props.still(scalar: k.pointee.rotation.initialValue * 180 / .pi, decimals: LottieDecimals.degrees)
            return (anchor, position, scale, rotation)
        }
        // Lottie parenting passes the transform but not the opacity: multiply the ancestors' in.
        return transformJSON(anchor: anchor, position: position, scale: scale, rotation: rotation, opacity: combinedOpacityJSON(i), layer: true)
    }

    /// The layer's own paint and static descendants (top first), in a visibility group when
    /// the layer or an ancestor is ever hidden.
    func layerShapes(_ i: Int) -> [JSONValue] {
        let items = contentItems(i)
        let chain = [i] + ancestors(i)
        // Every key of the chain visible (most layers): `visibility` would hold 100 throughout.
        if chain.allSatisfy({ l in Self.read(transition.layers, l) { $0.pointee.visible.keyframes.allSatisfy(\.value) } }) { return items }
        let visible = LottieTracks.visibility(chain.map { l in Self.read(transition.layers, l) { $0.pointee.visible } })
        if visible.keyframes.count == 1, visible.initialValue.c[0] == 100 { return items }
        return [
            group(
                items, name: "visibility",
                transform: transformJSON(opacity: props.property(visible, decimals: 0, kind: .scalar)))
        ]
    }

    /// Shape items of layer i, top first: its static children (those that are not Lottie
    /// layers; they all lie below any child that is), then its own paint.
    func contentItems(_ i: Int) -> [JSONValue] {
        if isProjected(i) { return projectedContent(i) }
        let staticChildren = Self.read(simulation.layers, i) { $0.pointee.children }.filter { !isLottieLayer[$0] }
        // `numbers.boundsRadius` (inlinable), not `boundsRadius`: a getter called on the pointee copied it.
        let (size, radius) = Self.read(transition.layers, i) { ($0.pointee.size, $0.pointee.numbers.boundsRadius) }
        return staticGroups(staticChildren, of: i) + keptPaint(layer: i, size: size, cornerRadius: radius)
    }

    /// A layer that neither animates nor needs its own Lottie layer: a group with a static transform.
    func liveStaticGroup(_ i: Int) -> JSONValue? {
        guard Self.read(transition.layers, i, { $0.pointee.visible.initialValue }) else { return nil }
        let items = contentItems(i)
        guard !items.isEmpty else { return nil }
        let transform = Self.read(transition.layers, i) { k in
            let size = k.pointee.size.initialValue, anchor = k.pointee.anchorPoint.initialValue
            return staticTransform(
                anchor: Point(anchor.x * size.width, anchor.y * size.height),
                position: k.pointee.position.initialValue + k.pointee.translation.initialValue,
                scale: k.pointee.scale.initialValue, rotation: k.pointee.rotation.initialValue, opacity: k.pointee.numbers[.opacity].initialValue)
        }
        return group(items, name: names[i], transform: transform)
    }
}

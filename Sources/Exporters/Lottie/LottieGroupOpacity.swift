import JSONText
import Keyframes

// UIKit's group opacity (allowsGroupOpacity, default YES) over Lottie-layer sublayers. Lottie
// parenting does not pass opacity on, so each layer's `ks.o` is its opacity times its
// ancestors' (docs/lottie.md#transform): right where nothing overlaps, wrong where a sublayer
// covers its fading ancestor's paint (the ancestor shows through it, every player alike). So
// the outermost fading layer with Lottie-layer sublayers is drawn in a precomp: its subtree's
// layers (their mattes too) without its factor or its ancestors', and one precomp layer at their
// place with that combined opacity as its `ks.o`, which rlottie, ThorVG and lottie-web
// composite once (docs/lottie.md#group-opacity).
extension LottieDocument {
    static let groupAsset = "group"

    /// The outermost Lottie layer that paints (a fill), is ever translucent and has Lottie-layer
    /// descendants, all flat and opaque themselves (rlottie draws a translucent layer inside a
    /// precomp about 4/255 darker, docs/artwork.md) and plain (no pictures, snapshots or art
    /// layers of their own); with no overlay or retrace in the file; nil otherwise.
    func groupOpacityLayer() -> Int? {
        guard opacityOverlay == nil, retrace == nil, subtreeRetrace == nil else { return nil }
        func descendants(_ i: Int) -> [Int] { simulation.layers[i].children.flatMap { [$0] + descendants($0) } }
        func plain(_ j: Int) -> Bool {
            transition.projected[j] == nil && simulation.layers[j].snapshotSource == nil && !hostsPictures(j) && !hasArtParts(j)
                && artPieces(j).isEmpty && artOpacityRuns(j).isEmpty
        }
        for i in simulation.layers.indices where isLottieLayer[i] && simulation.layers[i].definition.fill != nil {
            let below = descendants(i)
            guard below.contains(where: { isLottieLayer[$0] }), transition.layers[i].opacity.keyframes.contains(where: { $0.value < 1 })
            else { continue }
            guard plain(i), below.allSatisfy({ plain($0) && transition.layers[$0].opacity.keyframes.allSatisfy { $0.value == 1 } }) else { return nil }
            return i
        }
        return nil
    }

    /// Whether layer i's factor is left to the group's precomp layer: the group layer, its
    /// descendants' and its ancestors' factors, for layers inside the group.
    func inGroup(_ i: Int) -> Bool {
        guard let g = groupOpacity else { return false }
        return i == g || ancestors(i).contains(g)
    }

    /// The layers with the group's run (contiguous, entries owned by the group layer or below)
    /// moved into an asset and one precomp layer at its place; nil when it cannot move as one (a
    /// matte or parent across its edge, more than one outside parent, or one that is not a
    /// static identity at the root, since the precomp's w x h box cuts in rlottie and ThorVG).
    func grouped(_ layers: [JSONValue], owners: [Int?], group g: Int) -> (asset: JSONValue, layers: [JSONValue])? {
        let run = owners.indices.filter { owners[$0].map(inGroup) ?? false }
        guard let first = run.first, let last = run.last, run.count == last - first + 1 else { return nil }
        let block = first...last
        let edge = Self.blockEdge(block, in: layers)
        guard edge.movable else { return nil }
        var p = edge.outsideParent
        while let ref = p {
            guard let parent = layers.first(where: { Self.int($0, "ind") == ref }), Self.isStaticIdentity(parent["ks"]) else { return nil }
            p = Self.int(parent, "parent")
        }
        let inner = block.map { Self.detached(layers[$0], from: edge.outsideParent) }
        let id = Self.groupAsset
        let size = transition.definition.canvas.size
        let opacity = opacityProduct(([g] + ancestors(g)).filter { $0 != opacityOverlay })
        var members: [(String, JSONValue)] = [("ddd", LJ.int(0)), ("ty", LJ.int(0)), ("nm", LJ.str("group-of-\(names[g])"))]
        members.append(("ind", LJ.int(Self.int(layers[first], "ind") ?? first + 1)))
        if let parent = edge.outsideParent { members.append(("parent", LJ.int(parent))) }
        members += [("refId", LJ.str(id)), ("w", LJ.num(size.width, 0)), ("h", LJ.num(size.height, 0))]
        members += [("sr", LJ.int(1)), ("ks", transformJSON(opacity: props.opacity(opacity), layer: true))]
        members += layerTiming()
        let asset = LJ.obj([("id", LJ.str(id)), ("layers", .array(inner))])
        return (asset, Array(layers[..<first]) + [LJ.obj(members)] + Array(layers[(last + 1)...]))
    }

    /// A static `ks` that maps a layer's space onto its parent's: `a` = `p`, scale 100, no rotation.
    static func isStaticIdentity(_ ks: JSONValue?) -> Bool {
        guard let ks, !isAnimated(ks) else { return false }
        return ks["a"]?["k"] == ks["p"]?["k"] && (ks["s"]?["k"]).map { $0 == .array([.number(100), .number(100)]) } ?? true
            && (ks["r"]?["k"]).map { $0 == .number(0) } ?? true
    }
}

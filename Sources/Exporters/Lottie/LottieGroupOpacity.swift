import JSONText
import Keyframes

// UIKit's group opacity (allowsGroupOpacity, default YES) over Lottie-layer sublayers. Lottie
// parenting does not pass opacity on, so each layer's `ks.o` is its opacity times its
// ancestors' (docs/lottie.md#transform): right where nothing overlaps, wrong where a sublayer
// covers its fading ancestor's paint or another sublayer (one shows through the other, every
// player alike). So each outermost fading layer whose subtree paints in two Lottie layers or more
// is drawn in a precomp: its subtree's layers (their mattes too) without its factor or its
// ancestors', and one precomp layer at their place with that combined opacity as its `ks.o`,
// which rlottie, ThorVG and lottie-web composite once (docs/lottie.md#group-opacity).
extension LottieDocument {
    static let groupAsset = "group"

    /// The outermost Lottie layers that are ever translucent and whose subtree paints in at least
    /// two Lottie layers (its own paint over a sublayer's, or sublayers over each other: where
    /// they overlap, per-layer opacity shows one through the other), with no 3D, snapshot or
    /// SVG art parts in it (those keep per-layer opacity) and no overlay or retrace in the file;
    /// a fading layer inside one keeps per-layer opacity within it. Translucent members,
    /// pictures and SVG art runs move in too (measured in rlottie, ThorVG and lottie-web:
    /// BENCHMARKS.md#groupfade-2026-12-03).
    func groupOpacityLayers() -> [Int] {
        guard opacityOverlay == nil, retrace == nil, subtreeRetrace == nil else { return [] }
        func paints(_ j: Int) -> Bool {
            let d = simulation.layers[j].definition
            if case .group = d.kind { return d.fill != nil }
            return true
        }
        /// Whether Lottie layer j draws anything itself: its own paint or a static descendant's
        /// (shape groups in j's layer).
        func layerPaints(_ j: Int) -> Bool {
            func own(_ k: Int) -> Bool { paints(k) || simulation.layers[k].children.contains { !isLottieLayer[$0] && own($0) } }
            return own(j)
        }
        func movable(_ j: Int) -> Bool {
            transition.projected[j] == nil && simulation.layers[j].snapshotSource == nil && !hasArtParts(j)
        }
        var groups: [Int] = [], taken = Set<Int>()
        for i in simulation.layers.indices where isLottieLayer[i] && !taken.contains(i) {
            let subtree = [i] + simulation.descendants(of: i)
            guard subtree.count > 1, transition.layers[i].opacity.keyframes.contains(where: { $0.value < 1 }),
                subtree.filter({ isLottieLayer[$0] && layerPaints($0) }).count > 1
            else { continue }
            taken.formUnion(subtree)
            if subtree.allSatisfy(movable) { groups.append(i) }
        }
        return groups
    }

    /// The group layer i is in (itself or an ancestor), whose precomp layer takes its factor
    /// and its ancestors' factors for i.
    func group(of i: Int) -> Int? {
        let chain = [i] + ancestors(i)
        return groupOpacities.first(where: chain.contains)
    }

    /// The layers with each group's run moved into an asset of its own ("group", "group-2", ...)
    /// and one precomp layer at its place; nil when one cannot move as one.
    func grouped(_ layers: [JSONValue], owners: [Int?], groups: [Int]) -> (assets: [JSONValue], layers: [JSONValue])? {
        var (assets, layers, owners) = ([JSONValue](), layers, owners)
        for (n, g) in groups.enumerated() {
            let id = n == 0 ? Self.groupAsset : "\(Self.groupAsset)-\(n + 1)"
            guard let (asset, replaced, run) = grouped(layers, owners: owners, group: g, id: id) else { return nil }
            assets.append(asset)
            layers = replaced
            owners = Array(owners[..<run.lowerBound]) + [g] + Array(owners[(run.upperBound + 1)...])
        }
        return (assets, layers)
    }

    /// The layers with group g's run (contiguous, entries owned by the group layer or below)
    /// moved into an asset and one precomp layer at its place; nil when it cannot move as one (a
    /// matte or parent across its edge, more than one outside parent, or one that is not a
    /// static identity at the root, since the precomp's w x h box cuts in rlottie and ThorVG).
    func grouped(_ layers: [JSONValue], owners: [Int?], group g: Int, id: String) -> (JSONValue, [JSONValue], ClosedRange<Int>)? {
        let run = owners.indices.filter { owners[$0].map { group(of: $0) == g } ?? false }
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
        let size = transition.definition.canvas.size
        let opacity = opacityProduct(([g] + ancestors(g)).filter { $0 != opacityOverlay })
        var members: [(String, JSONValue)] = [("ddd", LJ.int(0)), ("ty", LJ.int(0)), ("nm", LJ.str("group-of-\(names[g])"))]
        members.append(("ind", LJ.int(Self.int(layers[first], "ind") ?? first + 1)))
        if let parent = edge.outsideParent { members.append(("parent", LJ.int(parent))) }
        members += [("refId", LJ.str(id)), ("w", LJ.num(size.width, 0)), ("h", LJ.num(size.height, 0))]
        members += [("sr", LJ.int(1)), ("ks", transformJSON(opacity: props.opacity(opacity), layer: true))]
        members += layerTiming()
        let asset = LJ.obj([("id", LJ.str(id)), ("layers", .array(inner))])
        return (asset, Array(layers[..<first]) + [LJ.obj(members)] + Array(layers[(last + 1)...]), block)
    }

    /// A static `ks` that maps a layer's space onto its parent's: `a` = `p`, scale 100, no rotation.
    static func isStaticIdentity(_ ks: JSONValue?) -> Bool {
        guard let ks, !isAnimated(ks) else { return false }
        return ks["a"]?["k"] == ks["p"]?["k"] && (ks["s"]?["k"]).map { $0 == .array([.number(100), .number(100)]) } ?? true
            && (ks["r"]?["k"]).map { $0 == .number(0) } ?? true
    }
}

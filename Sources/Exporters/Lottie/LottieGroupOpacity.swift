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

    /// The Lottie layers that are ever translucent and whose subtree paints in at least two
    /// Lottie layers (its own paint over a sublayer's, sublayers over each other, or its SVG art's
    /// opacity runs over its other paint: where they overlap, per-layer opacity shows one through
    /// the other), not the overlaid bottom layer. 3D-projected
    /// layers move in with their shapes, masks and plane, their host chain copied into the asset
    /// as null layers (as any outside parent's); so do SVG art parts and picture cells under 3D
    /// (parented to their layer's content layer, which moves with them; the parts' and cells'
    /// opacity is then the chain below the group: BENCHMARKS.md#groupfade-of-art-and-pictures-under-3d-2026-12-04);
    /// a snapshot's copy is its own layer's paint, pictures and mask, so it moves in. `dropped`:
    /// groups whose run could not move (per-layer). Nested groups come before the group they are
    /// in (a nested group's precomp layer is in its enclosing group's run). Translucent members,
    /// pictures and SVG art runs move in too (measured in rlottie, ThorVG and lottie-web:
    /// BENCHMARKS.md#groupfade-2026-12-03, BENCHMARKS.md#groupnest-2026-12-03).
    /// With a subtree retrace, a group is all in the retraced set (its precomp moves into the
    /// set's), all outside it, or holds part of the set or all of it and more: that part's run is
    /// then a remapped precomp of its own inside the group's asset (LottieSubtreeRemap.swift).
    func groupOpacityLayers(dropping dropped: Set<Int>) -> [Int] {
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
        /// The Lottie layers j paints in: its content layer, its art's opacity runs, and its art's
        /// parts under 3D (one at least; counted without `artParts`, which reads the groups).
        func paintedLayers(_ j: Int) -> Int {
            isLottieLayer[j] ? (layerPaints(j) ? 1 : 0) + artOpacityRuns(j).count + (hasArtParts(j) ? 1 : 0) : 0
        }
        var groups: [Int] = []
        // The overlaid bottom layer is composited once by its overlay already; groups inside it
        // move as elsewhere (the overlay, parented to it, dims their precomps with the rest).
        for i in simulation.layers.indices where isLottieLayer[i] && !dropped.contains(i) && i != opacityOverlay {
            // The opacity keys first, read in place: most layers never fade, and their subtrees
            // were gathered (and `transition.layers[i]` copied, every track) before this test.
            guard Self.read(transition.layers, i, { $0.pointee.numbers[.opacity].keyframes.contains(where: { $0.value < 1 }) }) else { continue }
            let subtree = [i] + simulation.descendants(of: i)
            guard subtree.reduce(0, { $0 + paintedLayers($1) }) > 1 else { continue }
            groups.append(i)
        }
        let depth = Dictionary(uniqueKeysWithValues: groups.map { g in (g, ancestors(g).filter(groups.contains).count) })
        return groups.enumerated().sorted { (depth[$0.element]!, $1.offset) > (depth[$1.element]!, $0.offset) }.map(\.element)
    }

    /// The innermost group layer i is in (itself or an ancestor), whose precomp layer takes its
    /// factor and the factors of its ancestors up to the enclosing group's.
    func group(of i: Int) -> Int? {
        // Most files have no group: no chain made (each layer's opacity asks).
        guard !groupOpacities.isEmpty else { return nil }
        return ([i] + ancestors(i)).first(where: groupOpacities.contains)
    }

    /// The layers whose factors group g's precomp layer carries: g and its ancestors, but the
    /// overlaid layer and those that the enclosing group's precomp layer carries.
    func groupFactors(_ g: Int) -> [Int] {
        let enclosing = simulation.layers[g].parent.flatMap(group(of:))
        let outside = Set(enclosing.map { [$0] + ancestors($0) } ?? [])
        return ([g] + ancestors(g)).filter { $0 != opacityOverlay && !outside.contains($0) }
    }

    /// The layers with each group's run moved into an asset of its own ("group", "group-2", ...)
    /// and one precomp layer at its place, nested groups first; else the group whose run cannot
    /// move as one.
    /// `assetOwners`: each asset's layers' owners (nil for the copied `.place` null layers).
    func grouped(_ layers: [JSONValue], owners: [Int?], groups: [Int]) -> Result<GroupedLayers, GroupRefusal> {
        var (assets, assetOwners, layers, owners) = ([JSONValue](), [[Int?]](), layers, owners)
        for (n, g) in groups.enumerated() {
            let id = n == 0 ? Self.groupAsset : "\(Self.groupAsset)-\(n + 1)"
            guard let (asset, replaced, run) = grouped(layers, owners: owners, group: g, id: id) else { return .failure(GroupRefusal(group: g)) }
            assets.append(asset)
            let inner = Array(owners[run])
            assetOwners.append(inner + Array(repeating: nil, count: Self.layers(of: asset).count - inner.count))
            layers = replaced
            owners = Array(owners[..<run.lowerBound]) + [g] + Array(owners[(run.upperBound + 1)...])
        }
        return .success(GroupedLayers(assets: assets, assetOwners: assetOwners, layers: layers, owners: owners))
    }

    struct GroupedLayers {
        var assets: [JSONValue], assetOwners: [[Int?]], layers: [JSONValue], owners: [Int?]
    }

    /// A precomp asset's layers.
    static func layers(of asset: JSONValue) -> [JSONValue] { if case .array(let a)? = asset["layers"] { a } else { [] } }

    struct GroupRefusal: Error { let group: Int }

    /// The layers with group g's run (contiguous, entries owned by the group layer or below)
    /// moved into an asset and one precomp layer at its place; nil when it cannot move as one (a
    /// matte across its edge, or a layer outside parented inside). With one outside parent that
    /// is a static identity up to the root, the precomp layer is parented to it; else (a moving
    /// parent, a nested group, or mattes parented further up) the precomp layer sits unparented
    /// with the identity, and the outside parents' chains are copied into the asset as null
    /// layers that the run's layers keep as parents: rlottie and ThorVG cut a precomp to its w x h
    /// box, which must stay the canvas.
    func grouped(_ layers: [JSONValue], owners: [Int?], group g: Int, id: String) -> (JSONValue, [JSONValue], ClosedRange<Int>)? {
        let run = owners.indices.filter { owners[$0].map { ([$0] + ancestors($0)).contains(g) } ?? false }
        guard let first = run.first, let last = run.last, run.count == last - first + 1 else { return nil }
        let block = first...last
        guard let parents = Self.outsideParents(block, in: layers) else { return nil }
        let byInd = Dictionary(layers.compactMap { l in Self.int(l, "ind").map { ($0, l) } }, uniquingKeysWith: { a, _ in a })
        func chain(_ ref: Int?) -> [Int] { ref.map { [$0] + chain(byInd[$0].flatMap { Self.int($0, "parent") }) } ?? [] }
        let parent = parents.count == 1 && chain(parents.first).allSatisfy { Self.isStaticIdentity(byInd[$0]?["ks"]) } ? parents.first : nil
        var inner = block.map { Self.solePaintOpacity(Self.detached(layers[$0], from: parent)) }
        if parent == nil {
            let placed = Set(parents.flatMap(chain))
            guard placed.allSatisfy({ byInd[$0] != nil }) else { return nil }
            inner += layers.filter { Self.int($0, "ind").map(placed.contains) ?? false }.map(Self.nullCopy)
        }
        let size = transition.definition.canvas.size
        var members: LJ.Members = [("ddd", LJ.int(0)), ("ty", LJ.int(0)), ("nm", LJ.str("group-of-\(names[g])"))]
        members.append(("ind", LJ.int(Self.int(layers[first], "ind") ?? first + 1)))
        if let parent { members.append(("parent", LJ.int(parent))) }
        members += [("refId", LJ.str(id)), ("w", LJ.num(size.width, 0)), ("h", LJ.num(size.height, 0))]
        members += [("sr", LJ.int(1)), ("ks", transformJSON(opacity: props.opacity(opacityProduct(groupFactors(g))), layer: true))]
        appendTiming(to: &members)
        let asset = LJ.obj([("id", LJ.str(id)), ("layers", .array(inner))])
        return (asset, Array(layers[..<first]) + [LJ.obj(members)] + Array(layers[(last + 1)...]), block)
    }

    /// The `ind`s outside a block of layers that its layers are parented to; nil when a matte
    /// (`tp`) crosses its edge or a layer outside has a parent inside.
    static func outsideParents(_ block: ClosedRange<Int>, in layers: [JSONValue]) -> [Int]? {
        let inds = Set(block.compactMap { int(layers[$0], "ind") })
        var outside: [Int] = []
        for n in layers.indices {
            for key in ["parent", "tp"] {
                guard let ref = int(layers[n], key) else { continue }
                if block.contains(n), !inds.contains(ref) {
                    guard key == "parent" else { return nil }
                    if !outside.contains(ref) { outside.append(ref) }
                }
                if !block.contains(n), inds.contains(ref) { return nil }
            }
        }
        return outside
    }

    /// A layer as a null layer (ty 3) that places its children as it does: its `ind`, `parent`,
    /// `ks` and timing, no paint.
    static func nullCopy(_ layer: JSONValue) -> JSONValue {
        var members: LJ.Members = [("ddd", LJ.int(0)), ("ty", LJ.int(3))]
        if case .string(let name)? = layer["nm"] { members.append(("nm", LJ.str("\(name).place"))) }
        for key in ["ind", "parent", "sr", "ks", "ip", "op", "st"] { if let v = layer[key] { members.append((key, v)) } }
        return LJ.obj(members)
    }

    /// A static `ks` that maps a layer's space onto its parent's: `a` = `p`, scale 100, no rotation.
    static func isStaticIdentity(_ ks: JSONValue?) -> Bool {
        guard let ks, !isAnimated(ks) else { return false }
        return ks["a"]?["k"] == ks["p"]?["k"] && (ks["s"]?["k"]).map { $0 == .array([.number(100), .number(100)]) } ?? true
            && (ks["r"]?["k"]).map { $0 == .number(0) } ?? true
    }
}

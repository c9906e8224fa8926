import JSONText
import Keyframes

// A subtree that retraces (Keyframes/SubtreeRetrace.swift) in Lottie: its layers, one contiguous
// run of the root's layer array (still layers between them allowed), move into a precomp asset
// keyed only over the source sweep, and one precomp layer at their place plays it through `tm`.
// The other layers (finger, labels) stay ordinary root layers. The precomp layer sits in the
// root, so rlottie rounds its remapped time to the root's frames: the file's `fr` is raised as
// for a whole-scene retrace (LottieTimeRemap.swift, BENCHMARKS.md#retracing-a-subtree-by-time-remap).

extension LottieDocument {
    static let subtreeAsset = "subtree"

    /// The root layers with the run replaced by the precomp layer, and the asset; nil when the
    /// run cannot move as one (not contiguous, a matte or child across its edge, or an outside
    /// parent that moves: the asset plays the remapped time).
    func subtreeRemapped(_ layers: [JSONValue], owners: [Int?], retrace r: SubtreeRetrace) -> (asset: JSONValue, layers: [JSONValue])? {
        let members = owners.indices.filter { owners[$0].map(r.layers.contains) ?? false }
        guard let first = members.first, let last = members.last else { return nil }
        let block = first...last
        guard block.allSatisfy({ owners[$0].map { r.layers.contains($0) || r.still.contains($0) } ?? false }) else { return nil }
        guard let (parent, places) = subtreePlacement(block, in: layers) else { return nil }
        let from = r.sourceStart * props.frameRate, to = r.sourceEnd * props.frameRate
        // The precomp layer takes the outside parent's place.
        let inner = block.map { Self.truncated(Self.detached(layers[$0], from: parent), after: to, from: from) } + places
        let asset = LJ.obj([("id", LJ.str(Self.subtreeAsset)), ("layers", .array(inner))])
        let root = remapLayer(playing: Self.subtreeAsset, ind: Self.int(layers[first], "ind") ?? first + 1, parent: parent, remap: r.remap)
        return (asset, Array(layers[..<first]) + [root] + Array(layers[(last + 1)...]))
    }

    /// How the run's layers keep their places: the parent its precomp layer takes (the one outside
    /// parent, when it and its own parents are static identities: any run layer without a parent
    /// then lands right too), else none, and the outside parents' chains copied into the asset as
    /// static null layers that the run's layers keep as parents (as a group's: LottieGroupOpacity.swift;
    /// the precomp's w x h box stays the canvas). Nil when a matte or a child crosses the run's
    /// edge, or when a chain animates (its copy would play the remapped time).
    func subtreePlacement(_ block: ClosedRange<Int>, in layers: [JSONValue]) -> (parent: Int?, places: [JSONValue])? {
        guard let parents = Self.outsideParents(block, in: layers) else { return nil }
        let byInd = Dictionary(layers.compactMap { l in Self.int(l, "ind").map { ($0, l) } }, uniquingKeysWith: { a, _ in a })
        func chain(_ ref: Int?) -> [Int] { ref.map { [$0] + chain(byInd[$0].flatMap { Self.int($0, "parent") }) } ?? [] }
        if parents.count == 1, chain(parents.first).allSatisfy({ Self.isStaticIdentity(byInd[$0]?["ks"]) }) { return (parents.first, []) }
        let placed = Set(parents.flatMap(chain))
        guard placed.allSatisfy({ byInd[$0].map { !Self.isAnimated($0["ks"]) } ?? false }) else { return nil }
        return (nil, layers.filter { Self.int($0, "ind").map(placed.contains) ?? false }.map(Self.nullCopy))
    }

    /// The innermost group holding the whole retraced set and layers outside it (a still
    /// translucent screen over a retraced card and a finger): the set's precomp goes inside that
    /// group's asset, which plays the file's time (BENCHMARKS.md#groupfade-of-art-and-pictures-under-3d-2026-12-04).
    func retraceHost(_ r: SubtreeRetrace) -> Int? {
        groupOpacities.first { g in
            let subtree = [g] + simulation.descendants(of: g)
            return r.layers.isSubset(of: subtree) && !subtree.allSatisfy { r.layers.contains($0) || r.still.contains($0) }
        }
    }

    /// Whether group g's precomp layer is inside the retraced set's precomp: its whole subtree
    /// retraces or stands still, and it retraces itself (its asset is keyed over the sweep only).
    func groupInRetrace(_ g: Int, _ r: SubtreeRetrace) -> Bool {
        r.layers.contains(g) && simulation.descendants(of: g).allSatisfy { r.layers.contains($0) || r.still.contains($0) }
    }

    /// The layer without its `parent` when that is `parent` (inside a precomp that takes it).
    static func detached(_ layer: JSONValue, from parent: Int?) -> JSONValue {
        guard case .object(let m) = layer, let parent, int(layer, "parent") == parent else { return layer }
        return .object(m.filter { $0.key != "parent" })
    }

    static func int(_ v: JSONValue, _ key: String) -> Int? {
        guard case .number(let x) = v[key] else { return nil }
        return Int(exactly: x)
    }

    /// Whether any property below has keys (`a: 1`).
    static func isAnimated(_ v: JSONValue?) -> Bool {
        switch v {
        case .object(let m)?: return m.contains { ($0.key == "a" && $0.value == .number(1)) || isAnimated($0.value) }
        case .array(let items)?: return items.contains { isAnimated($0) }
        default: return false
        }
    }
}

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
    /// run cannot move as one (not contiguous, a matte or child across its edge, or its layers'
    /// outside parents differ or animate).
    func subtreeRemapped(_ layers: [JSONValue], owners: [Int?], retrace r: SubtreeRetrace) -> (asset: JSONValue, layers: [JSONValue])? {
        let members = owners.indices.filter { owners[$0].map(r.layers.contains) ?? false }
        guard let first = members.first, let last = members.last else { return nil }
        let block = first...last
        guard block.allSatisfy({ owners[$0].map { r.layers.contains($0) || r.still.contains($0) } ?? false }) else { return nil }
        // Mattes and parents must not cross the run's edge; outside parents: one, static.
        let edge = Self.blockEdge(block, in: layers)
        guard edge.movable else { return nil }
        if let p = edge.outsideParent {
            guard let parent = layers.first(where: { Self.int($0, "ind") == p }), !Self.isAnimated(parent["ks"]) else { return nil }
        }
        let from = r.sourceStart * props.frameRate, to = r.sourceEnd * props.frameRate
        // The precomp layer takes the outside parent's place.
        let inner = block.map { Self.truncated(Self.detached(layers[$0], from: edge.outsideParent), after: to, from: from) }
        let asset = LJ.obj([("id", LJ.str(Self.subtreeAsset)), ("layers", .array(inner))])
        let root = remapLayer(playing: Self.subtreeAsset, ind: Self.int(layers[first], "ind") ?? first + 1, parent: edge.outsideParent, remap: r.remap)
        return (asset, Array(layers[..<first]) + [root] + Array(layers[(last + 1)...]))
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

    /// Whether a block of root layers can move into a precomp as one: no matte (`tp`) crosses its
    /// edge, no layer outside it has a parent inside, and its layers' parents outside it are at
    /// most one (returned: the precomp layer takes that parent).
    static func blockEdge(_ block: ClosedRange<Int>, in layers: [JSONValue]) -> (movable: Bool, outsideParent: Int?) {
        let inds = Set(block.compactMap { int(layers[$0], "ind") })
        var outsideParents = Set<Int>()
        for n in layers.indices {
            let inside = block.contains(n)
            for key in ["parent", "tp"] {
                guard let ref = int(layers[n], key) else { continue }
                if inside, !inds.contains(ref) {
                    guard key == "parent" else { return (false, nil) }
                    outsideParents.insert(ref)
                }
                if !inside, inds.contains(ref) { return (false, nil) }
            }
        }
        return (outsideParents.count <= 1, outsideParents.first)
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

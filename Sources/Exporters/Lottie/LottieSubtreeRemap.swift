import JSONText
import Keyframes

// A subtree that retraces (Keyframes/SubtreeRetrace.swift) in Lottie: its layers, one contiguous
// run of a layer array (still layers between them allowed), move into a precomp asset keyed only
// over the source sweep, and one precomp layer at their place plays it through `tm`. The other
// layers (finger, labels) stay ordinary layers. A group precomp (LottieGroupOpacity.swift) that
// holds part of the set holds that part's run, the rest stays in its own run (at the root or in
// another group's asset): one precomp per run, all played by the same remap. A remapped precomp
// sits in the root or in a group precomp that plays the root's time, so rlottie rounds its
// remapped time to the root's frames: the file's `fr` is raised as for a whole-scene retrace
// (LottieTimeRemap.swift, BENCHMARKS.md#retracing-a-subtree-by-time-remap).

extension LottieDocument {
    static let subtreeAsset = "subtree"

    /// The layers (the root's, or group `host`'s asset's) with the run replaced by the precomp
    /// layer playing asset `id`, and that asset; nil when the run cannot move as one (not
    /// contiguous, a matte or child across its edge, or an outside parent that moves).
    func subtreeRemapped(
        _ layers: [JSONValue], owners: [Int?], host: Int? = nil, retrace r: SubtreeRetrace, id: String = subtreeAsset
    ) -> (asset: JSONValue, layers: [JSONValue])? {
        let members = owners.indices.filter { owners[$0].map { retraces($0, host: host, r) } ?? false }
        guard let first = members.first, let last = members.last else { return nil }
        let block = first...last
        guard block.allSatisfy({ owners[$0].map { retraces($0, host: host, r) || standsStill($0, host: host, r) } ?? false }) else { return nil }
        guard let (parent, places) = subtreePlacement(block, in: layers) else { return nil }
        let from = r.sourceStart * props.frameRate, to = r.sourceEnd * props.frameRate
        let inner = block.map { Self.truncated(Self.detached(layers[$0], from: parent), after: to, from: from) } + places
        let asset = LJ.obj([("id", LJ.str(id)), ("layers", .array(inner))])
        let root = remapLayer(playing: id, ind: Self.int(layers[first], "ind") ?? first + 1, parent: parent, remap: r.remap)
        return (asset, Array(layers[..<first]) + [root] + Array(layers[(last + 1)...]))
    }

    /// Whether the entry of layer o in the layers of group `host` (nil: the root) replays the
    /// sweep: o's own layer, or the precomp layer of a group all in the set (its asset keyed over
    /// the sweep); not a group's precomp layer that holds layers playing the file's time.
    func retraces(_ o: Int, host: Int?, _ r: SubtreeRetrace) -> Bool {
        r.layers.contains(o) && (o == host || !groupOpacities.contains(o) || groupInRetrace(o, r))
    }

    /// Whether that entry never moves, nor anything it draws.
    func standsStill(_ o: Int, host: Int?, _ r: SubtreeRetrace) -> Bool {
        r.still.contains(o) && (o == host || !groupOpacities.contains(o) || simulation.descendants(of: o).allSatisfy(r.still.contains))
    }

    /// How the run's layers keep their places: the parent its precomp layer takes (the one outside
    /// parent, when it and its own parents are static identities: a run layer without a parent
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
        // Text without `"a":1` has no keys (inside a string its quotes would be escaped): not parsed.
        case .written(let w)?: return w.contains("\"a\":1") && isAnimated(w.value)
        default: return false
        }
    }
}

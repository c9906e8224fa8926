import FoundationEssentials
import Glibc
import JSONText
import Keyframes
import Platform
import Simulation
import TransitionModel

// A Lottie layer's static groups (its sublayers that are not Lottie layers, drawn as shape groups
// in it: LottieContentLayers.swift) and its own paint while that holds still, kept across exports
// in one process. Most of a 2D file is such still art (placeholder screens, text bars), the same
// in every variant of a template and built, written and freed again in each
// (docs/lottie.md#static-groups-made-once).

/// What decides a Lottie layer's static groups: per layer of its static sublayers' subtrees, in
/// the order `liveStaticGroup` reads them (a layer, then each child's subtree), the values it reads,
/// as 64-bit words (a Double's bit pattern). Nothing else reaches the group of a layer whose
/// subtree holds no snapshot, art or projected layer, every track of which holds still (else it
/// would be a Lottie layer of its own: LottieWriter.swift's header). Words, not a struct of
/// fields: hashed and compared as one block (a struct's Strings, enums and fields one by one cost
/// more than making the groups; docs/lottie.md#static-groups-made-once).
struct LottieStaticGroupsKey: Hashable {
    private(set) var words: [UInt64] = []
    /// How many layers it describes (the cache's bound counts them).
    private(set) var layers = 0
    /// The words mixed as they are appended: what `hash(into:)` hashes (a function of `words`, so
    /// equal keys hash alike). SipHash over every word of a key was half of a cache lookup.
    private var mix: UInt64 = 0

    /// What a key stands for: its first word, so that keys of the two never meet.
    enum Kept: UInt64 {
        /// A Lottie layer's static sublayers' groups.
        case sublayers = 0
        /// A Lottie layer's own paint, counted as one layer.
        case paint = 1
        /// A snapshot's source drawn at its definition's state (its sublayers' art and its paint).
        case snapshotArt = 2
    }

    init(_ kept: Kept) {
        // A layer's sublayers: about 400 words in the 2D batch (18 layers), grown at most once.
        words.reserveCapacity(kept == .sublayers ? 256 : 64)
        append(word: kept.rawValue)
        if kept == .paint { layers = 1 }
    }

    @inline(__always)
    mutating func append(_ x: Double) { append(word: x.bitPattern) }
    @inline(__always)
    mutating func append(_ n: Int) { append(word: UInt64(bitPattern: Int64(n))) }
    @inline(__always)
    private mutating func append(word: UInt64) {
        words.append(word)
        mix = (mix ^ word) &* 0x9E37_79B9_7F4A_7C15
        mix ^= mix >> 29
    }
    // Inlined: ~75,000 calls a 2D batch, each dearer than its two words.
    @inline(__always)
    mutating func append(_ p: Point) { append(p.x); append(p.y) }
    @inline(__always)
    mutating func append(_ s: Size) { append(s.width); append(s.height) }
    mutating func append(_ c: Color) {
        append(c.red); append(c.green); append(c.blue); append(c.alpha)
    }

    // Borrowed, inlined: a copy of the definition's fill and kind per layer (retained, destroyed)
    // cost more than the words they add.
    @inline(__always)
    mutating func append(_ fill: borrowing Fill?) {
        switch fill {
        case nil: append(0)
        case .solid(let c): append(1); append(c)
        case .linearGradient(let g):
            append(2); append(g.start); append(g.end); append(g.stops.count)
            for stop in g.stops { append(stop.offset); append(stop.color) }
        }
    }

    /// A layer's record starts: `index` names it (`layer-<index>`: a layer with an id is a Lottie layer).
    mutating func startLayer(index: Int) {
        layers += 1
        append(index)
    }

    /// What a definition's paint reads of it (kind, fill, the size text bars are laid out at);
    /// false for a snapshot or art, whose paint reads more.
    @inline(__always)
    mutating func appendPaint(_ kind: borrowing LayerDefinition.Kind, _ fill: borrowing Fill?, _ size: Size) -> Bool {
        switch kind {
        case .group: append(0)
        case .rect: append(1)
        case .ellipse: append(2)
        case .text(let lines): append(3); append(lines)
        case .snapshot, .artwork: return false
        }
        append(fill)
        append(size)
        return true
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(mix)
        hasher.combine(words.count)
    }
    static func == (a: Self, b: Self) -> Bool { a.words == b.words }
}

/// Static groups by what decides them. Bounded (a batch of ever new definitions starts it over
/// at `capacity` layers), shared by the exports of every thread.
final class LottieStaticGroups: @unchecked Sendable {
    static let shared = LottieStaticGroups()
    /// Layers kept (a paint counts as one), not entries: the default run keeps 842 in 95 entries,
    /// the 2D batch's variants 690 in 91.
    static let capacity = 8192

    private let lock = Lock()
    private var groups: [LottieStaticGroupsKey: [JSONValue]] = [:]
    private var layersKept = 0

    /// How many entries are kept (tests).
    var count: Int { lock.withLock { groups.count } }

    /// The groups of `key`, made by `make` the first time.
    func groups(_ key: LottieStaticGroupsKey, make: () -> [JSONValue]) -> [JSONValue] {
        if let made = lock.withLock({ groups[key] }) { return made }
        let made = make()
        lock.withLock {
            if layersKept + key.layers > Self.capacity {
                groups.removeAll(keepingCapacity: true)
                layersKept = 0
            }
            if groups.updateValue(made, forKey: key) == nil { layersKept += key.layers }
        }
        return made
    }
}

extension LottieDocument {
    /// The static groups of Lottie layer i's sublayers `children` (bottom first), top first.
    func staticGroups(_ children: [Int], of i: Int) -> [JSONValue] {
        guard let cache = staticGroupCache, !children.isEmpty, isLottieLayer[i], let key = staticGroupsKey(children) else {
            return children.reversed().compactMap(liveStaticGroup)
        }
        return cache.groups(key) {
            // With their compact text, written by every export that finds them (JSONValue.written).
            children.reversed().compactMap(liveStaticGroup).map(LJ.written)
        }
    }

    /// Lottie layer i's own paint (`paint(layer:size:cornerRadius:)`), kept when its size and
    /// corner radius hold still: then it reads nothing but them and the definition's paint.
    func keptPaint(layer i: Int, size: KeyframeTrack<Size>, cornerRadius: KeyframeTrack<Double>) -> [JSONValue] {
        guard let cache = staticGroupCache, isLottieLayer[i], !isProjected(i), !size.isAnimated, !cornerRadius.isAnimated
        else { return paint(layer: i, size: size, cornerRadius: cornerRadius) }
        var key = LottieStaticGroupsKey(.paint)
        guard Self.read(simulation.layers, i, { l in key.appendPaint(l.pointee.definition.kind, l.pointee.definition.fill, l.pointee.definition.size) }) else {
            return paint(layer: i, size: size, cornerRadius: cornerRadius)
        }
        key.append(size.initialValue)
        key.append(cornerRadius.initialValue)
        return cache.groups(key) {
            paint(layer: i, size: size, cornerRadius: cornerRadius).map(LJ.written)
        }
    }

    /// Snapshot source `source`'s art at its definition's state (`paint`'s, before it is stretched
    /// to the snapshot), kept while its subtree holds no snapshot or art: it then reads nothing
    /// but its layers' definitions (no tracks, no names), which the key holds.
    func snapshotArt(_ source: Int) -> [JSONValue] {
        func make() -> [JSONValue] {
            let src = simulation.layers[source]
            return src.children.reversed().compactMap(staticArtGroup) + staticPaint(src.definition, artItems: artItemsMade[source])
        }
        var key = LottieStaticGroupsKey(.snapshotArt)
        guard let cache = staticGroupCache, addDefinitions(source, to: &key, placed: false) else { return make() }
        return cache.groups(key) { make().map(LJ.written) }
    }

    /// Adds what `staticArtGroup` (`placed`) or a source's own paint reads of layer j's
    /// definition, then its sublayers'; false when its subtree holds a snapshot or art.
    private func addDefinitions(_ j: Int, to key: inout LottieStaticGroupsKey, placed: Bool) -> Bool {
        let described = Self.read(simulation.layers, j) { l -> Bool in
            key.startLayer(index: l.pointee.index)
            guard key.appendPaint(l.pointee.definition.kind, l.pointee.definition.fill, l.pointee.definition.size) else { return false }
            key.append(l.pointee.definition.numbers.boundsRadius)
            if placed {
                key.append(l.pointee.definition.hidden ? 1 : 0)
                key.append(l.pointee.definition.anchorPoint)
                key.append(l.pointee.definition.position)
                key.append(l.pointee.definition.transform.translation)
                key.append(l.pointee.definition.transform.scale)
                key.append(l.pointee.definition.transform.rotation)
                key.append(l.pointee.definition.opacity)
            }
            key.append(l.pointee.children.count)  // how many subtrees follow: the tree's shape
            return true
        }
        guard described else { return false }
        for c in Self.read(simulation.layers, j, { $0.pointee.children }) where !addDefinitions(c, to: &key, placed: true) { return false }
        return true
    }

    /// The first value of `numbers`' track of `property`, read in place: `numbers[property]`
    /// copied the track out (retained and released) for one number.
    @inline(__always)
    private static func initialValue(of property: LayerProperty, _ numbers: borrowing NumberTracks<KeyframeTrack<Double>>) -> Double {
        guard let i = numbers.properties.firstIndex(of: property) else { preconditionFailure("no \(property.rawValue) track here") }
        return numbers.tracks.withUnsafeBufferPointer { $0[i].keyframes.withUnsafeBufferPointer { $0[0].value } }
    }

    /// The key of `children`'s subtrees, or nil when one holds what the key does not describe.
    private func staticGroupsKey(_ children: [Int]) -> LottieStaticGroupsKey? {
        var key = LottieStaticGroupsKey(.sublayers)
        for c in children where !addSubtree(c, to: &key) { return nil }
        return key
    }

    /// Adds layer j's subtree to `key`; false when it holds what the key does not describe. The key
    /// passed inout: a nested function capturing it checked each access at run time.
    private func addSubtree(_ j: Int, to key: inout LottieStaticGroupsKey) -> Bool {
        guard !isProjected(j) else { return false }
        let described = Self.read(simulation.layers, j) { l -> Bool in
            guard l.pointee.id == nil else { return false }
            key.startLayer(index: l.pointee.index)
            guard key.appendPaint(l.pointee.definition.kind, l.pointee.definition.fill, l.pointee.definition.size) else { return false }
            key.append(l.pointee.children.count)  // how many subtrees follow: the tree's shape
            return true
        }
        guard described else { return false }
        Self.read(transition.layers, j) { k in
            key.append(k.pointee.visible.initialValue ? 1 : 0)
            key.append(k.pointee.size.initialValue)
            key.append(k.pointee.anchorPoint.initialValue)
            key.append(k.pointee.position.initialValue)
            key.append(k.pointee.translation.initialValue)
            key.append(k.pointee.scale.initialValue)
            key.append(k.pointee.rotation.initialValue)
            key.append(Self.initialValue(of: .opacity, k.pointee.numbers))
            key.append(Self.initialValue(of: .boundsRadius, k.pointee.numbers))
        }
        for c in Self.read(simulation.layers, j, { $0.pointee.children }) where !addSubtree(c, to: &key) { return false }
        return true
    }
}

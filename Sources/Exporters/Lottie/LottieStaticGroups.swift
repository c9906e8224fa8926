import Foundation
import JSONText
import Keyframes
import Simulation
import TransitionModel

// A Lottie layer's static groups (its sublayers that are not Lottie layers, drawn as shape groups
// in it: LottieContentLayers.swift) kept across exports in one process. Most of a 2D file is such
// still art (placeholder screens, text bars), the same in every variant of a template and built,
// written and freed again in each (docs/lottie.md#static-groups-made-once).

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

    init() { words.reserveCapacity(64) }

    mutating func append(_ x: Double) { words.append(x.bitPattern) }
    mutating func append(_ n: Int) { words.append(UInt64(bitPattern: Int64(n))) }
    mutating func append(_ p: Point) { append(p.x); append(p.y) }
    mutating func append(_ s: Size) { append(s.width); append(s.height) }
    mutating func append(_ c: Color) {
        append(c.red); append(c.green); append(c.blue); append(c.alpha)
    }

    mutating func append(_ fill: Fill?) {
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

    func hash(into hasher: inout Hasher) { words.withUnsafeBytes { hasher.combine(bytes: $0) } }
    static func == (a: Self, b: Self) -> Bool { a.words == b.words }
}

/// Static groups by what decides them. Bounded (a batch of ever new definitions starts it over
/// at `capacity` layers), shared by the exports of every thread.
final class LottieStaticGroups: @unchecked Sendable {
    static let shared = LottieStaticGroups()
    /// Layers kept (keys' records, not entries): the catalog's 2D templates hold ~2,000 static
    /// layers; an entry is a few KiB of tree.
    static let capacity = 8192

    private let lock = NSLock()
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
            children.reversed().compactMap(liveStaticGroup).map { .written(JSONWritten($0, maxDecimals: LottieDecimals.easing)) }
        }
    }

    /// The key of `children`'s subtrees, or nil when one holds what the key does not describe.
    private func staticGroupsKey(_ children: [Int]) -> LottieStaticGroupsKey? {
        var key = LottieStaticGroupsKey()
        func add(_ j: Int) -> Bool {
            guard transition.projected[j] == nil else { return false }
            let described = Self.read(simulation.layers, j) { l -> Bool in
                guard l.pointee.id == nil else { return false }
                key.startLayer(index: l.pointee.index)
                switch l.pointee.definition.kind {
                case .group: key.append(0)
                case .rect: key.append(1)
                case .ellipse: key.append(2)
                case .text(let lines): key.append(3); key.append(lines)
                case .snapshot, .artwork: return false
                }
                key.append(l.pointee.definition.fill)
                key.append(l.pointee.definition.size)  // text bars are laid out at it, then stretched to the track's size
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
                key.append(k.pointee.numbers[.opacity].initialValue)
                key.append(k.pointee.numbers.boundsRadius.initialValue)
            }
            return Self.read(simulation.layers, j) { $0.pointee.children }.allSatisfy(add)
        }
        return children.allSatisfy(add) ? key : nil
    }
}

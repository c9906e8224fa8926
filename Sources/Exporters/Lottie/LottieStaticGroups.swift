import Foundation
import JSONText
import Keyframes
import Simulation
import TransitionModel

// A Lottie layer's static groups (its sublayers that are not Lottie layers, drawn as shape groups
// in it: LottieContentLayers.swift) kept across exports in one process. Most of a 2D file is such
// still art (placeholder screens, text bars), the same in every variant of a template and built,
// written and freed again in each (docs/lottie.md#static-groups-made-once).

/// What decides one layer's part of its static group, read in the order `liveStaticGroup` reads
/// a subtree (the layer, then its children, each followed by its own): nothing else reaches the
/// group of a layer whose subtree holds no snapshot, art or projected layer, every track of which
/// holds still (else it would be a Lottie layer of its own: LottieWriter.swift's header).
struct LottieStaticLayerKey: Hashable {
    let name: String
    let visible: Bool
    let kind: LayerDefinition.Kind
    let fill: Fill?
    /// The definition's size: text bars are laid out at it, then stretched to `size`.
    let baseSize: Size
    let size: Size
    let anchor: Point
    let position: Point
    let translation: Point
    let scale: Point
    let rotation: Double
    let opacity: Double
    let cornerRadius: Double
    /// How many of the records after this one are its children's subtrees (the tree's shape).
    let children: Int
}

/// The records of a Lottie layer's static sublayers, hashed once: a dictionary hashed the records
/// again on each look-up, insert and growth.
struct LottieStaticGroupsKey: Hashable {
    let records: [LottieStaticLayerKey]
    private let hash: Int

    init(_ records: [LottieStaticLayerKey]) {
        self.records = records
        hash = records.hashValue
    }

    static func == (a: Self, b: Self) -> Bool { a.hash == b.hash && a.records == b.records }
    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
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
            if layersKept + key.records.count > Self.capacity {
                groups.removeAll(keepingCapacity: true)
                layersKept = 0
            }
            if groups.updateValue(made, forKey: key) == nil { layersKept += key.records.count }
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

    /// The records of `children`'s subtrees, or nil when one holds what the key does not describe.
    private func staticGroupsKey(_ children: [Int]) -> LottieStaticGroupsKey? {
        var key: [LottieStaticLayerKey] = []
        func add(_ j: Int) -> Bool {
            guard transition.projected[j] == nil else { return false }
            let (kind, fill, baseSize, children) = Self.read(simulation.layers, j) {
                ($0.pointee.definition.kind, $0.pointee.definition.fill, $0.pointee.definition.size, $0.pointee.children)
            }
            switch kind {
            case .group, .rect, .ellipse, .text: break
            case .snapshot, .artwork: return false
            }
            key.append(
                Self.read(transition.layers, j) { k in
                    LottieStaticLayerKey(
                        name: names[j], visible: k.pointee.visible.initialValue, kind: kind, fill: fill, baseSize: baseSize,
                        size: k.pointee.size.initialValue, anchor: k.pointee.anchorPoint.initialValue,
                        position: k.pointee.position.initialValue, translation: k.pointee.translation.initialValue,
                        scale: k.pointee.scale.initialValue, rotation: k.pointee.rotation.initialValue,
                        opacity: k.pointee.numbers[.opacity].initialValue,
                        cornerRadius: k.pointee.numbers.boundsRadius.initialValue, children: children.count)
                })
            return children.allSatisfy(add)
        }
        return children.allSatisfy(add) ? LottieStaticGroupsKey(key) : nil
    }
}

import Motion
// Turns phases and blocks into property tracks, in call order, as UIKit would apply them.
import TransitionModel

struct SimulationBuilder {
    let definition: TransitionDefinition
    var layers: [SimulatedLayer] = []
    var roots: [Int] = []
    var timeline = Timeline(phases: [], duration: 0)
    var byID: [String: Int] = [:]
    /// Where each zPosition change was written, so a reordering is reported at its node.
    var zPositionOrigins: [(layer: Int, time: Double, path: String)] = []

    init(_ definition: TransitionDefinition) { self.definition = definition }

    mutating func run() throws {
        // An interactive definition's timeline is its branches (SimulationBuilder+Interaction.swift).
        if let interaction = definition.interaction { return try runInteraction(interaction, .combined) }
        flatten()
        var t = 0.0
        for (n, phase) in definition.phases.enumerated() {
            let defaultHold = n == 0 ? definition.timeline.holdBefore : definition.timeline.holdBetween
            t = Self.tidy(t + (phase.holdBefore ?? defaultHold))
            var length = 0.0
            var completions: [(time: Double, changes: [PropertyChange])] = []
            for block in phase.blocks {
                let curve = AnimationCurve(timing: block.timing, duration: block.duration)
                for change in block.before { try apply(change, at: t, curve: nil, delay: 0) }
                for change in block.changes { try apply(change, at: t, curve: curve, delay: block.delay) }
                length = max(length, block.delay + curve.duration)
                completions.append((Self.tidy(t + block.delay + curve.duration), block.completion))
            }
            // Completion handlers run when their block ends: after every call of the phase.
            for c in completions.enumerated().sorted(by: { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }) {
                for change in c.element.changes { try complete(change, at: c.element.time) }
            }
            timeline.phases.append(PhaseSpan(name: phase.name, start: t, duration: length))
            t = Self.tidy(t + length)
        }
        t = Self.tidy(t + definition.timeline.holdAfter)
        timeline.duration = t
        try checkPaintOrderIsStable()
    }

    /// Sums of decimal holds and durations drift (0.2 + 0.5 + … = 1.7000000000000002); events that
    /// should sit on a frame boundary must land on it, so timeline times are kept to 1 ns.
    static func tidy(_ t: Double) -> Double { (t * 1e9).rounded() / 1e9 }

    /// Depth-first indices; children sorted by their initial zPosition (stable), as CA composites siblings.
    mutating func flatten() {
        var flat: [SimulatedLayer] = []
        // Room for every layer at once: growing the array moved each layer made so far.
        flat.reserveCapacity(Self.layerCount(definition.layers))
        var ids: [String: Int] = [:]
        var numbers: [NumberTracks<PropertyTrack<Double>>] = []
        let rootIndices = definition.layers.withUnsafeBufferPointer { d in
            d.indices.map { Self.add(d.baseAddress! + $0, parent: nil, to: &flat, ids: &ids, numbers: &numbers) }
        }
        // Snapshot sources are resolved once every id is known, in place (kinds read through a
        // pointer: a copy of a layer retained every track).
        let sources = flat.withUnsafeBufferPointer { f in
            f.indices.map { i -> Int? in if case .snapshot(let of) = f[i].definition.kind { ids[of] } else { nil } }
        }
        for (i, source) in sources.enumerated() where source != nil { flat[i].snapshotSource = source }
        layers = flat
        roots = Self.sortedByZ(rootIndices, of: definition.layers)
        byID = ids
    }

    /// Layer l and its sublayers made, depth first; returns l's index. Definitions read through a
    /// pointer (a `map` over them, or passing one, copied it; the layer takes the one copy it
    /// keeps); children sorted by their definitions' zPosition (passing `flat` there left it
    /// shared, and the next append copied every layer made so far). A static function with the
    /// arrays inout: a nested one capturing them checked exclusive access at each layer.
    /// `numbers`: number tracks of the last layers made, for reuse (SimulatedLayer.numberTracks).
    private static func add(
        _ l: UnsafePointer<LayerDefinition>, parent: Int?, to flat: inout [SimulatedLayer], ids: inout [String: Int],
        numbers: inout [NumberTracks<PropertyTrack<Double>>]
    ) -> Int {
        let i = flat.count
        flat.append(SimulatedLayer(index: i, definition: l.pointee, parent: parent, snapshotSource: nil, sharing: &numbers))
        if let id = l.pointee.id { ids[id] = i }
        let kids = l.pointee.children.withUnsafeBufferPointer { c in
            c.indices.map { add(c.baseAddress! + $0, parent: i, to: &flat, ids: &ids, numbers: &numbers) }
        }
        flat[i].children = sortedByZ(kids, of: l.pointee.children)
        return i
    }

    /// The definitions and all their sublayers, counted in place.
    private static func layerCount(_ definitions: [LayerDefinition]) -> Int {
        definitions.withUnsafeBufferPointer { d in d.indices.reduce(d.count) { $0 + layerCount(d[$1].children) } }
    }

    /// `indices`, the layers made from `definitions` in their order, sorted by the definitions'
    /// zPosition (stable). Each zPosition read once, in place: reading the layers' definitions in
    /// the comparison copied one per comparison.
    private static func sortedByZ(_ indices: [Int], of definitions: [LayerDefinition]) -> [Int] {
        // None or one: already in order (most layers have no sublayers; the zPositions read and
        // the sort cost ~1,000 instructions a layer).
        guard indices.count > 1 else { return indices }
        // `numbers[.zPosition]`, not the `zPosition` getter: a getter called on d[k] copied the definition.
        let z = definitions.withUnsafeBufferPointer { d in d.indices.map { d[$0].numbers[.zPosition] } }
        // Already in order (siblings at one zPosition, most): the stable sort keeps them so. A NaN
        // fails `<=` and is sorted as before.
        if z.indices.dropFirst().allSatisfy({ z[$0 - 1] <= z[$0] }) { return indices }
        return indices.indices.sorted { a, b in z[a] != z[b] ? z[a] < z[b] : a < b }.map { indices[$0] }
    }

    mutating func apply(_ change: PropertyChange, at t: Double, curve: AnimationCurve?, delay: Double) throws {
        guard let i = byID[change.layer] else {
            throw TransExportError(path: change.origin, message: "unknown layer \"\(change.layer)\"")
        }
        // A zero-length animation is a plain assignment.
        let animated = curve.flatMap { $0.duration > 0 ? $0 : nil }
        switch change.value {
        case .position(let p): layers[i].position.change(to: p, at: t, curve: animated, delay: delay)
        case .size(let s): layers[i].size.change(to: s, at: t, curve: animated, delay: delay)
        case .transform(let tr): layers[i].transform.change(to: tr, at: t, curve: animated, delay: delay)
        case .frame(let f):
            // UIKit: frame is undefined under a non-identity transform; the seed sets transform = identity first.
            guard layers[i].transform.modelValue(at: t).isIdentity else {
                throw TransExportError(
                    path: change.origin,
                    message: "frame is undefined while the layer's transform is not identity; set transform to identity before frame")
            }
            let a = layers[i].anchorPoint.value(at: t)
            let center = Point(f.minX + a.x * f.size.width, f.minY + a.y * f.size.height)
            layers[i].position.change(to: center, at: t, curve: animated, delay: delay)
            layers[i].size.change(to: f.size, at: t, curve: animated, delay: delay)
        case .hidden(let h): layers[i].hidden.set(h, at: t)
        case .number(.zPosition, let z):
            layers[i].zPosition.set(z, at: t)
            zPositionOrigins.append((i, t, change.origin))
        case .number(let p, let x):
            // The animated numbers (LayerProperty.animatedLayerNumbers, animatedMaskNumbers).
            guard p.isLayerMember || layers[i].definition.mask != nil else {
                throw TransExportError(path: change.origin, message: "layer \"\(change.layer)\" has no mask")
            }
            layers[i].numbers[p].change(to: x, at: t, curve: animated, delay: delay)
        case .anchorPoint(let a):
            // Changing the anchor moves the layer unless position moves with it (CALayer semantics).
            layers[i].anchorPoint.set(a, at: t)
        case .maskFrame, .maskCenter:
            guard layers[i].definition.mask != nil else {
                throw TransExportError(path: change.origin, message: "layer \"\(change.layer)\" has no mask")
            }
            switch change.value {
            case .maskFrame(let f): layers[i].maskFrame.change(to: f, at: t, curve: animated, delay: delay)
            case .maskCenter(let c): layers[i].maskCenter.change(to: c, at: t, curve: animated, delay: delay)
            case .position, .size, .frame, .transform, .number, .hidden, .anchorPoint: break  // handled above
            }
        }
    }

    /// A completion handler's assignment; hiding a layer there is its removal.
    mutating func complete(_ change: PropertyChange, at t: Double) throws {
        try apply(change, at: t, curve: nil, delay: 0)
        if case .hidden(true) = change.value, let i = byID[change.layer] {
            timeline.removals.append(LayerRemoval(layer: i, time: t))
        }
    }

    func describe(_ i: Int) -> String { layers[i].id.map { "\"\($0)\"" } ?? "layer \(i)" }

    /// Exported formats draw in one fixed order, so a zPosition change may not reorder siblings.
    func checkPaintOrderIsStable() throws {
        // The times read in place: `layers.flatMap` handed its closure a copy of each layer (every track).
        var changed = Set<Double>()
        layers.withUnsafeBufferPointer { layers in
            for i in layers.indices { for c in (layers.baseAddress! + i).pointee.zPosition.changes { changed.insert(c.time) } }
        }
        let times = changed.sorted()
        for t in times {
            for parent in layers.map(\.children) + [roots] {
                let z = parent.map { layers[$0].zPosition.value(at: t) }
                if let k = z.indices.dropLast().first(where: { z[$0] > z[$0 + 1] }) {
                    // The latest change of either sibling up to t is the one that reordered them.
                    let pair = [parent[k], parent[k + 1]]
                    let origin = zPositionOrigins.last { pair.contains($0.layer) && $0.time <= t && !$0.path.isEmpty }
                    throw TransExportError(
                        path: origin?.path ?? "layers",
                        message: "a zPosition change at \(t) s reorders sibling layers (\(describe(pair[0])) would move above \(describe(pair[1]))); "
                            + "the exported formats draw in one fixed order")
                }
            }
        }
    }
}

extension PropertyTrack {
    /// An assignment at time t: animated with `curve` (UIKit's additive animation) or instant.
    mutating func change(to value: Value, at t: Double, curve: AnimationCurve?, delay: Double) {
        let from = modelValue(at: t)
        if let curve {
            append(.animate(TrackAnimation(callTime: t, delay: delay, curve: curve, from: from, to: value)))
        } else {
            append(.set(time: t, value: value))
        }
    }
}

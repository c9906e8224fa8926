import Motion
// The layers of a simulation that never change, read once: a layer none of whose tracks has an
// event presents its initial values at every time, so `Simulation.state(at:)` copies its state
// instead of evaluating every track, building its transform and its superlayer map at each
// sampled time; under a still ancestor chain its screen map, opacity and visibility are copied
// too. The values are the ones the per-time path computes (same functions, same order), so the
// exported bytes do not change (BENCHMARKS.md#2d-cpu-pass-same-bytes).
import TransitionModel

struct StillLayers: Sendable {
    /// Per layer: its state when it is still, else nil.
    let state: [LayerState?]
    /// Per layer: its map into its superlayer (`LayerGeometry.toSuperlayer`) when it is still,
    /// and that map after the superlayer's sublayerTransform when its superlayer is still too.
    let toSuperlayer: [Transform3D?]
    let applied: [Transform3D?]
    /// Per layer, when it and every ancestor are still: `SceneState.boundsToScreen`,
    /// `effectiveOpacity` and `visible` (geometry-only states use 1 and true instead).
    let world: [Transform3D?]
    let opacity: [Double]
    let visible: [Bool]
    /// The layers not still on screen (`world` nil), parents first, and each layer's place in
    /// that list (-1 for a layer still on screen): MovingState.swift.
    let moving: [Int]
    let slot: [Int]
    /// Per layer: whether it is still (`state` not nil), read without copying the state.
    let isStill: [Bool]
    /// Every layer's state, as `state(at:)` starts it (and `geometryOnly`): a still layer's
    /// state, the others' initial one (overwritten); and the layers that are not still.
    let base: [LayerState]
    let baseGeometry: [LayerState]
    let changing: [Int]

    init(_ layers: [SimulatedLayer]) {
        let n = layers.count
        var state = [LayerState?](repeating: nil, count: n)
        var toSuperlayer = [Transform3D?](repeating: nil, count: n), applied = [Transform3D?](repeating: nil, count: n)
        var world = [Transform3D?](repeating: nil, count: n)
        var opacity = [Double](repeating: 1, count: n)
        var visible = [Bool](repeating: true, count: n)
        // Which layers are still (and still on screen), and a still layer's anchor in its bounds:
        // flags and points, not `state[p]` and `world[p]` tested or read, which copied an
        // optional state (and its mask's references) or a matrix per test.
        var isStill = [Bool](repeating: false, count: n), onScreen = [Bool](repeating: false, count: n)
        var anchor = [Point](repeating: .zero, count: n)
        var base: [LayerState] = []
        base.reserveCapacity(n)
        // Each layer read in place: `layers[i].isStill` copied the layer, every track retained.
        layers.withUnsafeBufferPointer { layers in
            for i in layers.indices {
                guard layers[i].isStill else {
                    base.append(LayerState(initialOf: layers[i].definition))
                    continue
                }
                let local = SimulatedLayer.stillState(of: layers.baseAddress! + i)
                isStill[i] = true
                anchor[i] = local.anchorInBounds
                let m = local.geometry.toSuperlayer
                toSuperlayer[i] = m
                let (localOpacity, localHidden) = (local.opacity, local.hidden)
                state[i] = local
                // Moved, not copied: a copy and its destroy (the mask's references) cost ~150
                // instructions a still layer.
                base.append(consume local)
                guard let p = layers[i].parent else {
                    world[i] = m.flatteningZ
                    onScreen[i] = true
                    opacity[i] = localOpacity
                    visible[i] = !localHidden
                    continue
                }
                guard isStill[p] else { continue }  // parents come first
                let a = Simulation.applyingSublayerTransform(m, layers[p].definition.sublayerTransform, parentAnchor: anchor[p])
                applied[i] = a
                if onScreen[p] {
                    world[i] = a.flatteningZ.concatenating(world[p]!)
                    onScreen[i] = true
                    opacity[i] = localOpacity * opacity[p]
                    visible[i] = !localHidden && visible[p]
                }
            }
        }
        self.state = state
        self.toSuperlayer = toSuperlayer
        self.applied = applied
        self.world = world
        self.opacity = opacity
        self.visible = visible
        self.isStill = isStill
        self.base = base
        baseGeometry = base.map { $0.geometryOnly }
        changing = layers.indices.filter { !isStill[$0] }
        moving = layers.indices.filter { !onScreen[$0] }
        var slot = [Int](repeating: -1, count: n)
        for (k, i) in moving.enumerated() { slot[i] = k }
        self.slot = slot
    }
}

extension LayerState {
    /// What `SimulatedLayer.geometryState(of:at:)` gives for the same layer: the placing fields.
    var geometryOnly: LayerState {
        LayerState(
            position: position, size: size, anchorPoint: anchorPoint, transform: transform, opacity: 1, hidden: false,
            zPosition: zPosition, cornerRadius: 0)
    }
}

extension SimulatedLayer {
    /// `state(of:at:)` of a layer that `isStill`, from the tracks' initial values: with no event,
    /// `PropertyTrack.value(at:)` is its `initial` (no event counted, no animation added) and a
    /// DiscreteTrack's too, so the same values and clamps. Each read copied its track (and
    /// retained its arrays) for nothing to find.
    static func stillState(of layer: UnsafePointer<SimulatedLayer>) -> LayerState {
        var mask: LayerMask? = nil
        if var m = layer.pointee.definition.mask {
            m.frame = layer.pointee.maskFrame.initial
            m.center = layer.pointee.maskCenter.initial
            for p in LayerProperty.maskNumbers { m.numbers[p] = DrawnRange.clamp(layer.pointee.numbers.tracks[numberIndex(p)].initial, as: p) }
            mask = m
        }
        return LayerState(
            position: layer.pointee.position.initial, size: layer.pointee.size.initial, anchorPoint: layer.pointee.anchorPoint.initial,
            transform: layer.pointee.transform.initial,
            opacity: DrawnRange.clamp(layer.pointee.numbers.tracks[opacityIndex].initial, as: .opacity), hidden: layer.pointee.hidden.initial,
            zPosition: layer.pointee.zPosition.initial,
            cornerRadius: DrawnRange.clamp(layer.pointee.numbers.tracks[cornerRadiusIndex].initial, as: .cornerRadius), mask: mask)
    }

    /// No track has an event: every read gives the initial value.
    var isStill: Bool {
        position.events.isEmpty && size.events.isEmpty && transform.events.isEmpty
            && numbers.tracks.allSatisfy { $0.events.isEmpty } && hidden.changes.isEmpty && zPosition.changes.isEmpty
            && anchorPoint.changes.isEmpty && maskFrame.events.isEmpty && maskCenter.events.isEmpty
    }
}

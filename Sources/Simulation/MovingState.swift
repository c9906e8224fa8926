import Motion
// The layers of a simulation that are not still on screen, at one time: for each, the numbers
// `state(at:)` gives it (the same reads and products in the same order, so the same bits),
// without building the rest of the scene. SubtreeRetrace's 120 Hz sampling and the near-eye
// check read only these layers; a whole scene per sample copied every still layer's state
// (BENCHMARKS.md#speedpass-cpu-pass-same-bytes).
import TransitionModel

package struct MovingState: Sendable {
    /// The layers (indices into `Simulation.layers`), parents first; entry k of every other
    /// array is layer `layers[k]`'s.
    package let layers: [Int]
    package let states: [LayerState]
    /// As `SceneState.boundsToScreen`, `effectiveOpacity` and `visible`.
    package let boundsToScreen: [Transform3D]
    package let effectiveOpacity: [Double]
    package let visible: [Bool]
}

extension Simulation {
    /// `state(at:)`'s numbers for the layers not still on screen (those whose map, opacity and
    /// visibility StillLayers computed once), in index order.
    package func movingState(at time: Double) -> MovingState { movingState(at: time, geometryOnly: false) }

    /// The layers `movingState(at:)` holds (at any time), in its order: without computing one.
    package var movingLayers: [Int] { still.moving }

    /// The other layers, still on screen, as the entries of one MovingState in index order: the
    /// state, map, opacity and visibility `state(at:)` copies for them at every time (StillLayers').
    /// Gathered from `forEachStillOnScreen` (the one place that says which layers these are).
    package var stillOnScreen: MovingState {
        var layers: [Int] = [], states: [LayerState] = [], maps: [Transform3D] = [], opacity: [Double] = [], visible: [Bool] = []
        forEachStillOnScreen { i, state, map, o, v in
            layers.append(i); states.append(state.pointee); maps.append(map); opacity.append(o); visible.append(v)
        }
        return MovingState(layers: layers, states: states, boundsToScreen: maps, effectiveOpacity: opacity, visible: visible)
    }

    /// `stillOnScreen`'s entries one at a time, in index order (layer, state, map, opacity,
    /// visibility), with no arrays made for them (SubtreeRetrace writes their numbers once). The
    /// state is read in place from `still.base`, which holds a still layer's `still.state` (the
    /// same value; unwrapping the optional copied it, mask and all).
    package func forEachStillOnScreen(_ body: (Int, UnsafePointer<LayerState>, Transform3D, Double, Bool) -> Void) {
        still.base.withUnsafeBufferPointer { base in
            for i in layers.indices {
                guard let world = still.world[i] else { continue }
                body(i, base.baseAddress! + i, world, still.opacity[i], still.visible[i])
            }
        }
    }

    /// With `geometryOnly`, as `geometryState(at:)` (sizes and `boundsToScreen` only).
    func movingState(at time: Double, geometryOnly: Bool) -> MovingState {
        var placedMaps: [Transform3D]? = nil
        return movingState(at: time, geometryOnly: geometryOnly, placedMaps: &placedMaps)
    }

    /// With non-nil `placedMaps`, also each entry's `placed` matrix (MovingStateSampler keeps them).
    func movingState(at time: Double, geometryOnly: Bool, placedMaps: inout [Transform3D]?) -> MovingState {
        let t = loopTime(time)
        let moving = still.moving
        var local: [LayerState] = [], world: [Transform3D] = [], opacity: [Double] = [], visible: [Bool] = []
        placedMaps?.reserveCapacity(moving.count)
        local.reserveCapacity(moving.count)
        world.reserveCapacity(moving.count)
        opacity.reserveCapacity(moving.count)
        visible.reserveCapacity(moving.count)
        layers.withUnsafeBufferPointer { layers in
            for i in moving {
                let s: LayerState
                if let still = still.state[i] {
                    s = geometryOnly ? still.geometryOnly : still
                } else {
                    let layer = layers.baseAddress! + i
                    s = geometryOnly ? SimulatedLayer.geometryState(of: layer, at: t) : SimulatedLayer.state(of: layer, at: t)
                }
                let p = placed(i, local: s, parentAnchor: parentAnchor(i, in: layers, local: local), in: layers)
                placedMaps?.append(p)
                let (m, o, v) = entry(i, placed: p, local: s, geometryOnly: geometryOnly, in: layers, world: world, opacity: opacity, visible: visible)
                world.append(m)
                opacity.append(o)
                visible.append(v)
                local.append(s)
            }
        }
        return MovingState(layers: moving, states: local, boundsToScreen: world, effectiveOpacity: opacity, visible: visible)
    }

    /// The anchor in its bounds of layer i's parent (nil for a root): `placed`'s `parentAnchor`.
    @inline(__always)
    func parentAnchor(_ i: Int, in layers: UnsafeBufferPointer<SimulatedLayer>, local: [LayerState]) -> Point? {
        guard let p = layers[i].parent else { return nil }
        // (geometryOnly keeps the size and anchor point: the same anchor.)
        let k = still.slot[p]
        return k >= 0 ? local[k].anchorInBounds : still.state[p]!.anchorInBounds
    }

    /// Layer i's `boundsToScreen`, `effectiveOpacity` and `visible` from its `placed` matrix m,
    /// its local state `s` and its parent's: the parent's entry in the arrays when it moves
    /// (parents come first), else StillLayers'. MovingStateSampler's pass repeats these reads
    /// and products in the same order (MovingStateSamplerTests compares the two).
    @inline(__always)
    func entry(
        _ i: Int, placed m: Transform3D, local s: LayerState, geometryOnly: Bool, in layers: UnsafeBufferPointer<SimulatedLayer>,
        world: [Transform3D], opacity: [Double], visible: [Bool]
    ) -> (Transform3D, Double, Bool) {
        guard let p = layers[i].parent else { return (m, s.opacity, !s.hidden) }
        // A parent still on screen is a still layer: its state, map, opacity and
        // visibility are StillLayers' (1 and true in a geometry-only state).
        let k = still.slot[p]
        return (
            m.concatenating(k >= 0 ? world[k] : still.world[p]!),
            s.opacity * (k >= 0 ? opacity[k] : geometryOnly ? 1 : still.opacity[p]),
            !s.hidden && (k >= 0 ? visible[k] : geometryOnly ? true : still.visible[p])
        )
    }
}

extension Simulation {
    /// Layer i alone, as entry 0 of a MovingState: `state(at:)`'s numbers for it, from i and its
    /// ancestors only (the same reads and products in the same order). A retrace driver that is
    /// not a corner (an opacity) is read dozens of times per inverse (Retrace.solve).
    package func layerState(_ i: Int, at time: Double) -> MovingState {
        let t = loopTime(time)
        var chain = [i]
        while let p = layers[chain.last!].parent { chain.append(p) }
        var parentState: LayerState? = nil
        var world = Transform3D.identity, opacity = 1.0, visible = true
        layers.withUnsafeBufferPointer { layers in
            for j in chain.reversed() {
                let local = still.state[j] ?? SimulatedLayer.state(of: layers.baseAddress! + j, at: t)
                if let w = still.world[j] {
                    world = w
                    opacity = still.opacity[j]
                    visible = still.visible[j]
                } else {
                    let m = placed(j, local: local, parentAnchor: parentState?.anchorInBounds, in: layers)
                    (world, opacity, visible) = Self.composed(m, local, under: layers[j].parent == nil ? nil : (world, opacity, visible))
                }
                parentState = local
            }
        }
        return MovingState(layers: [i], states: [parentState!], boundsToScreen: [world], effectiveOpacity: [opacity], visible: [visible])
    }

    /// `layerState(i, at:)`'s effective opacity alone: each link's own opacity times its parent's
    /// effective one (StillLayers' where it holds the link's map), the same reads and products;
    /// no chain array, maps or other tracks. An opacity driver is read ~10 times per inverse
    /// (Retrace.solve), and the whole chain's states were ~7.7 K instructions a read.
    package func effectiveOpacity(of i: Int, at time: Double) -> Double {
        let t = loopTime(time)
        return layers.withUnsafeBufferPointer { layers in
            func opacity(_ j: Int) -> Double {
                if still.world[j] != nil { return still.opacity[j] }
                let own = still.state[j]?.opacity ?? SimulatedLayer.opacity(of: layers.baseAddress! + j, at: t)
                guard let p = layers[j].parent else { return own }
                return own * opacity(p)
            }
            return opacity(i)
        }
    }
}

import Motion
// Some layers of a simulation and their ancestors, evaluated at one time: for each, the numbers
// `state(at:)` gives it (the same reads and products in the same order, so the same bits),
// without building the rest of the scene. The 3D grid reads only the projected layers and their
// hosts, at over a thousand times a loop; a whole SceneState per time evaluated every layer
// (BENCHMARKS.md#the-grid-evaluates-only-what-it-reads-same-bytes-2026-12-04).
import TransitionModel

/// Which layers a LayerSubsetState holds: those asked and all their ancestors, parents first.
package struct LayerSubset: Hashable, Sendable {
    /// The layers (indices into `Simulation.layers`), in index order (parents come first).
    package let layers: [Int]
    /// Per layer of the simulation: its entry in `layers`, or -1.
    let entry: [Int]
    /// Per entry: its parent's entry, or -1 (a root).
    let parentEntry: [Int]
}

package struct LayerSubsetState: Sendable {
    package let subset: LayerSubset
    package let time: Double
    /// Per entry of `subset.layers`: as SceneState's `layers`, `boundsToScreen`,
    /// `effectiveOpacity` and `visible` for that layer.
    package let states: [LayerState]
    package let boundsToScreen: [Transform3D]
    package let effectiveOpacity: [Double]
    package let visible: [Bool]

    /// Layer i's state (i in the subset).
    package func layer(_ i: Int) -> LayerState { states[subset.entry[i]] }
    /// Layer i's map from its bounds to screen (i in the subset).
    package func boundsToScreen(of i: Int) -> Transform3D { boundsToScreen[subset.entry[i]] }
}

extension Simulation {
    /// The layers `asked` and their ancestors (made once, evaluated at any time by `state(of:at:)`).
    package func subset(_ asked: some Sequence<Int>) -> LayerSubset {
        var held = [Bool](repeating: false, count: layers.count)
        for i in asked {
            var j: Int? = i
            while let k = j, !held[k] { held[k] = true; j = layers[k].parent }
        }
        let chosen = layers.indices.filter { held[$0] }
        var entry = [Int](repeating: -1, count: layers.count)
        for (k, i) in chosen.enumerated() { entry[i] = k }
        return LayerSubset(layers: chosen, entry: entry, parentEntry: chosen.map { layers[$0].parent.map { entry[$0] } ?? -1 })
    }

    /// `state(at:)`'s numbers for the subset's layers at time t (wraps around the loop).
    package func state(of subset: LayerSubset, at time: Double) -> LayerSubsetState {
        let t = loopTime(time)
        let count = subset.layers.count
        var local: [LayerState] = [], world: [Transform3D] = [], opacity: [Double] = [], visible: [Bool] = []
        local.reserveCapacity(count)
        world.reserveCapacity(count)
        opacity.reserveCapacity(count)
        visible.reserveCapacity(count)
        // As `state(at:)`: a still layer's state copied, the others' read in place; a layer still
        // on screen takes StillLayers' map, opacity and visibility, the others their parent's.
        layers.withUnsafeBufferPointer { layers in
            for (k, i) in subset.layers.enumerated() {
                let s = still.state[i] ?? SimulatedLayer.state(of: layers.baseAddress! + i, at: t)
                local.append(s)
                if let w = still.world[i] {
                    world.append(w)
                    opacity.append(still.opacity[i])
                    visible.append(still.visible[i])
                    continue
                }
                let p = subset.parentEntry[k]
                let m = placed(i, local: s, parentState: p >= 0 ? local[p] : nil, in: layers)
                if p >= 0 {
                    world.append(m.concatenating(world[p]))
                    opacity.append(s.opacity * opacity[p])
                    visible.append(!s.hidden && visible[p])
                } else {
                    world.append(m)
                    opacity.append(s.opacity)
                    visible.append(!s.hidden)
                }
            }
        }
        return LayerSubsetState(subset: subset, time: t, states: local, boundsToScreen: world, effectiveOpacity: opacity, visible: visible)
    }
}

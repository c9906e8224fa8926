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
    package let entry: [Int]
    /// Per entry: its parent's entry, or -1 (a root).
    let parentEntry: [Int]
    /// Per entry: its layer's state as `state(at:)` starts it (StillLayers.base), and the entries
    /// whose layer is not still (overwritten at each time): a copy of one array, not one per layer.
    let base: [LayerState]
    let changing: [Int]
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
        return LayerSubset(
            layers: chosen, entry: entry, parentEntry: chosen.map { layers[$0].parent.map { entry[$0] } ?? -1 },
            base: chosen.map { still.base[$0] }, changing: chosen.indices.filter { !still.isStill[chosen[$0]] })
    }

    /// `state(at:)`'s numbers for the subset's layers at time t (wraps around the loop).
    package func state(of subset: LayerSubset, at time: Double) -> LayerSubsetState {
        let t = loopTime(time)
        let count = subset.layers.count
        var local = subset.base
        var world = [Transform3D](repeating: .identity, count: count)
        var opacity = [Double](repeating: 1, count: count)
        var visible = [Bool](repeating: true, count: count)
        // As `state(at:)`: still layers' states copied with the array, the others' read in place;
        // a layer still on screen takes StillLayers' map, opacity and visibility, the others
        // their parent's (parents come first).
        layers.withUnsafeBufferPointer { all in
            local.withUnsafeMutableBufferPointer { local in
                for k in subset.changing { local[k] = SimulatedLayer.state(of: all.baseAddress! + subset.layers[k], at: t) }
            }
            for (k, i) in subset.layers.enumerated() {
                if let w = still.world[i] {
                    world[k] = w
                    opacity[k] = still.opacity[i]
                    visible[k] = still.visible[i]
                    continue
                }
                let p = subset.parentEntry[k]
                let m = placed(i, local: local[k], parentAnchor: p >= 0 ? local[p].anchorInBounds : nil, in: all)
                (world[k], opacity[k], visible[k]) = Self.composed(m, local[k], under: p >= 0 ? (world[p], opacity[p], visible[p]) : nil)
            }
        }
        return LayerSubsetState(subset: subset, time: t, states: local, boundsToScreen: world, effectiveOpacity: opacity, visible: visible)
    }
}

extension LayerSubsetState {
    /// Layer i's 4 corners on screen, as SceneState's `corners(of:)` gives them (i in the subset).
    package func corners(of i: Int) -> [Point] {
        let s = layer(i).size, m = boundsToScreen(of: i)
        return [Point(0, 0), Point(s.width, 0), Point(s.width, s.height), Point(0, s.height)].map(m.apply(to:))
    }
}

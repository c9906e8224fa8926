import Motion
// A transition evaluated as a value: built once from a definition, then `state(at:)` gives every
// layer's exact presentation at any time of the exported (looping) timeline.
import TransitionModel

extension TransExportError {
    /// A definition that cannot be simulated: the JSON path of the change at fault, no file (the
    /// caller that read the definition names it and finds the line: DefinitionFile.located).
    package init(path: String, message: String) {
        self.init(file: "", location: nil, path: path, expected: message)
    }
}

package struct Simulation: Hashable, Sendable {
    package let definition: TransitionDefinition
    package let timeline: Timeline
    /// Every layer, depth first (parents before children).
    package let layers: [SimulatedLayer]
    /// Root layers in paint order, bottom to top.
    package let roots: [Int]
    /// The states of layers that never change (StillLayers.swift), made once.
    let still: StillLayers

    package init(_ definition: TransitionDefinition) throws {
        var builder = SimulationBuilder(definition)
        try builder.run()
        self.init(definition: definition, builder: builder)
        try checkLimits()
    }

    /// From a builder that has run (also used for an interaction's branch and scrub clip).
    init(definition: TransitionDefinition, builder: SimulationBuilder) {
        self.definition = definition
        self.timeline = builder.timeline
        self.layers = builder.layers
        self.roots = builder.roots
        self.still = StillLayers(builder.layers)
    }

    // `still` is derived from `layers`: equality and hashing are those of the four fields.
    package static func == (a: Simulation, b: Simulation) -> Bool {
        a.definition == b.definition && a.timeline == b.timeline && a.layers == b.layers && a.roots == b.roots
    }
    package func hash(into h: inout Hasher) {
        h.combine(definition); h.combine(timeline); h.combine(layers); h.combine(roots)
    }

    package func index(ofLayer id: String) -> Int? { layers.firstIndex { $0.id == id } }

    /// Layers in paint order (bottom to top), depth first: a parent, then its children.
    package var paintOrder: [Int] { depthFirst(from: roots, reserving: layers.count) }

    /// Every layer's state at time t (seconds on the timeline; wraps around the loop).
    package func state(at time: Double) -> SceneState { state(at: time, geometryOnly: false) }

    /// Only where layers are: sizes and `boundsToScreen` as `state(at:)` gives them, without
    /// reading the opacity, corner and mask tracks (opacity 1, nothing hidden). For the near-eye
    /// check, which reads nothing else (BENCHMARKS.md#memory-and-time-pass).
    func geometryState(at time: Double) -> SceneState { state(at: time, geometryOnly: true) }

    /// Layer i's sublayers, theirs, and so on, depth first (each before its own sublayers).
    package func descendants(of i: Int) -> [Int] {
        depthFirst(from: layers.withUnsafeBufferPointer { ($0.baseAddress! + i).pointee.children })
    }

    /// The layers `starts` and their sublayers, depth first (each before its own sublayers), from
    /// a stack (children pushed last first), each layer read in place: a recursive visit appended
    /// to a captured array (a run-time exclusivity check per layer) or made and concatenated an
    /// array per layer, and copied each layer it read.
    private func depthFirst(from starts: [Int], reserving capacity: Int = 0) -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(capacity)
        var stack = Array(starts.reversed())
        layers.withUnsafeBufferPointer { layers in
            while let j = stack.popLast() {
                out.append(j)
                stack.append(contentsOf: (layers.baseAddress! + j).pointee.children.reversed())
            }
        }
        return out
    }

    /// Layer i's 4 corners on screen at time t, as `state(at:).corners(of: i)` gives them, from
    /// i and its ancestors alone (the same reads and products in the same order): a driver read
    /// thousands of times (SubtreeRetrace) need not place every layer of the scene.
    package func corners(of i: Int, at time: Double) -> [Point] {
        let t = loopTime(time)
        var world = Transform3D.identity
        var size = Size(0, 0)
        layers.withUnsafeBufferPointer { layers in
            var chain = [i]
            while let p = layers[chain.last!].parent { chain.append(p) }
            var parentAnchor: Point? = nil
            for j in chain.reversed() {
                let local = still.state[j].map(\.geometryOnly) ?? SimulatedLayer.geometryState(of: layers.baseAddress! + j, at: t)
                if let w = still.world[j] {
                    world = w
                } else {
                    let m = placed(j, local: local, parentAnchor: parentAnchor, in: layers)
                    world = layers[j].parent == nil ? m : m.concatenating(world)
                }
                parentAnchor = local.anchorInBounds
                size = local.size
            }
        }
        return [Point(0, 0), Point(size.width, 0), Point(size.width, size.height), Point(0, size.height)].map(world.apply(to:))
    }

    private func state(at time: Double, geometryOnly: Bool) -> SceneState {
        let t = loopTime(time)
        // Each layer read in place (SimulatedLayer.state(of:at:)): `layers.map` copied every
        // layer, all its tracks retained and released, at every sampled time. Still layers are
        // copied (StillLayers.base: one copy of the array, then the others overwritten).
        var local = geometryOnly ? still.baseGeometry : still.base
        layers.withUnsafeBufferPointer { layers in
            local.withUnsafeMutableBufferPointer { local in
                for i in still.changing {
                    let layer = layers.baseAddress! + i
                    local[i] = geometryOnly ? SimulatedLayer.geometryState(of: layer, at: t) : SimulatedLayer.state(of: layer, at: t)
                }
            }
        }
        var world = [Transform3D](repeating: .identity, count: layers.count)
        var opacity = [Double](repeating: 1, count: layers.count)
        var visible = [Bool](repeating: true, count: layers.count)
        // Fields read through a pointer: `layers[i].parent` copied the whole layer (every track).
        layers.withUnsafeBufferPointer { layers in
            for i in layers.indices {  // parents come first
                if let w = still.world[i] {
                    world[i] = w
                    if !geometryOnly { opacity[i] = still.opacity[i]; visible[i] = still.visible[i] }
                    continue
                }
                let m = placed(i, local: local[i], parentAnchor: layers[i].parent.map { local[$0].anchorInBounds }, in: layers)
                let parent = layers[i].parent.map { (world[$0], opacity[$0], visible[$0]) }
                (world[i], opacity[i], visible[i]) = Self.composed(m, local[i], under: parent)
            }
        }
        return SceneState(time: t, layers: local, boundsToScreen: world, effectiveOpacity: opacity, visible: visible)
    }

    /// A layer's map to screen, effective opacity and visibility: its own map `m` and state
    /// under its parent's (nil: a root).
    @inline(__always)
    static func composed(_ m: Transform3D, _ local: LayerState, under parent: (Transform3D, Double, Bool)?) -> (Transform3D, Double, Bool) {
        guard let (world, opacity, visible) = parent else { return (m, local.opacity, !local.hidden) }
        let (o, v) = composedPaint(local, under: (opacity, visible))
        return (m.concatenating(world), o, v)
    }

    /// `composed`'s effective opacity and visibility alone, for a sampler that keeps the map.
    @inline(__always)
    static func composedPaint(_ local: LayerState, under parent: (Double, Bool)?) -> (Double, Bool) {
        guard let (opacity, visible) = parent else { return (local.opacity, !local.hidden) }
        return (local.opacity * opacity, !local.hidden && visible)
    }

    /// Time t on the loop.
    func loopTime(_ time: Double) -> Double {
        timeline.duration > 0 ? time - (time / timeline.duration).rounded(.down) * timeline.duration : time
    }

    /// Layer i's map into its superlayer's bounds (through the superlayer's sublayerTransform, about
    /// `parentAnchor`, the superlayer's LayerState.anchorInBounds then), its z dropped: a plain
    /// CALayer flattens its sublayers into its plane (docs/uikit-motion.md#layer-geometry). Still
    /// layers' maps come from StillLayers. The anchor, not the superlayer's state: passing a state
    /// copied it (~200 bytes and its mask's references) per layer and time.
    @inline(__always)
    func placed(_ i: Int, local: LayerState, parentAnchor: Point?, in layers: UnsafeBufferPointer<SimulatedLayer>) -> Transform3D {
        let m = still.toSuperlayer[i] ?? local.geometry.toSuperlayer
        guard let p = layers[i].parent, let parentAnchor else { return m.flatteningZ }
        return (still.applied[i] ?? Self.applyingSublayerTransform(m, layers[p].definition.sublayerTransform, parentAnchor: parentAnchor)).flatteningZ
    }

    /// A layer's map into its superlayer (whose anchor in its bounds is `parentAnchor`), through
    /// the superlayer's sublayerTransform `st` when that is not the identity.
    @inline(__always)
    static func applyingSublayerTransform(_ m: Transform3D, _ st: LayerTransform, parentAnchor: Point) -> Transform3D {
        guard !st.isIdentity else { return m }
        return LayerGeometry.applyingSublayerTransform(m, sublayerTransform: LayerState.matrix(st), superlayerAnchorInBounds: parentAnchor)
    }
}

package struct SceneState: Hashable, Sendable {
    package var time: Double
    package var layers: [LayerState]
    /// Maps a point of layer i's bounds to screen (canvas) coordinates.
    package var boundsToScreen: [Transform3D]
    /// Opacity multiplied down the tree (UIKit's group opacity).
    package var effectiveOpacity: [Double]
    /// False when the layer or an ancestor is hidden.
    package var visible: [Bool]

    /// The 4 corners of layer i's bounds on screen: top-left, top-right, bottom-right, bottom-left.
    package func corners(of i: Int) -> [Point] {
        let s = layers[i].size, m = boundsToScreen[i]
        return [Point(0, 0), Point(s.width, 0), Point(s.width, s.height), Point(0, s.height)].map(m.apply(to:))
    }
}

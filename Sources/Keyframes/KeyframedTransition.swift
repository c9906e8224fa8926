import FoundationEssentials
import Glibc
import Motion
import Platform
import Simulation
// A whole transition as keyframes: per layer, one track per exported property. Exporters read
// this and the simulation's static data (art, tree); they never evaluate motion themselves.
import TransitionModel

package struct LayerKeyframes: Hashable, Sendable {
    package var layer: Int
    /// `layer.position` (the anchor point's place in the parent's bounds).
    package var position: KeyframeTrack<Point>
    package var size: KeyframeTrack<Size>
    package var anchorPoint: KeyframeTrack<Point>
    /// The transform's components, each with its own keyframes.
    package var translation: KeyframeTrack<Point>
    package var scale: KeyframeTrack<Point>
    /// Radians, clockwise on screen.
    package var rotation: KeyframeTrack<Double>
    /// `LayerProperty.animatedLayerNumbers` (opacity, corner radius), drawn values.
    package var numbers: NumberTracks<KeyframeTrack<Double>>
    package var visible: KeyframeTrack<Bool>
    /// The mask's geometry, when the layer has a mask.
    package var mask: MaskKeyframes? = nil

    /// Whether the layer's placement (position, size, anchor, transform) changes over the timeline.
    package var placementIsAnimated: Bool {
        position.isAnimated || size.isAnimated || anchorPoint.isAnimated || translation.isAnimated
            || scale.isAnimated || rotation.isAnimated
    }

    /// Whether its placement, numbers (opacity, corner radius) or visibility changes (not its mask).
    package var isAnimated: Bool { withUnsafePointer(to: self) { Self.isAnimated(in: $0) } }

    /// `isAnimated` of the layer at k, each track read in place: the getter called on
    /// `k.pointee` copied the whole layer first (every track retained and released; the writers
    /// ask it of every layer).
    package static func isAnimated(in k: UnsafePointer<LayerKeyframes>) -> Bool {
        if k.pointee.position.isAnimated || k.pointee.size.isAnimated || k.pointee.anchorPoint.isAnimated
            || k.pointee.translation.isAnimated || k.pointee.scale.isAnimated || k.pointee.rotation.isAnimated
            || k.pointee.visible.isAnimated
        {
            return true
        }
        return k.pointee.numbers.tracks.withUnsafeBufferPointer { tracks in tracks.indices.contains { tracks[$0].isAnimated } }
    }

    /// `layer.opacity`, drawn (in [0, 1]).
    package var opacity: KeyframeTrack<Double> {
        get { numbers[.opacity] }
        set { numbers[.opacity] = newValue }
    }
}

/// `layer.mask` (shape from the definition) as keyframes, in the layer's bounds space.
package struct MaskKeyframes: Hashable, Sendable {
    package var shape: LayerMask.Shape
    package var frame: KeyframeTrack<Rect>
    package var center: KeyframeTrack<Point>
    /// `LayerProperty.animatedMaskNumbers` (corner radius, radius), drawn values.
    package var numbers: NumberTracks<KeyframeTrack<Double>>
}

package struct KeyframedTransition: Hashable, Sendable {
    package let simulation: Simulation
    /// Indexed like `simulation.layers`.
    package let layers: [LayerKeyframes]
    /// Layers drawn as projected paths (under a 3D transform), indexed like `simulation.layers`;
    /// nil for layers drawn with 2D transforms.
    package private(set) var projected: [ProjectedLayer?]
    /// Today's (unfactored) keys when `projected` holds factored planes: for a writer that cannot
    /// draw a plane (`withoutPlanes`), made on first use when the factored fit did not need them.
    private var unfactored: UnfactoredKeys?
    /// The tolerances the keyframes were made for (a fitting reducer stays within them).
    package let tolerance: FitTolerance
    /// How the tracks were reduced ("fitted", "sampled"; "exact" for a still) and for which player.
    package let method: String
    package let player: PlayerRules?

    package var definition: TransitionDefinition { simulation.definition }
    package var timeline: Timeline { simulation.timeline }

    package init(_ simulation: Simulation, reducer: some KeyframeReducer = SamplingReducer(), tolerance: FitTolerance = .standard) {
        self.init(ReductionInputs(simulation, tolerance: tolerance), reducer: reducer)
    }

    /// From inputs computed once for several reducers (one per player).
    package init(_ inputs: ReductionInputs, reducer: some KeyframeReducer) {
        let simulation = inputs.simulation
        self.simulation = simulation
        tolerance = inputs.tolerance
        method = reducer.method
        player = reducer.player
        // The fitting reducer named: this init is not specialized (its callers are in other
        // modules), so each track's reduction went through the KeyframeReducer witness.
        layers = (reducer as? FittingReducer).map { Self.layers(inputs, $0) } ?? Self.layers(inputs, reducer)
        // Factored flips: SVG and Lottie draw A as a transform, R as paths (one fit for both,
        // but for Lottie's moving planes: a fit of their own, ReductionInputs.lottieFactored).
        let factored = reducer.player == .smil || (reducer.player == .lottie && FactoredProjection.isEnabledForLottie)
        let planes = !factored ? nil : reducer.player == .lottie ? inputs.lottieFactored() : inputs.projectedFactored
        projected = planes ?? inputs.projected.layers
        unfactored = planes != nil ? inputs.projected : nil
    }

    /// Each layer's tracks reduced by `reducer`, indexed like `simulation.layers`.
    /// Each layer's exact tracks and measures are read in place, through pointers: `exact.map { x
    /// in … }` and `measures[x.layer]` copied both for every layer and player, retaining and
    /// releasing all their arrays and closures.
    private static func layers(_ inputs: ReductionInputs, _ reducer: some KeyframeReducer) -> [LayerKeyframes] {
        inputs.exact.withUnsafeBufferPointer { exact in
            inputs.measures.withUnsafeBufferPointer { measures in
                inputs.simulation.layers.withUnsafeBufferPointer { simulated in
                    exact.indices.map { i in
                        let layer = exact[i].layer
                        return LayerKeyframes(
                            layer: layer,
                            position: reducer.keyframes(for: exact[i].position, measure: measures[layer].position),
                            size: reducer.keyframes(for: exact[i].size, measure: measures[layer].size),
                            anchorPoint: simulated[layer].anchorPoint.keyframes(),
                            translation: reducer.keyframes(for: exact[i].translation, measure: measures[layer].translation),
                            scale: reducer.keyframes(for: exact[i].scale, measure: measures[layer].scale),
                            rotation: reducer.keyframes(for: exact[i].rotation, measure: measures[layer].rotation),
                            numbers: exact[i].numbers.map { reducer.keyframes(for: $1, measure: measures[layer].numbers[$0]) },
                            visible: simulated[layer].hidden.keyframes().map { !$0 },
                            mask: exact[i].mask.map { mask in
                                MaskKeyframes(
                                    shape: mask.shape, frame: reducer.keyframes(for: mask.frame, measure: measures[layer].maskFrame),
                                    center: reducer.keyframes(for: mask.center, measure: measures[layer].maskPoint),
                                    numbers: mask.numbers.map { reducer.keyframes(for: $1, measure: measures[layer].numbers[$0]) })
                            })
                    }
                }
            }
        }
    }

    /// Whether `projected` holds factored planes that `withoutPlanes` can replace.
    package var hasPlanes: Bool { unfactored != nil }

    /// The same with today's keys for every projected layer (no factored plane).
    package func withoutPlanes() -> KeyframedTransition {
        guard let unfactored else { return self }
        var out = self
        out.projected = unfactored.layers
        out.unfactored = nil
        return out
    }

    /// Keyframes fitted for one player within `tolerance`: what the exporters write.
    package static func fitted(
        _ simulation: Simulation, for player: PlayerRules,
        tolerance: FitTolerance = .standard
    ) -> KeyframedTransition {
        KeyframedTransition(simulation, reducer: FittingReducer(rules: player), tolerance: tolerance)
    }
}

/// What every reducer of one simulation works from, computed once: the error measures, the
/// exact tracks, and the layers drawn as projected paths (sampled by ProjectionSampler).
package struct ReductionInputs: Sendable {
    package let simulation: Simulation
    package let tolerance: FitTolerance
    /// Indexed like `simulation.layers`.
    package let measures: [LayerMeasures]
    package let exact: [ExactLayerTracks]
    /// Indexed like `exact`: the keyframes of its still tracks, for every player.
    let stillKeys: [StillLayerKeys]
    /// Today's keys (made on first use when the factored ones are kept without them).
    let projected: UnfactoredKeys
    /// What both projection fits start from (nil when nothing is projected).
    let preparation: ProjectionPreparation?
    /// The same with factored flips, when FactoredProjection.isEnabled and some plane qualifies
    /// and they are fewer characters (FactoredProjection.characters).
    let projectedFactored: [ProjectedLayer?]?
    /// The fits' grids, made by the first player's fit for the other (FitGrids).
    let grids = FitGrids()

    package init(_ simulation: Simulation, tolerance: FitTolerance = .standard) {
        self.simulation = simulation
        self.tolerance = tolerance
        (exact, stillKeys) = ExactLayerTracks.withStillKeys(simulation)
        // Through the exact tracks: the values the measures read are kept for the fits (LayerMeasures.all).
        measures = LayerMeasures.all(simulation, tolerance: tolerance, exact: exact)
        let preparation = ProjectionPreparation(simulation)
        self.preparation = preparation
        let (today, factored) =
            preparation?.projectedLayers(factored: FactoredProjection.isEnabled) ?? (Array(repeating: nil, count: simulation.layers.count), nil)
        // No today's keys: their fit gave up once they cost more characters than the factored.
        projectedFactored = factored.flatMap { f in today.map { FactoredProjection.characters(f) < FactoredProjection.characters($0) } ?? true ? f : nil }
        projected = UnfactoredKeys(today) { preparation?.projectedLayers(factored: false).today ?? [] }
        // The planes' numbers the SVG's fit kept for Lottie's are freed when no such fit follows.
        if !lottieRefits { preparation?.dropPlaneBases() }
    }

    /// Whether Lottie's factored layers are a fit of their own (`lottieFactored`).
    var lottieRefits: Bool {
        guard let shared = projectedFactored, FactoredProjection.isEnabledForMovingPlanesInLottie else { return false }
        return shared.contains(where: { $0?.plane?.translation.isAnimated ?? false })
    }

    /// Lottie's factored layers: the SVG's, unless a plane's T moves and Lottie writes such planes;
    /// then a second fit within ProjectionTolerance.lottieMovingPlanes (nil if that fails: today's
    /// keys), so the SVG's bytes do not change. That fit reads the planes' numbers the SVG's kept
    /// (ProjectionPlaneBases) and frees them.
    func lottieFactored() -> [ProjectedLayer?]? {
        guard lottieRefits else { return projectedFactored }
        defer { preparation?.dropPlaneBases() }
        return preparation?.factoredLayers(interpolation: ProjectionTolerance.lottieMovingPlanes, perLayer: true)
    }
}

extension KeyframedTransition {
    init(simulation: Simulation, layers: [LayerKeyframes], projected: [ProjectedLayer?]) {
        self.simulation = simulation
        self.layers = layers
        self.projected = projected
        unfactored = nil
        tolerance = .standard
        method = "exact"
        player = nil
    }

    /// Every track frozen at the exact simulated state at time t: the ground truth an animated
    /// export is compared with (`--at`).
    package static func still(_ simulation: Simulation, at time: Double) -> KeyframedTransition {
        let t = simulation.state(at: time).time  // wrapped into the loop
        let layers = simulation.layers.map { l -> LayerKeyframes in
            let s = l.state(at: t)
            return LayerKeyframes(
                layer: l.index, position: .constant(s.position), size: .constant(s.size),
                anchorPoint: .constant(s.anchorPoint), translation: .constant(s.transform.translation),
                scale: .constant(s.transform.scale), rotation: .constant(s.transform.rotation),
                numbers: NumberTracks(LayerProperty.animatedLayerNumbers) { .constant(s.number($0)!) },
                visible: .constant(!s.hidden),
                mask: s.mask.map { m in
                    MaskKeyframes(
                        shape: m.shape, frame: .constant(m.frame), center: .constant(m.center),
                        numbers: NumberTracks(LayerProperty.animatedMaskNumbers) { .constant(s.number($0)!) })
                })
        }
        return KeyframedTransition(
            simulation: simulation, layers: layers,
            projected: ProjectionSampler.projectedLayers(simulation, at: t))
    }
}

/// Today's keys of a transition's projected layers, made once, on first use when the factored
/// fit did not need them (ProjectionKeyBudget.swift); shared by the transitions reduced from one
/// ReductionInputs (both players), so locked. Equal when the keys are.
package final class UnfactoredKeys: Hashable, @unchecked Sendable {
    private let lock = Lock()
    private var made: [ProjectedLayer?]?
    private let make: @Sendable () -> [ProjectedLayer?]

    init(_ made: [ProjectedLayer?]?, make: @escaping @Sendable () -> [ProjectedLayer?]) {
        self.made = made
        self.make = make
    }

    /// Indexed like `simulation.layers`.
    package var layers: [ProjectedLayer?] {
        lock.withLock {
            if let made { return made }
            let out = make()
            made = out
            return out
        }
    }

    /// Whether the keys are made already (tests: a run that keeps the factored keys skips them).
    var isMade: Bool { lock.withLock { made != nil } }

    package static func == (a: UnfactoredKeys, b: UnfactoredKeys) -> Bool { a === b || a.layers == b.layers }
    /// Nothing hashed: hashing must not make the keys (equal values still hash alike).
    package func hash(into hasher: inout Hasher) {}
}

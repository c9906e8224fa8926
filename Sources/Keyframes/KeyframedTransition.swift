// A whole transition as keyframes: per layer, one track per exported property. Exporters read
// this and the simulation's static data (art, tree); they never evaluate motion themselves.
import TransitionModel
import Motion
import Simulation

public struct LayerKeyframes: Hashable, Sendable {
    public var layer: Int
    /// `layer.position` (the anchor point's place in the parent's bounds).
    public var position: KeyframeTrack<Point>
    public var size: KeyframeTrack<Size>
    public var anchorPoint: KeyframeTrack<Point>
    /// The transform's components share one set of keyframe times and easings.
    public var translation: KeyframeTrack<Point>
    public var scale: KeyframeTrack<Point>
    /// Radians, clockwise on screen.
    public var rotation: KeyframeTrack<Double>
    public var opacity: KeyframeTrack<Double>
    public var cornerRadius: KeyframeTrack<Double>
    public var visible: KeyframeTrack<Bool>
}

public struct KeyframedTransition: Hashable, Sendable {
    public let simulation: Simulation
    /// Indexed like `simulation.layers`.
    public let layers: [LayerKeyframes]

    public var definition: TransitionDefinition { simulation.definition }
    public var timeline: Timeline { simulation.timeline }

    public init(_ simulation: Simulation, reducer: some KeyframeReducer = SamplingReducer()) {
        self.simulation = simulation
        let end = simulation.timeline.duration
        layers = simulation.layers.map { l in
            let transform = reducer.keyframes(for: l.transform, until: end)
            return LayerKeyframes(
                layer: l.index,
                position: reducer.keyframes(for: l.position, until: end),
                size: reducer.keyframes(for: l.size, until: end),
                anchorPoint: l.anchorPoint.keyframes(),
                translation: transform.map(\.translation),
                scale: transform.map(\.scale),
                rotation: transform.map(\.rotation),
                opacity: reducer.keyframes(for: l.opacity, until: end),
                cornerRadius: reducer.keyframes(for: l.cornerRadius, until: end),
                visible: l.hidden.keyframes().map { !$0 })
        }
    }
}

extension KeyframedTransition {
    init(simulation: Simulation, layers: [LayerKeyframes]) {
        self.simulation = simulation
        self.layers = layers
    }

    /// Every track frozen at the exact simulated state at time t: the ground truth an animated
    /// export is compared with (`--at`).
    public static func still(_ simulation: Simulation, at time: Double) -> KeyframedTransition {
        let t = simulation.state(at: time).time  // wrapped into the loop
        let layers = simulation.layers.map { l -> LayerKeyframes in
            let s = l.state(at: t)
            return LayerKeyframes(layer: l.index, position: .constant(s.position), size: .constant(s.size),
                                  anchorPoint: .constant(s.anchorPoint), translation: .constant(s.transform.translation),
                                  scale: .constant(s.transform.scale), rotation: .constant(s.transform.rotation),
                                  opacity: .constant(s.opacity), cornerRadius: .constant(s.cornerRadius),
                                  visible: .constant(!s.hidden))
        }
        return KeyframedTransition(simulation: simulation, layers: layers)
    }
}

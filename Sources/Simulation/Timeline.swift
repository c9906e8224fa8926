// Where each phase sits on the exported, looping timeline.

public struct PhaseSpan: Hashable, Sendable {
    public var name: String
    public var start: Double
    public var duration: Double
    public var end: Double { start + duration }
    public init(name: String, start: Double, duration: Double) { self.name = name; self.start = start; self.duration = duration }
}

public struct Timeline: Hashable, Sendable {
    /// For an interactive definition: one span per branch (named cancel / finish), which the
    /// exports use as markers.
    public var phases: [PhaseSpan]
    /// Length of one loop in seconds (holds included).
    public var duration: Double
    /// An interactive definition's branches, in play order (InteractionTimeline.swift).
    public var branches: [BranchSpan] = []
    /// Layers a completion handler hides (UIKit's removeFromSuperview of a snapshot or a
    /// finished screen), in time order: none of them may be drawn from then on until a later
    /// change shows it again (a conformance invariant).
    public var removals: [LayerRemoval] = []
}

public struct LayerRemoval: Hashable, Sendable {
    /// Index into Simulation.layers.
    public var layer: Int
    public var time: Double
}

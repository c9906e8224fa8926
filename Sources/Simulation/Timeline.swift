// Where each phase sits on the exported, looping timeline.

package struct PhaseSpan: Hashable, Sendable {
    package var name: String
    package var start: Double
    package var duration: Double
    package var end: Double { start + duration }
    package init(name: String, start: Double, duration: Double) { self.name = name; self.start = start; self.duration = duration }
}

package struct Timeline: Hashable, Sendable {
    /// For an interactive definition: one span per branch (named cancel / finish), which the
    /// exports use as markers.
    package var phases: [PhaseSpan]
    /// Length of one loop in seconds (holds included).
    package var duration: Double
    /// An interactive definition's branches, in play order (InteractionTimeline.swift).
    package var branches: [BranchSpan] = []
    /// Layers a completion handler hides (UIKit's removeFromSuperview of a snapshot or a
    /// finished screen), in time order: none of them may be drawn from then on until a later
    /// change shows it again (a conformance invariant).
    package var removals: [LayerRemoval] = []
}

package struct LayerRemoval: Hashable, Sendable {
    /// Index into Simulation.layers.
    package var layer: Int
    package var time: Double
}

import Motion
// The public face of an interactive simulation: where each branch sits on the timeline, one
// branch on its own, and the scrub clip (the interactive part alone, seekable by progress).
import TransitionModel

/// One branch of an interactive definition on its simulation's timeline: a gesture script from
/// its touch-down to the end of the motion its release started, between holds.
package struct BranchSpan: Hashable, Sendable {
    /// The script's name, which is its outcome: cancel or finish.
    package var name: String
    /// The segment: from `start` (the hold before the touch-down) to `end` (after the hold after).
    package var start: Double
    package var end: Double
    /// Timeline times of the finger's touch-down, of the gesture's begin (the begin rules hold),
    /// of the release, and of the end of the last animation the branch runs.
    package var touchDown: Double
    package var begin: Double
    package var release: Double
    package var motionEnd: Double
    /// At the release: the progress, the translation (pt) and the velocity (pt/s).
    package var progress: Double
    package var translation: Point
    package var velocity: Point
    /// Index of the release rule that applied.
    package var rule: Int
    package var duration: Double { end - start }
}

package extension Simulation {
    /// The names of an interactive definition's branches, in play order (empty otherwise).
    var branchNames: [String] { definition.interaction?.scripts.map(\.name) ?? [] }

    /// One branch of an interactive definition on its own (holds, finger, label), e.g. for
    /// `--branch cancel`. Throws when the definition has no such branch.
    init(_ definition: TransitionDefinition, branch: String) throws {
        guard let interaction = definition.interaction else {
            throw TransExportError(path: "", message: "\"\(definition.name)\" is not interactive, so it has no branch \"\(branch)\"")
        }
        guard interaction.script(named: branch) != nil else {
            throw TransExportError(
                path: "",
                message: "\"\(definition.name)\" has no branch \"\(branch)\"; expected one of \(interaction.scripts.map(\.name).joined(separator: ", "))")
        }
        var builder = SimulationBuilder(definition)
        try builder.runInteraction(interaction, .branch(branch))
        self.init(definition: definition, builder: builder)
    }
}

/// The interactive part alone, for a progress slider: seeking its simulation to time t shows the
/// exact state at progress p = t / duration (a direct manipulation along the definition's scrub
/// path; a percent-driven phase at local time p·D, each animation through its own curve). Its
/// timeline is `duration` plus one frame, so p = 1 is reachable before the loop wraps.
package struct ScrubClip: Hashable, Sendable {
    package let simulation: Simulation
    /// Seconds for p from 0 to 1.
    package let duration: Double

    package init(_ definition: TransitionDefinition) throws {
        guard let interaction = definition.interaction else {
            throw TransExportError(path: "", message: "\"\(definition.name)\" is not interactive, so it has no scrub clip")
        }
        var builder = SimulationBuilder(definition)
        try builder.runInteraction(interaction, .scrub)
        simulation = Simulation(definition: definition, builder: builder)
        duration = simulation.timeline.phases[0].duration
    }

    /// The time to seek to for progress p (clamped to [0, 1]).
    package func time(atProgress p: Double) -> Double { min(max(p, 0), 1) * duration }
    package func progress(atTime t: Double) -> Double { duration > 0 ? min(max(t / duration, 0), 1) : 1 }
    package func state(atProgress p: Double) -> SceneState { simulation.state(at: time(atProgress: p)) }
}

import Motion
// The parts of an interactive build that run phases and blocks (plainly, or scrubbed), the
// scrub clip, the finger and the labels, and the resets between branches.
import TransitionModel

extension InteractionBuilder {
    /// A phase's length: its longest block (delay + duration).
    static func length(_ phase: Phase) -> Double {
        phase.blocks.map { $0.delay + AnimationCurve(timing: $0.timing, duration: $0.duration).duration }.max() ?? 0
    }

    /// One `UIView.animate` call at time t: `before`, then `changes`, then its completion when it ends.
    mutating func runBlock(_ block: AnimationBlock, at t: Double) throws {
        try runPhase(Phase(name: "", blocks: [block]), at: t)
    }

    /// A phase called at time t, as SimulationBuilder.run plays it: each block's `before` and
    /// `changes` at t, completion handlers when their block ends (in end order).
    mutating func runPhase(_ phase: Phase, at t: Double, completions runCompletions: Bool = true) throws {
        var completions: [(time: Double, changes: [PropertyChange])] = []
        for block in phase.blocks {
            let curve = AnimationCurve(timing: block.timing, duration: block.duration)
            for change in block.before { try base.apply(change, at: t, curve: nil, delay: 0) }
            for change in block.changes { try base.apply(change, at: t, curve: curve, delay: block.delay) }
            completions.append((SimulationBuilder.tidy(t + block.delay + curve.duration), block.completion))
        }
        guard runCompletions else { return }
        for c in completions.enumerated().sorted(by: { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }) {
            for change in c.element.changes { try base.complete(change, at: c.element.time) }
        }
    }

    /// The phase driven by `clock` (percent-driven): called at the gesture's begin, each animation
    /// at the phase's local time τ(t) through its own curve; completion handlers run when the
    /// completion ends. A cancel then restores every property the phase assigned to its value
    /// before the gesture began (UIKit removes the to-view; the transition's completion undoes
    /// the rest), so the branch ends exactly where it started.
    mutating func runScrubbed(_ phase: Phase, clock: PhaseClock) throws {
        let b = clock.begin, e = max(clock.end, b)
        let before = base.layers
        var completions: [PropertyChange] = []
        for block in phase.blocks {
            let own = AnimationCurve(timing: block.timing, duration: block.duration)
            let scrubbed =
                e > b && (own.duration > 0 || block.delay > 0)
                ? AnimationCurve(.custom(CustomProgress(ScrubbedProgress(curve: own, delay: block.delay, clock: clock))), duration: e - b)
                : nil
            for change in block.before { try base.apply(change, at: b, curve: nil, delay: 0) }
            for change in block.changes { try base.apply(change, at: b, curve: scrubbed, delay: 0) }
            completions += block.completion
        }
        for change in completions { try base.complete(change, at: e) }
        if clock.outcome == .cancel { restore(before, at: e, after: b) }
    }

    /// Every property that got events since `before` was taken is set back to its model value
    /// in `before` at `time0`, at time t. Only those: a track the gesture's phase did not touch
    /// (the finger, which shows at the touch-down and lifts at the release) keeps its own
    /// events, or a cancel would show the lifted finger again.
    mutating func restore(_ before: [SimulatedLayer], at t: Double, after time0: Double) {
        // Each layer restored in place: its tracks are not shared, so appending does not copy them.
        var restoring = TrackRestore(t: t, time0: time0)
        for i in base.layers.indices { SimulatedLayer.forEachTrack(&base.layers[i], was: before[i], &restoring) }
    }

    /// Back to the definition's values at time t (the start of the next branch): `restore` from
    /// the layers as flatten made them, whose tracks have no events and give their `initial`
    /// at every time. Each track's own `initial` stands for them: remaking every layer (its
    /// definition copied, its number tracks built) was half of an interactive build's reset.
    mutating func resetToInitial(at t: Double) {
        var resetting = TrackReset(t: t)
        for i in base.layers.indices { SimulatedLayer.forEachTrack(&base.layers[i], &resetting) }
    }

    /// The latest time any track changes (an assignment, or the end of an animation).
    /// Mutating only to visit each layer in place (the visitor returns no change): a copy of
    /// each layer to visit retained every track.
    mutating func lastEventTime() -> Double {
        var scan = LastEvent()
        for i in base.layers.indices { SimulatedLayer.forEachTrack(&base.layers[i], &scan) }
        return SimulationBuilder.tidy(scan.last)
    }

    // MARK: The scrub clip

    /// Time t shows progress p = t / D: the followed properties along the scrub path (D = its
    /// duration), or the scrubbed phase at local time t (D = its length; completion handlers are
    /// not part of the interactive part). A hold of at least one frame after D makes p = 1 reachable.
    mutating func runScrub() throws {
        let duration: Double
        switch interaction.kind {
        case .directManipulation(let changes):
            let scrub = interaction.scrub!  // the decoder requires it for direct manipulation
            duration = scrub.duration
            let driver = GestureDriver(path: .scrub(scrub), start: 0, interaction: interaction, canvas: canvas)
            for change in changes { try follow(change, driver: driver, from: 0, to: duration, script: nil) }
        case .percentDriven(let pd):
            let phase = definition.phases.first { $0.name == pd.phase }!
            duration = Self.length(phase)
            try runPhase(phase, at: 0, completions: false)
        }
        if let scrub = interaction.scrub {
            var path = scrub
            path.duration = duration
            let driver = GestureDriver(path: .scrub(path), start: 0, interaction: interaction, canvas: canvas)
            try showFinger(driver, touch: interaction.touch, to: duration, lifts: false)
        }
        base.timeline.phases = [PhaseSpan(name: "scrub", start: 0, duration: duration)]
        base.timeline.duration = onFrame(duration + 1 / definition.frameRate)
        try base.checkPaintOrderIsStable()
    }

    // MARK: Finger and labels

    /// The finger appears at the touch-down (the driver's local time 0), follows the translation
    /// and lifts at local time τ1 (the release).
    mutating func showFinger(_ driver: GestureDriver, touch: Point, to τ1: Double, lifts: Bool = true) throws {
        let i = base.byID[Finger.id]!
        base.layers[i].hidden.set(false, at: driver.start)
        let x = ExpressionNode.binary(.add, .number(touch.x), .name(.tx)), y = ExpressionNode.binary(.add, .number(touch.y), .name(.ty))
        let position = ValueExpression.position(Expression(source: "touch.x + tx", root: x), Expression(source: "touch.y + ty", root: y))
        try follow(ExpressionChange(layer: Finger.id, position, origin: "finger"), driver: driver, from: 0, to: τ1, script: nil)
        if lifts { base.layers[i].hidden.set(true, at: SimulationBuilder.tidy(driver.start + τ1)) }
    }

    mutating func showLabel(_ branch: String, at t: Double) {
        if let i = base.byID[BranchLabel.id(branch)] { base.layers[i].hidden.set(false, at: t) }
    }

    mutating func hideLabel(_ branch: String, at t: Double) {
        if let i = base.byID[BranchLabel.id(branch)] { base.layers[i].hidden.set(true, at: t) }
    }
}

/// Sets each track that got events since `was` back to its model value in `was` at `time0`, at t.
private struct TrackRestore: LayerTrackVisitor {
    let t: Double, time0: Double

    func visit<V>(_ property: LayerProperty, _ track: PropertyTrack<V>, was: PropertyTrack<V>?) -> PropertyTrack<V>.Event? {
        guard let old = was, track.events.count != old.events.count, track.modelValue(at: t) != old.modelValue(at: time0) else { return nil }
        return .set(time: t, value: old.modelValue(at: time0))
    }

    func visit<V>(_ property: LayerProperty, _ track: DiscreteTrack<V>, was: DiscreteTrack<V>?) -> (value: V, time: Double)? {
        guard let old = was, track.changes.count != old.changes.count, track.value(at: t) != old.value(at: time0) else { return nil }
        return (old.value(at: time0), t)
    }
}

/// `TrackRestore` against a layer with no events (its value at every time the track's
/// `initial`): each track that got events is set back to its initial value at t.
private struct TrackReset: LayerTrackVisitor {
    let t: Double

    func visit<V>(_ property: LayerProperty, _ track: PropertyTrack<V>, was: PropertyTrack<V>?) -> PropertyTrack<V>.Event? {
        guard !track.events.isEmpty, track.modelValue(at: t) != track.initial else { return nil }
        return .set(time: t, value: track.initial)
    }

    func visit<V>(_ property: LayerProperty, _ track: DiscreteTrack<V>, was: DiscreteTrack<V>?) -> (value: V, time: Double)? {
        guard !track.changes.isEmpty, track.value(at: t) != track.initial else { return nil }
        return (track.initial, t)
    }
}

/// The latest time any visited track changes (an assignment, or the end of an animation).
private struct LastEvent: LayerTrackVisitor {
    var last = 0.0

    mutating func visit<V>(_ property: LayerProperty, _ track: PropertyTrack<V>, was: PropertyTrack<V>?) -> PropertyTrack<V>.Event? {
        last = max(last, track.lastChange)
        return nil
    }

    mutating func visit<V>(_ property: LayerProperty, _ track: DiscreteTrack<V>, was: DiscreteTrack<V>?) -> (value: V, time: Double)? {
        last = max(last, track.changes.last?.time ?? 0)
        return nil
    }
}

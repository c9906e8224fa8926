import Motion
// Builds an interactive definition's tracks: each gesture script is one branch, played in turn
// (or alone, or the scrub clip). A branch: hold → the finger touches down → the gesture begins
// when its rules hold → the drag drives the layers (direct manipulation or a scrubbed phase) →
// release: the first release rule that holds runs → the motion ends → hold. Between branches
// every property returns to its initial value, as at the loop's wrap.
import TransitionModel

enum InteractionSelection: Hashable {
    /// Every branch in turn: the exported `NAME.svg` / `NAME.json`.
    case combined
    case branch(String)
    case scrub
}

extension SimulationBuilder {
    mutating func runInteraction(_ interaction: Interaction, _ selection: InteractionSelection) throws {
        var work = InteractionBuilder(definition, interaction, selection)
        try work.run()
        layers = work.base.layers
        roots = work.base.roots
        timeline = work.base.timeline
    }
}

struct InteractionBuilder {
    let interaction: Interaction
    let selection: InteractionSelection
    let canvas: Size
    /// Builds on the definition plus the finger and the branch labels.
    var base: SimulationBuilder

    init(_ definition: TransitionDefinition, _ interaction: Interaction, _ selection: InteractionSelection) {
        self.interaction = interaction
        self.selection = selection
        canvas = definition.canvas.size
        var augmented = definition
        augmented.layers.append(Finger.layer(at: interaction.touch))
        if selection != .scrub {
            augmented.layers.append(BranchLabel.layer(branches: Self.scripts(interaction, selection).map(\.name), canvas: canvas))
        }
        base = SimulationBuilder(augmented)
    }

    static func scripts(_ interaction: Interaction, _ selection: InteractionSelection) -> [GestureScript] {
        switch selection {
        case .combined: return interaction.scripts
        case .branch(let name): return interaction.scripts.filter { $0.name == name }
        case .scrub: return []
        }
    }

    var definition: TransitionDefinition { base.definition }

    mutating func run() throws {
        base.flatten()
        if selection == .scrub { return try runScrub() }
        var t = 0.0
        for (k, script) in Self.scripts(interaction, selection).enumerated() {
            if k > 0 { resetToInitial(at: t) }
            let span = try runBranch(script, from: t)
            base.timeline.branches.append(span)
            base.timeline.phases.append(PhaseSpan(name: span.name, start: span.start, duration: span.duration))
            t = span.end
        }
        base.timeline.duration = t
        try base.checkPaintOrderIsStable()
    }

    // MARK: One branch

    mutating func runBranch(_ script: GestureScript, from start: Double) throws -> BranchSpan {
        let touchDown = SimulationBuilder.tidy(start + definition.timeline.holdBefore)
        let driver = GestureDriver(path: .script(script), start: touchDown, interaction: interaction, canvas: canvas)
        let timing = try GestureTiming.resolve(driver, script: script)
        let begin = SimulationBuilder.tidy(touchDown + timing.begin), release = SimulationBuilder.tidy(touchDown + script.release)
        let env = timing.releaseEnvironment
        guard let ruleIndex = interaction.release.firstIndex(where: { $0.when?.holds(env) ?? true }) else {
            throw failure(script.releaseOrigin ?? script.origin, "no release rule applies at the release (\(Self.describe(env)))")
        }
        let rule = interaction.release[ruleIndex]
        guard rule.outcome.rawValue == script.name else {
            throw failure(
                script.releaseOrigin ?? script.origin,
                "script \"\(script.name)\" releases at \(Self.describe(env)), where release rule \(ruleIndex + 1) "
                    + "(\(rule.when?.source ?? "otherwise")) gives \(rule.outcome.rawValue); change the script, or name it \(rule.outcome.rawValue)")
        }

        // The finger: shown from the touch-down to the release, following the script.
        let touch = script.touch ?? interaction.touch
        try showFinger(driver, touch: touch, to: script.release)
        showLabel(script.name, at: start)

        switch interaction.kind {
        case .directManipulation(let changes):
            for change in changes { try follow(change, driver: driver, from: timing.begin, to: script.release, script: script) }
            switch rule.action {
            case .blocks(let blocks):
                for block in blocks { try runBlock(try Self.evaluate(block, env), at: release) }
            case .phase(let name, let starts):
                let phase = definition.phases.first { $0.name == name }!
                try runPhase(try Self.starting(phase, with: starts, env), at: release)
            case .complete:
                break
            }
        case .percentDriven(let pd):
            let phase = definition.phases.first { $0.name == pd.phase }!
            let clock = PhaseClock(
                driver: driver, begin: begin, release: release, localBegin: timing.begin, phaseDuration: Self.length(phase),
                releasedProgress: env.p, outcome: rule.outcome, completionSpeed: pd.completionSpeed,
                completionCurve: GestureDriver.easing(pd.completionCurve))
            try runScrubbed(phase, clock: clock)
        }
        let motionEnd = max(release, lastEventTime())
        // The hold after ends on the frame grid, so every branch (and the loop) is a whole number of frames.
        let end = onFrame(motionEnd + definition.timeline.holdAfter)
        hideLabel(script.name, at: end)
        return BranchSpan(
            name: script.name, start: start, end: end, touchDown: touchDown, begin: begin, release: release,
            motionEnd: motionEnd, progress: env.p, translation: Point(env.tx, env.ty), velocity: Point(env.vx, env.vy),
            rule: ruleIndex)
    }

    /// The first time at or after t that is a whole number of frames and of milliseconds (3
    /// frames at 60 fps: 0.05 s), so later event times stay exact decimals that a player's
    /// frame time k/fr hits exactly, not a nanosecond off (a jump there would fall between
    /// the frame and its reference).
    func onFrame(_ t: Double) -> Double {
        let fr = definition.frameRate
        var frames = 1.0
        if fr == fr.rounded(), fr >= 1 {
            var a = Int(fr), b = 1000
            while b != 0 { (a, b) = (b, a % b) }
            frames = fr / Double(a)
        }
        let grid = frames / fr
        return SimulationBuilder.tidy((t / grid - 1e-6).rounded(.up) * grid)
    }

    static func describe(_ env: ExpressionEnvironment) -> String {
        let n = NumberText6.string
        return "p = \(n(env.p)), tx = \(n(env.tx)), ty = \(n(env.ty)), vx = \(n(env.vx)), vy = \(n(env.vy))"
    }

    func failure(_ origin: SourceOrigin?, _ message: String) -> Error {
        origin.map { $0.diagnostic(message) } ?? TransExportError(path: "interaction", message: message)
    }

    // MARK: Direct manipulation

    /// Checks the value over the whole drag (every millisecond and at both ends), then lets the
    /// property follow the finger from the driver's local time τ0 to τ1.
    mutating func follow(_ change: ExpressionChange, driver: GestureDriver, from τ0: Double, to τ1: Double, script: GestureScript?) throws {
        guard let i = base.byID[change.layer] else { throw TransExportError(path: change.origin, message: "unknown layer \"\(change.layer)\"") }
        let begin = SimulationBuilder.tidy(driver.start + τ0), release = SimulationBuilder.tidy(driver.start + τ1)
        let steps = max(1, Int(((τ1 - τ0) * 1000).rounded(.up)))
        let followed = FollowedValue(change.value)
        // Only the first and the last value are kept (an array of every millisecond's was grown).
        var first: PropertyValue? = nil, last: PropertyValue? = nil
        for k in 0...steps {
            let t = k == steps ? τ1 : τ0 + (τ1 - τ0) * Double(k) / Double(steps)
            // The compiled value (the same numbers); the tree says which number fails, and why
            // (with the whole environment: the message shows the velocity).
            if let v = followed.value(driver.program.environment(local: t, readsVelocity: followed.readsVelocity)) {
                if first == nil { first = v }
                if k == steps { last = v }
                continue
            }
            let env = driver.environment(local: t)
            do {
                let v = try change.value.value(env)
                if first == nil { first = v }
                if k == steps { last = v }
            } catch let e as ValueRangeError {
                let when =
                    script.map { "in script \"\($0.name)\" at \(NumberText6.string(t)) s after the touch-down" }
                    ?? "at p = \(NumberText6.string(env.p))"
                throw failure(
                    e.expression.origin,
                    "\"\(e.expression.source)\" gives \(NumberText6.string(e.value)) \(when) (\(Self.describe(env))); expected \(e.expected)")
            }
        }
        guard let first, let last else { preconditionFailure("steps ≥ 1: a value at k = 0 and at k = steps") }
        switch change.value {
        case .position:
            base.layers[i].position.follow(
                change.value, driver: driver, begin: begin, release: release, localBegin: τ0, at: first, released: last, followed: followed)
        case .size:
            base.layers[i].size.follow(
                change.value, driver: driver, begin: begin, release: release, localBegin: τ0, at: first, released: last, followed: followed)
        case .number(let p, _):
            base.layers[i].numbers[p].follow(
                change.value, driver: driver, begin: begin, release: release, localBegin: τ0, at: first, released: last, followed: followed)
        case .transform:
            base.layers[i].transform.follow(
                change.value, driver: driver, begin: begin, release: release, localBegin: τ0, at: first, released: last, followed: followed)
        case .constant(let v): try base.apply(PropertyChange(layer: change.layer, v, origin: change.origin), at: begin, curve: nil, delay: 0)
        }
    }

    static func evaluate(_ change: ExpressionChange, _ env: ExpressionEnvironment) throws -> PropertyChange {
        do {
            return PropertyChange(layer: change.layer, try change.value.value(env), origin: change.origin)
        } catch let e as ValueRangeError {
            let message = "\"\(e.expression.source)\" gives \(NumberText6.string(e.value)) at the release (\(describe(env))); expected \(e.expected)"
            throw e.expression.origin.map { $0.diagnostic(message) } ?? TransExportError(path: change.origin, message: message)
        }
    }

    static func evaluate(_ block: ExpressionBlock, _ env: ExpressionEnvironment) throws -> AnimationBlock {
        func seconds(_ e: Expression) throws -> Double {
            let v = e.evaluate(env)
            guard v.isFinite, v >= 0, v <= 1e9 else {
                let message = "\"\(e.source)\" gives \(NumberText6.string(v)) s at the release (\(describe(env))); expected a time ≥ 0"
                throw e.origin.map { $0.diagnostic(message) } ?? TransExportError(path: "interaction", message: message)
            }
            return v
        }
        return AnimationBlock(
            duration: try block.duration.map(seconds), delay: try seconds(block.delay), timing: block.timing,
            before: try block.before.map { try evaluate($0, env) },
            changes: try block.changes.map { try evaluate($0, env) })
    }

    /// The phase with `start` assignments in place of its `before` assignments to the same
    /// layer property (those it has not are added to its first block's `before`).
    static func starting(_ phase: Phase, with starts: [ExpressionChange], _ env: ExpressionEnvironment) throws -> Phase {
        var phase = phase
        for s in starts {
            let change = try evaluate(s, env)
            var replaced = false
            for b in phase.blocks.indices {
                for c in phase.blocks[b].before.indices
                where phase.blocks[b].before[c].layer == change.layer
                    && phase.blocks[b].before[c].value.propertyName == change.value.propertyName
                {
                    phase.blocks[b].before[c] = change
                    replaced = true
                }
            }
            if !replaced { phase.blocks[0].before.append(change) }
        }
        return phase
    }
}

import Motion
import Simulation
// The gallery's "copy as Swift" for an interactive definition: the pan handler the definition
// describes, written with its own expressions (docs/uikit-motion.md, "Direct manipulation" and
// "Percent-driven transitions"), as the catalog's source articles write theirs. It returns early
// until the begin rules hold, then on every event moves the views (or scrubs the phase through
// UIPercentDrivenInteractiveTransition), and on release runs the first rule whose condition holds.
import TransitionModel

package struct SwiftGestureCode {
    /// The handler, ready to paste after the animate function.
    var text: String
    /// Its name, for the animate function's header.
    var name: String

    /// `plain`: the definition's phases simulated without the gesture (its layers' masks).
    init(_ d: TransitionDefinition, _ i: Interaction, animate: String, plain: Simulation) {
        let typeName = SwiftAnimationCode.typeName(d.name)
        name = "handle\(typeName)" + (typeName.hasSuffix("Pan") ? "" : "Pan")
        let percentDriven: PercentDriven? = if case .percentDriven(let p) = i.kind { p } else { nil }
        let follow: [ExpressionChange] = if case .directManipulation(let c) = i.kind { c } else { [] }

        // What the release runs, as assignments and blocks, so the views and names are known first.
        var phaseRuns: [Phase] = []
        for rule in i.release {
            if percentDriven == nil, case .phase(let name, _) = rule.action, let phase = d.phases.first(where: { $0.name == name }) {
                phaseRuns.append(phase)
            }
        }
        var expressionChanges = follow
        var constants: [PropertyChange] = []
        if percentDriven == nil {
            for rule in i.release {
                switch rule.action {
                case .blocks(let blocks): expressionChanges += blocks.flatMap { $0.before + $0.changes }
                case .phase(_, let starts): expressionChanges += starts
                case .complete: break
                }
            }
            for phase in phaseRuns { constants += phase.blocks.flatMap { $0.before + $0.changes + $0.completion } }
        }
        var views: [String] = []
        for layer in expressionChanges.map(\.layer) + constants.map(\.layer) where !views.contains(layer) { views.append(layer) }

        // Names: the definition's lets, clear of the handler's own names and parameters.
        let parameters = views.map(SwiftAnimationCode.identifier)
        var taken = Set(["pan", "translation", "velocity", "isInteracting", "interaction", "begin", "tx", "ty", "vx", "vy", "p", "W", "H"] + parameters)
        var letNames: [String] = []
        for l in i.lets {
            var n = SwiftAnimationCode.identifier(l.name)
            while taken.contains(n) { n += "Value" }
            taken.insert(n)
            letNames.append(n)
        }
        let text = Text(lets: letNames)

        // The context of the constant assignments (views turned in 3D, perspectives declared here).
        // A hole the release's phase or blocks change is the CAShapeLayer the animate function
        // made (a hole's geometry is no finger's: mask values are constants in a release block).
        var holeViews: [String] = []
        for c in phaseRuns.flatMap({ $0.blocks.flatMap { $0.before + $0.changes + $0.completion } }) + Self.releaseConstants(i)
        where !holeViews.contains(c.layer) && SwiftAnimationCode.HoleMasks.changesGeometry(c) {
            holeViews.append(c.layer)
        }
        let holes = SwiftAnimationCode.HoleMasks(plain, views: holeViews)
        var context = SwiftAnimationCode.Context(constants, sublayerTransforms: [], taken: taken, holes: holes)
        for c in expressionChanges {
            if case .transform(let t) = c.value, Self.is3D(t) { context.layers3D.insert(c.layer) }
        }

        // Which names the handler reads (each declared only then: an unused let is a warning).
        var read = Set<ExpressionName>()
        func note(_ node: ExpressionNode) { Self.names(node, into: &read) }
        i.begin.forEach {
            note($0.left); note($0.right)
        }
        i.release.forEach { if let w = $0.when { note(w.left); note(w.right) } }
        for c in expressionChanges { c.value.expressions.forEach { note($0.root) } }
        if percentDriven == nil {
            for rule in i.release {
                if case .blocks(let blocks) = rule.action {
                    blocks.forEach { b in
                        note(b.delay.root); b.duration.map { note($0.root) }
                    }
                }
            }
        } else {
            read.insert(.p)
        }
        for (k, l) in i.lets.enumerated().reversed() where read.contains(.let(k)) { note(l.expression.root) }
        if read.contains(.p) { note(i.progress.root) }

        var out = Lines()
        let call =
            "\(name)(pan"
            + (i.begin.isEmpty ? "" : ", isInteracting: &isInteracting")
            + (percentDriven == nil ? "" : ", interaction: interaction, begin: { /* push or present */ }")
            + views.map { ", \(SwiftAnimationCode.identifier($0)): \(SwiftAnimationCode.identifier($0))" }.joined() + ")"
        if let pd = percentDriven {
            out.add("/// The pan, as the definition has it: UIPercentDrivenInteractiveTransition scrubs phase \"\(pd.phase)\" to p.")
            out.add("/// `interaction` is what your transitioning delegate returns as the interaction controller; `begin`")
            out.add("/// starts the transition (a push or a present) whose animator runs \(animate)(…) in")
            out.add("/// animateTransition(using:) and calls completeTransition(!transitionWasCancelled) in its completion.")
        } else {
            out.add("/// The pan, as the definition has it: the views follow the finger; on release a rule runs.")
        }
        out.add("/// Call it from your gesture recognizer's action, e.g.")
        out.add("///     @objc func panned(_ pan: UIPanGestureRecognizer) { \(call) }")
        if !i.begin.isEmpty { out.add("/// `isInteracting` is a Bool of yours, false at first.") }
        var arguments = ["_ pan: UIPanGestureRecognizer"]
        if !i.begin.isEmpty { arguments.append("isInteracting: inout Bool") }
        if percentDriven != nil { arguments += ["interaction: UIPercentDrivenInteractiveTransition", "begin: () -> Void"] }
        arguments += parameters.map { "\($0): UIView" }
        out.add("func \(name)(\(arguments.joined(separator: ", "))) {")
        out.indent += 1

        // The numbers the expressions read.
        let size = d.canvas.size
        let canvas = [(ExpressionName.W, "W", size.width), (.H, "H", size.height)].filter { read.contains($0.0) }
        if !canvas.isEmpty {
            out.add("// The definition's canvas (the screen, in points); translation and velocity in screen points")
            out.add("let " + canvas.map { "\($0.1): CGFloat = \(SwiftAnimationCode.number($0.2))" }.joined(separator: ", "))
        }
        let reads = [
            ("translation", "translation(in: nil)", [(ExpressionName.tx, "tx", "x"), (.ty, "ty", "y")]),
            ("velocity", "velocity(in: nil)", [(.vx, "vx", "x"), (.vy, "vy", "y")]),
        ]
        for (name, call, parts) in reads {
            let used = parts.filter { read.contains($0.0) }
            guard !used.isEmpty else { continue }
            out.add("let \(name) = pan.\(call)")
            out.add("let " + used.map { "\($0.1) = \(name).\($0.2)" }.joined(separator: ", "))
        }
        if read.contains(.p) { out.add("let p: CGFloat = \(text.expression(i.progress.root))") }
        for (k, l) in i.lets.enumerated() where read.contains(.let(k)) {
            out.add("let \(letNames[k]): CGFloat = \(text.expression(l.expression.root))")
        }
        out.add(contentsOf: context.declarations)

        out.add(contentsOf: holes.reuse())

        // Began: the first event at which every begin rule holds.
        let setUp: [String] =
            percentDriven.map { pd in
                ["interaction.completionSpeed = \(SwiftAnimationCode.number(pd.completionSpeed))"]
                    + Self.completionCurve(pd.completionCurve) + ["begin()"]
            } ?? []
        if !i.begin.isEmpty {
            out.add("// Until every begin rule holds, the events are ignored (the gesture has not begun)")
            out.add("if !isInteracting {")
            out.indent += 1
            out.add("guard \(i.begin.map(text.condition).joined(separator: ", ")) else { return }")
            out.add("isInteracting = true")
            out.add(contentsOf: setUp)
            out.indent -= 1
            out.add("}")
        }
        out.add("switch pan.state {")
        if percentDriven != nil {
            if i.begin.isEmpty {
                out.add("case .began:")
                out.indent += 1
                out.add(contentsOf: setUp)
                out.indent -= 1
                out.add("case .changed:")
            } else {
                out.add("case .began, .changed:")
            }
            out.indent += 1
            out.add("interaction.update(p)")
            out.indent -= 1
        } else {
            out.add("case .began, .changed:")
            out.indent += 1
            out.add("// Follows the finger")
            out.add(contentsOf: follow.flatMap { text.assignment($0, context) })
            out.indent -= 1
        }

        // Released: the first rule whose condition holds.
        out.add("case .ended, .cancelled:")
        out.indent += 1
        if !i.begin.isEmpty { out.add("isInteracting = false") }
        // Rules after one without a condition never apply.
        let rules = i.release.prefix { $0.when != nil } + i.release.drop { $0.when != nil }.prefix(1)
        // Each branch starts from the holes' geometry at the release, not where another left them.
        let holesAtRelease = holes.geometry
        if rules.count == 1, rules[0].when == nil {
            Self.release(rules[0], percentDriven: percentDriven != nil, phases: phaseRuns, context: context, text: text, to: &out)
        } else {
            for (n, rule) in rules.enumerated() {
                if let w = rule.when {
                    out.add(n == 0 ? "if \(text.condition(w)) {" : "} else if \(text.condition(w)) {")
                } else {
                    out.add("} else {")
                }
                out.indent += 1
                holes.geometry = holesAtRelease
                Self.release(rule, percentDriven: percentDriven != nil, phases: phaseRuns, context: context, text: text, to: &out)
                out.indent -= 1
            }
            out.add("}")
        }
        out.indent -= 1
        out.add("default:")
        out.indent += 1
        out.add("break")
        out.indent -= 1
        out.add("}")
        out.indent -= 1
        out.add("}")
        self.text = out.text
    }

    /// One release rule's action.
    private static func release(
        _ rule: ReleaseRule, percentDriven: Bool, phases: [Phase], context: SwiftAnimationCode.Context,
        text: Text, to out: inout Lines
    ) {
        if percentDriven {
            out.add(rule.outcome == .finish ? "interaction.finish()" : "interaction.cancel()")
            return
        }
        switch rule.action {
        case .complete:
            out.add("// \(rule.outcome.rawValue)")
        case .blocks(let blocks):
            out.add("// \(rule.outcome.rawValue)")
            for b in blocks {
                let duration = b.duration.map { text.seconds($0.root) } ?? SwiftAnimationCode.number(AnimationCurve(timing: b.timing, duration: nil).duration)
                let before = b.before.map { text.assignment($0, context) }
                // A hole's changes animate its path beside the call, as in a phase's block.
                var paths: [PropertyChange] = [], changes: [ExpressionChange] = []
                for c in b.changes {
                    if case .constant(let v) = c.value, context.holes?.holds(PropertyChange(layer: c.layer, v)) == true {
                        paths.append(PropertyChange(layer: c.layer, v))
                    } else {
                        changes.append(c)
                    }
                }
                var block = SwiftAnimationCode.BlockCode(
                    duration: duration, delay: text.seconds(b.delay.root), timing: b.timing, cut: b.duration.map { text.seconds($0.root) },
                    before: before, changes: changes.flatMap { text.assignment($0, context) }, completion: [])
                if let holes = context.holes, !paths.isEmpty {
                    block.beside = holes.animate(
                        paths, timing: b.timing, shape: Self.shape(b), duration: duration,
                        delay: Text.isNumber(b.delay.root, 0) ? nil : text.seconds(b.delay.root))
                }
                SwiftAnimationCode.write(block, to: &out)
            }
        case .phase(let name, let starts):
            out.add("// \(rule.outcome.rawValue): phase \"\(name)\" from the release")
            guard let phase = phases.first(where: { $0.name == name }) else { return }
            var blocks = phase.blocks.map { SwiftAnimationCode.code($0, context) }
            // A start assignment replaces the phase's `before` assignments to the same layer
            // property; one it has not goes first (as the simulation runs it).
            for s in starts {
                var replaced = false
                for (b, block) in phase.blocks.enumerated() {
                    for (c, before) in block.before.enumerated() where before.layer == s.layer && before.value.propertyName == s.value.propertyName {
                        blocks[b].before[c] = text.assignment(s, context)
                        replaced = true
                    }
                }
                if !replaced, !blocks.isEmpty { blocks[0].before.append(text.assignment(s, context)) }
            }
            for block in blocks { SwiftAnimationCode.write(block, to: &out) }
        }
    }

    /// The release rules' block assignments without expressions (a mask's values are among them);
    /// none when the pan scrubs a percent-driven transition, which runs no release blocks.
    static func releaseConstants(_ i: Interaction) -> [PropertyChange] {
        if case .percentDriven = i.kind { return [] }
        return i.release.flatMap { rule -> [PropertyChange] in
            guard case .blocks(let blocks) = rule.action else { return [] }
            return blocks.flatMap { $0.before + $0.changes }.compactMap { c in
                if case .constant(let v) = c.value { PropertyChange(layer: c.layer, v) } else { nil }
            }
        }
    }

    /// A release block's curve: nil for a UIKit spring whose duration is an expression of the
    /// finger (its parameters are UIKit's solve for the duration, no Swift expression); every other
    /// curve's shape does not depend on the duration.
    static func shape(_ b: ExpressionBlock) -> AnimationCurve.Shape? {
        guard let duration = b.duration, !duration.isConstant else {
            // No duration (the timing's own) or a number: the curve a phase's block would have.
            let seconds = b.duration.map { $0.evaluate(ExpressionEnvironment(canvas: Size(1, 1))) }
            return AnimationCurve(timing: b.timing, duration: seconds).shape
        }
        if case .uikitSpring = b.timing { return nil }
        return AnimationCurve(timing: b.timing, duration: 1).shape
    }

    /// UIView.AnimationCurve has four curves; another cubic bezier is said, not played.
    static func completionCurve(_ timing: Timing) -> [String] {
        switch timing {
        case .named(.linear): return ["interaction.completionCurve = .linear"]
        case .named(.easeIn): return ["interaction.completionCurve = .easeIn"]
        case .named(.easeOut): return ["interaction.completionCurve = .easeOut"]
        case .named(.easeInOut): return ["interaction.completionCurve = .easeInOut"]
        default:
            return ["// The definition's completion curve (\(TimingSpec.short(timing))) is no UIView.AnimationCurve: UIKit plays one of four"]
        }
    }

    static func is3D(_ t: TransformExpression) -> Bool {
        t.perspective != nil || !Text.isNumber(t.rotationX.root, 0) || !Text.isNumber(t.rotationY.root, 0)
    }

    static func names(_ node: ExpressionNode, into set: inout Set<ExpressionName>) {
        switch node {
        case .number: break
        case .name(let n): set.insert(n)
        case .negate(let e): names(e, into: &set)
        case .binary(_, let a, let b):
            names(a, into: &set)
            names(b, into: &set)
        case .call(_, let args): args.forEach { names($0, into: &set) }
        }
    }
}

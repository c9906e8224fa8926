// The `interaction` member of a definition (Interaction.swift): progress, let, begin rules,
// follow (direct manipulation) or percentDriven, release rules, gesture scripts, scrub path.
// Expressions are parsed here; a problem inside one is reported at its own line and column.
import JSONText

extension DefinitionDecoder {
    static func decodeInteraction(_ node: JSONNode, definition d: TransitionDefinition) throws -> Interaction {
        try node.checkMembers(allowed: ["touch", "progress", "let", "begin", "follow", "percentDriven", "release", "scripts", "scrub"])
        let canvasScope = ExpressionName.builtins.filter { ["tx", "ty", "vx", "vy", "W", "H"].contains($0.0) }
        let progressNode = try node.required("progress", "the progress p as an expression, such as \"clamp(tx / W, 0, 1)\"")
        let progress = try progressNode.expression(ExpressionScope(names: canvasScope, unavailable: ["p": "\"progress\" is what defines p"]))

        var lets: [NamedExpression] = []
        var scope = ExpressionScope(names: ExpressionName.builtins)
        if let letNode = node.child("let") {
            guard case .object = letNode.node.value else { throw letNode.fail("expected an object of named expressions, such as {\"ratio\": \"1 - 0.5 * p\"}") }
            for (i, key) in letNode.node.keys.enumerated() {
                let n = letNode.child(key)!
                guard isExpressionName(key) else {
                    throw DefinitionDiagnostic(
                        file: n.file, location: letNode.node.keyLocations[i], path: n.path,
                        message: "expected a name of letters, digits or '_' starting with a letter, found \"\(key)\"")
                }
                if scope.lookup(key) != nil || ExpressionFunction(rawValue: key) != nil {
                    throw DefinitionDiagnostic(
                        file: n.file, location: letNode.node.keyLocations[i], path: n.path,
                        message: "\"\(key)\" is already a name (\(scope.names.map(\.0).joined(separator: ", ")), min, max, clamp, abs); choose another")
                }
                lets.append(NamedExpression(name: key, expression: try n.expression(scope)))
                scope.names.append((key, .let(lets.count - 1)))
            }
        }
        let begin = try node.child("begin")?.elements().map { try $0.condition(scope) } ?? []

        let follow = node.child("follow"), percent = node.child("percentDriven")
        let kind: Interaction.Kind
        switch (follow, percent) {
        case (let f?, nil):
            let elements = try f.elements()
            let changes = try elements.map { try decodeExpressionChange($0, scope: scope, following: true) }
            guard !changes.isEmpty else { throw f.fail("expected at least one change that follows the finger") }
            // One gesture sets a layer property once per touch; a second entry for it would write
            // the same track twice over one drag (found by the fuzzer: seed 1, case 11528).
            for (i, c) in changes.enumerated() {
                if let j = changes[..<i].firstIndex(where: { $0.layer == c.layer && $0.value.propertyName == c.value.propertyName }) {
                    throw elements[i].fail(
                        "layer \"\(c.layer)\"'s \(c.value.propertyName) already follows the finger in follow[\(j)]; expected each layer property once")
                }
            }
            kind = .directManipulation(changes)
        case (nil, let p?):
            kind = .percentDriven(try decodePercentDriven(p))
        case (_?, let p?):
            throw p.fail("give either \"follow\" (direct manipulation) or \"percentDriven\", not both")
        case (nil, nil):
            throw node.fail("missing member \"follow\" or \"percentDriven\"; expected how the drag drives the layers")
        }
        let releaseNode = try node.required("release", "an array of release rules")
        let rules = try releaseNode.elements().map { try decodeReleaseRule($0, kind: kind, scope: scope) }
        guard !rules.isEmpty else { throw releaseNode.fail("expected at least one release rule") }
        for (i, rule) in rules.enumerated() where rule.when == nil && i < rules.count - 1 {
            throw (try releaseNode.elements())[i + 1].fail("this rule is never tried: the rule before it has no \"when\", so it always applies")
        }

        let touch = try node.required("touch", "the touch-down point [x, y] on screen").point()
        let scriptsNode = try node.required("scripts", "an object of gesture scripts, one per branch (cancel, finish)")
        let scripts = try decodeScripts(scriptsNode, outcomes: Set(rules.map(\.outcome)))

        var scrub: ScrubPath?
        if let s = node.child("scrub") {
            try s.checkMembers(allowed: ["translation", "duration"])
            let t = try s.required("translation", "[tx, ty] as expressions of p, such as [\"p * W\", 0]")
            let pair = try t.elements()
            guard pair.count == 2 else { throw t.fail("expected [tx, ty] (2 expressions of p)") }
            let pScope = ExpressionScope(
                names: ExpressionName.builtins.filter { ["p", "W", "H"].contains($0.0) },
                unavailable: [
                    "tx": "the scrub path gives the translation as a function of p",
                    "ty": "the scrub path gives the translation as a function of p",
                    "vx": "the scrub path has no velocity", "vy": "the scrub path has no velocity",
                ])
            let duration = try s.child("duration")?.number(0.001...DefinitionLimits.seconds, "a duration from 0.001 to 60 s") ?? 1
            if case .percentDriven = kind, let n = s.child("duration") {
                throw n.fail("a percent-driven scrub takes the phase's duration (p = t / D); remove \"duration\"")
            }
            scrub = ScrubPath(translationX: try pair[0].expression(pScope), translationY: try pair[1].expression(pScope), duration: duration)
            // Along the path, the progress must come back: time t of the scrub clip shows p = t / D.
            let clamps: Bool
            if case .percentDriven = kind { clamps = true } else { clamps = false }
            for k in 0...20 {
                var env = ExpressionEnvironment(canvas: d.canvas.size)
                env.p = Double(k) / 20
                let tx = scrub!.translationX.evaluate(env), ty = scrub!.translationY.evaluate(env)
                var back = ExpressionEnvironment(canvas: d.canvas.size)
                back.tx = tx; back.ty = ty
                var q = progress.evaluate(back)
                if clamps { q = min(max(q, 0), 1) }
                guard abs(q - env.p) <= 1e-9 else {
                    throw t.fail(
                        "at p = \(NumberText.string(env.p)) the scrub translation is (\(NumberText.string(tx)), \(NumberText.string(ty))), "
                            + "where \"progress\" gives p = \(NumberText.string(q)); the path must give back the same p")
                }
            }
        } else if case .directManipulation = kind {
            throw node.fail(
                "missing member \"scrub\"; a direct manipulation needs the translation as a function of p for the scrub clip, such as {\"translation\": [\"p * W\", 0]}"
            )
        }

        let interaction = Interaction(
            progress: progress, lets: lets, begin: begin, kind: kind, release: rules, scripts: scripts,
            touch: touch, scrub: scrub, origin: node.origin)
        try checkInteractionReferences(interaction, node: node, definition: d)
        return interaction
    }

    static func isExpressionName(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, ("A"..."Z").contains(first) || ("a"..."z").contains(first) else { return false }
        return s.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    static func decodePercentDriven(_ node: JSONNode) throws -> PercentDriven {
        try node.checkMembers(allowed: ["phase", "completionSpeed", "completionCurve"])
        var p = PercentDriven(phase: try node.required("phase", "the name of the phase the drag scrubs").string())
        if let n = node.child("completionSpeed") { p.completionSpeed = try n.number(0.01...100, "a completion speed from 0.01 to 100") }
        if let n = node.child("completionCurve") { p.completionCurve = try decodeEasing(n, what: "completionCurve") }
        return p
    }

    /// A cubic-bezier timing (named or control points): finger easing, completion curve.
    static func decodeEasing(_ node: JSONNode, what: String) throws -> Timing {
        let t = try decodeTiming(node)
        switch t {
        case .named, .cubicBezier: return t
        case .uikitSpring, .caSpring, .swiftUISpring:
            throw node.fail("\(what) is a cubic-bezier curve (linear, easeIn, easeOut, easeInOut, default or {\"cubicBezier\": […]}), not a spring")
        }
    }

    static func decodeReleaseRule(_ node: JSONNode, kind: Interaction.Kind, scope: ExpressionScope) throws -> ReleaseRule {
        try node.checkMembers(allowed: ["when", "outcome", "blocks", "phase", "start"])
        let when = try node.child("when")?.condition(scope)
        let outcomeNode = try node.required("outcome", "cancel or finish")
        guard let outcome = InteractionOutcome(rawValue: try outcomeNode.string()) else {
            throw outcomeNode.fail("unknown outcome \"\(try outcomeNode.string())\"; expected cancel or finish")
        }
        let blocks = node.child("blocks"), phase = node.child("phase"), start = node.child("start")
        if case .percentDriven = kind {
            for n in [blocks, phase, start].compactMap({ $0 }) {
                throw n.fail("a percent-driven release finishes or cancels the scrubbed phase; it takes only \"when\" and \"outcome\"")
            }
            return ReleaseRule(when: when, outcome: outcome, action: .complete)
        }
        switch (blocks, phase) {
        case (let b?, nil):
            if let start { throw start.fail("\"start\" applies to a \"phase\" rule") }
            let list = try b.elements().map { try decodeExpressionBlock($0, scope: scope) }
            guard !list.isEmpty else { throw b.fail("expected at least one animation block") }
            return ReleaseRule(when: when, outcome: outcome, action: .blocks(list))
        case (nil, let p?):
            let starts = try start?.elements().map { try decodeExpressionChange($0, scope: scope, following: false) } ?? []
            return ReleaseRule(when: when, outcome: outcome, action: .phase(try p.string(), start: starts))
        case (_?, let p?):
            throw p.fail("give either \"blocks\" or \"phase\", not both")
        case (nil, nil):
            throw node.fail("missing member \"blocks\" or \"phase\"; expected what runs on release")
        }
    }

    static func decodeExpressionBlock(_ node: JSONNode, scope: ExpressionScope) throws -> ExpressionBlock {
        try node.checkMembers(allowed: ["duration", "delay", "timing", "before", "changes"])
        let timing = try node.child("timing").map(decodeTiming) ?? .named(.easeInOut)
        let duration = try node.child("duration")?.expression(scope)
        switch timing {
        case .swiftUISpring:
            if let d = node.child("duration") { throw d.fail("a swiftUISpring block takes its duration from the spring; remove \"duration\"") }
        case .caSpring: break
        case .named, .cubicBezier, .uikitSpring:
            guard duration != nil else {
                throw node.fail("missing member \"duration\"; expected the block's duration in seconds (a number or an expression such as \"p\")")
            }
        }
        return ExpressionBlock(
            duration: duration, delay: try node.child("delay")?.expression(scope) ?? Expression(0), timing: timing,
            before: try node.child("before")?.elements().map { try decodeExpressionChange($0, scope: scope, following: false, animatable: false) } ?? [],
            changes: try node.required("changes", "an array of property changes").elements().map {
                try decodeExpressionChange($0, scope: scope, following: false)
            })
    }

    /// A change whose numbers may be expressions. `following`: it is assigned on every touch
    /// event, so it must be a property that moves continuously.
    static func decodeExpressionChange(_ node: JSONNode, scope: ExpressionScope, following: Bool, animatable: Bool = true) throws -> ExpressionChange {
        try node.checkMembers(allowed: ["layer", "property", "value"])
        let layer = try node.required("layer", "a layer id").string()
        let propNode = try node.required("property", "a property name")
        let v = try node.required("value", "the new value")
        let property = try propNode.string()
        let continuous = LayerProperty.allCases.filter(\.followsFinger).flatMap { [$0.rawValue] + $0.aliases }
        if following, !continuous.contains(property) {
            throw propNode.fail("\"\(property)\" cannot follow the finger; expected one of \(continuous.joined(separator: ", "))")
        }
        guard v.containsString else {
            return ExpressionChange(layer: layer, .constant(try decodeChange(node, animatable: animatable).value), origin: node.path)
        }
        // Expressions go where a finger may lead (LayerProperty.followsFinger), by the value's kind.
        let value: ValueExpression
        let followed = LayerProperty(named: property).flatMap { $0.followsFinger ? $0 : nil }
        switch followed?.valueKind {
        case .point?:
            precondition(followed == .position, "a followed point other than position needs its own value")
            let e = try v.expressions(count: 2, "a point [x, y] of numbers or expressions", scope)
            value = .position(e[0], e[1])
        case .size?:
            let e = try v.expressions(count: 2, "a size [width, height] of numbers or expressions", scope)
            value = .size(e[0], e[1])
        case .number?: value = .number(followed!, try v.expression(scope))
        case .transform?: value = .transform(try decodeTransformExpression(v, scope: scope))
        case .rect?, .flag?, nil:
            // The followed properties' names, with the point's UIKit alias (center).
            let names = LayerProperty.allCases.filter(\.followsFinger).flatMap { [$0.rawValue] + ($0.valueKind == .point ? $0.aliases : []) }
            throw v.fail(
                "\(property) takes numbers, not expressions; expressions go in \(names.dropLast().joined(separator: ", ")) and \(names.last!)")
        }
        return ExpressionChange(layer: layer, value, origin: node.path)
    }

    static func decodeTransformExpression(_ node: JSONNode, scope: ExpressionScope) throws -> TransformExpression {
        try node.checkMembers(allowed: ["translate", "scale", "rotation", "rotationX", "rotationY", "perspective"])
        var t = TransformExpression()
        if let n = node.child("translate") {
            let e = try n.expressions(count: 2, "a translation [tx, ty] of numbers or expressions", scope)
            (t.translateX, t.translateY) = (e[0], e[1])
        }
        if let n = node.child("scale") {
            if case .array = n.node.value {
                let e = try n.expressions(count: 2, "a scale [sx, sy] or one number or expression", scope)
                (t.scaleX, t.scaleY) = (e[0], e[1])
            } else {
                let e = try n.expression(scope)
                (t.scaleX, t.scaleY) = (e, e)
            }
        }
        if let n = node.child("rotation") { t.rotation = try n.expression(scope) }
        if let n = node.child("rotationX") { t.rotationX = try n.expression(scope) }
        if let n = node.child("rotationY") { t.rotationY = try n.expression(scope) }
        if let n = node.child("perspective") { t.perspective = try n.expression(scope) }
        return t
    }
}

extension JSONNode {
    var origin: SourceOrigin { SourceOrigin(file: file, location: node.location, path: path) }

    var containsString: Bool {
        switch node.value {
        case .string: return true
        case .array(let items): return items.contains { if case .string = $0 { return true } else { return JSONNode.contains(string: $0) } }
        case .object(let members): return members.contains { JSONNode.contains(string: $0.value) }
        case .written(let w): return JSONNode.contains(string: w.value)
        case .null, .bool, .number, .numbers: return false
        }
    }

    static func contains(string v: JSONValue) -> Bool {
        switch v {
        case .string: return true
        case .array(let items): return items.contains(where: contains(string:))
        case .object(let members): return members.contains { contains(string: $0.value) }
        case .written(let w): return contains(string: w.value)
        case .null, .bool, .number, .numbers: return false
        }
    }

    /// A number, or an expression string parsed in `scope`; a problem inside the string points at
    /// its character: the file's line:column, and the column inside the expression.
    func expression(_ scope: ExpressionScope) throws -> Expression {
        if case .number = node.value { return Expression(try number()) }
        guard case .string(let text) = node.value else { throw fail("expected a number or an expression string, found \(node.value.kindName)") }
        do {
            return Expression(source: text, root: try ExpressionParser.expression(text, scope: scope), origin: origin)
        } catch let e as ExpressionError {
            throw expressionFailure(text, e)
        }
    }

    func condition(_ scope: ExpressionScope) throws -> Condition {
        guard case .string(let text) = node.value else { throw fail("expected a condition string such as \"p < 0.2\", found \(node.value.kindName)") }
        do {
            let (c, l, r) = try ExpressionParser.condition(text, scope: scope)
            return Condition(source: text, comparison: c, left: l, right: r, origin: origin)
        } catch let e as ExpressionError {
            throw expressionFailure(text, e)
        }
    }

    func expressions(count: Int, _ what: String, _ scope: ExpressionScope) throws -> [Expression] {
        guard case .array(let items) = node.value, items.count == count else { throw fail("expected \(what)") }
        return try elements().map { try $0.expression(scope) }
    }

    /// The string's opening quote is at the node's column, so expression column c is file column
    /// column + c, unless an escape sequence earlier in the string makes the source longer.
    func expressionFailure(_ text: String, _ e: ExpressionError) -> DefinitionDiagnostic {
        let escaped = text.unicodeScalars.contains { $0 == "\"" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F }
        let location = escaped ? node.location : SourceLocation(line: node.location.line, column: node.location.column + e.column)
        return DefinitionDiagnostic(
            file: file, location: location, path: path,
            message: "in \"\(text)\" at column \(e.column): \(e.message)")
    }
}

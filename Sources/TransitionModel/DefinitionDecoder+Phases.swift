// Phases, animation blocks, timing and property changes of a definition file.
import JSONText

extension DefinitionDecoder {
    static func decodePhases(_ node: JSONNode) throws -> [Phase] {
        guard case .object = node.node.value else { throw node.fail("expected an object of named phases, found \(node.node.value.kindName)") }
        var phases: [Phase] = []
        for (name, _) in node.node.members {
            let p = node.child(name)!
            guard isValidName(name) else { throw p.fail("expected a phase name of letters, digits, '-' or '_'") }
            let blocksNode = try phaseBlocks(p)
            let blocks = try blocksNode.elements().map(decodeBlock)
            guard !blocks.isEmpty else { throw blocksNode.fail("expected at least one animation block") }
            phases.append(Phase(name: name, blocks: blocks, holdBefore: try p.child("holdBefore")?.seconds("a hold")))
        }
        guard !phases.isEmpty else { throw node.fail("expected at least one phase") }
        return phases
    }

    static func decodeBlock(_ node: JSONNode) throws -> AnimationBlock {
        try node.checkMembers(allowed: ["duration", "delay", "timing", "before", "changes", "completion"])
        let timing = try node.child("timing").map(decodeTiming) ?? .named(.easeInOut)
        let duration = try node.child("duration")?.seconds("a duration")
        switch timing {
        case .swiftUISpring:
            if let d = node.child("duration") { throw d.fail("a swiftUISpring block takes its duration from the spring; remove \"duration\"") }
        case .caSpring:
            break  // optional: defaults to the spring's settlingDuration
        case .named, .cubicBezier, .uikitSpring:
            guard duration != nil else { throw node.fail("missing member \"duration\"; expected the block's duration in seconds") }
        }
        return AnimationBlock(
            duration: duration,
            delay: try node.child("delay")?.seconds("a delay") ?? 0,
            timing: timing,
            before: try node.child("before")?.elements().map { try decodeChange($0, animatable: false) } ?? [],
            changes: try node.required("changes", "an array of property changes").elements().map { try decodeChange($0, animatable: true) },
            completion: try node.child("completion")?.elements().map { try decodeChange($0, animatable: false) } ?? [])
    }

    static func decodeTiming(_ node: JSONNode) throws -> Timing {
        if case .string(let s) = node.node.value {
            guard let named = NamedCurve(rawValue: s) else {
                throw node.fail("unknown curve \"\(s)\"; expected one of \(NamedCurve.allCases.map(\.rawValue).joined(separator: ", ")), or an object")
            }
            return .named(named)
        }
        let members = try node.object(allowed: ["cubicBezier", "uikitSpring", "caSpring", "swiftUISpring"])
        guard members.count == 1, let (kind, body) = members.first else {
            throw node.fail("expected exactly one of cubicBezier, uikitSpring, caSpring, swiftUISpring")
        }
        switch kind {
        case "cubicBezier":
            let v = try body.numbers(count: 4, "control points [x1, y1, x2, y2]")
            for (i, x) in [(0, v[0]), (2, v[2])] where !(0...1).contains(x) {
                throw (try body.elements())[i].fail("expected an x control value from 0 to 1")
            }
            return .cubicBezier(x1: v[0], y1: v[1], x2: v[2], y2: v[3])
        case "uikitSpring":
            try body.checkMembers(allowed: ["damping", "velocity"])
            return .uikitSpring(
                dampingRatio: try body.required("damping", "a damping ratio > 0")
                    .number(DefinitionLimits.dampingRatio, "a damping ratio from 0.001 to 1000"),
                velocity: try springVelocity(body))
        case "caSpring":
            try body.checkMembers(allowed: ["mass", "stiffness", "damping", "velocity"])
            return .caSpring(
                mass: try body.child("mass")?.number(DefinitionLimits.springMass, "a mass from 0.001 to 1000") ?? 1,
                stiffness: try body.required("stiffness", "a stiffness > 0")
                    .number(DefinitionLimits.springStiffness, "a stiffness from 0.001 to 100000"),
                damping: try body.required("damping", "a damping > 0")
                    .number(DefinitionLimits.springDamping, "a damping from 0.001 to 100000"),
                velocity: try springVelocity(body))
        default:
            try body.checkMembers(allowed: ["duration", "bounce"])
            return .swiftUISpring(
                duration: try body.required("duration", "a perceptual duration > 0")
                    .number(DefinitionLimits.perceptualDuration, "a perceptual duration from 0.01 to 60 s"),
                bounce: try body.child("bounce")?.number(-0.999...1, "a bounce from -1 (exclusive) to 1") ?? 0)
        }
    }

    static func springVelocity(_ body: JSONNode) throws -> Double {
        let v = DefinitionLimits.springVelocity
        return try body.child("velocity")?.number(-v...v, "a velocity from -1000 to 1000") ?? 0
    }

    static func decodeChange(_ node: JSONNode, animatable: Bool) throws -> PropertyChange {
        try node.checkMembers(allowed: ["layer", "property", "value"])
        let layer = try node.required("layer", "a layer id").string()
        let propNode = try node.required("property", "a property name")
        let v = try node.required("value", "the new value")
        let name = try propNode.string()
        guard let property = LayerProperty(named: name) else {
            throw propNode.fail("unknown property \"\(name)\"; expected one of \(LayerProperty.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let value = try decodeValue(of: property, v)
        if animatable, property.interpolation == .immediate {
            throw propNode.fail("\(property.rawValue) does not animate; set it in \"before\"")
        }
        return PropertyChange(layer: layer, value, origin: node.path)
    }

    /// A property's value as a change or a layer member writes it, checked where it enters
    /// (the registry's reading: LayerProperty.value(from:)).
    static func decodeValue(of property: LayerProperty, _ v: JSONNode) throws -> PropertyValue { try property.value(from: v) }

    /// Every id a change or snapshot names must exist, once. Walks the layer nodes as they
    /// decode (art placed by `use` included), so each problem points at its JSON.
    static func checkReferences(_ d: TransitionDefinition, doc: JSONNode) throws {
        var seen: Set<String> = []
        var ids: [String] = []
        var named: [String] = []  // every "of", read on the first walk
        let layerNodes = try doc.required("layers", "").elements()
        try forEachLayerNode(layerNodes) { n in
            if let of = n.child("of"), case .string(let s) = of.node.value { named.append(s) }
            guard let idNode = n.child("id"), case .string(let id) = idNode.node.value else { return }
            guard seen.insert(id).inserted else { throw idNode.fail("duplicate layer id \"\(id)\"") }
            ids.append(id)
        }
        let known = "known: \(ids.joined(separator: ", "))"
        // The second walk (the same nodes, uses already resolved once) only finds the unknown
        // "of" and its located error (with its use notes): skipped when every name is known.
        if !named.allSatisfy(seen.contains) {
            try forEachLayerNode(layerNodes) { n in
                if let of = n.child("of"), case .string(let s) = of.node.value, !seen.contains(s) {
                    throw of.fail("unknown layer \"\(s)\" (\(known))")
                }
            }
        }
        guard let phasesNode = doc.child("phases") else { return }  // an interactive definition may have none
        for phase in d.phases {
            let blockNodes = try phaseBlocks(phasesNode.child(phase.name)!).elements()
            for (bi, block) in phase.blocks.enumerated() {
                for (key, list) in [("before", block.before), ("changes", block.changes), ("completion", block.completion)] {
                    let nodes = try blockNodes[bi].child(key)?.elements() ?? []
                    for (change, n) in zip(list, nodes) {
                        guard seen.contains(change.layer) else { throw n.child("layer")!.fail("unknown layer \"\(change.layer)\" (\(known))") }
                        try checkMaskChange(change, node: n, in: d)
                    }
                }
            }
        }
    }
}

// Gesture scripts of an interaction (one per branch) and the checks that tie an interaction to
// the rest of the definition: the layers and phases it names, every phase run by it.
import JSONText

extension DefinitionDecoder {
    /// Layer ids the simulation adds to an interactive definition (the finger, the branch label).
    package static let interactionLayerIDs = ["finger", "branch-label"]

    /// `{"cancel": {"points": [{"time", "translation", "easing"}], "easing", "release", "velocity", "touch"}, …}`.
    static func decodeScripts(_ node: JSONNode, outcomes: Set<InteractionOutcome>) throws -> [GestureScript] {
        guard case .object = node.node.value else { throw node.fail("expected an object of gesture scripts, such as {\"cancel\": {…}, \"finish\": {…}}") }
        var scripts: [GestureScript] = []
        for (i, name) in node.node.keys.enumerated() {
            let s = node.child(name)!
            guard let outcome = InteractionOutcome(rawValue: name) else {
                throw DefinitionDiagnostic(
                    file: s.file, location: node.node.keyLocations[i], path: s.path,
                    message: "a script is named after the branch its release reaches; expected cancel or finish, found \"\(name)\"")
            }
            guard outcomes.contains(outcome) else {
                throw DefinitionDiagnostic(
                    file: s.file, location: node.node.keyLocations[i], path: s.path,
                    message: "no release rule has the outcome \"\(name)\"; this script could never reach it")
            }
            scripts.append(try decodeScript(s, name: name))
        }
        guard !scripts.isEmpty else { throw node.fail("expected at least one gesture script") }
        return scripts
    }

    static func decodeScript(_ node: JSONNode, name: String) throws -> GestureScript {
        try node.checkMembers(allowed: ["points", "easing", "release", "velocity", "touch"])
        let easing = try node.child("easing").map { try decodeEasing($0, what: "a finger's easing") } ?? .named(.linear)
        let pointsNode = try node.required("points", "the finger's translation over time: [{\"time\": 0.25, \"translation\": [60, 20]}, …]")
        var points: [GestureScript.Waypoint] = []
        var previous = 0.0
        for p in try pointsNode.elements() {
            try p.checkMembers(allowed: ["time", "translation", "easing"])
            let timeNode = try p.required("time", "seconds after the touch-down")
            let time = try timeNode.seconds("a time after the touch-down")
            guard time > previous else {
                throw timeNode.fail(
                    points.isEmpty
                        ? "expected a time > 0: the script starts at the touch-down (time 0, translation [0, 0])"
                        : "expected a time after the previous point's \(NumberText.string(previous)) s")
            }
            previous = time
            points.append(
                GestureScript.Waypoint(
                    time: time, translation: try p.required("translation", "the translation [tx, ty] from the touch-down").point("a translation [tx, ty]"),
                    easing: try p.child("easing").map { try decodeEasing($0, what: "a finger's easing") } ?? easing))
        }
        guard !points.isEmpty else { throw pointsNode.fail("expected at least one point after the touch-down") }
        var release = points[points.count - 1].time
        var releaseOrigin = pointsNode.origin
        if let r = node.child("release") {
            release = try r.seconds("a release time")
            releaseOrigin = r.origin
            guard release >= points[points.count - 1].time else {
                throw r.fail(
                    "the finger lifts at \(NumberText.string(release)) s, before the last point (\(NumberText.string(points[points.count - 1].time)) s); remove the points after the release"
                )
            }
        }
        return GestureScript(
            name: name, points: points, release: release,
            releaseVelocity: try node.child("velocity")?.point("a velocity [vx, vy] in points per second"),
            touch: try node.child("touch")?.point("the touch-down point [x, y]"),
            origin: node.origin, releaseOrigin: releaseOrigin)
    }

    /// The layers and phases an interaction names exist; every phase runs from the interaction;
    /// the layers the simulation adds are not taken.
    static func checkInteractionReferences(_ interaction: Interaction, node: JSONNode, definition d: TransitionDefinition) throws {
        let ids = d.allLayers.compactMap(\.id)
        let known = "known: \(ids.joined(separator: ", "))"
        func checkLayer(_ changeNode: JSONNode) throws {
            guard let n = changeNode.child("layer"), case .string(let id) = n.node.value else { return }
            guard ids.contains(id) else { throw n.fail("unknown layer \"\(id)\" (\(known))") }
        }
        for n in try node.child("follow")?.elements() ?? [] { try checkLayer(n) }
        var used: Set<String> = []
        let phaseNames = d.phases.map(\.name)
        func checkPhase(_ n: JSONNode) throws {
            let name = try n.string()
            guard phaseNames.contains(name) else { throw n.fail("unknown phase \"\(name)\"; expected one of \(phaseNames.joined(separator: ", "))") }
            used.insert(name)
        }
        if let p = node.child("percentDriven")?.child("phase") { try checkPhase(p) }
        for rule in try node.required("release", "").elements() {
            if let p = rule.child("phase") { try checkPhase(p) }
            for n in try rule.child("start")?.elements() ?? [] { try checkLayer(n) }
            for block in try rule.child("blocks")?.elements() ?? [] {
                for key in ["before", "changes"] { for n in try block.child(key)?.elements() ?? [] { try checkLayer(n) } }
            }
        }
        if let unused = d.phases.first(where: { !used.contains($0.name) }) {
            throw node.fail("phase \"\(unused.name)\" never runs: in an interactive definition phases run from \"percentDriven\" or a release rule's \"phase\"")
        }
        if let taken = ids.first(where: interactionLayerIDs.contains) {
            throw node.fail(
                "layer id \"\(taken)\" is taken by the layers an interactive definition adds (\(interactionLayerIDs.joined(separator: ", "))); rename that layer"
            )
        }
    }
}

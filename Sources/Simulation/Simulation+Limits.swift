import Motion
// Checks on a simulated transition that the decoder cannot make from single values: the whole
// timeline's length (springs settle when they settle) and how near a projected layer comes to
// the eye. Both bound what the exporters will compute and print (DefinitionLimits).
import TransitionModel

extension Simulation {
    func checkLimits() throws {
        try checkTimelineLength()
        if definition.usesPerspective { try checkNearEye() }
    }

    /// The loop (holds, delays, durations, springs until settled) lasts at most 60 s.
    func checkTimelineLength() throws {
        let limit = DefinitionLimits.seconds
        guard timeline.duration.isFinite, timeline.duration <= limit else {
            let late = timeline.phases.first { !($0.end <= limit) }
            let path = definition.interaction != nil ? "interaction" : late.map { "phases.\($0.name)" } ?? "timeline"
            let length = timeline.duration < 1e9 ? "\((timeline.duration * 10).rounded() / 10) s" : "without end (a spring that never settles)"
            throw TransExportError(
                path: path,
                message: "the timeline would last \(length) (holds, delays, durations and springs until they settle); "
                    + "expected at most \(Int(limit)) s")
        }
    }

    /// Every projected corner stays in front of the eye by at least a tenth of the eye distance
    /// (homogeneous w ≥ 0.1: the near edge is drawn at most 10× its size); sampled at 240 Hz.
    func checkNearEye() throws {
        let minimumW = DefinitionLimits.nearestDepthFraction
        let steps = Int((timeline.duration * 240).rounded(.up))
        // A layer still on screen has the same map and size at every time: checked at the first
        // time with the rest (the same order), then only the others (MovingState).
        let first = geometryState(at: 0)  // reads boundsToScreen and sizes only
        let all = Array(layers.indices)
        // The moving layers from increasing times (MovingStateSampler, the same numbers): a layer
        // not evaluated again since the time before has the map and size that passed there
        // (BENCHMARKS.md#the-grids-quiet-layers-same-bytes-2026-12-04).
        var sampler: MovingStateSampler? = nil
        for k in 0...max(steps, 0) {
            let t = min(Double(k) / 240, timeline.duration)
            var scene: MovingState? = nil
            var changed: [Bool]? = nil
            if k > 0, t < timeline.duration {
                if sampler == nil { sampler = MovingStateSampler(self, at: t, geometryOnly: true) } else { sampler!.advance(to: t) }
                scene = sampler!.state
                if k > 1 { changed = sampler!.changed }
            } else if k > 0 {
                scene = movingState(at: t, geometryOnly: true)
            }
            for n in scene?.layers.indices ?? all.indices {
                if let changed, !changed[n] { continue }
                let i = scene?.layers[n] ?? all[n]
                let m = scene?.boundsToScreen[n] ?? first.boundsToScreen[i]
                guard m.m14 != 0 || m.m24 != 0 || m.m44 != 1 else { continue }
                let s = scene?.states[n].size ?? first.layers[i].size
                // The corners (0, 0), (w, 0), (w, h), (0, h) in turn, without an array made per
                // layer and time (an allocation each: a fifth of the check's cost).
                for c in 0..<4 {
                    let (x, y) = (c == 1 || c == 2 ? s.width : 0, c >= 2 ? s.height : 0)
                    let w = m.applyHomogeneous(x: x, y: y, z: 0).w
                    guard w.isFinite, w >= minimumW else {
                        let name = layers[i].id.map { "layer \"\($0)\"" } ?? "this layer"
                        // Only for the message: every layer's JSON path cost ~250,000 instructions a check.
                        let paths = Self.layerPaths(definition)
                        throw TransExportError(
                            path: paths.indices.contains(i) ? paths[i] : "layers",
                            message: "at \(NumberTextRounding.seconds(t)) s a corner of \(name) comes within a tenth of the eye distance of the eye "
                                + "(or behind it), where it would be drawn over 10× its size; expected a larger perspective distance or a smaller rotation")
                    }
                }
            }
        }
    }

    /// JSON paths of the layers in simulation order (depth first, as SimulationBuilder.flatten):
    /// where a refusal made after simulating points in the definition.
    package static func layerPaths(_ d: TransitionDefinition) -> [String] {
        var out: [String] = []
        func visit(_ l: LayerDefinition, _ path: String) {
            out.append(path)
            for (k, c) in l.children.enumerated() { visit(c, "\(path).children[\(k)]") }
        }
        for (k, l) in d.layers.enumerated() { visit(l, "layers[\(k)]") }
        return out
    }
}

enum NumberTextRounding {
    static func seconds(_ t: Double) -> String {
        let r = (t * 1000).rounded() / 1000
        return r == r.rounded() ? String(Int(r)) : "\(r)"
    }
}

extension TransitionDefinition {
    /// Whether any layer could be drawn in perspective: an m34 in a layer, a phase or an
    /// interaction's assignment. Without one every map keeps w = 1 (its last column stays
    /// (0, 0, 0, 1) through every product), so the near-eye check has nothing to find; it cost
    /// 13 % of an interactive 2D template (BENCHMARKS.md#retrace2d-cpu-pass-same-bytes).
    var usesPerspective: Bool {
        if let interaction, interaction.mayAssignPerspective { return true }
        // Read through a pointer: `contains(where:)` copied each definition it tested.
        func has(_ layers: [LayerDefinition]) -> Bool {
            layers.withUnsafeBufferPointer { l in
                l.indices.contains { l[$0].transform.m34 != 0 || l[$0].sublayerTransform.m34 != 0 || has(l[$0].children) }
            }
        }
        if has(layers) { return true }
        return phases.contains { p in
            p.blocks.contains { b in
                (b.before + b.changes + b.completion).contains { if case .transform(let t) = $0.value { return t.m34 != 0 } else { return false } }
            }
        }
    }
}

extension Interaction {
    /// Whether a drag or a release assigns a transform with a perspective (the phases it runs
    /// are the definition's, checked with them).
    var mayAssignPerspective: Bool {
        var changes: [ExpressionChange] = []
        if case .directManipulation(let c) = kind { changes += c }
        for rule in release {
            switch rule.action {
            case .blocks(let blocks): changes += blocks.flatMap { $0.before + $0.changes }
            case .phase(_, let start): changes += start
            case .complete: break
            }
        }
        return changes.contains { change in
            switch change.value {
            case .transform(let t): return t.perspective != nil
            case .constant(.transform(let t)): return t.m34 != 0
            default: return false
            }
        }
    }
}

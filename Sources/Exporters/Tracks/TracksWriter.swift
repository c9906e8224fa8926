import JSONText
import Keyframes
import Motion
import Simulation
// `--format tracks`: the exact simulated state, sampled at 120 Hz over the whole timeline, as
// readable JSON. It is the ground truth that exported files are measured against, and a
// reviewable golden: one line per layer per sample.
import TransitionModel

package struct TracksWriter: Sendable {
    package var sampleRate: Double
    package init(sampleRate: Double = 120) { self.sampleRate = sampleRate }

    /// - Parameter fit: the animated files' fit reports, written as a `fit` section before the samples.
    package func tracks(_ simulation: Simulation, fit: [OutputFitReport] = []) -> JSONValue {
        let d = simulation.definition
        let named = simulation.paintOrder.filter { simulation.layers[$0].id != nil }
        // Samples cover one loop, [0, duration): the state at `duration` is the start again.
        let count = Int((simulation.timeline.duration * sampleRate - 1e-9).rounded(.up))
        var samples: [JSONValue] = []
        for k in 0..<count {
            let t = Double(k) / sampleRate
            let state = simulation.state(at: t)
            var layers: [(key: String, value: JSONValue)] = []
            for i in named where state.visible[i] {
                layers.append((simulation.layers[i].id!, layerSample(i, state, simulation)))
            }
            samples.append(.object([("t", .number(NumberFormat.round(t, decimals: 6))), ("layers", .object(layers))]))
        }
        return .object(
            [
                ("name", .string(d.name)),
                ("canvas", .object([("width", .number(d.canvas.size.width)), ("height", .number(d.canvas.size.height))])),
                ("duration", .number(simulation.timeline.duration)),
                ("sampleRate", .number(sampleRate)),
                ("layers", .array(named.map { .string(simulation.layers[$0].id!) })),
            ] + Self.projected(simulation, named) + [
                (
                    "phases",
                    .array(
                        simulation.timeline.phases.map {
                            .object([("name", .string($0.name)), ("start", .number($0.start)), ("duration", .number($0.duration))])
                        })
                )
            ] + Self.branches(simulation.timeline.branches) + Self.snapshots(simulation, named) + Self.removals(simulation, named)
                + (fit.isEmpty ? [] : [("fit", .array(fit.map(\.json)))]) + [
                    ("samples", .array(samples))
                ])
    }

    /// The named layers drawn under a 3D projection (Projection.projectedLayers), when there are
    /// any: their corners are the perspective projection of the bounds, which no affine map
    /// reaches; the SVG gives them an outline path `X.bounds` instead of a bounds group.
    static func projected(_ simulation: Simulation, _ named: [Int]) -> [(key: String, value: JSONValue)] {
        let projected = Projection.projectedLayers(simulation)
        let ids = named.filter { projected[$0] }.map { JSONValue.string(simulation.layers[$0].id!) }
        return ids.isEmpty ? [] : [("projected", .array(ids))]
    }

    /// An interactive definition's branches: when the finger touches down, the gesture begins,
    /// it lifts (with p, translation and velocity there) and the motion ends.
    static func branches(_ spans: [BranchSpan]) -> [(key: String, value: JSONValue)] {
        guard !spans.isEmpty else { return [] }
        func n(_ x: Double) -> JSONValue { .number(NumberFormat.round(x, decimals: 9)) }
        return [
            (
                "branches",
                .array(
                    spans.map { b in
                        .object([
                            ("name", .string(b.name)), ("start", n(b.start)), ("touchDown", n(b.touchDown)), ("begin", n(b.begin)),
                            ("release", n(b.release)), ("motionEnd", n(b.motionEnd)), ("end", n(b.end)),
                            ("progress", n(b.progress)), ("translation", .array([n(b.translation.x), n(b.translation.y)])),
                            ("velocity", .array([n(b.velocity.x), n(b.velocity.y)])), ("rule", .number(Double(b.rule))),
                        ])
                    })
            )
        ]
    }

    /// Named snapshot layers and their sources: a snapshot draws nothing outside its own bounds.
    static func snapshots(_ simulation: Simulation, _ named: [Int]) -> [(key: String, value: JSONValue)] {
        let pairs: [(key: String, value: JSONValue)] = named.compactMap { i in
            simulation.capture(of: i).map { (simulation.layers[i].id!, .string(simulation.layers[$0.source].id ?? "")) }
        }
        return pairs.isEmpty ? [] : [("snapshots", .object(pairs))]
    }

    /// Named layers a completion removes, from `time` until a later change shows them again
    /// (`until`; the loop's end when none does): nothing of them may be drawn in between.
    static func removals(_ simulation: Simulation, _ named: [Int]) -> [(key: String, value: JSONValue)] {
        let list: [JSONValue] = simulation.timeline.removals.compactMap { r in
            guard named.contains(r.layer), let id = simulation.layers[r.layer].id else { return nil }
            let shown = simulation.layers[r.layer].hidden.changes.first { $0.time > r.time && !$0.value }
            let until = shown?.time ?? simulation.timeline.duration
            return .object([
                ("layer", .string(id)), ("time", .number(NumberFormat.round(r.time, decimals: 9))),
                ("until", .number(NumberFormat.round(until, decimals: 9))),
            ])
        }
        return list.isEmpty ? [] : [("removals", .array(list))]
    }

    package func text(_ simulation: Simulation, fit: [OutputFitReport] = []) -> String {
        // Times keep 6 decimals (k/120 s); lengths are rounded to 4 decimals where they are made.
        JSONWriter(style: .readable, maxDecimals: 6).string(tracks(simulation, fit: fit))
    }

    static func length(_ x: Double) -> JSONValue { .number(NumberFormat.round(x, decimals: 4)) }

    /// layer.mask's current geometry, in the layer's bounds space (map it with the corners).
    static func maskGeometry(_ m: LayerMask) -> [(key: String, value: JSONValue)] {
        let frame: (key: String, value: JSONValue) = ("frame", .array([m.frame.minX, m.frame.minY, m.frame.size.width, m.frame.size.height].map(length)))
        let circle: [(key: String, value: JSONValue)] = [("center", .array([length(m.center.x), length(m.center.y)])), ("radius", length(m.radius))]
        switch m.shape {
        case .rect: return [frame, ("maskCornerRadius", length(m.numbers[.maskCornerRadius]))]
        case .circle: return circle
        case .hole: return [frame] + circle
        }
    }

    private func layerSample(_ i: Int, _ state: SceneState, _ simulation: Simulation) -> JSONValue {
        let s = state.layers[i]
        let corners = state.corners(of: i).map { JSONValue.array([Self.length($0.x), Self.length($0.y)]) }
        var cuts: [(key: String, value: JSONValue)] = []
        if simulation.layers[i].definition.clipsToBounds {
            cuts += [("clip", .string("bounds")), (LayerProperty.boundsRadius.rawValue, Self.length(s.boundsRadius))]
        } else if let capture = simulation.capture(of: i) {
            // A snapshot shows its bounds only: the source's, stretched to the snapshot's (a
            // rounded source's corners stretch with it; the smaller factor is written).
            let base = simulation.layers[capture.source].definition.size
            let k = min(base.width > 0 ? s.size.width / base.width : 0, base.height > 0 ? s.size.height / base.height : 0)
            cuts += [("clip", .string("bounds")), (LayerProperty.boundsRadius.rawValue, Self.length(capture.cutRadius * k))]
        }
        if let m = s.mask { cuts += [("shape", .string(m.shape.rawValue))] + Self.maskGeometry(m) }
        let mask: JSONValue = cuts.isEmpty ? .null : .object(cuts)
        return .object([
            ("corners", .array(corners)),
            ("size", .array([Self.length(s.size.width), Self.length(s.size.height)])),
            ("opacity", .number(NumberFormat.round(state.effectiveOpacity[i], decimals: 4))),
            ("mask", mask),
        ])
    }
}

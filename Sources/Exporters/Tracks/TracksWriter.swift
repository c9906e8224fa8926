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

    /// Everything before the samples: name, canvas, timing, layers, phases, branches,
    /// snapshots, removals and (`fit`, the animated files' fit reports) the `fit` section.
    private func header(_ simulation: Simulation, _ named: [Int], fit: [OutputFitReport]) -> [(key: String, value: JSONValue)] {
        let d = simulation.definition
        return [
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
            + (fit.isEmpty ? [] : [("fit", .array(fit.map(\.json)))])
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

    /// The dump as `JSONWriter(style: .readable, maxDecimals: 6)` writes the document of the
    /// header and a `samples` array, streamed: the samples (nearly all of its bytes) go straight
    /// to bytes, no tree made and freed per sample (BENCHMARKS.md#tracks-the-dump-and-its-fit-report-2026-12-04).
    /// - Parameter fit: the animated files' fit reports, written as a `fit` section before the samples.
    package func text(_ simulation: Simulation, fit: [OutputFitReport] = []) -> String {
        // Times keep 6 decimals (k/120 s); lengths are rounded to 4 decimals where they are made.
        let writer = JSONWriter(style: .readable, maxDecimals: 6)
        let named = simulation.paintOrder.filter { simulation.layers[$0].id != nil }
        let header = header(simulation, named, fit: fit)
        // Samples cover one loop, [0, duration): the state at `duration` is the start again.
        let count = Int((simulation.timeline.duration * sampleRate - 1e-9).rounded(.up))
        // No samples: the writer decides the whole document's layout.
        guard count > 0 else { return writer.string(.object(header + [("samples", .array([]))])) }
        // An object holding an array of objects is written over lines, member by member.
        var head: [UInt8] = []
        head.reserveCapacity(1 << 12)
        head.append(literal: "{\n")
        for m in header {
            JSONWriter.indent(1, into: &head)
            JSONWriter.writeString(m.key, into: &head)
            head.append(literal: ": ")
            writer.append(m.value, indent: 1, to: &head)
            head.append(literal: ",\n")
        }
        JSONWriter.indent(1, into: &head)
        head.append(literal: "\"samples\": [\n")
        // The samples, nearly all of the bytes, into a buffer whose appends test only its capacity
        // (a number's digits written in place; JSONByteBuffer).
        var out = JSONByteBuffer(capacity: head.count + count * 96 * max(1, named.count))
        defer { out.free() }
        out.append(contentsOf: head)
        // The named layers and their ancestors only: the same numbers as `state(at:)`. The times
        // increase, so a layer whose tracks are quiet since the last sample keeps its state
        // (LayerSubsetSampler: `state(of:at:)`'s numbers, the same bits).
        let subset = simulation.subset(named)
        var sampler = LayerSubsetSampler(simulation, subset, at: 0)
        var clips = [BoundsClip](repeating: .none, count: simulation.layers.count)
        for i in named { clips[i] = BoundsClip(i, simulation) }
        // Each named layer's line start, `"ID": ` at depth 4, made once (not per sample).
        var keys = [[UInt8]](repeating: [], count: simulation.layers.count)
        for i in named {
            JSONWriter.indent(4, into: &keys[i])
            JSONWriter.writeString(simulation.layers[i].id!, into: &keys[i])
            keys[i].append(literal: ": ")
        }
        for k in 0..<count {
            JSONWriter.indent(2, into: &out)
            let t = Double(k) / sampleRate
            sampler.advance(to: t)
            sample(t, sampler.state, keys, named, clips, writer, into: &out)
            out.append(literal: k + 1 < count ? ",\n" : "\n")
        }
        JSONWriter.indent(1, into: &out)
        out.append(literal: "]\n}\n")
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// One sample, `{"t": …, "layers": {…}}`, at the samples' depth (2), from the state at t
    /// (`keys`: each named layer's line start).
    private func sample(
        _ t: Double, _ state: LayerSubsetState, _ keys: [[UInt8]], _ named: [Int], _ clips: [BoundsClip], _ writer: JSONWriter,
        into out: inout JSONByteBuffer
    ) {
        let shown = named.filter { state.visible[state.subset.entry[$0]] }
        let time = NumberFormat.round(t, decimals: 6)
        // Nothing shown: a short object the writer keeps on one line.
        guard !shown.isEmpty else {
            var line: [UInt8] = []
            writer.append(.object([("t", .number(time)), ("layers", .object([]))]), indent: 2, to: &line)
            return out.append(contentsOf: line)
        }
        out.append(literal: "{\n")
        JSONWriter.indent(3, into: &out)
        out.append(literal: "\"t\": ")
        out.append(number: time, maxDecimals: writer.maxDecimals)
        out.append(literal: ",\n")
        JSONWriter.indent(3, into: &out)
        out.append(literal: "\"layers\": {\n")
        for (n, i) in shown.enumerated() {
            out.append(contentsOf: keys[i])
            layerSample(i, state, clips[i], writer, into: &out)
            out.append(literal: n + 1 < shown.count ? ",\n" : "\n")
        }
        JSONWriter.indent(3, into: &out)
        out.append(literal: "}\n")
        JSONWriter.indent(2, into: &out)
        out.append(literal: "}")
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

    /// One layer's state, `{"corners": …, "size": …, "opacity": …, "mask": …}`, at depth 4: on
    /// one line, as the writer keeps an object whose compact length is at most
    /// `JSONWriter.lineLimit` (its keys and strings are ASCII: a byte is a Character). A longer
    /// one the writer puts a member a line, each member's text as on the one line (arrays of
    /// numbers, and the mask when it is within the limit itself); a longer mask the writer lays
    /// out as it would inside the whole object.
    private func layerSample(
        _ i: Int, _ state: LayerSubsetState, _ clip: BoundsClip, _ writer: JSONWriter, into out: inout JSONByteBuffer
    ) {
        let s = state.layer(i)
        // Lengths rounded to 4 decimals, written with the writer's 6: the text of x written with 4
        // (`round` makes k/10^4 of the same k = (x·10^4).rounded(), whose 6-decimal digits are
        // 100·k exactly while |k| < 10^12: its error in ulps is far under a half) in one rounding.
        func number(_ x: Double) {
            if abs(x) < 1e8, (4...6).contains(writer.maxDecimals) {
                out.append(number: x, maxDecimals: 4)
            } else {
                out.append(number: NumberFormat.round(x, decimals: 4), maxDecimals: writer.maxDecimals)
            }
        }
        let mark = out.count
        // Each member's text, start to end (key to value), and the spaces after the separators
        // (", " between items, ": " after keys).
        out.append(literal: "{\"corners\": [")
        var spaces = 1
        for (c, p) in state.corners(of: i).enumerated() {
            if c > 0 { out.append(literal: ", "); spaces += 1 }
            out.append(0x5B)  // [
            number(p.x)
            out.append(literal: ", ")
            number(p.y)
            out.append(0x5D)  // ]
            spaces += 1
        }
        out.append(0x5D)
        let cornersEnd = out.count
        out.append(literal: ", ")
        let sizeStart = out.count
        out.append(literal: "\"size\": [")
        number(s.size.width)
        out.append(literal: ", ")
        number(s.size.height)
        out.append(0x5D)
        let sizeEnd = out.count
        out.append(literal: ", ")
        let opacityStart = out.count
        out.append(literal: "\"opacity\": ")
        number(state.effectiveOpacity[state.subset.entry[i]])
        let opacityEnd = out.count
        out.append(literal: ", ")
        let maskStart = out.count
        out.append(literal: "\"mask\": ")
        spaces += 7
        var maskCompact = 0
        let mask = clip.mask(s)
        if let mask {
            var line: [UInt8] = []
            let maskSpaces = writer.appendOneLine(mask, to: &line)
            out.append(contentsOf: line)
            spaces += maskSpaces
            maskCompact = line.count - maskSpaces
        } else {
            out.append(literal: "null")
        }
        let maskEnd = out.count
        out.append(0x7D)  // }
        guard out.count - mark - spaces > JSONWriter.lineLimit else { return }
        let members = [(mark + 1, cornersEnd), (sizeStart, sizeEnd), (opacityStart, opacityEnd), (maskStart, maskEnd)]
        let line = Array(out.bytes[mark...])
        out.removeLast(from: mark)
        out.append(literal: "{\n")
        for (k, m) in members.enumerated() {
            JSONWriter.indent(5, into: &out)
            if k == members.count - 1, let mask, maskCompact > JSONWriter.lineLimit {
                out.append(literal: "\"mask\": ")
                var text: [UInt8] = []
                writer.append(mask, indent: 5, to: &text)
                out.append(contentsOf: text)
            } else {
                out.append(contentsOf: Array(line[(m.0 - mark)..<(m.1 - mark)]))
            }
            out.append(literal: k + 1 < members.count ? ",\n" : "\n")
        }
        JSONWriter.indent(4, into: &out)
        out.append(0x7D)
    }

    /// What cuts a layer to its bounds, fixed over the timeline: its own clipsToBounds, or a
    /// snapshot's capture (the source's bounds and corner radius).
    enum BoundsClip {
        case none
        case own
        case snapshot(base: Size, cutRadius: Double)

        init(_ i: Int, _ simulation: Simulation) {
            if simulation.layers[i].definition.clipsToBounds {
                self = .own
            } else if let capture = simulation.capture(of: i) {
                self = .snapshot(base: simulation.layers[capture.source].definition.size, cutRadius: capture.cutRadius)
            } else {
                self = .none
            }
        }

        /// The layer's clip to its bounds and its mask in state `s`, when it has any.
        func mask(_ s: LayerState) -> JSONValue? {
            var cuts: [(key: String, value: JSONValue)] = []
            switch self {
            case .none: break
            case .own: cuts += [("clip", .string("bounds")), (LayerProperty.boundsRadius.rawValue, TracksWriter.length(s.boundsRadius))]
            case .snapshot(let base, let cutRadius):
                // A snapshot shows its bounds only: the source's, stretched to the snapshot's (a
                // rounded source's corners stretch with it; the smaller factor is written).
                let k = min(base.width > 0 ? s.size.width / base.width : 0, base.height > 0 ? s.size.height / base.height : 0)
                cuts += [("clip", .string("bounds")), (LayerProperty.boundsRadius.rawValue, TracksWriter.length(cutRadius * k))]
            }
            if let m = s.mask { cuts += [("shape", .string(m.shape.rawValue))] + TracksWriter.maskGeometry(m) }
            return cuts.isEmpty ? nil : .object(cuts)
        }
    }
}

extension [UInt8] {
    /// (Used by the SVG writers' byte-built attributes too.) A literal's bytes, from its buffer: `+= "…".utf8` went through the String's UTF-8 view,
    /// about 170 instructions an append (17 a layer sample in the dump), and a buffer's
    /// `append(contentsOf:)` costs ~110, more than a short literal's bytes one by one.
    @inline(__always)
    mutating func append(literal s: StaticString) {
        s.withUTF8Buffer { bytes in
            if bytes.count <= 4 {
                for b in bytes { append(b) }
            } else {
                append(contentsOf: bytes)
            }
        }
    }
}

import JSONText
import Motion
import Simulation
// The gallery's motion spec: every animation block of a transition, grouped by phase, with its
// timing (TimingSpec.swift) and every assignment with its from → to. "From" is the simulation's
// model value just before the assignment: the event the assignment made on its property track
// (same time, same value) is found, and the value before it is read.
import TransitionModel

package struct MotionSpec: Hashable, Sendable {
    package struct Group: Hashable, Sendable {
        package var phase: String
        /// "called at 0.6 s · runs 0.3 s", or what starts the phase in an interactive transition.
        package var note: String
        /// The phase's index on the exported timeline (for its colour), when it is there.
        package var timelineIndex: Int?
        package var blocks: [Block]
    }

    package struct Block: Hashable, Sendable {
        package var phase: String
        /// 1-based within its phase.
        package var number: Int
        package var delay: Double
        /// The curve's effective length: the block's duration, or the spring's settlingDuration.
        package var duration: Double
        package var timing: TimingSpec
        /// Progress sampled over [0, duration] (for a sparkline), `sampleCount + 1` values.
        package var samples: [Double]
        package var changes: [Change]
    }

    package enum Kind: String, Hashable, Sendable {
        /// A plain assignment just before the call (`before`).
        case before
        /// Inside the animations block.
        case animated
        /// A plain assignment in the completion handler, when the block ends.
        case completion
    }

    package struct Change: Hashable, Sendable {
        package var kind: Kind
        package var layer: String
        package var property: String
        /// nil when the simulation has no such event (nothing sound to show).
        package var from: String?
        package var to: String
        /// The value it sets is the value it had.
        package var changesNothing: Bool { from == to }
    }

    package var groups: [Group]
    /// The finger and release of an interactive transition.
    package var interaction: InteractionSpec?
    package var blocks: [Block] { groups.flatMap(\.blocks) }

    package static let sampleCount = 48

    package init(_ simulation: Simulation) {
        self.init(simulation, plain: Self.plainPhases(simulation))
    }

    /// An interactive transition's timeline is its branches; the phases' own calls are read
    /// from the same definition played as plain phases: the simulation itself when it is not
    /// interactive, nil when the plain phases do not simulate.
    static func plainPhases(_ simulation: Simulation) -> Simulation? {
        guard simulation.definition.interaction != nil else { return simulation }
        var copy = simulation.definition
        copy.interaction = nil
        return try? Simulation(copy)
    }

    /// `plain`: `plainPhases(simulation)` (the gallery makes it once for the spec and the Swift code).
    init(_ simulation: Simulation, plain: Simulation?) {
        let d = simulation.definition
        var cursor = TrackCursor(simulation: plain)
        let spans = plain?.timeline.phases ?? []
        groups = d.phases.enumerated().map { n, phase in
            let start = n < spans.count ? spans[n].start : 0
            var blocks: [Block] = []
            var completions: [(Int, Double, [PropertyChange])] = []
            for (b, block) in phase.blocks.enumerated() {
                let curve = AnimationCurve(timing: block.timing, duration: block.duration)
                let rows =
                    block.before.map { cursor.describe($0, at: start, kind: .before) }
                    + block.changes.map { cursor.describe($0, at: start, kind: curve.duration > 0 ? .animated : .before) }
                let samples = (0...Self.sampleCount).map { k -> Double in
                    curve.duration > 0 ? curve.progress(at: curve.duration * Double(k) / Double(Self.sampleCount)) : 1
                }
                blocks.append(
                    Block(
                        phase: phase.name, number: b + 1, delay: block.delay, duration: curve.duration,
                        timing: TimingSpec(block.timing, duration: block.duration, delay: block.delay),
                        samples: samples, changes: rows))
                completions.append((b, start + block.delay + curve.duration, block.completion))
            }
            // Completion handlers run after every call of the phase, in the order their blocks end.
            for (b, end, changes) in completions.sorted(by: { ($0.1, $0.0) < ($1.1, $1.0) }) {
                blocks[b].changes += changes.map { cursor.describe($0, at: end, kind: .completion) }
            }
            // Rows that change nothing ("false → false") are read (they use their events) but not shown.
            for b in blocks.indices { blocks[b].changes.removeAll(where: \.changesNothing) }
            let index = simulation.timeline.phases.firstIndex { $0.name == phase.name }
            return Group(
                phase: phase.name, note: Self.note(phase.name, span: index.map { simulation.timeline.phases[$0] }, d.interaction),
                timelineIndex: index, blocks: blocks)
        }
        interaction = d.interaction.map(InteractionSpec.init)
    }

    static func note(_ phase: String, span: PhaseSpan?, _ interaction: Interaction?) -> String {
        if let interaction {
            if case .percentDriven(let p) = interaction.kind, p.phase == phase {
                return "scrubbed by the finger, then finished or cancelled (percent-driven)"
            }
            for rule in interaction.release {
                if case .phase(let name, _) = rule.action, name == phase { return "runs from the release (\(rule.outcome.rawValue))" }
            }
        }
        guard let span else { return "" }
        return "called at \(SpecText.number(span.start)) s · runs \(SpecText.number(span.duration)) s"
    }
}

/// Finds the event each assignment made on its property track, so it can read the value before it.
struct TrackCursor {
    let simulation: Simulation?
    private var used: Set<String> = []

    init(simulation: Simulation?) { self.simulation = simulation }

    mutating func describe(_ change: PropertyChange, at t: Double, kind: MotionSpec.Kind) -> MotionSpec.Change {
        var row = MotionSpec.Change(
            kind: kind, layer: change.layer, property: change.value.propertyName,
            from: nil, to: SpecText.value(change.value))
        guard let sim = simulation, let i = sim.index(ofLayer: change.layer) else { return row }
        let layer = sim.layers[i]
        switch change.value {
        case .position(let p): row.from = from(layer.position, "\(i)/position", t, p).map(SpecText.point)
        case .size(let s): row.from = from(layer.size, "\(i)/size", t, s).map(SpecText.size)
        case .frame(let f):
            // UIKit's frame: center = origin + anchor ⊙ size, then bounds.size (one event each).
            let a = layer.anchorPoint.value(at: t)
            let center = Point(f.minX + a.x * f.size.width, f.minY + a.y * f.size.height)
            if let p = from(layer.position, "\(i)/position", t, center), let s = from(layer.size, "\(i)/size", t, f.size) {
                row.from = SpecText.rect(position: p, size: s, anchor: a)
            }
        case .transform(let x): row.from = from(layer.transform, "\(i)/transform", t, x).map(SpecText.transform)
        case .number(.zPosition, let z): row.from = from(layer.zPosition, "\(i)/zPosition", t, z).map(SpecText.number)
        case .number(let p, let x): row.from = from(layer.numberTrack(p), "\(i)/\(p.rawValue)", t, x).map(SpecText.number)
        case .hidden(let h): row.from = from(layer.hidden, "\(i)/hidden", t, h).map { "\($0)" }
        case .anchorPoint(let a): row.from = from(layer.anchorPoint, "\(i)/anchorPoint", t, a).map(SpecText.point)
        case .maskFrame(let f): row.from = from(layer.maskFrame, "\(i)/maskFrame", t, f).map(SpecText.rect)
        case .maskCenter(let c): row.from = from(layer.maskCenter, "\(i)/maskCenter", t, c).map(SpecText.point)
        }
        return row
    }

    /// The model value before the first unused event at time t that sets `value`.
    private mutating func from<V: AnimatableValue>(_ track: PropertyTrack<V>, _ key: String, _ t: Double, _ value: V) -> V? {
        for (k, e) in track.events.enumerated() where !used.contains("\(key)/\(k)") {
            let (time, target) = Self.timeAndTarget(e)
            guard abs(time - t) < 1e-6, target == value else { continue }
            used.insert("\(key)/\(k)")
            return k == 0 ? track.initial : Self.timeAndTarget(track.events[k - 1]).1
        }
        return nil
    }

    private mutating func from<V>(_ track: DiscreteTrack<V>, _ key: String, _ t: Double, _ value: V) -> V? {
        for (k, c) in track.changes.enumerated() where !used.contains("\(key)/\(k)") && abs(c.time - t) < 1e-6 && c.value == value {
            used.insert("\(key)/\(k)")
            return k == 0 ? track.initial : track.changes[k - 1].value
        }
        return nil
    }

    private static func timeAndTarget<V>(_ e: PropertyTrack<V>.Event) -> (Double, V) {
        switch e {
        case .set(let t, let v): return (t, v)
        case .animate(let a): return (a.callTime, a.to)
        }
    }
}

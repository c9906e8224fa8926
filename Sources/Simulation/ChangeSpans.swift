// The spans over which layers' own tracks can change, read at increasing times: the rule that
// MovingStateSampler and LayerSubsetSampler share. A track's value at t is its model value plus the
// deltas of the animations attached at t (PropertyTrack.value(at:)); between two times that no
// event and no attached animation touches, every read gives the same bits, so a layer whose
// spans miss (previous, t] keeps its state (BENCHMARKS.md#lottie2d-quiet-samples-2026-12-04).
import TransitionModel

struct ChangeSpans {
    /// Entry k's spans: list k, sorted and disjoint.
    private var own: SpanLists
    /// Every entry's spans merged (sorted and disjoint, as one entry's): one list, `anyChange`'s.
    private var any: SpanLists

    /// Per entry and field of its state (`Field`): the spans over which that field's tracks can
    /// change (entry k's field f: list `fieldBase[k] + f`; -1: none, a still layer's).
    private var fields: SpanLists
    private let fieldBase: [Int]
    /// The entries that have some span, in order: every other entry's `ownChange` is false at
    /// any time (an empty list), and most entries of a sampler are such (still layers under a
    /// moving parent).
    let ownEntries: [Int]

    /// For `layers` (indices into `sim.layers`); none for a layer StillLayers holds still. With
    /// `byField`, also each field's spans (`fieldChange`).
    init(_ sim: Simulation, layers: [Int], byField: Bool = false) {
        var own = SpanLists.Builder(), all: [ClosedRange<Double>] = []
        // Each entry's fields' spans, made from one list of (field, span) per layer sorted by
        // field then start (arrays per field and layer cost more to make than they saved).
        var fieldLists = SpanLists.Builder()
        var collector = SpanCollector(byField: byField)
        // Layers read through a pointer: `sim.layers[i]` copied the layer (every track retained)
        // before `spans` copied it again.
        var fieldBase: [Int] = [], ownEntries: [Int] = []
        sim.layers.withUnsafeBufferPointer { layersIn in
            for (k, i) in layers.enumerated() {
                // A layer StillLayers holds still has no spans, and no fields' lists (never asked for).
                fieldBase.append(-1)
                guard !sim.still.isStill[i] else {
                    own.appendEmpty()
                    continue
                }
                collector.removeAll()
                var read = layersIn[i]  // only read: the collector returns no change
                SimulatedLayer.forEachTrack(&read, &collector)
                let spans = Self.merged(collector.spans)
                own.append(list: spans)
                if !spans.isEmpty { ownEntries.append(k) }
                all += spans
                if byField {
                    fieldBase[fieldBase.count - 1] = fieldLists.count
                    fieldLists.append(fieldsOf: &collector.fields)
                }
            }
        }
        self.own = SpanLists(own)
        var any = SpanLists.Builder()
        any.append(list: Self.merged(all))
        self.any = SpanLists(any)
        (fields, self.fieldBase, self.ownEntries) = (SpanLists(fieldLists), fieldBase, ownEntries)
    }

    /// Whether some entry's `ownChange(k, since: time, to: t)` is true: some merged span has
    /// its end after `time` and its start at or before t, as some entry's span then has (the
    /// merged spans are those spans' union). False lets a sampler pass a quiet step whole.
    @inline(__always)
    mutating func anyChange(since time: Double, to t: Double) -> Bool { any.meets(0, since: time, to: t) }

    /// Whether entry k's own tracks can give a different value at t than at `time` (≤ t): some
    /// span meets (time, t]. Calls for one entry must not go back in time (`restart` first).
    @inline(__always)
    mutating func ownChange(_ k: Int, since time: Double, to t: Double) -> Bool { own.meets(k, since: time, to: t) }

    /// Whether field f of entry k (its tracks: `Field`) can give a different value at t than at
    /// `time` (≤ t), by `ownChange`'s rule on that field's tracks alone. Only for an entry whose
    /// `ownChange` can be true (made `byField`).
    @inline(__always)
    mutating func fieldChange(_ k: Int, _ f: Field, since time: Double, to t: Double) -> Bool {
        fields.meets(fieldBase[k] + f.rawValue, since: time, to: t)
    }

    /// Every entry's spans considered again from the first: after a state evaluated whole at a
    /// time that may be earlier than the last.
    mutating func restart() {
        own.restart()
        any.restart()
        fields.restart()
    }

    /// The fields of a LayerState that SimulatedLayer.state(of:at:) reads from separate tracks
    /// (the mask's from its four).
    enum Field: Int, CaseIterable {
        case position, size, anchorPoint, transform, opacity, hidden, zPosition, cornerRadius, mask
        static let count = allCases.count

        init?(_ p: LayerProperty) {
            switch p {
            case .position: self = .position
            case .size: self = .size
            case .anchorPoint: self = .anchorPoint
            case .transform: self = .transform
            case .opacity: self = .opacity
            case .hidden: self = .hidden
            case .zPosition: self = .zPosition
            case .cornerRadius: self = .cornerRadius
            case .maskFrame, .maskCenter, .maskCornerRadius, .maskRadius: self = .mask
            case .frame: return nil
            }
        }
    }

    /// The closed spans over which a layer's own tracks can change, sorted and merged: an
    /// animation's call to its end (attached on [a, b), removed at b), an assignment's instant.
    /// Every track the property registry lists (SimulatedLayer.forEachTrack).
    static func spans(_ layer: UnsafePointer<SimulatedLayer>) -> [ClosedRange<Double>] {
        var collector = SpanCollector(byField: false), read = layer.pointee  // only read: the collector returns no change
        SimulatedLayer.forEachTrack(&read, &collector)
        return merged(collector.spans)
    }

    /// Closed spans sorted and merged where they meet.
    static func merged(_ spans: [ClosedRange<Double>]) -> [ClosedRange<Double>] {
        var out = spans
        out.sort { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<Double>] = []
        for s in out {
            if let last = merged.last, s.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, s.upperBound)
            } else {
                merged.append(s)
            }
        }
        return merged
    }
}

/// Each track's change spans, in the registry's order (sorted afterwards), and with `byField`
/// each with its field (ChangeSpans.Field's raw value).
private struct SpanCollector: LayerTrackVisitor {
    var spans: [ClosedRange<Double>] = []
    var fields: [(field: Int, span: ClosedRange<Double>)] = []
    let byField: Bool

    init(byField: Bool) { self.byField = byField }

    mutating func removeAll() {
        spans.removeAll(keepingCapacity: true)
        fields.removeAll(keepingCapacity: true)
    }

    private mutating func add(_ s: ClosedRange<Double>, _ property: LayerProperty) {
        spans.append(s)
        if byField, let f = ChangeSpans.Field(property) { fields.append((f.rawValue, s)) }
    }

    mutating func visit<V>(_ property: LayerProperty, _ track: PropertyTrack<V>, was: PropertyTrack<V>?) -> PropertyTrack<V>.Event? {
        for e in track.events {
            switch e {
            case .set(let t, _): add(t...t, property)
            case .animate(let a): add(a.callTime...max(a.callTime, a.endTime), property)
            }
        }
        return nil
    }

    mutating func visit<V>(_ property: LayerProperty, _ track: DiscreteTrack<V>, was: DiscreteTrack<V>?) -> (value: V, time: Double)? {
        for c in track.changes { add(c.time...c.time, property) }
        return nil
    }
}

/// Lists of sorted disjoint spans read at increasing times: list k's spans are `low[n]...high[n]`
/// for n in `next[k]..<end[k]`; `next[k]` is the first that can still matter (times only increase).
struct SpanLists {
    private let low: [Double], high: [Double], end: [Int]
    private var next: [Int]

    /// Lists appended one at a time (a layer's own, or its `ChangeSpans.Field.count` fields').
    struct Builder {
        var low: [Double] = [], high: [Double] = [], end: [Int] = [], next: [Int] = []
        /// How many lists.
        var count: Int { next.count }

        /// A list with no span (a still layer's: most entries under a moving parent; appending
        /// an empty array was ~130 instructions, 2.8 M in the 2D batch).
        @inline(__always)
        mutating func appendEmpty() {
            next.append(low.count)
            end.append(low.count)
        }

        /// One list, its spans sorted and disjoint.
        mutating func append(list spans: [ClosedRange<Double>]) {
            next.append(low.count)
            for s in spans {
                low.append(s.lowerBound)
                high.append(s.upperBound)
            }
            end.append(low.count)
        }

        /// One layer's fields' lists from its (field, span) pairs (emptied): each field's spans
        /// sorted and merged as ChangeSpans.merged merges them (where they meet; the union's
        /// maximal runs, however equal starts are ordered).
        mutating func append(fieldsOf pairs: inout [(field: Int, span: ClosedRange<Double>)]) {
            pairs.sort { $0.field != $1.field ? $0.field < $1.field : $0.span.lowerBound < $1.span.lowerBound }
            var n = 0
            for f in 0..<ChangeSpans.Field.count {
                next.append(low.count)
                let first = low.count
                while n < pairs.count, pairs[n].field == f {
                    let s = pairs[n].span
                    if low.count > first, s.lowerBound <= high[high.count - 1] {
                        high[high.count - 1] = max(high[high.count - 1], s.upperBound)
                    } else {
                        low.append(s.lowerBound)
                        high.append(s.upperBound)
                    }
                    n += 1
                }
                end.append(low.count)
            }
        }
    }

    init(_ b: Builder) { (low, high, end, next) = (b.low, b.high, b.end, b.next) }

    /// Whether some span of list k meets (time, t].
    @inline(__always)
    mutating func meets(_ k: Int, since time: Double, to t: Double) -> Bool {
        var n = next[k]
        let last = end[k]
        while n < last, high[n] <= time { n += 1 }
        next[k] = n
        return n < last && low[n] <= t
    }

    mutating func restart() {
        for k in next.indices { next[k] = k == 0 ? 0 : end[k - 1] }
    }
}

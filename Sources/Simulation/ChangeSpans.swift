// The spans over which layers' own tracks can change, read at increasing times: the rule that
// MovingStateSampler and LayerSubsetSampler share. A track's value at t is its model value plus the
// deltas of the animations attached at t (PropertyTrack.value(at:)); between two times that no
// event and no attached animation touches, every read gives the same bits, so a layer whose
// spans miss (previous, t] keeps its state (BENCHMARKS.md#lottie2d-quiet-samples-2026-12-04).
import TransitionModel

struct ChangeSpans {
    /// Entry k's spans are `low[n]...high[n]` for n in `next[k]..<end[k]`, sorted and disjoint;
    /// `next[k]` is the first that can still matter (times only increase).
    private let low: [Double], high: [Double], end: [Int]
    private var next: [Int]
    /// Every entry's spans merged (sorted and disjoint, as one entry's), and the first that can
    /// still matter: `anyChange`.
    private let anyLow: [Double], anyHigh: [Double]
    private var anyNext = 0

    /// For `layers` (indices into `sim.layers`); none for a layer StillLayers holds still.
    init(_ sim: Simulation, layers: [Int]) {
        var low: [Double] = [], high: [Double] = [], end: [Int] = [], next: [Int] = []
        // Layers read through a pointer: `sim.layers[i]` copied the layer (every track retained)
        // before `spans` copied it again.
        sim.layers.withUnsafeBufferPointer { all in
            for i in layers {
                next.append(low.count)
                for s in sim.still.isStill[i] ? [] : Self.spans(all.baseAddress! + i) {
                    low.append(s.lowerBound)
                    high.append(s.upperBound)
                }
                end.append(low.count)
            }
        }
        (self.low, self.high, self.end, self.next) = (low, high, end, next)
        let merged = Self.merged(zip(low, high).map { $0...$1 })
        (anyLow, anyHigh) = (merged.map(\.lowerBound), merged.map(\.upperBound))
    }

    /// Whether some entry's `ownChange(k, since: time, to: t)` is true: some merged span has
    /// its end after `time` and its start at or before t, as some entry's span then has (the
    /// merged spans are those spans' union). False lets a sampler pass a quiet step whole.
    @inline(__always)
    mutating func anyChange(since time: Double, to t: Double) -> Bool {
        var n = anyNext
        while n < anyHigh.count, anyHigh[n] <= time { n += 1 }
        anyNext = n
        return n < anyHigh.count && anyLow[n] <= t
    }

    /// Whether entry k's own tracks can give a different value at t than at `time` (≤ t): some
    /// span meets (time, t]. Calls for one entry must not go back in time (`restart` first).
    @inline(__always)
    mutating func ownChange(_ k: Int, since time: Double, to t: Double) -> Bool {
        var n = next[k]
        let last = end[k]
        while n < last, high[n] <= time { n += 1 }
        next[k] = n
        return n < last && low[n] <= t
    }

    /// Every entry's spans considered again from the first: after a state evaluated whole at a
    /// time that may be earlier than the last.
    mutating func restart() {
        for k in next.indices { next[k] = k == 0 ? 0 : end[k - 1] }
        anyNext = 0
    }

    /// The closed spans over which a layer's own tracks can change, sorted and merged: an
    /// animation's call to its end (attached on [a, b), removed at b), an assignment's instant.
    /// Every track the property registry lists (SimulatedLayer.forEachTrack).
    static func spans(_ layer: UnsafePointer<SimulatedLayer>) -> [ClosedRange<Double>] {
        var collector = SpanCollector(), read = layer.pointee  // only read: the collector returns no change
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

/// Each track's change spans, in the registry's order (sorted afterwards).
private struct SpanCollector: LayerTrackVisitor {
    var spans: [ClosedRange<Double>] = []

    mutating func visit<V>(_ property: LayerProperty, _ track: PropertyTrack<V>, was: PropertyTrack<V>?) -> PropertyTrack<V>.Event? {
        for e in track.events {
            switch e {
            case .set(let t, _): spans.append(t...t)
            case .animate(let a): spans.append(a.callTime...max(a.callTime, a.endTime))
            }
        }
        return nil
    }

    mutating func visit<V>(_ property: LayerProperty, _ track: DiscreteTrack<V>, was: DiscreteTrack<V>?) -> (value: V, time: Double)? {
        for c in track.changes { spans.append(c.time...c.time) }
        return nil
    }
}

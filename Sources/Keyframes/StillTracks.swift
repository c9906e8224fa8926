// The exact tracks of properties that never change, as `ExactLayerTracks.all` gives them: one
// track per value (its bits) while consecutive layers share it (a transform's identity
// components, an opacity of 1, a corner radius of 0). Each still track was a closure allocated
// and freed per layer and property (BENCHMARKS.md#fit39-the-memos-table-in-raw-slots-still-tracks-and-measures-shared-same-bytes-2026-12-06);
// a shared one is the same constant, so every read gives the same bits.
import Motion
import Simulation
import TransitionModel

struct StillTracks<Value: AnimatableValue> {
    // Apart, not one optional tuple: `if let last` copied the tuple (every reference retained
    // and released again) at each layer.
    private var lastValue: Value?
    private var lastTrack: ExactTrack<Value>?
    /// The keyframes of the last track made (`still`).
    private(set) var lastKeys: KeyframeTrack<Value>?
    /// The one still piece, one array for every track made here (each allocated one).
    private let stillPiece: [ExactTrack<Value>.Piece] = [.still]

    /// `ExactTrack(track, until: end, stillBreakpoints: breakpoints)` of a track without events
    /// whose value is `value`: those breakpoints, one still piece, the constant.
    mutating func track(_ value: Value, breakpoints: [Double]) -> ExactTrack<Value> {
        // The kept track alone on a hit: through `still` its keys were copied out and dropped.
        if let track = kept(value, breakpoints) { return track }
        return still(value, breakpoints: breakpoints).track
    }

    /// `track(value, breakpoints:)` and its keyframes as every player fits it (the one keyframe
    /// of `FittingReducer.stillKeyframe`; nil where that gives none: a NaN, an empty timeline),
    /// made with the track, once.
    mutating func still(_ value: Value, breakpoints: [Double]) -> (track: ExactTrack<Value>, keys: KeyframeTrack<Value>?) {
        // The breakpoints are the caller's one array (compared by identity first): in the key all the same.
        if let track = kept(value, breakpoints) { return (track, lastKeys) }
        let end = breakpoints[breakpoints.count - 1]
        let made = ExactTrack(breakpoints: breakpoints, pieces: end > 0 ? stillPiece : [], value: { _ in value })
        // `FittingReducer.stillKeyframe(made)` without its three reads through the closure: with
        // two breakpoints the piece is still (ExactTrack's init allows no other), and every read
        // is `value`, so its tests are `value == value` (false for a NaN).
        let keys = breakpoints.count == 2 && value == value ? KeyframeTrack([Keyframe(time: breakpoints[0], value: value)]) : nil
        lastValue = value
        lastTrack = made
        lastKeys = keys
        return (made, keys)
    }

    /// The last track made, when it was made for `value`'s bits and these breakpoints.
    @inline(__always)
    private func kept(_ value: Value, _ breakpoints: [Double]) -> ExactTrack<Value>? {
        guard let v = lastValue, sameBits(v, value), let track = lastTrack, track.breakpoints == breakpoints else { return nil }
        return track
    }
}

/// Whether a and b are the same bits (0 and −0 apart); false for a value with references.
/// Eight bytes at a time: `elementsEqual` on the raw bytes went byte by byte through the
/// sequence's iterators, ~300 instructions a compare (2.5 % of the 2D batch).
func sameBits<T>(_ a: T, _ b: T) -> Bool {
    guard _isPOD(T.self) else { return false }
    return withUnsafeBytes(of: a) { x in
        withUnsafeBytes(of: b) { y in
            let n = x.count
            var i = 0
            while i + 8 <= n {
                guard x.loadUnaligned(fromByteOffset: i, as: UInt64.self) == y.loadUnaligned(fromByteOffset: i, as: UInt64.self) else { return false }
                i += 8
            }
            while i < n {
                guard x[i] == y[i] else { return false }
                i += 1
            }
            return true
        }
    }
}

extension StillTracks where Value == Double {
    /// `ExactTrack(track, until: end, stillBreakpoints: breakpoints).clamped(as: property)` of a
    /// number track without events: the constant as drawn (clamping a constant gives a constant).
    mutating func drawn(_ property: LayerProperty, initial: Double, breakpoints: [Double]) -> ExactTrack<Double> {
        track(property.drawnRange.map { DrawnRange.clamp(initial, $0) } ?? initial, breakpoints: breakpoints)
    }
}

// The keyframes of a layer's tracks that never change, made once where those tracks are made
// (ExactLayerTracks.withStillKeys) and read by both players' fits: a still track's keyframes
// are the same for every player (FittingReducer.stillKeyframe reads only the track), and each
// player made, checked and shared them again per layer (BENCHMARKS.md#fit41-still-keyframes-made-once-for-both-players-same-bytes-2026-12-06).
import Motion
import Simulation
import TransitionModel

struct StillLayerKeys: Sendable {
    /// Nil where the track moves (or gives no still keyframe): the player fits it.
    var position: KeyframeTrack<Point>? = nil
    var size: KeyframeTrack<Size>? = nil
    var translation: KeyframeTrack<Point>? = nil
    var scale: KeyframeTrack<Point>? = nil
    var rotation: KeyframeTrack<Double>? = nil
    /// `LayerProperty.animatedLayerNumbers`' keyframes, when every one of them is still.
    var numbers: NumberTracks<KeyframeTrack<Double>>? = nil
    /// The discrete tracks' step keyframes (no player fits them).
    var anchorPoint: KeyframeTrack<Point>
    var visible: KeyframeTrack<Bool>
}

/// The last layer numbers' still keyframes, kept while the next layer's are the same made
/// tracks (StillTracks makes a new one whenever a value's bits change): one NumberTracks array,
/// not one per layer.
struct StillNumberKeys {
    private var last: NumberTracks<KeyframeTrack<Double>>?

    /// `NumberTracks(LayerProperty.animatedLayerNumbers)` of the keyframes each of `stills` (one
    /// per property, in that order) made last, nil if one made none: made for this layer's numbers.
    mutating func shared(_ stills: [StillTracks<Double>]) -> NumberTracks<KeyframeTrack<Double>>? {
        stills.withUnsafeBufferPointer { made in
            var same = last?.tracks.count == made.count
            for k in made.indices {
                guard let keys = made[k].lastKeys else { return nil }
                if same, let last, !Self.same(keys, last.tracks[k]) { same = false }
            }
            if same, let last { return last }
            var k = 0
            let out = NumberTracks(LayerProperty.animatedLayerNumbers) { _ in
                defer { k += 1 }
                return made[k].lastKeys!
            }
            last = out
            return out
        }
    }

    /// Whether a and b are one made track (their keyframes one buffer).
    static func same(_ a: KeyframeTrack<Double>, _ b: KeyframeTrack<Double>) -> Bool {
        a.keyframes.withUnsafeBufferPointer { x in b.keyframes.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } }
    }
}

/// The last step keyframes made from a discrete track that never changes (a layer's anchor
/// point, whether it is hidden), kept while the next such track starts from the same bits.
struct StillSteps<Value: Hashable & Sendable, Out: Hashable & Sendable> {
    private var last: (initial: Value, keys: KeyframeTrack<Out>)?

    /// `make(track)`.
    mutating func keyframes(_ track: DiscreteTrack<Value>, _ make: (DiscreteTrack<Value>) -> KeyframeTrack<Out>) -> KeyframeTrack<Out> {
        guard track.changes.isEmpty else { return make(track) }
        if let last, sameBits(last.initial, track.initial) { return last.keys }
        let keys = make(track)
        last = (track.initial, keys)
        return keys
    }
}

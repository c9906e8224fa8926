// The layers' keyframes fitted by a FittingReducer. A track still from end to end gets one
// keyframe (FittingReducer.stillKeyframe): made with the track when it has no events
// (StillLayerKeys, for both players); for the others, the layers before it often had the same one (a
// transform's identity, an opacity of 1), so it is shared while its time's and value's bits
// stay the same: an array allocated and freed per track and player was most of the cost of
// fitting a still layer (BENCHMARKS.md#fit39-the-memos-table-in-raw-slots-still-tracks-and-measures-shared-same-bytes-2026-12-06).
import Motion
import Simulation
import TransitionModel

extension KeyframedTransition {
    /// `layers(_:_:)` for the fitting reducer: the same keyframes, still ones shared.
    static func layers(_ inputs: ReductionInputs, _ reducer: FittingReducer) -> [LayerKeyframes] {
        var positions = StillKeys<Point>(), sizes = StillKeys<Size>(), translations = StillKeys<Point>()
        var scales = StillKeys<Point>(), rotations = StillKeys<Double>(), frames = StillKeys<Rect>(), centers = StillKeys<Point>()
        var layerNumbers = NumberTracks(LayerProperty.animatedLayerNumbers) { _ in StillKeys<Double>() }
        var maskNumbers = NumberTracks(LayerProperty.animatedMaskNumbers) { _ in StillKeys<Double>() }
        return inputs.exact.withUnsafeBufferPointer { exact in
            inputs.measures.withUnsafeBufferPointer { measures in
                inputs.stillKeys.withUnsafeBufferPointer { stills in
                    var out: [LayerKeyframes] = []
                    out.reserveCapacity(exact.count)
                    for i in exact.indices {
                        let layer = exact[i].layer
                        // Exact track `t` of this layer, with its measure: its slot in the grids.
                        func slot(_ t: FitGridSlot.Track) -> FitGridSlot { FitGridSlot(grids: inputs.grids, layer: i, track: t) }
                        // A still track's keyframes made with it (StillLayerKeys); the others fitted here.
                        out.append(
                            LayerKeyframes(
                                layer: layer,
                                position: stills[i].position
                                    ?? positions.keyframes(exact[i].position, measures[layer].position, reducer, slot(.position)),
                                size: stills[i].size ?? sizes.keyframes(exact[i].size, measures[layer].size, reducer, slot(.size)),
                                anchorPoint: stills[i].anchorPoint,
                                translation: stills[i].translation
                                    ?? translations.keyframes(exact[i].translation, measures[layer].translation, reducer, slot(.translation)),
                                scale: stills[i].scale ?? scales.keyframes(exact[i].scale, measures[layer].scale, reducer, slot(.scale)),
                                rotation: stills[i].rotation
                                    ?? rotations.keyframes(exact[i].rotation, measures[layer].rotation, reducer, slot(.rotation)),
                                numbers: stills[i].numbers
                                    ?? exact[i].numbers.map {
                                        layerNumbers[$0].keyframes($1, measures[layer].numbers[$0], reducer, slot(.number($0)))
                                    },
                                visible: stills[i].visible,
                                mask: exact[i].mask.map { mask in
                                    MaskKeyframes(
                                        shape: mask.shape,
                                        frame: frames.keyframes(mask.frame, measures[layer].maskFrame, reducer, slot(.maskFrame)),
                                        center: centers.keyframes(mask.center, measures[layer].maskPoint, reducer, slot(.maskCenter)),
                                        numbers: mask.numbers.map {
                                            maskNumbers[$0].keyframes($1, measures[layer].numbers[$0], reducer, slot(.maskNumber($0)))
                                        })
                                }))
                    }
                    return out
                }
            }
        }
    }
}

/// The last still keyframes made for one property, kept while the next still track has the
/// same keyframe (bit for bit).
struct StillKeys<Value: AnimatableValue> {
    private var last: (time: UInt64, value: Value, keys: KeyframeTrack<Value>)?

    /// `reducer.keyframes(for: track, measure: measure)`. Inlined: a call took the track and the
    /// measure retained (their arrays and closures) for a hit that reads two of them.
    /// `grids`: where this track's fit finds and keeps its grids (FitGrids).
    @inline(__always)
    mutating func keyframes(
        _ track: ExactTrack<Value>, _ measure: ErrorMeasure<Value>, _ reducer: FittingReducer, _ grids: FitGridSlot? = nil
    ) -> KeyframeTrack<Value> {
        guard let key = reducer.stillKeyframe(track) else { return reducer.fitted(track, measure: measure, grids: grids) }
        if let last, last.time == key.time.bitPattern, sameBits(last.value, key.value) { return last.keys }
        let keys = KeyframeTrack([key])
        last = (key.time.bitPattern, key.value, keys)
        return keys
    }
}

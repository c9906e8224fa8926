import Motion
import Simulation
// A layer's exact motion as the reducers see it: one `ExactTrack` per exported property, the
// transform's components apart (each is its own SVG transform and Lottie property).
import TransitionModel

package struct ExactLayerTracks: Sendable {
    package struct Mask: Sendable {
        package var shape: LayerMask.Shape
        package var frame: ExactTrack<Rect>
        package var center: ExactTrack<Point>
        /// `LayerProperty.animatedMaskNumbers`, drawn values.
        package var numbers: NumberTracks<ExactTrack<Double>>
    }

    package var layer: Int
    package var position: ExactTrack<Point>
    package var size: ExactTrack<Size>
    package var translation: ExactTrack<Point>
    package var scale: ExactTrack<Point>
    /// Radians, clockwise on screen.
    package var rotation: ExactTrack<Double>
    /// `LayerProperty.animatedLayerNumbers`, drawn values.
    package var numbers: NumberTracks<ExactTrack<Double>>
    /// When the layer has a mask.
    package var mask: Mask?

    /// One per layer, indexed like `simulation.layers`, over the whole timeline. Every track
    /// that moves keeps the values it computed (ExactValueMemo: both players' fits read them),
    /// one memo for the transform's three components.
    /// - Parameter keepingAll: false for a reader that reads each time once (FitReport): only
    ///   the transform keeps its values, read once for its three components.
    package static func all(_ simulation: Simulation, keepingAll: Bool = true) -> [ExactLayerTracks] {
        withStillKeys(simulation, keepingAll: keepingAll).tracks
    }

    /// `all`, and for each layer the keyframes of its tracks that never change (StillLayerKeys),
    /// made here where those tracks are made: both players' fits read them.
    static func withStillKeys(_ simulation: Simulation, keepingAll: Bool = true) -> (tracks: [ExactLayerTracks], stills: [StillLayerKeys]) {
        let end = simulation.timeline.duration
        func memo<V>(_ track: PropertyTrack<V>) -> ExactValueMemo<V>? { track.events.isEmpty || !keepingAll ? nil : ExactValueMemo() }
        let still = StillTrack.breakpoints(until: end)
        // A track that never changes is one of StillTracks: the layers before it may have made it.
        var points = StillTracks<Point>(), sizes = StillTracks<Size>(), rects = StillTracks<Rect>()
        var translations = StillTracks<Point>(), scales = StillTracks<Point>(), rotations = StillTracks<Double>()
        // In `animatedLayerNumbers` order, mutated in place: through NumberTracks' subscript each
        // was copied out and written back (its track and keys retained and released) per number.
        var layerNumbers = [StillTracks<Double>](repeating: StillTracks(), count: LayerProperty.animatedLayerNumbers.count)
        var maskNumbers = NumberTracks(LayerProperty.animatedMaskNumbers) { _ in StillTracks<Double>() }
        // For a layer whose numbers are listed otherwise (none is: SimulatedLayer.numberProperties).
        var otherNumbers = NumberTracks(LayerProperty.animatedLayerNumbers) { _ in StillTracks<Double>() }
        var anchors = StillSteps<Point, Point>(), visible = StillSteps<Bool, Bool>()
        var numberKeys = StillNumberKeys()
        // Whether every layer number of the layer is still (its keyframes: `layerNumbers`' last).
        var numbersStill = true
        func point(_ track: PropertyTrack<Point>) -> ExactTrack<Point> {
            track.events.isEmpty ? points.track(track.initial, breakpoints: still) : ExactTrack(track, until: end, memo: memo(track))
        }
        // Drawn values: CA clamps opacity and corner radii when it draws (LayerProperty.drawnRange).
        func number(_ track: PropertyTrack<Double>, _ p: LayerProperty, _ stills: inout NumberTracks<StillTracks<Double>>) -> ExactTrack<Double> {
            if track.events.isEmpty { return stills[p].drawn(p, initial: track.initial, breakpoints: still) }
            return ExactTrack(track, until: end, memo: memo(track)).clamped(as: p)
        }
        // Each layer's tracks read in place, through a pointer, its numbers by field: `layers.map
        // { l in … }` copied every layer, and so did `layers[i].numberTrack(…)`, even through it.
        return simulation.layers.withUnsafeBufferPointer { layers in
            // Where each layer number's track is in a simulated layer's numbers (the same list for
            // every layer): read there by field, not copied out through NumberTracks' subscript.
            let numberList = layers.first?.numbers.properties ?? []
            let slots = LayerProperty.animatedLayerNumbers.map { numberList.firstIndex(of: $0) ?? -1 }
            func layerNumber(_ i: Int, _ p: LayerProperty, _ k: Int) -> ExactTrack<Double> {
                guard slots[k] >= 0, layers[i].numbers.properties == numberList else {
                    numbersStill = false
                    return number(layers[i].numbers[p], p, &otherNumbers)
                }
                guard layers[i].numbers.tracks[slots[k]].events.isEmpty else {
                    numbersStill = false
                    let track = layers[i].numbers.tracks[slots[k]]
                    return ExactTrack(track, until: end, memo: memo(track)).clamped(as: p)
                }
                return layerNumbers[k].drawn(p, initial: layers[i].numbers.tracks[slots[k]].initial, breakpoints: still)
            }
            var out: [ExactLayerTracks] = [], keys: [StillLayerKeys] = []
            out.reserveCapacity(layers.count)
            keys.reserveCapacity(layers.count)
            for i in layers.indices {
                // The size and transform tracks read in place: `let size = layers[i].size` copied
                // each through its value witness (four copies and three destroys a layer).
                let transformStill = layers[i].transform.events.isEmpty
                let transform = transformStill ? nil : ExactValueMemo<LayerTransform>()
                let simulated = layers[i].index
                // The layer's still keys filled in place in the table: built apart and appended,
                // they were copied (nine references retained) and the local destroyed (released).
                keys.append(
                    StillLayerKeys(
                        anchorPoint: anchors.keyframes(layers[simulated].anchorPoint) { $0.keyframes() },
                        visible: visible.keyframes(layers[simulated].hidden) { $0.keyframes().map { !$0 } }))
                let key = keys.count - 1
                func component<C>(
                    _ f: @escaping @Sendable (LayerTransform) -> C, _ stills: inout StillTracks<C>, _ keys: inout KeyframeTrack<C>?
                ) -> ExactTrack<C> {
                    guard transformStill else { return ExactTrack(layers[i].transform, until: end, component: f, memo: transform) }
                    let made = stills.still(f(layers[i].transform.initial), breakpoints: still)
                    keys = made.keys
                    return made.track
                }
                let position: ExactTrack<Point>
                if layers[i].position.events.isEmpty {
                    (position, keys[key].position) = points.still(layers[i].position.initial, breakpoints: still)
                } else {
                    position = point(layers[i].position)
                }
                let sizeTrack: ExactTrack<Size>
                if layers[i].size.events.isEmpty {
                    (sizeTrack, keys[key].size) = sizes.still(layers[i].size.initial, breakpoints: still)
                } else {
                    sizeTrack = ExactTrack(layers[i].size, until: end, memo: memo(layers[i].size))
                }
                let translation = component({ $0.translation }, &translations, &keys[key].translation)
                let scale = component({ $0.scale }, &scales, &keys[key].scale)
                let rotation = component({ $0.rotation }, &rotations, &keys[key].rotation)
                numbersStill = true
                var k = 0
                let numbers = NumberTracks(LayerProperty.animatedLayerNumbers) { p in
                    defer { k += 1 }
                    return layerNumber(i, p, k)
                }
                keys[key].numbers = numbersStill ? numberKeys.shared(layerNumbers) : nil
                out.append(
                    ExactLayerTracks(
                        layer: layers[i].index, position: position, size: sizeTrack,
                        translation: translation, scale: scale, rotation: rotation, numbers: numbers,
                        mask: layers[i].definition.mask.map { m in
                            let frame = layers[i].maskFrame
                            return Mask(
                                shape: m.shape,
                                frame: frame.events.isEmpty
                                    ? rects.track(frame.initial, breakpoints: still) : ExactTrack(frame, until: end, memo: memo(frame)),
                                center: point(layers[i].maskCenter),
                                numbers: NumberTracks(LayerProperty.animatedMaskNumbers) { number(layers[i].numbers[$0], $0, &maskNumbers) })
                        }))
            }
            return (out, keys)
        }
    }
}

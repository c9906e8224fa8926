// What the keyframes of a transition cost and how far they stray: per animated track, the
// keyframe count and the largest error against the exact motion, measured as the player plays
// the file (key times and easing handles rounded as written) in the tolerance's units.
import FoundationEssentials
import Glibc
import Motion
import Simulation
import TransitionModel

package struct FitReport: Hashable, Sendable {
    package struct Track: Hashable, Sendable {
        /// The layer's id, or `layer-<index>`.
        package var layer: String
        /// position, size, translation, scale, rotation, then the registry's names of the
        /// layer's numbers (opacity …) and its mask's properties (mask.frame …), in registry order.
        package var property: String
        package var keyframes: Int
        /// NaN when not measured here (projected paths: their sampler bounds their error).
        package var maxError: Double
        package var tolerance: Double
        package var unit: ErrorUnit
        /// "exact" (still and bezier-timed stretches only), else the reducer's method ("fitted",
        /// "sampled"); "sampled (projection)" for the paths of a layer under a 3D transform.
        package var method: String

        package var measured: Bool { !maxError.isNaN }
        package var withinTolerance: Bool { !measured || maxError <= tolerance }
        /// The error as a fraction of the tolerance (0 when nothing is tolerated or measured).
        package var errorRatio: Double { measured && tolerance > 0 ? maxError / tolerance : 0 }
    }

    package var player: PlayerRules?
    package var method: String
    /// Animated tracks only, in layer order.
    package var tracks: [Track]

    package var keyframes: Int { tracks.reduce(0) { $0 + $1.keyframes } }
    package var withinTolerance: Bool { tracks.allSatisfy(\.withinTolerance) }
    /// The largest error as a fraction of its tolerance.
    package var worstRatio: Double { worstTrack?.errorRatio ?? 0 }
    /// The measured track whose error is the largest share of its tolerance (the first of equals).
    package var worstTrack: Track? {
        tracks.filter(\.measured).reduce(nil as Track?) { w, t in w.map { t.errorRatio > $0.errorRatio ? t : $0 } ?? t }
    }

    /// Errors are measured in every interval where the exact track moves, at `rate` per second
    /// (and 8 points per still interval), away from breakpoints by 10 µs (a file's rounded key
    /// time may put a jump a microsecond off).
    /// - Parameter inputs: the inputs the transition was reduced from, when at hand (saves
    ///   recomputing its measures and exact tracks).
    package init(_ transition: KeyframedTransition, inputs: ReductionInputs? = nil, rate: Double = 4000) {
        self = Self.all([transition], inputs: inputs, rate: rate)[0]
    }

    init(player: PlayerRules?, method: String, tracks: [Track]) {
        self.player = player; self.method = method; self.tracks = tracks
    }

    /// The reports of transitions fitted from one simulation (one per player), each as `init`
    /// gives it; the exact motion is computed once at each measured time for all of them (the
    /// SVG's and the Lottie's reports read the same exact tracks at the same times).
    package static func all(_ transitions: [KeyframedTransition], inputs: ReductionInputs? = nil, rate: Double = 4000) -> [FitReport] {
        guard let first = transitions.first else { return [] }
        let sim = first.simulation
        let measures = inputs?.measures ?? LayerMeasures.all(sim, tolerance: first.tolerance)
        // Its own exact tracks, the same values: the fits' keep every value they computed, and
        // each of the report's ~4,000 reads a second would be one more kept in theirs.
        let exactTracks = ExactLayerTracks.all(sim, keepingAll: false)
        let timings = transitions.map { PlayerTiming(rules: $0.player, duration: sim.timeline.duration, frameRate: $0.definition.frameRate) }
        var tracks = [[Track]](repeating: [], count: transitions.count)
        for x in exactTracks {
            let m = measures[x.layer]
            let name = sim.layers[x.layer].id ?? "layer-\(x.layer)"
            func add<V: AnimatableValue>(
                _ property: String, _ track: (LayerKeyframes) -> KeyframeTrack<V>?, _ exact: ExactTrack<V>, _ measure: ErrorMeasure<V>
            ) {
                let moves = exact.pieces.contains { $0 != .still }
                let reported = transitions.indices.compactMap { r in
                    track(transitions[r].layers[x.layer]).flatMap { kt in moves || kt.isAnimated ? (r, kt) : nil }
                }
                guard !reported.isEmpty else { return }
                let errors = maxErrors(reported.map { timings[$0.0].played($0.1) }, exact, measure, rate: rate)
                for ((r, kt), error) in zip(reported, errors) {
                    let player = transitions[r].player
                    let exactOnly = exact.pieces.allSatisfy { piece in
                        if case .bezier(let c) = piece { return player?.plays(c) ?? true }
                        return piece == .still
                    }
                    tracks[r].append(
                        Track(
                            layer: name, property: property, keyframes: kt.keyframes.count, maxError: error,
                            tolerance: measure.tolerance, unit: measure.unit, method: exactOnly ? "exact" : transitions[r].method))
                }
            }
            add("position", { $0.position }, x.position, m.position)
            add("size", { $0.size }, x.size, m.size)
            add("translation", { $0.translation }, x.translation, m.translation)
            add("scale", { $0.scale }, x.scale, m.scale)
            add("rotation", { $0.rotation }, x.rotation, m.rotation)
            for p in LayerProperty.animatedLayerNumbers { add(p.rawValue, { $0.numbers[p] }, x.numbers[p], m.numbers[p]) }
            if let mx = x.mask {
                // The mask's properties in registry order: its one rect, its one point, its numbers.
                for p in LayerProperty.allCases where !p.isLayerMember {
                    switch p.valueKind {
                    case .rect: add(p.rawValue, { $0.mask?.frame }, mx.frame, m.maskFrame)
                    case .point: add(p.rawValue, { $0.mask?.center }, mx.center, m.maskPoint)
                    case .number: add(p.rawValue, { $0.mask?.numbers[p] }, mx.numbers[p], m.numbers[p])
                    case .size, .transform, .flag: preconditionFailure("a mask has no \(p.rawValue) track")
                    }
                }
            }
        }
        return transitions.indices.map { r in
            let transition = transitions[r]
            // Layers under a 3D transform are drawn as projected paths, sampled (ProjectionSampler).
            for case let p? in transition.projected {
                let name = sim.layers[p.layer].id ?? "layer-\(p.layer)"
                func add(_ property: String, _ count: Int) {
                    tracks[r].append(
                        Track(
                            layer: name, property: property, keyframes: count, maxError: .nan,
                            tolerance: ProjectionTolerance.interpolation, unit: .px, method: "sampled (projection)"))
                }
                for (k, paint) in p.paint.enumerated() { add(p.paint.count > 1 ? "path[\(k)]" : "path", paint.path.keyframes.count) }
                if let clip = p.clip { add("clip", clip.keyframes.count) }
                if let mask = p.mask { add("mask", mask.keyframes.count) }
            }
            return FitReport(player: transition.player, method: transition.method, tracks: tracks[r])
        }
    }

    /// The largest error of `keyframes` against `exact` over the timeline.
    package static func maxError<V: AnimatableValue>(
        _ keyframes: KeyframeTrack<V>, _ exact: ExactTrack<V>,
        _ measure: ErrorMeasure<V>, rate: Double = 4000
    ) -> Double {
        maxErrors([keyframes], exact, measure, rate: rate)[0]
    }

    /// `maxError` of each keyframe track, the exact value read once per time for all of them.
    static func maxErrors<V: AnimatableValue>(
        _ keyframes: [KeyframeTrack<V>], _ exact: ExactTrack<V>, _ measure: ErrorMeasure<V>, rate: Double
    ) -> [Double] {
        let margin = 1e-5
        var worst = [Double](repeating: 0, count: keyframes.count)
        // Times only increase, so the keyframe before t is found by walking forward, not by
        // scanning the track at each of the ~4,000 times a second.
        var cursors = [KeyframeCursor](repeating: KeyframeCursor(), count: keyframes.count)
        for (k, piece) in exact.pieces.enumerated() {
            let a = exact.breakpoints[k], b = exact.breakpoints[k + 1]
            guard b - a > 2 * margin else { continue }
            let n = piece == .still ? 8 : max(16, Int(((b - a) * rate).rounded(.up)))
            for s in 0...n {
                let t = a + margin + (b - a - 2 * margin) * Double(s) / Double(n)
                let e = exact.value(t)
                for j in keyframes.indices {
                    worst[j] = max(worst[j], measure.norm(cursors[j].value(of: keyframes[j], at: t) - e))
                }
            }
        }
        return worst
    }
}

/// `KeyframeTrack.value(at:)` at non-decreasing times: the same value, the same arithmetic,
/// with the last keyframe at or before t found from where the previous time's search ended
/// (key times are sorted; PlayerTiming's rounding keeps them so).
struct KeyframeCursor {
    /// How many keyframes are at or before the last time asked.
    private var count = 0

    mutating func value<V: AnimatableValue>(of track: KeyframeTrack<V>, at t: Double) -> V {
        let keys = track.keyframes
        guard t >= keys[0].time else { return keys[0].value }
        while count < keys.count && keys[count].time <= t { count += 1 }
        return track.value(at: t, fromKey: count - 1)
    }
}

/// How a player reads key times (its rules' `keyTimes`) and easing handles (6 decimals) from
/// the file; without a player, as they are.
struct PlayerTiming {
    var rules: PlayerRules?
    var duration: Double
    var frameRate: Double

    func time(_ t: Double) -> Double { rules?.playedTime(t, duration: duration, frameRate: frameRate) ?? t }

    func played<V>(_ track: KeyframeTrack<V>) -> KeyframeTrack<V> {
        guard rules != nil else { return track }
        return KeyframeTrack(
            track.keyframes.map { k in
                var k = k
                k.time = time(k.time)
                if case .bezier(let c) = k.easing { k.easing = .bezier(c.rounded6) }
                return k
            })
    }
}

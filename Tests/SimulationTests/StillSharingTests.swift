import Motion
import Simulation
import TransitionModel
import XCTest

@testable import Keyframes

/// What the reduction's inputs share between layers (SharedMeasures, StillTracks, StillKeys,
/// StillSteps): each keeps one value, reused only when every number it was made from has the
/// same bits; changing any one of them makes a new value.
final class StillSharingTests: XCTestCase {
    let d = Point(3, 4)

    func testAMeasureIsSharedOnlyForTheSameBitsOfEachNumberItCaptures() {
        var shared = SharedMeasures(tolerance: .standard)
        XCTAssertEqual(shared.point(scaledBy: 2).norm(d), 10)
        XCTAssertEqual(shared.point(scaledBy: 2).norm(d), 10)
        XCTAssertEqual(shared.point(scaledBy: 3).norm(d), 15)
        XCTAssertEqual(shared.length(scaledBy: 2).norm(-1.5), 3)
        XCTAssertEqual(shared.length(scaledBy: 4).norm(-1.5), 6)
        let rect = Rect(origin: Point(1, 0), size: Size(0, 0))
        let frame2 = shared.maskFrame(scaledBy: 2).norm(rect)
        XCTAssertEqual(shared.maskFrame(scaledBy: 4).norm(rect), 2 * frame2)
        // Scale: w, hx, hy, each changed alone.
        XCTAssertEqual(shared.scale(1, 1, 1).norm(d), 5)
        XCTAssertEqual(shared.scale(2, 1, 1).norm(d), 10)
        XCTAssertEqual(shared.scale(2, 0, 1).norm(d), 8)
        XCTAssertEqual(shared.scale(2, 0, 0).norm(d), 0)
        // Size: own, ax, ay, each changed alone.
        let s = Size(3, 4)
        XCTAssertEqual(shared.size(1, 1, 1).norm(s), 5)
        XCTAssertEqual(shared.size(2, 1, 1).norm(s), 10)
        XCTAssertEqual(shared.size(2, 0, 1).norm(s), 8)
        XCTAssertEqual(shared.size(2, 0, 0).norm(s), 0)
        // 0 and −0 are told apart (a norm scaled by −0 gives −0).
        XCTAssertEqual(shared.length(scaledBy: 0).norm(1).sign, .plus)
        XCTAssertEqual(shared.length(scaledBy: -0.0).norm(1).sign, .minus)
    }

    /// A layer's number measures are shared only for the same bits of the length scale; the
    /// fraction's is the same at any scale.
    func testTheNumberMeasuresAreSharedOnlyForTheSameLengthScale() {
        var shared = SharedMeasures(tolerance: .standard)
        XCTAssertEqual(shared.numbers(scaledBy: 2).properties, SharedMeasures.numberProperties)
        XCTAssertEqual(shared.numbers(scaledBy: 2)[.cornerRadius].norm(-1.5), 3)
        XCTAssertEqual(shared.numbers(scaledBy: 2)[.maskRadius].norm(-1.5), 3)
        XCTAssertEqual(shared.numbers(scaledBy: 4)[.cornerRadius].norm(-1.5), 6)
        XCTAssertEqual(shared.numbers(scaledBy: 4)[.opacity].norm(-0.25), 0.25)
        XCTAssertEqual(shared.numbers(scaledBy: 0)[.cornerRadius].norm(1).sign, .plus)
        XCTAssertEqual(shared.numbers(scaledBy: -0.0)[.cornerRadius].norm(1).sign, .minus)
        // The lengths' own table agrees after the numbers made theirs.
        XCTAssertEqual(shared.length(scaledBy: -0.0).norm(1).sign, .minus)
        XCTAssertEqual(shared.numbers(scaledBy: 3)[.maskRadius].norm(2), 6)
    }

    func testSameBitsComparesEveryByte() {
        XCTAssertTrue(sameBits(1.5, 1.5))
        XCTAssertFalse(sameBits(0.0, -0.0))
        XCTAssertTrue(sameBits(Double.nan, Double.nan))
        XCTAssertTrue(sameBits(Rect(origin: Point(1, 2), size: Size(3, 4)), Rect(origin: Point(1, 2), size: Size(3, 4))))
        // Each of a rect's four numbers changed alone, by its last bit.
        let r = [1.0, 2, 3, 4]
        for k in 0..<4 {
            var s = r
            s[k] = s[k].nextUp
            XCTAssertFalse(sameBits(Rect(origin: Point(r[0], r[1]), size: Size(r[2], r[3])), Rect(origin: Point(s[0], s[1]), size: Size(s[2], s[3]))))
        }
        // Sizes that are not a multiple of 8 bytes: the tail compared byte by byte.
        XCTAssertTrue(sameBits(true, true))
        XCTAssertFalse(sameBits(true, false))
        XCTAssertTrue(sameBits((UInt64(7), UInt8(1)), (UInt64(7), UInt8(1))))
        XCTAssertFalse(sameBits((UInt64(7), UInt8(1)), (UInt64(7), UInt8(2))))
        XCTAssertFalse(sameBits((UInt64(7), UInt8(1)), (UInt64(8), UInt8(1))))
        // A value with references is never the same.
        XCTAssertFalse(sameBits([1.0], [1.0]))
    }

    func testAStillTrackIsSharedOnlyForTheSameBits() {
        var stills = StillTracks<Double>()
        let breakpoints = StillTrack.breakpoints(until: 1)
        XCTAssertEqual(stills.track(1, breakpoints: breakpoints).value(0.5), 1)
        XCTAssertEqual(stills.track(1, breakpoints: breakpoints).value(0.5), 1)
        XCTAssertEqual(stills.track(2, breakpoints: breakpoints).value(0.5), 2)
        XCTAssertEqual(stills.track(0, breakpoints: breakpoints).value(0.5).sign, .plus)
        XCTAssertEqual(stills.track(-0.0, breakpoints: breakpoints).value(0.5).sign, .minus)
        let track = stills.track(2, breakpoints: breakpoints)
        XCTAssertEqual(track.breakpoints, [0, 1])
        XCTAssertEqual(track.pieces, [.still])
        XCTAssertEqual(stills.track(2, breakpoints: [0]).pieces, [], "no piece over an empty timeline")
        // Drawn numbers: the constant clamped as its property is drawn.
        var numbers = NumberTracks(LayerProperty.animatedLayerNumbers) { _ in StillTracks<Double>() }
        XCTAssertEqual(numbers[.opacity].drawn(.opacity, initial: 1.5, breakpoints: breakpoints).value(0), 1)
        XCTAssertEqual(numbers[.opacity].drawn(.opacity, initial: 0.5, breakpoints: breakpoints).value(0), 0.5)
    }

    /// A still track's keyframes, made with it, are the fitting reducer's for every player; none
    /// where it fits none as still (a NaN, an empty timeline); made again whenever the value's bits change.
    func testAStillTracksKeyframesAreEveryPlayersFit() throws {
        var stills = StillTracks<Double>()
        let breakpoints = StillTrack.breakpoints(until: 1)
        let measure = ErrorMeasure<Double>(tolerance: 0.1, unit: .value) { abs($0) }
        var previous: KeyframeTrack<Double>?
        for v in [1.0, 1, 2, 0, -0.0, 0.5] {
            let made = stills.still(v, breakpoints: breakpoints)
            let keys = try XCTUnwrap(made.keys)
            for rules in PlayerRules.players {
                XCTAssertEqual(keys, FittingReducer(rules: rules).keyframes(for: made.track, measure: measure))
            }
            XCTAssertEqual(keys.keyframes[0].value.bitPattern, v.bitPattern)
            if let previous { XCTAssertEqual(StillNumberKeys.same(previous, keys), sameBits(previous.keyframes[0].value, v)) }
            previous = keys
        }
        XCTAssertNil(stills.still(.nan, breakpoints: breakpoints).keys)
        XCTAssertNil(stills.still(1, breakpoints: [0]).keys)
        // Drawn numbers: the clamped constant's keyframe.
        _ = stills.drawn(.opacity, initial: 1.5, breakpoints: breakpoints)
        XCTAssertEqual(stills.lastKeys?.keyframes[0].value, 1)
    }

    /// The layer numbers' keyframes are one NumberTracks while they are the same made tracks.
    func testStillNumberKeysAreSharedOnlyForTheSameTracks() throws {
        let breakpoints = StillTrack.breakpoints(until: 1)
        var stills = [StillTracks<Double>](repeating: StillTracks(), count: LayerProperty.animatedLayerNumbers.count)
        var numbers = StillNumberKeys()
        func layer(_ values: [Double]) -> NumberTracks<KeyframeTrack<Double>>? {
            for (k, p) in LayerProperty.animatedLayerNumbers.enumerated() { _ = stills[k].drawn(p, initial: values[k], breakpoints: breakpoints) }
            return numbers.shared(stills)
        }
        let count = LayerProperty.animatedLayerNumbers.count
        let halves = Array(repeating: 0.5, count: count)
        let first = try XCTUnwrap(layer(halves))
        XCTAssertEqual(first.properties, LayerProperty.animatedLayerNumbers)
        XCTAssertEqual(first.tracks.map { $0.keyframes[0].value }, halves)
        // The same values again: the same made tracks.
        let again = try XCTUnwrap(layer(halves))
        XCTAssertTrue(zip(again.tracks, first.tracks).allSatisfy { StillNumberKeys.same($0, $1) })
        // Each number changed alone: a new track for it, its value; then back.
        for k in 0..<count {
            var values = halves
            values[k] = 0.25
            let made = try XCTUnwrap(layer(values))
            XCTAssertEqual(made.tracks.map { $0.keyframes[0].value }, values)
            XCTAssertFalse(StillNumberKeys.same(made.tracks[k], first.tracks[k]))
            XCTAssertEqual(try XCTUnwrap(layer(halves)).tracks.map { $0.keyframes[0].value }, halves)
        }
    }

    func testStillKeyframesAreSharedOnlyForTheSameBits() {
        var keys = StillKeys<Double>()
        let reducer = FittingReducer(rules: .lottie)
        let measure = ErrorMeasure<Double>(tolerance: 0.1, unit: .value) { abs($0) }
        let breakpoints = StillTrack.breakpoints(until: 1)
        func still(_ v: Double) -> ExactTrack<Double> { ExactTrack(breakpoints: breakpoints, pieces: [.still], value: { _ in v }) }
        for v in [1.0, 1, 2, 0, -0.0, 0] {
            let made = keys.keyframes(still(v), measure, reducer)
            XCTAssertEqual(made, reducer.keyframes(for: still(v), measure: measure))
            XCTAssertEqual(made.keyframes[0].value.bitPattern, v.bitPattern)
        }
        // The keyframe's time is in the key too.
        let later = ExactTrack<Double>(breakpoints: [0.25, 1], pieces: [.still], value: { _ in 0 })
        XCTAssertEqual(keys.keyframes(later, measure, reducer).keyframes[0].time, 0.25)
        // A track that moves is fitted, not shared.
        let moving = ExactTrack<Double>(breakpoints: breakpoints, pieces: [.moving], value: { $0 })
        XCTAssertEqual(keys.keyframes(moving, measure, reducer), reducer.keyframes(for: moving, measure: measure))
        var steps = StillSteps<Bool, Bool>()
        XCTAssertEqual(steps.keyframes(DiscreteTrack(initial: true)) { $0.keyframes() }.initialValue, true)
        XCTAssertEqual(steps.keyframes(DiscreteTrack(initial: false)) { $0.keyframes() }.initialValue, false)
    }

    /// The layers fitted with the shared keyframes equal each track fitted on its own.
    func testFittedLayersEqualEachTrackFittedAlone() throws {
        let sim = try Simulation(douyinPresent())
        let inputs = ReductionInputs(sim, tolerance: .standard)
        for rules in PlayerRules.players {
            let reducer = FittingReducer(rules: rules)
            let layers = KeyframedTransition.layers(inputs, reducer)
            XCTAssertEqual(layers.count, sim.layers.count)
            var shared = 0
            for (x, exact) in inputs.exact.enumerated() {
                let m = inputs.measures[exact.layer], l = layers[x]
                XCTAssertEqual(l.position, reducer.keyframes(for: exact.position, measure: m.position))
                XCTAssertEqual(l.size, reducer.keyframes(for: exact.size, measure: m.size))
                XCTAssertEqual(l.translation, reducer.keyframes(for: exact.translation, measure: m.translation))
                XCTAssertEqual(l.scale, reducer.keyframes(for: exact.scale, measure: m.scale))
                XCTAssertEqual(l.rotation, reducer.keyframes(for: exact.rotation, measure: m.rotation))
                for (p, track) in exact.numbers.all {
                    XCTAssertEqual(l.numbers[p], reducer.keyframes(for: track, measure: m.numbers[p]))
                }
                XCTAssertEqual(l.anchorPoint, sim.layers[exact.layer].anchorPoint.keyframes())
                XCTAssertEqual(l.visible, sim.layers[exact.layer].hidden.keyframes().map { !$0 })
                if !l.rotation.isAnimated { shared += 1 }
            }
            XCTAssertGreaterThan(shared, 1)
        }
    }
}

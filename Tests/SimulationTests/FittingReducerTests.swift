import Keyframes
import Motion
import Simulation
import TransitionModel
import XCTest

/// The error-bounded reducer on single tracks (FittingReducer, CurveFitter, ExactTrack).
final class FittingReducerTests: XCTestCase {
    /// The present spring (ζ 0.8, v 1, 0.3 s) fitted for each player: within 0.25 px at 1,000
    /// points as `KeyframeTrack.value(at:)` plays it, in a handful of keyframes.
    func testFittedSpringStaysWithinToleranceAtAThousandPoints() throws {
        let sim = try Simulation(douyinPresent())
        let player = try XCTUnwrap(sim.index(ofLayer: "player"))
        let measure = LayerMeasures.all(sim, tolerance: .standard)[player].position
        let exact = ExactTrack(sim.layers[player].position, until: sim.timeline.duration)
        for format in PlayerRules.players {
            let track = FittingReducer(rules: format).keyframes(for: exact, measure: measure)
            var worst = 0.0
            for k in 0..<1000 {
                let t = 0.6 + 0.3 * Double(k) / 999
                worst = max(worst, measure.error(track.value(at: t), exact.value(t)))
            }
            XCTAssertLessThanOrEqual(worst, 0.25, "\(format.name)")
            XCTAssertGreaterThan(worst, 0.05, "\(format.name)")  // it is fitted to the tolerance, not exact
            let inSpring = track.keyframes.filter { $0.time >= 0.6 && $0.time <= 0.9 && $0.easing != .hold }
            XCTAssertLessThanOrEqual(inSpring.count, format == .smil ? 4 : 3, "\(format.name)")
            for k in track.keyframes {
                if case .bezier(let c) = k.easing, format == .smil { XCTAssertTrue(c.staysInUnitInterval, "\(c)") }
            }
        }
    }

    /// The jump onto the cell at 0.6 s stays a jump (hold, then the new value at the same time);
    /// the spring's cut at 0.9 s (the value snaps by < 0.1 px) is absorbed into the last segment.
    func testJumpsStayAndTheSpringsCutIsAbsorbed() throws {
        let sim = try Simulation(douyinPresent())
        let player = try XCTUnwrap(sim.index(ofLayer: "player"))
        let track = sim.layers[player].position
        let cut = try XCTUnwrap(track.animations.first).endTime  // 0.6 + 0.3 in doubles
        XCTAssertGreaterThan(track.value(at: cut.nextDown).distance(to: track.value(at: cut)), 1e-6)
        let kfs = FittingReducer(rules: .smil).keyframes(for: track, until: sim.timeline.duration).keyframes
        let jump = try XCTUnwrap(kfs.firstIndex { $0.time == 0.6 })
        XCTAssertEqual(kfs[jump].easing, .hold)
        XCTAssertEqual(kfs[jump + 1].time, 0.6)
        XCTAssertEqual(kfs[jump + 1].value, Point(293, 478.5))
        XCTAssertEqual(kfs.last?.value, Point(195, 422))
        XCTAssertFalse(kfs.contains { abs($0.time - cut) < 1e-9 && $0.easing == .hold })
    }

    /// A track still from end to end is one keyframe at its start; a still piece whose value
    /// jumps at its end keeps the hold before the jump (the first key, equal to it, dropped).
    func testStillTrackIsOneKeyframeAndAJumpAtItsEndStays() {
        let measure = ErrorMeasure<Double>.magnitude(tolerance: 0.01)
        for rules in PlayerRules.players {
            let still = ExactTrack<Double>(breakpoints: [0.5, 2], pieces: [.still], value: { _ in 3 })
            XCTAssertEqual(FittingReducer(rules: rules).keyframes(for: still, measure: measure).keyframes, [Keyframe(time: 0.5, value: 3)])
            let jump = ExactTrack<Double>(breakpoints: [0.5, 2], pieces: [.still], value: { $0 < 2 ? 3 : 5 })
            XCTAssertEqual(
                FittingReducer(rules: rules).keyframes(for: jump, measure: measure).keyframes,
                [Keyframe(time: 2, value: 3, easing: .hold), Keyframe(time: 2, value: 5)])
        }
    }

    /// A transform component that no animation changes is still, so it costs nothing to fit.
    func testComponentThatNoAnimationChangesIsStill() throws {
        let sim = try Simulation(douyinPresent())
        let player = try XCTUnwrap(sim.index(ofLayer: "player"))
        let end = sim.timeline.duration
        let scale = ExactTrack(sim.layers[player].transform, until: end, component: \.scale)
        let rotation = ExactTrack(sim.layers[player].transform, until: end, component: \.rotation)
        XCTAssertTrue(scale.pieces.contains(.moving))
        XCTAssertTrue(rotation.pieces.allSatisfy { $0 == .still })
    }

    /// The sampler is still available behind the same protocol, and is what the fitter beats.
    func testSamplingReducerStaysSwappable() throws {
        let sim = try Simulation(douyinPresent())
        let player = try XCTUnwrap(sim.index(ofLayer: "player"))
        let sampled = KeyframedTransition(sim, reducer: SamplingReducer(sampleRate: 60))
        let fitted = KeyframedTransition.fitted(sim, for: .lottie)
        XCTAssertEqual(sampled.method, "sampled")
        XCTAssertEqual(fitted.method, "fitted")
        XCTAssertGreaterThan(sampled.layers[player].position.keyframes.count, 4 * fitted.layers[player].position.keyframes.count / 2)
        let s = FitReport(sampled), f = FitReport(fitted)
        XCTAssertFalse(s.withinTolerance)  // 60 fps baking leaves pixels of error between frames
        XCTAssertTrue(f.withinTolerance)
    }
}

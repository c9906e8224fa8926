import Keyframes
import Motion
import Simulation
import TransitionModel
import XCTest

final class KeyframeReducerTests: XCTestCase {
    func testBezierChangeIsExactlyTwoKeyframesWithItsControlPoints() throws {
        var def = douyinPresent(hold: 0.5)
        def.phases = [
            Phase(
                name: "fade",
                blocks: [
                    AnimationBlock(
                        duration: 0.4, timing: .cubicBezier(x1: 0.3, y1: 0.1, x2: 0.2, y2: 1),
                        changes: [PropertyChange(layer: "feed", .opacity(0.25))])
                ])
        ]
        let kt = KeyframedTransition(try Simulation(def))
        let feed = try XCTUnwrap(kt.simulation.index(ofLayer: "feed"))
        let kfs = kt.layers[feed].opacity.keyframes
        XCTAssertEqual(kfs.count, 2)  // players hold the first value before and the last after
        XCTAssertEqual(kfs[0], Keyframe(time: 0.5, value: 1, easing: .bezier(CubicBezier(0.3, 0.1, 0.2, 1))))
        XCTAssertEqual(kfs[1].time, 0.9, accuracy: 1e-12)
        XCTAssertEqual(kfs[1].value, 0.25)
    }

    func testSampledSpringStaysCloseToTheExactTrack() throws {
        let sim = try Simulation(douyinPresent())
        let kt = KeyframedTransition(sim, reducer: SamplingReducer(sampleRate: 240))
        let player = try XCTUnwrap(sim.index(ofLayer: "player"))
        let track = kt.layers[player].position
        var worst = 0.0
        for k in 0...3000 {
            let t = 0.6 + 0.3 * Double(k) / 3000
            worst = max(worst, track.value(at: t).distance(to: sim.state(at: t).layers[player].position))
        }
        // Linear segments at 240 Hz under a spring with p'' up to ~840/s²: ≤ 840·(1/240)²/8 · 98 pt ≈ 0.18 pt.
        XCTAssertLessThan(worst, 0.2)
        XCTAssertGreaterThan(worst, 0.001)  // it is sampled, not exact; the fitter will do better
        // Exact at every keyframe.
        for kf in track.keyframes where kf.easing != .hold {
            XCTAssertEqual(kf.value.distance(to: sim.layers[player].position.value(at: kf.time)), 0, accuracy: 1e-9)
        }
    }

    func testInstantChangesBecomeJumps() throws {
        let sim = try Simulation(douyinPresent())
        let kt = KeyframedTransition(sim)
        let player = try XCTUnwrap(sim.index(ofLayer: "player"))
        let kfs = kt.layers[player].position.keyframes
        // At 0.6 s the seed moves the hidden player onto the cell: a hold then a keyframe at the same time.
        let jump = try XCTUnwrap(kfs.firstIndex { $0.time == 0.6 })
        XCTAssertEqual(kfs[jump].easing, .hold)
        XCTAssertEqual(kfs[jump].value, Point(195, 422))
        XCTAssertEqual(kfs[jump + 1].time, 0.6)
        XCTAssertEqual(kfs[jump + 1].value, Point(293, 478.5))
        XCTAssertEqual(kt.layers[player].visible.keyframes.map(\.value), [false, true])
    }

    func testStillFreezesTheExactState() throws {
        let sim = try Simulation(douyinPresent())
        let still = KeyframedTransition.still(sim, at: 0.65)
        let player = try XCTUnwrap(sim.index(ofLayer: "player"))
        XCTAssertFalse(still.layers[player].scale.isAnimated)
        XCTAssertEqual(still.layers[player].scale.initialValue, sim.state(at: 0.65).layers[player].transform.scale)
    }
}

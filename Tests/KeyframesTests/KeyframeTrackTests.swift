import Keyframes
import Motion
import XCTest

/// KeyframeTrack's everyday members, which the exporters run specialized (Keyframe.swift says why).
final class KeyframeTrackTests: XCTestCase {
    /// A hand-made track with a jump, a hold and a bezier: `map` keeps each key's time and easing.
    func testMapKeepsTimesAndEasings() {
        let t = KeyframeTrack([
            Keyframe(time: 0, value: 1.0, easing: .hold), Keyframe(time: 0.5, value: 2.0, easing: .bezier(CubicBezier(0.3, 0, 0.2, 1))),
            Keyframe(time: 0.5, value: 3.0), Keyframe(time: 1, value: 4.0),
        ])
        let m = t.map { $0 * 10 }
        XCTAssertEqual(m.keyframes.map(\.time), [0, 0.5, 0.5, 1])
        XCTAssertEqual(m.keyframes.map(\.value), [10, 20, 30, 40])
        XCTAssertEqual(m.keyframes.map(\.easing), [.hold, .bezier(CubicBezier(0.3, 0, 0.2, 1)), .linear, .linear])
        XCTAssertEqual(t.initialValue, 1)
        XCTAssertTrue(t.isAnimated)
        XCTAssertFalse(KeyframeTrack.constant(2.0).isAnimated)
        XCTAssertFalse(KeyframeTrack([Keyframe(time: 0, value: 2.0), Keyframe(time: 1, value: 2.0)]).isAnimated)
        XCTAssertEqual(KeyframeTrack.constant(7.0).keyframes, [Keyframe(time: 0, value: 7.0, easing: .linear)])
    }
}

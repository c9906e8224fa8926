import Motion
import XCTest

@testable import Simulation

// A track keeps a custom curve's function in a CustomCurve (a reference read in place): its reads
// must be the animation's own delta to the bit, and tracks must compare and hash by the functions.
final class CustomCurveTrackTests: XCTestCase {
    private struct Scaled: ProgressFunction {
        var k: Double
        func progress(at t: Double) -> Double { (abs(t) * k).squareRoot() }
    }

    private static func track(_ k: Double) -> (PropertyTrack<Double>, TrackAnimation<Double>) {
        let a = TrackAnimation<Double>(
            callTime: 0.25, delay: 0.05, curve: AnimationCurve(.custom(CustomProgress(Scaled(k: k))), duration: 0.6), from: 3, to: -1.5)
        var track = PropertyTrack<Double>(initial: 3)
        track.append(.animate(a))
        return (track, a)
    }

    func testReadIsTheAnimationsDeltaToTheBit() {
        let (track, a) = Self.track(1.7)
        var attached = 0
        for k in 0...1_000 {
            let t = Double(k) / 1_000
            let expected = t < a.callTime ? 3 : t < a.endTime ? a.to + a.delta(at: t) : a.to
            if t >= a.callTime && t < a.endTime { attached += 1 }
            XCTAssertEqual(track.value(at: t).bitPattern, expected.bitPattern, "at \(t)")
        }
        XCTAssertGreaterThan(attached, 500)
    }

    func testTracksCompareAndHashByTheirFunctions() {
        let (one, _) = Self.track(1.7), (same, _) = Self.track(1.7), (other, _) = Self.track(1.8)
        XCTAssertEqual(one, same)
        XCTAssertEqual(one.hashValue, same.hashValue)
        XCTAssertNotEqual(one, other)
        XCTAssertEqual(CustomCurve(CustomProgress(Scaled(k: 2))), CustomCurve(CustomProgress(Scaled(k: 2))))
        XCTAssertNotEqual(CustomCurve(CustomProgress(Scaled(k: 2))), CustomCurve(CustomProgress(Scaled(k: 3))))
    }
}

import Keyframes
import Motion
// What a player accepts is data (PlayerRules): its values, and that the fitter follows the
// values rather than the player's name.
import XCTest

@testable import Simulation

final class PlayerRulesTests: XCTestCase {
    func testSMILAndLottieRules() {
        let smil = PlayerRules.smil, lottie = PlayerRules.lottie
        XCTAssertEqual(smil.name, "smil")
        XCTAssertTrue(smil.handlesInUnitSquare)
        XCTAssertEqual(smil.handleY, 0...1)
        XCTAssertEqual(smil.keyTimes, .fractionOfDuration(decimals: 6))
        XCTAssertEqual(smil.aim, 0.6)
        XCTAssertEqual(lottie.name, "lottie")
        XCTAssertFalse(lottie.handlesInUnitSquare)
        XCTAssertEqual(lottie.handleY, -8...8)
        XCTAssertEqual(lottie.keyTimes, .frames(decimals: 6))
        XCTAssertEqual(lottie.aim, 1)
        XCTAssertEqual(PlayerRules.players, [smil, lottie])
    }

    /// An overshooting curve (y handle 1.56) plays in Lottie, not in SMIL; ease-in-out in both.
    func testWhichEasingsAPlayerPlays() {
        let back = CubicBezier(0.34, 1.56, 0.64, 1)
        XCTAssertFalse(PlayerRules.smil.plays(back))
        XCTAssertTrue(PlayerRules.lottie.plays(back))
        XCTAssertTrue(PlayerRules.smil.plays(.easeInEaseOut))
        XCTAssertTrue(PlayerRules.lottie.plays(.easeInEaseOut))
    }

    /// Key times as the files write them: SMIL a fraction of the loop, Lottie frames, 6 decimals.
    func testPlayedKeyTimes() {
        XCTAssertEqual(PlayerRules.smil.playedTime(1, duration: 3, frameRate: 60), 0.333333 * 3, accuracy: 1e-15)
        XCTAssertEqual(PlayerRules.lottie.playedTime(1.0 / 7, duration: 3, frameRate: 60), 8.571429 / 60, accuracy: 1e-15)
        XCTAssertEqual(PlayerRules.smil.playedTime(0.25, duration: 0, frameRate: 60), 0.25, "no duration: as written")
        XCTAssertEqual(PlayerRules.lottie.playedTime(0.25, duration: 3, frameRate: 0), 0.25)
    }

    /// The aim: SMIL's 0.6 of the tolerance, Lottie's all of it, unless the caller sets one.
    func testAimComesFromTheRules() {
        XCTAssertEqual(FittingReducer(rules: .smil).aim, 0.6)
        XCTAssertEqual(FittingReducer(rules: .lottie).aim, 1)
        XCTAssertEqual(FittingReducer(rules: .smil, aim: 0.9).aim, 0.9)
    }

    /// An animation timed by an overshooting curve: Lottie keeps it as one segment with the
    /// curve's own handles; SMIL fits it with handles in the unit square (more segments); and a
    /// player value that only shares SMIL's handle rules and aim gets SMIL's keyframes exactly.
    func testTheHandleRulesDecideTheFit() throws {
        let back = CubicBezier(0.34, 1.56, 0.64, 1)
        var track = PropertyTrack<Double>(initial: 0)
        track.append(.animate(TrackAnimation(callTime: 0, delay: 0, curve: AnimationCurve(.bezier(back), duration: 0.5), from: 0, to: 100)))
        let lottie = FittingReducer(rules: .lottie).keyframes(for: track, until: 1).keyframes
        let smil = FittingReducer(rules: .smil).keyframes(for: track, until: 1).keyframes
        XCTAssertEqual(lottie.first?.easing, .bezier(back))
        XCTAssertEqual(lottie.filter { $0.time < 0.5 }.count, 1)
        XCTAssertGreaterThan(smil.filter { $0.time < 0.5 }.count, 1)
        for k in smil { if case .bezier(let c) = k.easing { XCTAssertTrue(c.staysInUnitInterval, "\(c)") } }
        XCTAssertGreaterThan(try XCTUnwrap(smil.map(\.value).max()), 100, "the overshoot is kept, across segments")

        var other = PlayerRules.lottie
        other.name = "other"
        other.handlesInUnitSquare = true
        other.handleY = 0...1
        other.aim = 0.6
        XCTAssertEqual(FittingReducer(rules: other).keyframes(for: track, until: 1).keyframes, smil)
    }
}

import JSONText
import Keyframes
import Motion
import XCTest

@testable import Exporters

/// A key's easing handles are written once per curve in a document (LottieHandleTexts) and a
/// filled projected path is rounded once (LottieTracks.roundedOnce): the same text as before.
final class LottieHandleTextsTests: XCTestCase {
    /// `body`'s members inside `{"t":0,…}`, as a key holds them.
    private func keyText(_ body: (inout JSONCompactBuilder) -> Void) -> String {
        let v = JSONValue.built(maxDecimals: LottieDecimals.easing) { b in
            b.beginObject()
            b.key("t")
            b.int(0)
            body(&b)
            b.endObject()
        }
        return JSONWriter(maxDecimals: LottieDecimals.easing).string(v)
    }

    /// Each of the four numbers is the key: a curve that differs from a kept one in any of them,
    /// by one bit or by its sign, is written anew (a memo that left one out gives the kept text).
    func testEachNumberOfTheCurveDecidesItsText() {
        let handles = LottieHandleTexts()
        let base = CubicBezier(0.3049, 0.0049, 0.6951, 0.9951)
        var curves = [base, .linear, .easeInEaseOut, CubicBezier(0.25, 0.1, 0.25, 1)]
        for lane in 0..<4 {
            for change in [{ (x: Double) in x.nextUp }, { (x: Double) in x + 0.25 }, { (x: Double) in -x }] {
                var c = base
                switch lane {
                case 0: c.x1 = change(c.x1)
                case 1: c.y1 = change(c.y1)
                case 2: c.x2 = change(c.x2)
                default: c.y2 = change(c.y2)
                }
                curves.append(c)
            }
        }
        curves.append(CubicBezier(0, 0, 1, 1))
        curves.append(CubicBezier(-0.0, 0, 1, 1))
        // Twice over, in order and reversed: the second time every curve is found kept.
        for pass in 0..<2 {
            for c in pass == 0 ? curves : curves.reversed() {
                XCTAssertEqual(
                    keyText { handles.write(c, into: &$0) }, keyText { LottieProperties.writeHandles(c, into: &$0) }, "\(c), pass \(pass)")
            }
        }
        XCTAssertEqual(handles.written, 2 * curves.count)
        XCTAssertGreaterThan(handles.copied, 0)
        // The texts themselves: members after the key's `t`, with a name where 2 decimals do not describe the curve.
        XCTAssertEqual(keyText { handles.write(.linear, into: &$0) }, #"{"t":0,"o":{"x":0,"y":0},"i":{"x":1,"y":1}}"#)
        XCTAssertEqual(
            keyText { handles.write(base, into: &$0) },
            #"{"t":0,"o":{"x":0.3049,"y":0.0049},"i":{"x":0.6951,"y":0.9951},"n":["0.3049_0.0049_0.6951_0.9951"]}"#)
    }

    /// More curves than places: each still written as itself (a place is taken over, never misread).
    func testMoreCurvesThanPlacesAreEachWrittenAsThemselves() {
        let handles = LottieHandleTexts()
        for n in 0..<(4 * LottieHandleTexts.slots) {
            let c = CubicBezier(Double(n % 97) / 100, Double(n) / 1000, 0.5, 1)
            XCTAssertEqual(keyText { handles.write(c, into: &$0) }, keyText { LottieProperties.writeHandles(c, into: &$0) })
        }
    }

    /// `stable`: only where rounding again gives the same bits (|x| ≤ 10^9, 0...6 decimals); a
    /// stable track's values are their own rounding.
    func testRoundedOnceIsStableOnlyWhereRoundingAgainChangesNothing() {
        func track(_ values: [Double]) -> KeyframeTrack<LVec> {
            KeyframeTrack([Keyframe(time: 0, value: LVec(values)), Keyframe(time: 1, value: LVec(values.map { $0 + 1 }))])
        }
        let values = [0.05, -0.05, 12.345, -0.0, 1e9 - 1, -1e9, 123_456_789.123_456, 0.15, 2.5]  // and each + 1
        for decimals in 0...6 {
            let (t, stable) = LottieTracks.roundedOnce(track(values), decimals: decimals)
            XCTAssertTrue(stable)
            XCTAssertEqual(t, LottieTracks.rounded(track(values), decimals: decimals))
            for k in t.keyframes {
                for x in k.value.c { XCTAssertEqual(NumberFormat.round(x, decimals: decimals).bitPattern, x.bitPattern) }
            }
        }
        XCTAssertFalse(LottieTracks.roundedOnce(track([1e9.nextUp]), decimals: 1).stable)
        XCTAssertFalse(LottieTracks.roundedOnce(track([1]), decimals: 7).stable)
        XCTAssertFalse(LottieTracks.roundedOnce(track([.nan]), decimals: 1).stable)
    }
}

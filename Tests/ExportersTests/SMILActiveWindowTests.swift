import JSONText
import Motion
import Simulation
import TransitionModel
import XCTest

@testable import Exporters
@testable import Keyframes

/// An animation on the loop clock is active only from its first change to its last
/// (docs/smil.md#active-only-while-changing): Chromium redraws every active animation's
/// element each frame, changed or not.
final class SMILActiveWindowTests: XCTestCase {
    let ease = KeyframeEasing.bezier(CubicBezier(0.42, 0, 0.58, 1))

    func attributes(_ keys: [(Double, Double, KeyframeEasing)], loop: String? = "loop") -> [String: String] {
        let track = KeyframeTrack(keys.map { Keyframe(time: $0.0, value: $0.1, easing: $0.2) })
        let smil = SMILAnimation(track, duration: 3, loop: loop, format: { NumberFormat.string($0, maxDecimals: 4) })
        return Dictionary(uniqueKeysWithValues: smil.attributes)
    }

    func testPushHoldPopIsActiveFromTheFirstChangeToTheLastAndThenShowsTheBaseValue() {
        // Still until 0.6 s, to 10 by 1.2 s, held, back to 0 from 1.8 s to 2.4 s, still to 3 s.
        let a = attributes([(0, 0, .hold), (0.6, 0, ease), (1.2, 10, .linear), (1.8, 10, ease), (2.4, 0, .linear)])
        XCTAssertEqual(a["values"], "0;10;10;0")
        XCTAssertEqual(a["keyTimes"], "0;.333333;.666667;1")
        XCTAssertEqual(a["keySplines"], ".42 0 .58 1;0 0 1 1;.42 0 .58 1")
        XCTAssertEqual(a["begin"], "loop.begin+0.6s")
        XCTAssertEqual(a["dur"], "1.8s")
        XCTAssertNil(a["fill"])  // ends on frame 0's value: the base attribute shows it
        XCTAssertNil(a["repeatCount"])
    }

    func testALoopEndingOnAnotherValueStartsAtZeroAndFreezes() {
        // Each loop must restart from 0, so the window starts at the loop's begin.
        let a = attributes([(0, 0, .linear), (1, 0, ease), (2, 5, .linear)])
        XCTAssertEqual(a["values"], "0;0;5")
        XCTAssertEqual(a["keyTimes"], "0;.5;1")
        XCTAssertEqual(a["begin"], "loop.begin")
        XCTAssertEqual(a["dur"], "2s")
        XCTAssertEqual(a["fill"], "freeze")
    }

    func testAJumpIsInsideTheWindow() {
        // A step from 0 to 1 at 1.5 s and back at 2 s: the window is the half second between.
        let a = attributes([(0, 0, .hold), (1.5, 1, .hold), (2, 0, .hold)])
        XCTAssertEqual(a["values"], "0;1;1;0")
        XCTAssertEqual(a["keyTimes"], "0;0;1;1")
        XCTAssertEqual(a["begin"], "loop.begin+1.5s")
        XCTAssertEqual(a["dur"], "0.5s")
        XCTAssertNil(a["fill"])
    }

    func testChangingOverTheWholeLoopOrWithoutAClockKeepsOneClock() {
        let whole = [(0.0, 0.0, ease), (1.5, 10.0, ease), (3.0, 0.0, KeyframeEasing.linear)]
        for a in [attributes(whole), attributes([(0, 0, .hold), (0.6, 0, ease), (1.2, 10, .linear)], loop: nil)] {
            XCTAssertEqual(a["dur"], "3s")
            XCTAssertEqual(a["repeatCount"], "indefinite")
            XCTAssertNil(a["begin"])
            XCTAssertNil(a["fill"])
        }
    }

    func testTheWindowLiesOnWholeMillisecondsHeldAtItsEnds() {
        // Changes from 0.6002 s to 1.0846154 s: Firefox keeps SMIL times in whole milliseconds, so
        // the window is 0.6 s to 1.085 s with the first and the last value held to its ends, and
        // the keys inside keep their times (0.6002 s is .0002 / .485 of the window).
        let a = attributes([(0, 0, .hold), (0.6002, 0, ease), (0.8, 10, ease), (1.0846154, 0, .linear)])
        XCTAssertEqual(a["values"], "0;0;10;0;0")
        XCTAssertEqual(a["keyTimes"], "0;.000412;.412371;.999207;1")
        XCTAssertEqual(a["keySplines"], "0 0 1 1;.42 0 .58 1;.42 0 .58 1;0 0 1 1")
        XCTAssertEqual(a["begin"], "loop.begin+0.6s")
        XCTAssertEqual(a["dur"], "0.485s")
        XCTAssertNil(a["fill"])
    }
}

/// Which span an animation is active over comes from the property it draws
/// (LayerProperty.smilActivity): in a file where a layer fades and scales out and back, the
/// opacity is on one clock over the whole loop and the scale only while it changes.
final class SMILActivityInFileTests: XCTestCase {
    func testOpacityOverTheWholeLoopAndTransformWhileItChanges() throws {
        let a = LayerDefinition(id: "a", kind: .rect, frame: Rect(20, 20, 100, 100), fill: .solid(Color(red: 1, green: 0.2, blue: 0.2)))
        func block(opacity: Double, scale: Double) -> AnimationBlock {
            AnimationBlock(
                duration: 0.5,
                changes: [PropertyChange(layer: "a", .opacity(opacity)), PropertyChange(layer: "a", .transform(LayerTransform(scale: Point(scale, scale))))])
        }
        // Still 0.2 s, out in 0.5 s, held 0.3 s, back in 0.5 s, still 0.4 s: a loop of 1.9 s.
        let definition = TransitionDefinition(
            name: "fade-and-scale", description: "out and back", canvas: Canvas(size: Size(200, 200)),
            timeline: TimelineSettings(holdBefore: 0.2, holdBetween: 0.3, holdAfter: 0.4),
            layers: [a], phases: [Phase(name: "out", blocks: [block(opacity: 0.4, scale: 0.5)]), Phase(name: "back", blocks: [block(opacity: 1, scale: 1)])])
        let svg = try SVGWriter().svg(KeyframedTransition.fitted(try Simulation(definition), for: .smil))
        let opacity = try XCTUnwrap(elements("animate", in: svg).first { $0["attributeName"] == "opacity" })
        let scale = try XCTUnwrap(elements("animateTransform", in: svg).first { $0["type"] == "scale" })
        // The opacity: its held values included, on one clock over the loop.
        XCTAssertEqual(opacity["values"], "1;1;0.4;0.4;1;1")
        XCTAssertEqual(opacity["dur"], "1.9s")
        XCTAssertEqual(opacity["repeatCount"], "indefinite")
        XCTAssertNil(opacity["begin"])
        XCTAssertNil(opacity["fill"])
        // The scale: from its first change (0.2 s) to its last (1.5 s), then the base value.
        XCTAssertEqual(scale["values"], "1 1;0.5 0.5;0.5 0.5;1 1")
        XCTAssertEqual(scale["begin"], "loop.begin+0.2s")
        XCTAssertEqual(scale["dur"], "1.3s")
        XCTAssertNil(scale["repeatCount"])
        XCTAssertNil(scale["fill"])
    }
}

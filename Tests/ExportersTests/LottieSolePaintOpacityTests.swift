import JSONText
import Keyframes
import Simulation
import TransitionModel
import XCTest

@testable import Exporters

/// Inside a group precomp, a translucent layer with one paint carries its opacity on that
/// paint's `o` and `ks.o` 100: rlottie 0.2 takes about 1/255 off the whole precomp for every
/// layer whose `ks.o` is below 100 (docs/lottie.md#group-opacity).
final class LottieSolePaintOpacityTests: XCTestCase, LottieReading {
    func parsed(_ text: String) throws -> JSONValue { try JSONParser.parse(text).value }

    func shapeLayer(o: String, paints: String, extra: String = "") throws -> JSONValue {
        try parsed(
            """
            {"ty": 4, "nm": "l", "ind": 1\(extra), "ks": {"p": {"a": 0, "k": [0, 0]}, "o": \(o)},
             "shapes": [{"ty": "gr", "it": [{"ty": "rc"}, \(paints), {"ty": "tr", "o": {"a": 0, "k": 100}}]}]}
            """)
    }

    func testOnePaintTakesTheLayersOpacity() throws {
        let layer = try shapeLayer(o: #"{"a": 0, "k": 80}"#, paints: #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 50}, "r": 1}"#)
        let out = LottieDocument.solePaintOpacity(layer)
        XCTAssertEqual(out["ks"]?["o"], LJ.staticNum(100, 0))
        XCTAssertEqual(out["ks"]?["p"], layer["ks"]?["p"], "the rest of ks as it was")
        let fill = array(array(out["shapes"])[0]["it"])[1]
        XCTAssertEqual(fill["o"]?["k"], .number(40))
        XCTAssertEqual(fill["c"], array(array(layer["shapes"])[0]["it"])[1]["c"])
        XCTAssertEqual(drawnOpacity(out), drawnOpacity(layer))
        XCTAssertEqual(drawnOpacity(out), 40)
    }

    func testAKeyedFadeMovesToAnOpaquePaintAsItIs() throws {
        let keys = #"{"a": 1, "k": [{"t": 0, "s": [100], "o": {"x": 0.4, "y": 0}, "i": {"x": 0.6, "y": 1}}, {"t": 30, "s": [50]}]}"#
        let layer = try shapeLayer(o: keys, paints: #"{"ty": "st", "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2}}"#)
        let out = LottieDocument.solePaintOpacity(layer)
        XCTAssertEqual(out["ks"]?["o"], LJ.staticNum(100, 0))
        XCTAssertEqual(array(array(out["shapes"])[0]["it"])[1]["o"], try parsed(keys))
    }

    /// Two paints show through each other at a paint's `o` (group opacity is not per paint); a
    /// matte source's opacity is the matte's; keys on both cannot multiply; an opaque layer has
    /// nothing to move.
    func testOtherLayersStayAsTheyAre() throws {
        let fill = #"{"ty": "fl", "o": {"a": 0, "k": 100}}"#
        let keyedFill = #"{"ty": "fl", "o": {"a": 1, "k": [{"t": 0, "s": [100]}, {"t": 9, "s": [0]}]}}"#
        let keyed = #"{"a": 1, "k": [{"t": 0, "s": [100]}, {"t": 9, "s": [50]}]}"#
        let unchanged = [
            try shapeLayer(o: #"{"a": 0, "k": 80}"#, paints: fill + ", " + fill),
            try shapeLayer(o: #"{"a": 0, "k": 80}"#, paints: fill, extra: #", "td": 1"#),
            try shapeLayer(o: keyed, paints: keyedFill),
            try shapeLayer(o: #"{"a": 0, "k": 100}"#, paints: fill),
            try parsed(#"{"ty": 0, "refId": "group-2", "ks": {"o": {"a": 0, "k": 80}}}"#),
        ]
        for layer in unchanged { XCTAssertEqual(LottieDocument.solePaintOpacity(layer), layer) }
    }

    /// From the writer: a card fading to 0.5 over a translucent (0.8) badge rect is a group
    /// precomp; inside, the badge at `ks.o` 100 with its fill at 80, the card at 100.
    func testAGroupsTranslucentRectDrawsItsOpacityOnItsFill() throws {
        let badge = LayerDefinition(id: "badge", kind: .rect, frame: Rect(60, 120, 220, 120), opacity: 0.8, fill: .solid(.white))
        let card = LayerDefinition(id: "card", kind: .rect, frame: Rect(20, 100, 350, 600), fill: .solid(.black), children: [badge])
        let fade = PropertyChange(layer: "card", .opacity(0.5))
        let d = TransitionDefinition(
            name: "t", description: "d", canvas: Canvas(size: Size(390, 844), background: .white), layers: [card],
            phases: [Phase(name: "p", blocks: [AnimationBlock(duration: 0.6, timing: .named(.easeInOut), changes: [fade])])])
        let doc = try LottieWriter().lottie(KeyframedTransition.fitted(try Simulation(d), for: .lottie))
        let asset = try XCTUnwrap(array(doc["assets"]).first { $0["id"] == .string("group") })
        let inside = array(asset["layers"])
        XCTAssertEqual(inside.map { $0["nm"] }, [.string("badge"), .string("card")])
        XCTAssertEqual(inside[0]["ks"]?["o"]?["k"], .number(100))
        let fills = array(array(inside[0]["shapes"]).first?["it"]).filter { $0["ty"] == .string("fl") }
        XCTAssertEqual(fills.map { $0["o"]?["k"] }, [.number(80)])
        XCTAssertEqual(inside.map(drawnOpacity), [80, 100])
    }
}

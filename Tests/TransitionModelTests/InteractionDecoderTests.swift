import TransitionModel
import XCTest

/// The seed's drag-to-dismiss (Templates/douyin-drag-dismiss.json) on two plain layers; tests break one part at a time.
func dragDefinition(interaction: String = dragInteraction) -> String {
    """
    {
      "version": 1, "name": "drag", "description": "drag to dismiss",
      "canvas": {"size": [390, 844]},
      "layers": [
        {"id": "feed", "type": "rect", "frame": [0, 0, 390, 844], "fill": "#202020"},
        {"id": "player", "type": "rect", "frame": [0, 0, 390, 844], "fill": "#7F7FD5", "clipsToBounds": true},
        {"id": "snap", "type": "rect", "position": [293, 478.5], "size": [194, 259], "fill": "#FF0000", "hidden": true}
      ],
      "phases": {
        "dismiss": [{"duration": 0.25, "timing": {"uikitSpring": {"damping": 0.8, "velocity": 0.2}},
                     "before": [{"layer": "player", "property": "alpha", "value": 0},
                                {"layer": "snap", "property": "hidden", "value": false},
                                {"layer": "snap", "property": "center", "value": [195, 422]}],
                     "changes": [{"layer": "snap", "property": "center", "value": [293, 478.5]}]}]
      },
      "interaction": \(interaction)
    }
    """
}

let dragInteraction = """
    {
        "touch": [150, 560],
        "progress": "clamp(tx / W, 0, 1)",
        "let": {"ratio": "1 - 0.5 * p"},
        "begin": ["tx >= 0", "ty >= 0", "tx >= ty", "vx >= 0"],
        "follow": [
          {"layer": "player", "property": "center", "value": ["195 + tx * ratio", "422 + ty * ratio"]},
          {"layer": "player", "property": "transform", "value": {"scale": "ratio"}}
        ],
        "release": [
          {"when": "p < 0.2", "outcome": "cancel",
           "blocks": [{"duration": "p", "timing": "easeOut",
                       "changes": [{"layer": "player", "property": "center", "value": ["W / 2", "H / 2"]},
                                   {"layer": "player", "property": "transform", "value": {"scale": 1}}]}]},
          {"outcome": "finish", "phase": "dismiss"}
        ],
        "scripts": {
          "cancel": {"easing": "easeOut", "points": [{"time": 0.25, "translation": [60, 20]}]},
          "finish": {"easing": "easeOut", "points": [{"time": 0.35, "translation": [160, 80]}]}
        },
        "scrub": {"translation": ["p * W", "p * W / 2"]}
      }
    """

final class InteractionDecoderTests: XCTestCase {
    func replacing(_ a: String, _ b: String) -> String {
        precondition(dragInteraction.contains(a), a)
        return dragDefinition(interaction: dragInteraction.replacingOccurrences(of: a, with: b))
    }

    func testDecodesTheDragInteraction() throws {
        let d = try DefinitionDecoder.decode(dragDefinition(), file: "t.json")
        let i = try XCTUnwrap(d.interaction)
        XCTAssertEqual(i.scripts.map(\.name), ["cancel", "finish"])
        XCTAssertEqual(i.scripts[0].release, 0.25)
        XCTAssertEqual(i.begin.map(\.source), ["tx >= 0", "ty >= 0", "tx >= ty", "vx >= 0"])
        XCTAssertEqual(i.release.map(\.outcome), [.cancel, .finish])
        guard case .directManipulation(let follow) = i.kind else { return XCTFail("expected direct manipulation") }
        XCTAssertEqual(follow.count, 2)
        var env = ExpressionEnvironment(canvas: Size(390, 844))
        env.tx = 60; env.ty = 20; env.p = 60.0 / 390; env.lets = [1 - 0.5 * env.p]
        XCTAssertEqual(try follow[0].value.value(env), .position(Point(195 + 60 * env.lets[0], 422 + 20 * env.lets[0])))
    }

    /// The error names the file's line and column of the offending character, and its column in the expression.
    func testExpressionErrorsAreLocated() {
        let text = replacing("\"422 + ty * ratio\"", "\"422 + ty * rato\"")
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("rato") }! + 1
        let lineText = text.split(separator: "\n", omittingEmptySubsequences: false)[line - 1]
        let quote = lineText.distance(from: lineText.startIndex, to: lineText.range(of: "\"422 + ty")!.lowerBound) + 1
        XCTAssertEqual(
            decodeError(text),
            "t.json:\(line):\(quote + 12): interaction.follow[0].value[1]: in \"422 + ty * rato\" at column 12: "
                + "unknown name \"rato\"; expected a number or one of tx, ty, vx, vy, p, W, H, ratio")
    }

    func testExpressionSyntaxErrors() {
        XCTAssertTrue(
            decodeError(replacing("\"clamp(tx / W, 0, 1)\"", "\"clamp(tx / W, 0)\""))
                .hasSuffix("interaction.progress: in \"clamp(tx / W, 0)\" at column 1: clamp takes 3 arguments (clamp(x, lo, hi)), found 2"))
        XCTAssertTrue(decodeError(replacing("\"1 - 0.5 * p\"", "\"1 - 0.5 * (p\"")).hasSuffix("at column 13: missing \")\" for the \"(\" at column 11"))
        XCTAssertTrue(
            decodeError(replacing("\"1 - 0.5 * p\"", "\"1 - 0.5 ** p\"")).hasSuffix("at column 10: unexpected \"*\"; expected a number, a name or \"(\""))
        XCTAssertTrue(decodeError(replacing("\"p < 0.2\"", "\"p = 0.2\"")).hasSuffix("at column 3: unexpected character \"=\"; compare with =="))
        XCTAssertTrue(decodeError(replacing("\"p < 0.2\"", "\"p\"")).hasSuffix("at column 2: expected a comparison (<, <=, >, >=, ==, !=) such as \"p < 0.2\""))
        XCTAssertTrue(
            decodeError(replacing("\"clamp(tx / W, 0, 1)\"", "\"clamp(p, 0, 1)\""))
                .hasSuffix("at column 7: \"p\" cannot be used here: \"progress\" is what defines p"))
        XCTAssertTrue(
            decodeError(replacing("\"p * W / 2\"", "\"ty\"")).contains("\"ty\" cannot be used here: the scrub path gives the translation as a function of p"))
        XCTAssertTrue(
            decodeError(replacing("\"1 - 0.5 * p\"", "\"sqrt(p)\"")).hasSuffix("at column 1: unknown function \"sqrt\"; expected one of min, max, clamp, abs"))
        XCTAssertTrue(decodeError(replacing("\"1 - 0.5 * p\"", "\"\"")).hasSuffix("at column 1: empty expression; expected a number, a name or \"(\""))
    }

    func testExpressionsEvaluateWithPrecedence() throws {
        let scope = ExpressionScope(names: ExpressionName.builtins)
        var env = ExpressionEnvironment(canvas: Size(390, 844))
        env.tx = 60; env.ty = -20
        func eval(_ s: String) throws -> Double { try ExpressionParser.expression(s, scope: scope).evaluate(env) }
        XCTAssertEqual(try eval("1 + 2 * 3"), 7)
        XCTAssertEqual(try eval("(1 + 2) × 3 − 4 ÷ 2"), 7)
        XCTAssertEqual(try eval("-tx / -2"), 30)
        XCTAssertEqual(try eval("min(tx, 10, 3) + max(1, 2) + abs(ty) + clamp(tx / W, 0, 0.1)"), 3 + 2 + 20 + 0.1)
        XCTAssertEqual(try eval("1.5e2 + .5"), 150.5)
        let (c, l, r) = try ExpressionParser.condition("tx ≥ ty", scope: scope)
        XCTAssertTrue(c.holds(l.evaluate(env), r.evaluate(env)))
    }

    func testStructuralErrors() {
        XCTAssertTrue(
            decodeError(replacing("\"outcome\": \"finish\", \"phase\": \"dismiss\"", "\"outcome\": \"finish\", \"phase\": \"gone\""))
                .contains("unknown phase \"gone\"; expected one of dismiss"))
        XCTAssertTrue(
            decodeError(
                replacing(
                    "{\"layer\": \"player\", \"property\": \"center\", \"value\": [\"195", "{\"layer\": \"plyr\", \"property\": \"center\", \"value\": [\"195")
            )
            .contains("interaction.follow[0].layer: unknown layer \"plyr\""))
        XCTAssertTrue(
            decodeError(replacing("\"cancel\": {\"easing\"", "\"undo\": {\"easing\""))
                .contains("expected cancel or finish, found \"undo\""))
        XCTAssertTrue(
            decodeError(replacing("{\"when\": \"p < 0.2\", \"outcome\": \"cancel\",", "{\"outcome\": \"cancel\","))
                .contains("this rule is never tried"))
        XCTAssertTrue(decodeError(replacing("{\"time\": 0.25,", "{\"time\": 0,")).contains("expected a time > 0"))
        XCTAssertTrue(
            decodeError(
                replacing(
                    "\"easing\": \"easeOut\", \"points\": [{\"time\": 0.25",
                    "\"easing\": {\"uikitSpring\": {\"damping\": 1}}, \"points\": [{\"time\": 0.25")
            ).contains("not a spring"))
        XCTAssertTrue(
            decodeError(replacing("\"property\": \"center\", \"value\": [\"195", "\"property\": \"hidden\", \"value\": [\"195"))
                .contains("\"hidden\" cannot follow the finger"))
        XCTAssertTrue(
            decodeError(replacing(", \"phase\": \"dismiss\"}", ", \"blocks\": [{\"duration\": 0.1, \"changes\": []}]}"))
                .contains("phase \"dismiss\" never runs"))
    }
}

extension InteractionDecoderTests {
    /// Release rules may animate blocks on both branches; then the definition needs no phases.
    func testAnInteractionWithoutPhases() throws {
        var text = dragDefinition().replacingOccurrences(
            of: "{\"outcome\": \"finish\", \"phase\": \"dismiss\"}",
            with: """
                {"outcome": "finish", "blocks": [{"duration": 0.3, "changes": [{"layer": "player", "property": "center", "value": ["W * 1.5", "H / 2"]}]}]}
                """)
        let start = text.range(of: "\"phases\": {")!.lowerBound, end = text.range(of: "\"interaction\":")!.lowerBound
        text.replaceSubrange(start..<end, with: "")
        let d = try DefinitionDecoder.decode(text, file: "t.json")
        XCTAssertEqual(d.phases, [])
        XCTAssertEqual(d.interaction?.release.count, 2)
    }
}

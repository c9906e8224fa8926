import TransitionModel
import XCTest

/// A small valid definition; each test breaks one thing and checks the one-line diagnostic.
let minimalDefinition = """
    {
      "version": 1,
      "name": "mini",
      "description": "a card slides",
      "canvas": {"size": [100, 200]},
      "layers": [
        {"id": "card", "type": "rect", "frame": [10, 20, 30, 40], "fill": "#336699"}
      ],
      "phases": {
        "present": [
          {"duration": 0.5, "timing": {"uikitSpring": {"damping": 0.8, "velocity": 1}},
           "changes": [{"layer": "card", "property": "position", "value": [50, 100]}]}
        ]
      }
    }
    """

final class DefinitionDecoderTests: XCTestCase {
    func testDecodesMinimalDefinition() throws {
        let d = try DefinitionDecoder.decode(minimalDefinition, file: "t.json")
        XCTAssertEqual(d.name, "mini")
        XCTAssertEqual(d.frameRate, 60)
        XCTAssertEqual(d.timeline, TimelineSettings(holdBefore: 0.6, holdBetween: 0.6, holdAfter: 0.6))
        XCTAssertEqual(d.layers[0].position, Point(25, 40))
        XCTAssertEqual(d.layers[0].size, Size(30, 40))
        XCTAssertEqual(d.layers[0].fill, .solid(Color(red: 0x33 / 255.0, green: 0x66 / 255.0, blue: 0x99 / 255.0)))
        XCTAssertEqual(d.phases.map(\.name), ["present"])
        XCTAssertEqual(d.phases[0].blocks[0].timing, .uikitSpring(dampingRatio: 0.8, velocity: 1))
        XCTAssertEqual(d.phases[0].blocks[0].changes[0].origin, "phases.present[0].changes[0]")
    }

    func testBadJSONNamesLineAndColumn() {
        let text = minimalDefinition.replacingOccurrences(of: "\"layers\": [", with: "\"layers\": [,")
        XCTAssertEqual(decodeError(text), "t.json:6:14: expected a value, found ','")
    }

    func testWrongTypeNamesThePath() {
        let text = minimalDefinition.replacingOccurrences(of: "\"damping\": 0.8", with: "\"damping\": \"high\"")
        XCTAssertEqual(decodeError(text), "t.json:11:63: phases.present[0].timing.uikitSpring.damping: expected a number, found a string")
    }

    func testUnknownLayerInAChange() {
        let text = minimalDefinition.replacingOccurrences(of: "{\"layer\": \"card\"", with: "{\"layer\": \"crad\"")
        XCTAssertEqual(decodeError(text), "t.json:12:30: phases.present[0].changes[0].layer: unknown layer \"crad\" (known: card)")
    }

    func testNegativeDuration() {
        let text = minimalDefinition.replacingOccurrences(of: "\"duration\": 0.5", with: "\"duration\": -0.5")
        XCTAssertEqual(decodeError(text), "t.json:11:20: phases.present[0].duration: expected a duration from 0 to 60 s, found -0.5")
    }

    func testNaNIsASyntaxError() {
        let text = minimalDefinition.replacingOccurrences(of: "[50, 100]", with: "[NaN, 100]")
        XCTAssertEqual(decodeError(text), "t.json:12:72: NaN and Infinity are not JSON numbers; expected a finite number")
    }

    func testUnknownMemberIsReported() {
        let text = minimalDefinition.replacingOccurrences(of: "\"duration\": 0.5", with: "\"duraton\": 0.5")
        XCTAssertEqual(
            decodeError(text),
            "t.json:11:8: phases.present[0].duraton: unknown member \"duraton\"; expected one of duration, delay, timing, before, changes, completion")
    }

    func testMissingDurationForACurve() {
        let text = minimalDefinition.replacingOccurrences(
            of: "\"duration\": 0.5, \"timing\": {\"uikitSpring\": {\"damping\": 0.8, \"velocity\": 1}}", with: "\"timing\": \"easeOut\"")
        XCTAssertEqual(decodeError(text), "t.json:11:7: phases.present[0]: missing member \"duration\"; expected the block's duration in seconds")
    }

    func testVersionMustBeOne() {
        let text = minimalDefinition.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2")
        XCTAssertEqual(decodeError(text), "t.json:2:14: version: unsupported version 2; expected 1")
    }

    func testHiddenDoesNotAnimate() {
        let text = minimalDefinition.replacingOccurrences(
            of: "\"property\": \"position\", \"value\": [50, 100]", with: "\"property\": \"hidden\", \"value\": true")
        XCTAssertEqual(decodeError(text), "t.json:12:50: phases.present[0].changes[0].property: hidden does not animate; set it in \"before\"")
    }

    func testDuplicateLayerID() {
        let text = minimalDefinition.replacingOccurrences(
            of: "\"fill\": \"#336699\"}", with: "\"fill\": \"#336699\"}, {\"id\": \"card\", \"type\": \"rect\", \"frame\": [0, 0, 1, 1]}")
        XCTAssertTrue(decodeError(text).contains("layers[1].id: duplicate layer id \"card\""), decodeError(text))
    }

    func testEveryTimingKindDecodes() throws {
        let timings: [(String, Timing)] = [
            ("\"easeInOut\"", .named(.easeInOut)),
            ("\"default\"", .named(.default)),
            ("{\"cubicBezier\": [0.1, 0.2, 0.3, 1.4]}", .cubicBezier(x1: 0.1, y1: 0.2, x2: 0.3, y2: 1.4)),
            (
                "{\"caSpring\": {\"mass\": 2, \"stiffness\": 300, \"damping\": 20, \"velocity\": 0.5}}",
                .caSpring(mass: 2, stiffness: 300, damping: 20, velocity: 0.5)
            ),
        ]
        for (json, expected) in timings {
            let text = minimalDefinition.replacingOccurrences(of: "{\"uikitSpring\": {\"damping\": 0.8, \"velocity\": 1}}", with: json)
            XCTAssertEqual(try DefinitionDecoder.decode(text, file: "t.json").phases[0].blocks[0].timing, expected)
        }
        let swiftUI = minimalDefinition.replacingOccurrences(
            of: "\"duration\": 0.5, \"timing\": {\"uikitSpring\": {\"damping\": 0.8, \"velocity\": 1}}",
            with: "\"timing\": {\"swiftUISpring\": {\"duration\": 0.4, \"bounce\": 0.2}}")
        XCTAssertEqual(try DefinitionDecoder.decode(swiftUI, file: "t.json").phases[0].blocks[0].timing, .swiftUISpring(duration: 0.4, bounce: 0.2))
    }
}

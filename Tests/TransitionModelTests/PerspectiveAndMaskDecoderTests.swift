import TransitionModel
import XCTest

/// A page flip with a perspective container, a masked cover and a chained phase; each test breaks
/// one thing and checks the one-line diagnostic.
let perspectiveDefinition = """
    {
      "version": 1,
      "name": "flip",
      "description": "3D and masks",
      "canvas": {"size": [390, 844]},
      "layers": [
        {"id": "box", "type": "group", "frame": [0, 0, 390, 844], "sublayerTransform": {"perspective": 500}, "children": [
          {"id": "page", "type": "rect", "anchorPoint": [0, 0.5], "position": [0, 422], "size": [390, 844], "fill": "#FFFFFF"}
        ]},
        {"id": "cover", "type": "rect", "frame": [0, 0, 390, 844], "fill": "#AAAAAA",
         "mask": {"shape": "hole", "center": [79, 200], "radius": 0.1}}
      ],
      "phases": {
        "turn": [
          {"duration": 0.6, "timing": "easeOut",
           "changes": [{"layer": "page", "property": "transform", "value": {"rotationY": -90, "perspective": 800}}]}
        ],
        "reveal": {"holdBefore": 0, "blocks": [
          {"duration": 0.2, "timing": "easeOut",
           "changes": [{"layer": "cover", "property": "mask.radius", "value": 633}],
           "completion": [{"layer": "cover", "property": "hidden", "value": true}]}
        ]}
      }
    }
    """

final class PerspectiveAndMaskDecoderTests: XCTestCase {
    func testDecodesTransform3DSublayerTransformMaskAndChainedPhase() throws {
        let d = try DefinitionDecoder.decode(perspectiveDefinition, file: "t.json")
        XCTAssertEqual(d.layers[0].sublayerTransform, LayerTransform(m34: -1.0 / 500))
        XCTAssertTrue(d.layers[0].sublayerTransform.isPerspectiveOnly)
        let turn = d.phases[0].blocks[0].changes[0]
        guard case .transform(let t) = turn.value else { return XCTFail("transform") }
        XCTAssertEqual(t.rotationY, -.pi / 2, accuracy: 1e-15)
        XCTAssertEqual(t.m34, -1.0 / 800)
        XCTAssertTrue(t.is3D)
        // The hole's rect defaults to the layer's bounds.
        XCTAssertEqual(d.layers[1].mask, LayerMask(shape: .hole, frame: Rect(0, 0, 390, 844), center: Point(79, 200), radius: 0.1))
        XCTAssertNil(d.phases[0].holdBefore)
        XCTAssertEqual(d.phases[1].holdBefore, 0)
        XCTAssertEqual(d.phases[1].blocks[0].changes[0].value, .maskRadius(633))
        XCTAssertEqual(d.phases[1].blocks[0].completion, [PropertyChange(layer: "cover", .hidden(true), origin: "phases.reveal.blocks[0].completion[0]")])
    }

    func testPerspectiveMustBePositive() {
        let text = perspectiveDefinition.replacingOccurrences(of: "{\"perspective\": 500}", with: "{\"perspective\": 0}")
        XCTAssertEqual(
            decodeError(text), "t.json:7:100: layers[0].sublayerTransform.perspective: expected an eye distance from 1 to 100000 points (m34 = −1/d), found 0")
    }

    func testUnknownTransformMember() {
        let text = perspectiveDefinition.replacingOccurrences(of: "\"rotationY\": -90", with: "\"rotateY\": -90")
        XCTAssertEqual(
            decodeError(text),
            "t.json:16:73: phases.turn[0].changes[0].value.rotateY: unknown member \"rotateY\"; expected one of translate, scale, rotation, rotationX, rotationY, perspective"
        )
    }

    func testUnknownMaskShape() {
        let text = perspectiveDefinition.replacingOccurrences(of: "\"shape\": \"hole\"", with: "\"shape\": \"oval\"")
        XCTAssertEqual(decodeError(text), "t.json:11:24: layers[1].mask.shape: unknown mask shape \"oval\"; expected one of rect, circle, hole")
    }

    func testMaskMemberThatTheShapeLacks() {
        let text = perspectiveDefinition.replacingOccurrences(of: "\"radius\": 0.1}", with: "\"radius\": 0.1, \"cornerRadius\": 4}")
        XCTAssertEqual(decodeError(text), "t.json:11:84: layers[1].mask.cornerRadius: a hole mask has no \"cornerRadius\"; it takes frame, center, radius")
    }

    func testHoleNeedsARadius() {
        let text = perspectiveDefinition.replacingOccurrences(of: ", \"radius\": 0.1}", with: "}")
        XCTAssertEqual(decodeError(text), "t.json:11:14: layers[1].mask: missing member \"radius\"; expected the circle's radius ≥ 0")
    }

    func testMaskChangeNeedsAMask() {
        let text = perspectiveDefinition.replacingOccurrences(
            of: "{\"layer\": \"cover\", \"property\": \"mask.radius\"",
            with: "{\"layer\": \"page\", \"property\": \"mask.radius\"")
        XCTAssertEqual(
            decodeError(text), "t.json:20:50: phases.reveal.blocks[0].changes[0].property: layer \"page\" has no mask; give it a \"mask\" to change mask.radius"
        )
    }

    func testMaskChangeMustFitTheShape() {
        let text = perspectiveDefinition.replacingOccurrences(
            of: "\"property\": \"mask.radius\", \"value\": 633", with: "\"property\": \"mask.cornerRadius\", \"value\": 8")
        XCTAssertEqual(
            decodeError(text),
            "t.json:20:51: phases.reveal.blocks[0].changes[0].property: a hole mask has no mask.cornerRadius; expected one of mask.frame, mask.center, mask.radius"
        )
    }

    func testPhaseObjectNeedsBlocks() {
        let text = perspectiveDefinition.replacingOccurrences(of: "\"holdBefore\": 0, \"blocks\"", with: "\"holdBefore\": 0, \"block\"")
        XCTAssertEqual(decodeError(text), "t.json:18:33: phases.reveal.block: unknown member \"block\"; expected one of holdBefore, blocks")
    }

    func testNegativePhaseHold() {
        let text = perspectiveDefinition.replacingOccurrences(of: "\"holdBefore\": 0", with: "\"holdBefore\": -1")
        XCTAssertEqual(decodeError(text), "t.json:18:30: phases.reveal.holdBefore: expected a hold from 0 to 60 s, found -1")
    }

    func testUnknownLayerInACompletion() {
        let text = perspectiveDefinition.replacingOccurrences(of: "\"completion\": [{\"layer\": \"cover\"", with: "\"completion\": [{\"layer\": \"cuver\"")
        XCTAssertEqual(decodeError(text), "t.json:21:33: phases.reveal.blocks[0].completion[0].layer: unknown layer \"cuver\" (known: box, page, cover)")
    }
}

import Foundation
import JSONText
import Keyframes
import Simulation
import TransExport
import TransitionModel
import XCTest

@testable import Exporters

/// Group opacity under 3D (docs/lottie.md#group-opacity): a fading layer in a perspective flip
/// whose subtree paints in two Lottie layers or more is a group precomp like any other; its
/// projected layers move in with their shapes and plane, the host's chain copied into the
/// asset as null layers, so overlapping translucent sublayers do not show through each other.
final class LottieGroupProjectedTests: XCTestCase, LottieReading {
    /// A card (fading to `cardAlpha`) turning about its left edge under perspective, holding a
    /// group without a fill (fading to `groupAlpha`) over two overlapping translucent rects.
    /// `stage`: the perspective is a stage's sublayerTransform, else the card's own; `planes`:
    /// the card a factored plane whose `ks` is keyed (as flip-push's page), else its paths keyed
    /// and its `ks` static (KeyframedTransition.withoutPlanes, as Examples/group-fade-flip-paths.json).
    func lottie(stage: Bool, planes: Bool = true, cardAlpha: Double = 1, groupAlpha: Double = 0.5) throws -> JSONValue {
        let group = """
            {"id": "group", "type": "group", "frame": [0, 0, 390, 844], "children": [
              {"id": "back", "type": "rect", "frame": [40, 160, 220, 300], "fill": "#4DABF7", "opacity": 0.8},
              {"id": "front", "type": "rect", "frame": [130, 300, 220, 300], "fill": "#FFD43B", "opacity": 0.8}]}
            """
        let card = """
            {"id": "card", "type": "rect", "position": [0, 422], "size": [390, 844], "anchorPoint": [0, 0.5], "fill": "#343A40", "children": [\(group)]}
            """
        let stageLayer = #"{"id": "stage", "type": "group", "frame": [0, 0, 390, 844], "sublayerTransform": {"perspective": 600}, "children": ["#
        let layers = stage ? "[\(stageLayer)\(card)]}]" : "[\(card)]"
        let cardFade = cardAlpha < 1 ? #"{"layer": "card", "property": "opacity", "value": \#(cardAlpha)},"# : ""
        let turn = stage ? #"{"rotationY": -50}"# : #"{"rotationY": -50, "perspective": 600}"#
        let text = """
            {"version": 1, "name": "group-projected-fixture", "description": "a fading group in a flip", "canvas": {"size": [390, 844], "background": "#000000"},
             "layers": \(layers),
             "phases": {"flip": [{"duration": 0.6, "timing": "easeInOut", "changes": [
               {"layer": "card", "property": "transform", "value": \(turn)},
               \(cardFade)
               {"layer": "group", "property": "opacity", "value": \(groupAlpha)}]}]}}
            """
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("group-projected-\(UUID().uuidString).json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let d = try DefinitionFile.load(url, displayPath: "group-projected-fixture.json")
        let fitted = KeyframedTransition.fitted(try Simulation(d), for: .lottie)
        return try LottieWriter().lottie(planes ? fitted : fitted.withoutPlanes())
    }

    func asset(_ id: String, in doc: JSONValue) throws -> [JSONValue] {
        array(try XCTUnwrap(array(doc["assets"]).first { $0["id"] == .string(id) }, "no asset \(id)")["layers"])
    }

    func names(_ layers: [JSONValue]) -> [String] { layers.compactMap { if case .string(let s)? = $0["nm"] { s } else { nil } } }

    func end(_ prop: JSONValue?, in doc: JSONValue) throws -> Double {
        try XCTUnwrap(evaluate(try XCTUnwrap(prop), atFrame: try XCTUnwrap(number(doc["op"]))).first)
    }

    /// Inside the group's precomp: the translucent rects at their own 80 each, the group layer at
    /// 100 (the fade is the precomp layer's alone).
    func checkInside(_ inside: [JSONValue]) {
        XCTAssertEqual(Array(names(inside).prefix(3)), ["front", "back", "group"])
        XCTAssertEqual(drawnOpacity(inside[0]), 80)
        XCTAssertEqual(drawnOpacity(inside[1]), 80)
        XCTAssertEqual(inside[2]["ks"]?["o"]?["k"], .number(100), "the fade is the precomp layer's alone")
    }

    /// Under the stage's perspective: the card's plane (its keyed `ks`) and the stage are copied
    /// into the asset as null layers that the group layer stays parented to; the precomp layer
    /// sits unparented (a keyed parent), canvas-sized, and fades to 50.
    func testAFadingGroupOnAFactoredPlaneIsOnePrecompLayerThatFades() throws {
        let doc = try lottie(stage: true)
        let top = array(doc["layers"])
        XCTAssertEqual(names(top), ["group-of-group", "card", "stage", "background"])
        let precomp = top[0]
        XCTAssertEqual(precomp["refId"], .string("group"))
        XCTAssertNil(precomp["parent"], "the card's plane is keyed: copied into the asset instead")
        XCTAssertEqual(precomp["w"], .number(390))
        XCTAssertEqual(precomp["h"], .number(844))
        XCTAssertEqual(try end(precomp["ks"]?["o"], in: doc), 50, accuracy: 0.01)
        let inside = try asset("group", in: doc)
        checkInside(inside)
        XCTAssertEqual(names(inside), ["front", "back", "group", "card.place", "stage.place"])
        let card = top[1], place = inside[3]
        XCTAssertEqual(card["ks"]?["s"]?["a"], .number(1), "the card is a factored plane: its x-scale keyed")
        XCTAssertEqual(place["ty"], .number(3))
        XCTAssertEqual(place["ind"], card["ind"])
        XCTAssertEqual(place["ks"], card["ks"], "the plane's keyed A, as the card's")
        XCTAssertEqual(inside[2]["parent"], card["ind"])
    }

    /// Without planes (the card's paths keyed, its `ks` a static identity): the precomp layer
    /// is parented to the card, the group layer inside unparented.
    func testAFadingGroupInAProjectedCardIsOnePrecompLayerThatFades() throws {
        let doc = try lottie(stage: false, planes: false)
        let top = array(doc["layers"])
        XCTAssertEqual(names(top), ["group-of-group", "card", "background"])
        XCTAssertEqual(top[0]["parent"], top[1]["ind"])
        XCTAssertEqual(try end(top[0]["ks"]?["o"], in: doc), 50, accuracy: 0.01)
        let inside = try asset("group", in: doc)
        checkInside(inside)
        XCTAssertEqual(names(inside), ["front", "back", "group"])
        XCTAssertNil(inside[2]["parent"])
    }

    /// The card fading too: its subtree (its paint under the group's) is the outer precomp, the
    /// group's precomp inside it carrying the group's factor alone, the card's own layer at 100.
    func testAFadingFlipHoldsTheNestedGroupPrecomp() throws {
        let doc = try lottie(stage: true, cardAlpha: 0.6)
        let top = array(doc["layers"])
        XCTAssertEqual(names(top).first, "group-of-card")
        XCTAssertEqual(top[0]["refId"], .string("group-2"))
        XCTAssertEqual(try end(top[0]["ks"]?["o"], in: doc), 60, accuracy: 0.01)
        let outer = try asset("group-2", in: doc)
        XCTAssertEqual(Array(names(outer).prefix(2)), ["group-of-group", "card"])
        XCTAssertEqual(try end(outer[0]["ks"]?["o"], in: doc), 50, accuracy: 0.01)
        XCTAssertEqual(try end(outer[1]["ks"]?["o"], in: doc), 100, accuracy: 0.01, "the card's fade is its precomp layer's")
        checkInside(try asset("group", in: doc))
    }
}

import JSONText
import Keyframes
import Simulation
import TransitionModel
import XCTest

@testable import Exporters

/// A projected layer inside a clipping window: the window's clip is a mask of the projected
/// layer (in its host's space, where its paths are), not a track matte, which rlottie 0.2 draws
/// about 3/255 darker (docs/artwork.md#clip-paths-under-3d).
final class LottieAncestorClipsTests: XCTestCase, SVGArtFixture {
    func lottie(windowRadius: Double, cardClips: Bool) throws -> [JSONValue] {
        let card = LayerDefinition(
            id: "card", kind: .rect, frame: Rect(-20, -40, 390, 844), numbers: [.cornerRadius: 24], clipsToBounds: cardClips, fill: .solid(.white))
        let window = LayerDefinition(
            id: "window", kind: .group, frame: Rect(20, 40, 350, 764), numbers: [.cornerRadius: windowRadius], clipsToBounds: true,
            children: [card])
        let flip = AnimationBlock(
            duration: 0.5, timing: .named(.easeInOut),
            changes: [PropertyChange(layer: "card", .transform(LayerTransform(rotationY: .pi / 4, m34: -1.0 / 800)))])
        let d = TransitionDefinition(
            name: "t", description: "d", canvas: Canvas(size: Size(390, 844), background: .white),
            timeline: TimelineSettings(holdBefore: 0, holdBetween: 0, holdAfter: 0),
            layers: [window], phases: [Phase(name: "flip", blocks: [flip])])
        let doc = try LottieWriter().lottie(KeyframedTransition.fitted(try Simulation(d), for: .lottie))
        guard case .array(let layers)? = doc["layers"] else { return [] }
        return layers
    }

    func masks(_ layer: JSONValue) -> [(String, String)] {
        guard case .array(let masks)? = layer["masksProperties"] else { return [] }
        return masks.compactMap { m in
            guard case .string(let n)? = m["nm"], case .string(let mode)? = m["mode"] else { return nil }
            return (n, mode)
        }
    }

    func testTheWindowsClipIsAMaskOfTheProjectedLayer() throws {
        let layers = try lottie(windowRadius: 32, cardClips: false)
        XCTAssertEqual(layers.map { $0["nm"] }, [.string("card"), .string("window"), .string("background")], "no matte layer")
        XCTAssertNil(layers[0]["tt"])
        XCTAssertEqual(layers[0]["parent"], layers[1]["ind"])
        XCTAssertEqual(masks(layers[0]).map(\.0), ["clip-window"])
        XCTAssertEqual(masks(layers[0]).map(\.1), ["a"])
        // The window's rounded bounds in its own space (the projected card's host space): the
        // same path as the window's own clip mask.
        guard case .array(let cardMasks)? = layers[0]["masksProperties"], case .array(let windowMasks)? = layers[1]["masksProperties"] else {
            return XCTFail("both masked")
        }
        XCTAssertEqual(JSONWriter().string(cardMasks[0]["pt"]!), JSONWriter().string(windowMasks[0]["pt"]!))
        XCTAssertTrue(JSONWriter().string(cardMasks[0]["pt"]!).contains("[32,0],[318,0],[350,32],[350,732],[318,764],[32,764],[0,732],[0,32]"))
    }

    func testTheCardsOwnClipComesFirstAndTheWindowsIsIntersected() throws {
        let layers = try lottie(windowRadius: 0, cardClips: true)
        XCTAssertEqual(masks(layers[0]).map(\.0), ["clip", "clip-window"])
        XCTAssertEqual(masks(layers[0]).map(\.1), ["a", "i"])
    }
}

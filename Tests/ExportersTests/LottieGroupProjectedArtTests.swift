import Foundation
import JSONText
import Keyframes
import Simulation
import TransExport
import TransExportTestSupport
import TransitionModel
import XCTest

@testable import Exporters

/// Group opacity over SVG art parts and picture cells under 3D, on a cube's moving face, and
/// across a retraced subtree's edge (docs/lottie.md#group-opacity): the fading layer's subtree
/// is a group precomp whose layer alone fades, the parts and cells inside at the factors below
/// the group. Built from the Examples the screens command measures (Conformance/screens_bench.py).
final class LottieGroupProjectedArtTests: XCTestCase, LottieReading {
    func lottie(example name: String) throws -> JSONValue {
        let url = ExportFixtures.repositoryRoot.appendingPathComponent("Examples/\(name).json")
        let d = try DefinitionFile.load(url, displayPath: "Examples/\(name).json")
        return try LottieWriter().lottie(KeyframedTransition.fitted(try Simulation(d), for: .lottie))
    }

    func asset(_ id: String, in doc: JSONValue) throws -> [JSONValue] {
        array(try XCTUnwrap(array(doc["assets"]).first { $0["id"] == .string(id) }, "no asset \(id)")["layers"])
    }

    func names(_ layers: [JSONValue]) -> [String] { layers.compactMap { if case .string(let s)? = $0["nm"] { s } else { nil } } }

    /// The precomp layer's fade at the first and last frames.
    func fade(_ layer: JSONValue, in doc: JSONValue) throws -> [Double] {
        let prop = try XCTUnwrap(layer["ks"]?["o"])
        return [evaluate(prop, atFrame: 0).first ?? -1, evaluate(prop, atFrame: try XCTUnwrap(number(doc["op"]))).first ?? -1]
    }

    /// An svg layer split into parts under 3D (opacity over overlapping circles), fading with a
    /// translucent badge: one precomp layer fades 100 -> 50; inside, the parts keep their art's
    /// own group opacities (80, 70, 50), not times the fade, parented to the content layer at 100.
    /// (Before: refused, "opacity ... on a layer whose opacity falls below 1".)
    func testAFadingLayerOfArtPartsUnder3DIsOneGroupPrecomp() throws {
        let doc = try lottie(example: "group-fade-art-flip")
        let top = array(doc["layers"])
        XCTAssertEqual(names(top), ["group-of-card", "background"])
        XCTAssertEqual(top[0]["refId"], .string("group"))
        XCTAssertNil(top[0]["parent"])
        XCTAssertEqual(try fade(top[0], in: doc), [100, 50])
        let inside = try asset("group", in: doc)
        XCTAssertEqual(names(inside), ["badge", "card.art-3", "card.art-2", "card.art-1", "card"])
        XCTAssertEqual(inside.map(drawnOpacity), [80, 80, 70, 50, 100])
        let card = inside[4]
        for layer in inside.dropLast() { XCTAssertEqual(layer["parent"], card["ind"], "\(names([layer]))") }
    }

    /// A PNG drawn as cells under 3D, fading under a translucent badge: the cells' null and
    /// image layers move into the precomp, every cell image at 100 (per layer, each was keyed to
    /// 50 and their padded overlaps doubled), the badge at its own 80. Fits 384 cells (12 s in a
    /// debug build): catalog tier.
    func testAFadingPictureUnder3DIsOneGroupPrecompOfItsCells() throws {
        try CatalogTier.require()
        let doc = try lottie(example: "group-fade-picture-flip")
        let top = array(doc["layers"])
        XCTAssertEqual(names(top), ["group-of-photo", "background"])
        XCTAssertEqual(try fade(top[0], in: doc), [100, 50])
        let inside = try asset("group", in: doc)
        XCTAssertEqual(names(inside).first, "badge")
        XCTAssertEqual(inside.first.flatMap(drawnOpacity), 80)
        XCTAssertEqual(names(inside).last, "photo")
        let cells = inside.filter { $0["ty"] == .number(2) }
        XCTAssertGreaterThan(cells.count, 100)
        XCTAssertEqual(inside.filter { names([$0]).first?.hasSuffix(".place") ?? false }.count, cells.count)
        for cell in cells { XCTAssertEqual(cell["ks"]?["o"]?["k"], .number(100), "\(names([cell]))") }
        XCTAssertTrue(
            array(doc["assets"]).contains { if case .string(let id)? = $0["id"] { id.hasPrefix("picture-1.tile-") } else { false } },
            "the picture's tiles (LottiePictureTiles.swift) stay at the file's top")
    }

    /// A fading group on a cube's incoming face (keyed position and rotation, clipping to its
    /// bounds): the face's plane copied into the asset as `face-2.place` (its keyed `ks`), the
    /// face's outline a track matte over the rect that reaches past its edge, parented to that copy.
    func testAFadingGroupOnACubesMovingFaceIsOneGroupPrecomp() throws {
        let doc = try lottie(example: "group-fade-cube")
        let top = array(doc["layers"])
        XCTAssertEqual(names(top), ["face-1", "group-of-group", "face-2", "background"])
        XCTAssertNil(top[1]["parent"], "the face's plane is keyed: copied into the asset instead")
        XCTAssertEqual(try fade(top[1], in: doc), [100, 50])
        let inside = try asset("group", in: doc)
        XCTAssertEqual(names(inside), ["clip-of-front", "front", "back", "group", "face-2.place"])
        let (matte, front, place, face) = (inside[0], inside[1], inside[4], top[2])
        XCTAssertEqual(place["ks"], face["ks"])
        XCTAssertEqual(face["ks"]?["p"]?["a"], .number(1), "the face's position is keyed")
        XCTAssertEqual(place["ind"], face["ind"])
        XCTAssertEqual(matte["td"], .number(1))
        XCTAssertEqual(front["tp"], matte["ind"])
        XCTAssertEqual(matte["parent"], place["ind"])
        XCTAssertEqual(inside[3]["parent"], place["ind"])
        XCTAssertEqual([front, inside[2], inside[3]].map(drawnOpacity), [80, 80, 100])
    }

    /// A still translucent screen (0.6) over a retraced card and a finger that does not retrace:
    /// the screen's precomp layer at the root carries its 60 and plays the file's time; inside it,
    /// the finger, the card's run as the `subtree` precomp layer played by `tm` (parented to the
    /// screen's layer there), and the screen's own layer at 100; the card and badge at their own
    /// 100 and 80 (per layer before: 60 and 48).
    func testAGroupAcrossARetracedSubtreesEdgeHoldsTheSubtreePrecomp() throws {
        let doc = try lottie(example: "group-fade-retrace-edge")
        let top = array(doc["layers"])
        XCTAssertEqual(names(top), ["group-of-screen", "background"])
        XCTAssertEqual(top[0]["refId"], .string("group"))
        XCTAssertNil(top[0]["tm"], "the group plays the file's time")
        XCTAssertEqual(top[0]["ks"]?["o"]?["k"], .number(60))
        let inside = try asset("group", in: doc)
        XCTAssertEqual(names(inside), ["finger", "subtree", "screen"])
        XCTAssertEqual(inside[1]["refId"], .string("subtree"))
        XCTAssertNotNil(inside[1]["tm"], "the card's run replays its sweep")
        XCTAssertEqual(inside[1]["parent"], inside[2]["ind"])
        XCTAssertEqual(inside[0]["parent"], inside[2]["ind"])
        XCTAssertEqual(inside[0]["ks"]?["p"]?["a"], .number(1), "the finger keyed over the whole file")
        XCTAssertEqual(inside[2]["ks"]?["o"]?["k"], .number(100))
        let card = try asset("subtree", in: doc)
        XCTAssertEqual(names(card), ["badge", "card"])
        XCTAssertEqual(card.map(drawnOpacity), [80, 100])
    }
}

import JSONText
import Keyframes
import Simulation
import TransitionModel
import XCTest

@testable import Artwork
@testable import Exporters

/// Opacity over overlapping shapes of flat SVG art: the art split into shape layers above its
/// layer, the group's run with the group's opacity as its `ks.o` (composited once by rlottie,
/// ThorVG and lottie-web; a shape group's `tr.o` is not, in rlottie and ThorVG).
final class LottieArtPiecesTests: XCTestCase, LottieReading {
    func lottie(_ body: String, snapshot: Bool = false) throws -> JSONValue {
        let art = try SVGArtReader.read(
            bytes: Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20\" height=\"10\">\n\(body)</svg>".utf8), file: "art.svg")
        let badge = LayerDefinition(kind: .rect, frame: Rect(0, 0, 4, 4), fill: .solid(.white))
        var layers = [
            LayerDefinition(
                id: "card", kind: .artwork(LayerArtwork(path: "art.svg", artwork: .vector(art))), frame: Rect(10, 10, 20, 10),
                numbers: [.cornerRadius: 3], clipsToBounds: true, children: [badge])
        ]
        if snapshot { layers.append(LayerDefinition(id: "snap", kind: .snapshot(of: "card"), position: Point(200, 400), size: Size(40, 20))) }
        let d = TransitionDefinition(
            name: "t", description: "d", canvas: Canvas(size: Size(390, 844), background: .white), layers: layers,
            phases: [
                Phase(name: "p", blocks: [AnimationBlock(duration: 0.3, timing: .named(.easeInOut), changes: [PropertyChange(layer: "card", .opacity(0.8))])])
            ])
        return try LottieWriter().lottie(KeyframedTransition.fitted(try Simulation(d), for: .lottie))
    }

    static let body = """
        <rect width="20" height="10" fill="#ffffff"/>
        <g opacity="0.5"><rect width="10" height="10" fill="#ff0000"/><rect x="5" width="10" height="10" fill="#0000ff"/></g>
        <rect x="18" width="2" height="2" fill="#00ff00"/>
        """

    func testOpacityOverOverlappingShapesIsALayerOfItsOwnInAPrecomp() throws {
        let doc = try lottie(Self.body)
        func names(_ layers: [JSONValue]) -> [String] { layers.compactMap { if case .string(let s)? = $0["nm"] { return s } else { return nil } } }
        // Top first: the sublayer (under its matte: the clip), the art's precomp, the card's content.
        XCTAssertEqual(names(array(doc["layers"])), ["clip-of-layer-1", "layer-1", "card.art", "card", "background"])
        let card = try XCTUnwrap(layer(named: "card", in: doc))
        let art = try XCTUnwrap(layer(named: "card.art", in: doc))
        XCTAssertEqual(number(art["ty"]), 0)
        XCTAssertEqual(number(art["parent"]), number(card["ind"]))
        // The card's rounded clip repeated as the precomp layer's mask, in the same space.
        XCTAssertEqual(array(card["masksProperties"]).count, 1)
        XCTAssertEqual(JSONWriter().string(.array(array(art["masksProperties"]))), JSONWriter().string(.array(array(card["masksProperties"]))))
        // The card's opacity (1 → 0.8) composites the whole art once; the margin (the card's
        // size on each side) moved by the anchor and undone inside.
        XCTAssertEqual(evaluate(try XCTUnwrap(art["ks"]?["o"]), atFrame: 0), [100])
        XCTAssertEqual(evaluate(try XCTUnwrap(art["ks"]?["o"]), atFrame: 100).first ?? 0, 80, accuracy: 1e-9)
        XCTAssertEqual(numbers(art["ks"]?["a"]?["k"]), [20, 10])
        XCTAssertEqual(numbers(.array([art["w"]!, art["h"]!])), [60, 30])
        XCTAssertFalse(JSONWriter().string(card).contains("[1,0,0]"))  // the card's shapes no longer draw the art

        let asset = try XCTUnwrap(array(doc["assets"]).first { $0["id"] == .string("art-1") })
        let runs = array(asset["layers"])
        XCTAssertEqual(names(runs), ["card.art-1", "card.art-2", "card.art-3"])  // green; the group; white
        XCTAssertEqual(runs.map { numbers($0["ks"]?["o"]?["k"]) }, [[100], [50], [100]])
        XCTAssertEqual(runs.map { numbers($0["ks"]?["p"]?["k"]) }, [[20, 10], [20, 10], [20, 10]])
        let text = JSONWriter().string(runs[1]["shapes"]!)
        XCTAssertTrue(text.contains(#""c":{"a":0,"k":[1,0,0]}"#), text)
        XCTAssertTrue(text.contains(#""c":{"a":0,"k":[0,0,1]}"#), text)
        XCTAssertFalse(text.contains(#""o":{"a":0,"k":50}"#), text)  // no tr.o left in the shapes
    }

    func testArtReachingPastThePrecompIsRefused() throws {
        XCTAssertThrowsError(try lottie(Self.body + #"<rect x="45" width="2" height="2"/>"#)) {
            XCTAssertTrue("\($0)".contains("art.svg:4: with opacity over overlapping shapes elsewhere"), "\($0)")
        }
    }

    /// rlottie 0.2 darkens what lies below a translucent layer by about a level, covered or not.
    func testASecondOpacityGroupOverOverlapsIsRefused() throws {
        let second = #"<g opacity="0.7"><rect y="5" width="3" height="3"/><rect x="1" y="5" width="3" height="3"/></g>"#
        XCTAssertThrowsError(try lottie(Self.body + second)) {
            XCTAssertTrue("\($0)".contains("art.svg:4: a second opacity over overlapping shapes in one layer's art"), "\($0)")
        }
    }

    func testASnapshotOfSuchArtIsRefused() throws {
        XCTAssertThrowsError(try lottie(Self.body, snapshot: true)) {
            XCTAssertTrue("\($0)".contains("art.svg:3: opacity over overlapping shapes"), "\($0)")
        }
    }
}

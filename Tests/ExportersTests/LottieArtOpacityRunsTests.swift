import JSONText
import Keyframes
import Simulation
import TransitionModel
import XCTest

@testable import Artwork
@testable import Exporters

/// Opacity over overlapping shapes in flat SVG art: from the lowest such node up the art is drawn
/// as shape layers of its own above its layer, the node's run with its opacity as the layer's
/// `ks.o` (composited once, as SVG does), without a precomp (rlottie 0.2 draws a precomp holding a
/// translucent layer ~4/255 darker).
final class LottieArtOpacityRunsTests: XCTestCase, LottieReading, SVGArtFixture {
    func lottie(_ body: String, windowed: Bool = false, fade: Bool = false) throws -> JSONValue {
        let layers = try artCard(body, windowed: windowed)
        let change = fade ? PropertyChange(layer: "card", .opacity(0.8)) : PropertyChange(layer: "card", .position(Point(25, 15)))
        let d = TransitionDefinition(
            name: "t", description: "d", canvas: Canvas(size: Size(390, 844), background: .white), layers: layers,
            phases: [Phase(name: "p", blocks: [AnimationBlock(duration: 0.3, timing: .named(.easeInOut), changes: [change])])])
        return try LottieWriter().lottie(KeyframedTransition.fitted(try Simulation(d), for: .lottie))
    }

    static let body = """
        <rect width="20" height="10" fill="#ffffff"/>
        <g opacity="0.5"><rect width="8" height="8" fill="#ff0000"/><rect x="4" width="8" height="8" fill="#0000ff"/></g>
        <rect x="18" width="2" height="2" fill="#00ff00"/>
        """

    func names(_ doc: JSONValue) -> [String] {
        array(doc["layers"]).compactMap { if case .string(let s)? = $0["nm"] { return s } else { return nil } }
    }

    func testTheGroupIsALayerWithItsOpacityAboveTheArtsLayer() throws {
        let doc = try lottie(Self.body)
        // Top first: the sublayer (the card's clip its keyed mask, no matte), the green run, the group's run, the card.
        XCTAssertEqual(names(doc), ["layer-1", "card.art-1", "card.art-2", "card", "background"])
        let badge = try XCTUnwrap(layer(named: "layer-1", in: doc))
        XCTAssertNil(badge["tt"])
        XCTAssertEqual(array(badge["masksProperties"]).compactMap { $0["nm"] }, [.string("clip-card")])
        XCTAssertTrue(array(doc["assets"]).isEmpty)  // no precomp
        let card = try XCTUnwrap(layer(named: "card", in: doc))
        let top = try XCTUnwrap(layer(named: "card.art-1", in: doc)), group = try XCTUnwrap(layer(named: "card.art-2", in: doc))
        for run in [top, group] {
            XCTAssertEqual(number(run["ty"]), 4)
            XCTAssertEqual(number(run["parent"]), number(card["ind"]))
            XCTAssertEqual(numbers(run["ks"]?["p"]?["k"]), [0, 0])
            // The card's rounded clip cuts its art: a mask of each run.
            let clip = JSONWriter().string(try XCTUnwrap(array(run["masksProperties"]).first?["pt"]))
            XCTAssertTrue(clip.contains(#""v":[[3,0],[17,0],[20,3],[20,7],[17,10],[3,10],[0,7],[0,3]]"#), clip)
        }
        XCTAssertEqual(evaluate(try XCTUnwrap(top["ks"]?["o"]), atFrame: 0), [100])
        XCTAssertEqual(evaluate(try XCTUnwrap(group["ks"]?["o"]), atFrame: 0), [50])
        // Each run draws its own shapes; the group's items are not faded again inside.
        let groupText = JSONWriter().string(try XCTUnwrap(group["shapes"]))
        XCTAssertTrue(groupText.contains("[1,0,0]") && groupText.contains("[0,0,1]"), groupText)
        XCTAssertFalse(groupText.contains(#""o":{"a":0,"k":50}"#), groupText)
        XCTAssertTrue(JSONWriter().string(try XCTUnwrap(top["shapes"])).contains("[0,1,0]"))
        // The card's own layer keeps only the white rect below the group.
        let cardText = JSONWriter().string(try XCTUnwrap(card["shapes"]))
        XCTAssertTrue(cardText.contains("[1,1,1]"), cardText)
        XCTAssertFalse(cardText.contains("[1,0,0]") || cardText.contains("[0,1,0]"), cardText)
    }

    /// Under a clipping ancestor each run has the ancestor's outline as a mask (no matte), keyed
    /// with the card's move.
    func testAClippingAncestorIsAMaskOfEachRun() throws {
        let doc = try lottie(Self.body, windowed: true)
        for name in ["card.art-1", "card.art-2"] {
            let run = try XCTUnwrap(layer(named: name, in: doc))
            XCTAssertNil(run["tt"])
            let masks = array(run["masksProperties"])
            XCTAssertEqual(masks.compactMap { $0["mode"] }, [.string("a"), .string("i")])
            let keys = array(masks[1]["pt"]?["k"])
            XCTAssertEqual(keys.count, 2)
            let start = JSONWriter().string(try XCTUnwrap(keys[0]["s"])), end = JSONWriter().string(try XCTUnwrap(keys[1]["s"]))
            XCTAssertTrue(start.contains(#""v":[[-10,-10],[5,-10],[5,5],[-10,5]]"#), start)
            XCTAssertTrue(end.contains(#""v":[[-15,-10],[0,-10],[0,5],[-15,5]]"#), end)
        }
    }

    /// The card fades over its badge (a layer of its own): its subtree is a group precomp whose
    /// layer fades (docs/lottie.md#group-opacity), so inside it the runs keep their own opacity
    /// and composite with the card's other paint before the fade, as UIKit does.
    func testUnderAGroupPrecompTheRunsKeepTheirOwnOpacity() throws {
        let doc = try lottie(Self.body, fade: true)
        XCTAssertEqual(names(doc), ["group-of-card", "background"])
        let group = try XCTUnwrap(layer(named: "group-of-card", in: doc))
        XCTAssertEqual(array(group["ks"]?["o"]?["k"]).map { numbers($0["s"]) }, [[100], [80]])
        XCTAssertEqual(layer(named: "card", in: doc)?["ks"]?["o"]?["k"], .number(100))
        XCTAssertEqual(layer(named: "card.art-2", in: doc)?["ks"]?["o"]?["k"], .number(50))
    }

    func testWhatTheRunsCannotCarryIsRefused() throws {
        // One such group inside another would need a precomp.
        let nested = #"<g opacity=".5"><rect width="5" height="5"/><g opacity=".5"><rect width="5" height="5"/><rect x="2" width="5" height="5"/></g></g>"#
        XCTAssertThrowsError(try lottie(nested)) {
            XCTAssertTrue("\($0)".contains("art.svg:2: opacity over overlapping shapes"), "\($0)")
        }
        // With a clip path elsewhere the art is a precomp, which rlottie draws darker with a translucent layer.
        let clipped = Self.body + #"<clipPath id="c"><rect width="5" height="5"/></clipPath><rect width="9" height="9" clip-path="url(#c)"/>"#
        XCTAssertThrowsError(try lottie(clipped)) {
            XCTAssertTrue("\($0)".contains("art.svg:3: opacity over overlapping shapes"), "\($0)")
        }
    }
}

import JSONText
import Keyframes
import Simulation
import TransitionModel
import XCTest

@testable import Artwork
@testable import Exporters

/// A fill that paints nothing (every subpath's points on one line) is left out of the Lottie
/// art, so feed.svg's plus (two open lines, filled by default, stroked) takes a clipping
/// window's mask; a plain card takes the mask when its static paint does
/// (LottieArtEmptyFills.swift, LottieArtOpacityRuns.swift `paintTakesMasks`).
final class LottieEmptyFillsTests: XCTestCase, LottieReading {
    func art(_ body: String) throws -> ArtDocument {
        try SVGArtReader.read(
            bytes: Array(##"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10">"##.utf8) + Array(body.utf8) + Array("</svg>".utf8),
            file: "art.svg")
    }

    /// Every `ty` in the items, depth first.
    func types(_ items: [JSONValue]) -> [String] {
        items.flatMap { item -> [String] in
            let own: [String] = if case .string(let t)? = item["ty"] { [t] } else { [] }
            return own + types(array(item["it"]))
        }
    }

    func itemTypes(_ body: String) throws -> [String] {
        types(try LottieArtworkShapes.items(try art(body), file: "art.svg", mode: .scaleToFill, bounds: (20, 10)))
    }

    func testASubpathEnclosesAreaUnlessItsPointsAreCollinear() {
        func path(_ s: [ArtPathSegment]) -> ArtPath { ArtPath(s) }
        let p = { (x: Double, y: Double) in ArtPoint(x, y) }
        XCTAssertFalse(LottieArtworkShapes.enclosesArea(path([.move(p(189, 817)), .line(p(201, 817))])))
        XCTAssertFalse(LottieArtworkShapes.enclosesArea(path([.move(p(0, 0)), .line(p(1, 1)), .line(p(3, 3)), .close])), "diagonal, closed")
        XCTAssertFalse(LottieArtworkShapes.enclosesArea(path([.move(p(0, 0)), .cubic(p(1, 2), p(4, 8), p(2, 4))])), "a cubic on its line")
        XCTAssertFalse(LottieArtworkShapes.enclosesArea(path([.move(p(5, 5)), .close])), "a point")
        XCTAssertTrue(LottieArtworkShapes.enclosesArea(path([.move(p(0, 0)), .line(p(20, 0)), .line(p(20, 10))])), "an open corner")
        XCTAssertTrue(LottieArtworkShapes.enclosesArea(path([.move(p(0, 0)), .line(p(20, 0)), .line(p(10, 0.001))])), "a thin sliver")
        XCTAssertTrue(LottieArtworkShapes.enclosesArea(path([.move(p(0, 0)), .cubic(p(5, 5), p(15, 5), p(20, 0))])), "a bulging cubic")
    }

    func testOnlyAFillThatPaintsNothingIsLeftOut() throws {
        // The plus: stroked, its default fill dropped.
        XCTAssertEqual(try itemTypes(##"<path d="M0 5H20M10 0V10" stroke="#000" stroke-width="2"/>"##), ["gr", "sh", "sh", "st", "tr"])
        // A subpath with area keeps the fill for the whole shape.
        XCTAssertEqual(
            try itemTypes(##"<path d="M0 5H20M0 0H10V10" stroke="#000" stroke-width="2"/>"##), ["gr", "sh", "sh", "st", "fl", "tr"])
        XCTAssertEqual(try itemTypes(##"<path d="M0 0H20V10" fill="#0f0"/>"##), ["gr", "sh", "fl", "tr"])
        // A fill of a line alone draws nothing at all.
        XCTAssertEqual(try itemTypes(##"<path d="M0 5H20" fill="#0f0"/>"##), [])
    }

    /// A rect card in a clipping window whose static sublayer is `child`.
    func card(_ child: LayerDefinition) throws -> JSONValue {
        let card = LayerDefinition(id: "card", kind: .rect, frame: Rect(10, 10, 20, 10), fill: .solid(.black), children: [child])
        let window = LayerDefinition(
            id: "window", kind: .group, frame: Rect(0, 0, 15, 15), numbers: [.cornerRadius: 4], clipsToBounds: true, children: [card])
        let d = TransitionDefinition(
            name: "t", description: "d", canvas: Canvas(size: Size(390, 844), background: .white), layers: [window],
            phases: [
                Phase(
                    name: "p",
                    blocks: [AnimationBlock(duration: 0.3, timing: .named(.easeInOut), changes: [PropertyChange(layer: "card", .position(Point(25, 15)))])])
            ])
        return try LottieWriter().lottie(KeyframedTransition.fitted(try Simulation(d), for: .lottie))
    }

    func svgChild(_ body: String) throws -> LayerDefinition {
        LayerDefinition(kind: .artwork(LayerArtwork(path: "art.svg", artwork: .vector(try art(body)))), frame: Rect(2, 2, 10, 5))
    }

    func testAPlainCardTakesTheMaskUnlessItsStaticArtStrokesAFilledOpenPath() throws {
        for (doc, what) in [
            (try card(LayerDefinition(kind: .rect, frame: Rect(2, 2, 10, 5), fill: .solid(.white))), "a rect sublayer"),
            (try card(try svgChild(##"<path d="M0 5H20M10 0V10" stroke="#000" stroke-width="2"/>"##)), "a plus"),
        ] {
            let card = try XCTUnwrap(layer(named: "card", in: doc))
            XCTAssertNil(card["tt"], what)
            XCTAssertEqual(array(card["masksProperties"]).compactMap { $0["nm"] }, [.string("clip-window")], what)
            XCTAssertNil(layer(named: "clip-of-card", in: doc), what)
        }
        let corner = try card(try svgChild(##"<path d="M0 0H20V10" stroke="#000" stroke-width="2"/>"##))
        let matted = try XCTUnwrap(layer(named: "card", in: corner))
        XCTAssertEqual(matted["tt"], .number(1))
        XCTAssertTrue(array(matted["masksProperties"]).isEmpty)
        XCTAssertNotNil(layer(named: "clip-of-card", in: corner))
    }
}

import Diagnostics
import Foundation
import JSONText
import Keyframes
import Motion
import Simulation
import TransitionModel
import XCTest

@testable import Artwork
@testable import Exporters
@testable import Keyframes

/// Opacity on SVG art under a 3D transform: multiplied into shapes that do not overlap, an
/// opacity group over shapes that do (SVG `<g opacity>`; Lottie: a shape layer of its own, its `ks.o`).
final class ProjectedArtworkOpacityTests: XCTestCase, SVGArtFixture {
    func alpha(_ fill: Fill) -> Double {
        if case .solid(let c) = fill { return c.alpha }
        return .nan
    }

    func testApartShapesTakeTheOpacityEach() throws {
        let layout = try ProjectedArtwork.layout(
            try art(##"<g opacity=".5"><rect width="5" height="5" fill="#f00"/><rect x="7" width="5" height="5" fill="#00f" fill-opacity=".8"/></g>"##),
            bounds: Size(20, 10))
        XCTAssertEqual(layout.groups, [])
        XCTAssertEqual(layout.shapes.map { alpha($0.fill) }, [0.5, 0.4])
    }

    func testOverlappingShapesBecomeAGroupWithTheirOwnColours() throws {
        // 2 pt apart in art units is 2 pt here (20 x 10 at 20 x 10): rects 1 pt apart overlap.
        let layout = try ProjectedArtwork.layout(
            try art(##"<g opacity=".5"><rect width="5" height="5" fill="#f00"/><rect x="6" width="5" height="5" fill="#00f"/></g>"##),
            bounds: Size(20, 10))
        XCTAssertEqual(layout.groups, [ProjectedArtOpacityGroup(shapes: 0..<2, opacity: 0.5, line: 2)])
        XCTAssertEqual(layout.shapes.map { alpha($0.fill) }, [1, 1])
        // A shape's own opacity over its fill and its stroke: they overlap along the edge.
        let stroked = try ProjectedArtwork.layout(
            try art(##"<rect width="5" height="5" fill="#f00" stroke="#000" opacity=".3"/>"##), bounds: Size(20, 10))
        XCTAssertEqual(stroked.groups, [ProjectedArtOpacityGroup(shapes: 0..<2, opacity: 0.3, line: 2)])
    }

    func testNestedGroupsComeInnerFirst() throws {
        let layout = try ProjectedArtwork.layout(
            try art(
                "<g opacity=\".5\">\n<g opacity=\".8\"><rect width=\"5\" height=\"5\"/><rect x=\"2\" width=\"5\" height=\"5\"/></g>\n"
                    + "<rect x=\"15\" width=\"5\" height=\"5\" opacity=\".5\"/></g>"),
            bounds: Size(20, 10))
        XCTAssertEqual(
            layout.groups,
            [ProjectedArtOpacityGroup(shapes: 0..<2, opacity: 0.8, line: 3), ProjectedArtOpacityGroup(shapes: 0..<3, opacity: 0.5, line: 2)])
        XCTAssertEqual(layout.shapes.map { alpha($0.fill) }, [1, 1, 0.5], "the lone rect's own opacity multiplied in")
    }

    func testTheSVGAndLottieCompositeTheGroupOnce() throws {
        let artwork = try art(
            ##"<rect width="20" height="10" fill="#fff"/><g opacity=".5"><rect width="8" height="8" fill="#f00"/><rect x="4" y="2" width="8" height="8" fill="#00f"/></g>"##
        )
        let card = LayerDefinition(id: "card", kind: .artwork(artwork), frame: Rect(95, 322, 200, 100))
        let sim = try turnedAwayHalfASecond(card)
        let k = KeyframedTransition.fitted(sim, for: .smil)
        XCTAssertEqual(k.projected[0]?.opacityGroups, [ProjectedArtOpacityGroup(shapes: 1..<3, opacity: 0.5, line: 2)])
        let svg = try SVGWriter().svg(k)
        // The white card, then both rects in one group, each at full alpha.
        let group = try XCTUnwrap(svg.range(of: "<g opacity=\"0.5\">"))
        let after = svg[group.upperBound...]
        XCTAssertEqual(after.components(separatedBy: "<path").count - 1 >= 2, true)
        let inside = after[..<after.range(of: "</g>")!.lowerBound]
        XCTAssertEqual(inside.components(separatedBy: "<path ").count - 1, 2, "both rects inside the group")
        XCTAssertFalse(inside.contains("fill-opacity"))
        // Lottie: both rects in a shape layer of their own whose ks.o composites them once.
        let lottie = try LottieWriter().lottie(KeyframedTransition.fitted(sim, for: .lottie))
        guard case .array(let layers) = lottie["layers"] else { return XCTFail("layers") }
        XCTAssertEqual(layers.map { $0["nm"] }, [.string("card.art-1"), .string("card"), .string("background")])
        XCTAssertEqual(layers[0]["ks"]?["o"]?["k"], .number(50))
        XCTAssertNil(layers[0]["masksProperties"])
        guard case .array(let shapes) = layers[0]["shapes"] else { return XCTFail("shapes") }
        XCTAssertEqual(shapes.count, 2)
    }

    /// The parts composite apart from the layer's other paint, so a translucent layer would let
    /// the white card show through the rects: in Lottie the layer is a group precomp whose layer
    /// carries its 80 (docs/lottie.md#group-opacity), the part inside at the group's own 50 and
    /// the card at 100; drawn in SVG as before. (Refused before 2026-12-04.)
    func testPartsOnATranslucentLayerAreAGroupPrecomp() throws {
        let artwork = try art(
            ##"<rect width="20" height="10" fill="#fff"/><g opacity=".5"><rect width="8" height="8" fill="#f00"/><rect x="4" y="2" width="8" height="8" fill="#00f"/></g>"##
        )
        var card = LayerDefinition(id: "card", kind: .artwork(artwork), frame: Rect(95, 322, 200, 100))
        card.opacity = 0.8
        let sim = try turnedAwayHalfASecond(card)
        XCTAssertNoThrow(try SVGWriter().svg(KeyframedTransition.fitted(sim, for: .smil)))
        let lottie = try LottieWriter().lottie(KeyframedTransition.fitted(sim, for: .lottie))
        guard case .array(let layers) = lottie["layers"], case .array(let assets) = lottie["assets"] else { return XCTFail("layers") }
        XCTAssertEqual(layers.map { $0["nm"] }, [.string("group-of-card"), .string("background")])
        XCTAssertEqual(layers[0]["ks"]?["o"]?["k"], .number(80))
        guard case .array(let inside)? = assets.first(where: { $0["id"] == .string("group") })?["layers"] else { return XCTFail("no group asset") }
        XCTAssertEqual(inside.map { $0["nm"] }, [.string("card.art-1"), .string("card")])
        XCTAssertEqual(inside.map { $0["ks"]?["o"]?["k"] }, [.number(50), .number(100)])
    }
}

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

/// Clip paths inside SVG art under a 3D transform: projected paths of their own over the run of
/// shapes they clip (SVG `<g clip-path>` with an animated `<clipPath>`; Lottie: a masked layer of its own).
final class ProjectedArtworkClipTests: XCTestCase, SVGArtFixture {
    func lottieLayers(_ lottie: JSONValue) -> [JSONValue] {
        guard case .array(let layers) = lottie["layers"] else { return [] }
        return layers
    }

    func shapeCount(_ layer: JSONValue) -> Int {
        guard case .array(let shapes) = layer["shapes"] else { return -1 }
        return shapes.count
    }

    func testAClipIsInTheClippedNodesUserSpaceOverItsShapes() throws {
        let layout = try ProjectedArtwork.layout(
            try art(
                ##"<clipPath id="c"><rect x="1" y="1" width="4" height="4"/></clipPath><rect width="20" height="10" fill="#fff"/>"##
                    + "\n"
                    + ##"<g transform="translate(2 1)" clip-path="url(#c)"><rect width="9" height="9" fill="#f00" stroke="#000"/></g>"##),
            bounds: Size(40, 20))
        // The rect's fill and stroke outline (shapes 1 and 2) are clipped; the backdrop is not.
        XCTAssertEqual(layout.clips.map(\.shapes), [1..<3])
        XCTAssertEqual(layout.clips.map(\.line), [3])
        XCTAssertEqual(layout.clips.map(\.evenOdd), [false])
        // (1, 1)-(5, 5) moved by the group's translate(2 1), art units x 2 (20 x 10 at 40 x 20).
        XCTAssertEqual(layout.clips[0].paths.map { $0.map(\.vertices) }, [[[Point(6, 4), Point(14, 4), Point(14, 12), Point(6, 12)]]])
    }

    func testSeveralShapesAreAUnionAndNestedClipsComeInnerFirst() throws {
        let layout = try ProjectedArtwork.layout(
            try art(
                ##"<clipPath id="two"><rect width="4" height="4"/><rect x="6" width="4" height="4"/></clipPath>"##
                    + ##"<clipPath id="ring" clip-rule="evenodd"><path d="M0 0H10V10H0ZM2 2H8V8H2Z"/></clipPath>"##
                    + "\n<g clip-path=\"url(#two)\">\n<rect width=\"10\" height=\"10\"/>\n"
                    + "<rect x=\"1\" width=\"8\" height=\"8\" clip-path=\"url(#ring)\"/></g>"),
            bounds: Size(20, 10))
        XCTAssertEqual(layout.clips.map(\.shapes), [1..<2, 0..<2])
        XCTAssertEqual(layout.clips.map(\.line), [5, 3])
        XCTAssertEqual(layout.clips.map(\.evenOdd), [true, false])
        XCTAssertEqual(layout.clips.map { $0.paths.map(\.count) }, [[2], [1, 1]], "the ring's hole; the union's two rects")
    }

    func testTheSVGClipsTheProjectedRunAndLottieMasksItsOwnLayer() throws {
        let artwork = try art(
            ##"<clipPath id="c"><rect x="1" y="1" width="4" height="4"/></clipPath><rect width="20" height="10" fill="#fff"/>"##
                + "\n"
                + ##"<g clip-path="url(#c)"><rect width="8" height="8" fill="#f00"/><rect x="3" y="3" width="8" height="6" fill="#00f"/></g>"##)
        let card = LayerDefinition(id: "card", kind: .artwork(artwork), frame: Rect(95, 322, 200, 100))
        let sim = try turnedAwayHalfASecond(card)
        XCTAssertNoThrow(try ArtworkLayerChecks.refuseUnderPerspective(sim))
        let k = KeyframedTransition.fitted(sim, for: .smil)
        let projected = try XCTUnwrap(k.projected[0])
        let clip = try XCTUnwrap(projected.artClips.first)
        XCTAssertEqual(projected.artClips.count, 1)
        XCTAssertEqual(clip.shapes, 1..<3)
        XCTAssertTrue(clip.paths[0].isAnimated)
        // The clip rect (1, 1)-(5, 5) of 20 x 10 stretched to 200 x 100: (10, 10)-(50, 50),
        // within the fit's 0.5 pt of its exact projection over the turn.
        for t in stride(from: 0.0, through: 0.5, by: 0.05) {
            let h = PlaneProjection(sim.state(at: min(t, 0.5.nextDown)).boundsToScreen[0])
            let drawn = clip.paths[0].value(at: t).subpaths[0].vertices
            XCTAssertEqual(drawn.count, 4)
            for (p, q) in zip(drawn, [Point(10, 10), Point(50, 10), Point(50, 50), Point(10, 50)]) {
                XCTAssertLessThanOrEqual(p.distance(to: h.apply(q)), 0.5, "t = \(t)")
            }
        }
        XCTAssertEqual(clip.paths[0].initialValue.subpaths[0].vertices, [Point(105, 332), Point(145, 332), Point(145, 372), Point(105, 372)])
        let svg = try SVGWriter().svg(k)
        // The white card, then the clip path (animated), then both rects inside the clipped group.
        let clipPath = try XCTUnwrap(svg.range(of: "<clipPath id=\"clip-"))
        let clipBody = svg[clipPath.upperBound...]
        XCTAssertTrue(clipBody[..<clipBody.range(of: "</clipPath>")!.lowerBound].contains("<animate attributeName=\"d\""))
        let group = try XCTUnwrap(svg.range(of: "<g clip-path=\"url(#clip-", range: clipPath.upperBound..<svg.endIndex))
        let inside = svg[group.upperBound...][..<svg[group.upperBound...].range(of: "</g>")!.lowerBound]
        XCTAssertEqual(inside.components(separatedBy: "<path ").count - 1, 2, "both rects inside the clipped group")
        // Lottie: the white card in the layer's own content; both rects in a part above it, masked by the clip.
        let lottie = try LottieWriter().lottie(KeyframedTransition.fitted(sim, for: .lottie))
        let layers = lottieLayers(lottie)
        XCTAssertEqual(layers.map { $0["nm"] }, [.string("card.art-1"), .string("card"), .string("background")])
        XCTAssertEqual(layers[0]["parent"], .number(2))
        XCTAssertEqual(shapeCount(layers[0]), 2)
        XCTAssertEqual(shapeCount(layers[1]), 1)
        guard case .array(let masks) = layers[0]["masksProperties"] else { return XCTFail("the part is masked") }
        XCTAssertEqual(masks.map { $0["mode"] }, [.string("a")])
        XCTAssertEqual(layers[0]["ks"]?["o"]?["k"], .number(100))
    }

    func testLottieIntersectsNestedClipsAndRefusesWhatWouldNeedAPrecomp() throws {
        func lottie(_ body: String) throws -> JSONValue {
            let card = LayerDefinition(id: "card", kind: .artwork(try art(body)), frame: Rect(95, 322, 200, 100))
            return try LottieWriter().lottie(KeyframedTransition.fitted(try turnedAwayHalfASecond(card), for: .lottie))
        }
        func refusal(_ body: String) -> String {
            do { _ = try lottie(body); return "no error" } catch { return "\(error)" }
        }
        // A clip inside a clip: the inner run is a part with both, the outer clip's union first.
        let defs =
            ##"<clipPath id="two"><rect width="4" height="4"/><rect x="6" width="4" height="4"/></clipPath>"##
            + ##"<clipPath id="one"><rect x="1" y="1" width="8" height="2"/></clipPath>"##
        let nested = try lottie(
            defs + ##"<g clip-path="url(#two)"><rect width="10" height="10" fill="#f00"/><rect width="9" height="9" fill="#00f" clip-path="url(#one)"/></g>"##)
        let layers = lottieLayers(nested)
        XCTAssertEqual(layers.map { $0["nm"] }, [.string("card.art-2"), .string("card.art-1"), .string("card"), .string("background")])
        func modes(_ layer: JSONValue) -> [JSONValue?] {
            guard case .array(let masks) = layer["masksProperties"] else { return [] }
            return masks.map { $0["mode"] }
        }
        // The outer clip's two shapes are one mask contour (rlottie 0.2 loses one of two "a" masks
        // side by side: LottieClipUnion.swift): 2 x (4 vertices + the start again).
        XCTAssertEqual(modes(layers[1]), [.string("a")], "the outer clip's two shapes, one contour")
        XCTAssertEqual(modes(layers[0]), [.string("a"), .string("i")], "and the inner clip intersected")
        guard case .array(let outer) = layers[1]["masksProperties"], case .array(let keys)? = outer[0]["pt"]?["k"],
            case .array(let shapes)? = keys[0]["s"], let vertices = shapes[0]["v"]?.arrayItems
        else { return XCTFail("an animated union contour") }
        XCTAssertEqual(vertices.count, 10)
        // Key by key: the union keeps the keys the clip shapes were fitted on (like the inner
        // clip's one shape), not resampled.
        guard case .array(let inner) = layers[0]["masksProperties"], case .array(let innerKeys)? = inner[1]["pt"]?["k"] else {
            return XCTFail("an animated inner clip")
        }
        XCTAssertEqual(keys.count, innerKeys.count)
        XCTAssertEqual(shapeCount(layers[2]), 0, "the card's own layer draws nothing before the first part")
        XCTAssertEqual(
            refusal(
                ##"<clipPath id="ring" clip-rule="evenodd"><path d="M0 0H10V10H0ZM2 2H8V8H2Z"/></clipPath>"##
                    + "\n<rect width=\"9\" height=\"9\" clip-path=\"url(#ring)\"/>"),
            "art.svg:3: layer \"card\": a clip path with holes under a 3D transform is not carried in Lottie yet (the SVG export carries it)")
        XCTAssertEqual(
            refusal(
                "<g opacity=\".5\"><rect width=\"5\" height=\"5\"/>\n<g opacity=\".5\"><rect width=\"5\" height=\"5\"/>"
                    + "<rect x=\"1\" width=\"5\" height=\"5\"/></g></g>"),
            "art.svg:3: layer \"card\": opacity over overlapping shapes inside another such group under a 3D transform "
                + "is not carried in Lottie yet (the SVG export carries it)")
    }
}

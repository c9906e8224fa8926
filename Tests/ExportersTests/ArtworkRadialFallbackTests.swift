import Foundation
import Keyframes
import Motion
import Simulation
import TransitionModel
import XCTest

@testable import Artwork
@testable import Exporters

/// SVG art painting a radial gradient under 3D is drawn as a 3 px/pt picture
/// (docs/artwork.md#radial-gradients-under-3d); other art keeps its vector shapes.
final class ArtworkRadialFallbackTests: XCTestCase, SVGArtFixture {
    let radialRect =
        ##"<radialGradient id="r"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#00f"/></radialGradient>"##
        + ##"<rect width="20" height="10" fill="url(#r)"/>"##

    func testRadialArtUnderPerspectiveBecomesAThreeTimesPicture() throws {
        let card = LayerDefinition(id: "card", kind: .artwork(try art(radialRect)), frame: Rect(165, 407, 60, 30))
        let sim = try turnedAwayHalfASecond(card)
        XCTAssertThrowsError(try ArtworkLayerChecks.refuseUnderPerspective(sim), "as vector art, refused")
        let drawn = try ArtworkRadialFallback.applied(sim)
        guard case .artwork(let picture) = drawn.layers[0].definition.kind, case .raster(let image) = picture.artwork else {
            return XCTFail("not a picture")
        }
        XCTAssertEqual([image.pixelWidth, image.pixelHeight], [60, 30], "20 x 10 at 3 px/pt")
        XCTAssertEqual(picture.scale, 3)
        XCTAssertEqual(picture.path, "art.svg")
        XCTAssertEqual(picture.naturalSize, Size(20, 10))
        XCTAssertNoThrow(try ArtworkLayerChecks.refuseUnderPerspective(drawn))
        XCTAssertEqual(try ArtworkRadialFallback.applied(sim).definition, drawn.definition, "the same PNG bytes every run")
        let png = try XCTUnwrap(image.bytes)
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
    }

    func testAPictureOverTheCellLimitIsRefusedAtTheGradientsLine() throws {
        // A screen-sized art (1170 x 2532 px at 3 px/pt) turned 60 degrees towards the eye (500 pt) about its left edge,
        // as Examples/svg-dashes-flip.json.
        let screen = try SVGArtReader.read(
            bytes: Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"390\" height=\"844\">\n\(radialRect)</svg>".utf8), file: "art.svg")
        let card = LayerDefinition(
            id: "card", kind: .artwork(LayerArtwork(path: "art.svg", artwork: .vector(screen))), frame: Rect(0, 0, 390, 844),
            anchorPoint: Point(0, 0.5))
        let flip = AnimationBlock(
            duration: 0.5, timing: .named(.easeInOut),
            changes: [PropertyChange(layer: "card", .transform(LayerTransform(rotationY: -.pi / 3, m34: -1.0 / 500)))])
        let sim = try Simulation(
            TransitionDefinition(
                name: "t", description: "d", canvas: Canvas(size: Size(390, 844), background: .white),
                timeline: TimelineSettings(holdBefore: 0, holdBetween: 0, holdAfter: 0), layers: [card],
                phases: [Phase(name: "flip", blocks: [flip])]))
        XCTAssertThrowsError(try ArtworkRadialFallback.applied(sim)) {
            XCTAssertEqual(
                "\($0)",
                "art.svg:2: layer \"card\": a radial gradient under a 3D transform is drawn as a picture (docs/artwork.md#radial-gradients-under-3d), "
                    + "and this perspective would take more than 1024 affinely mapped cells to draw it within 0.5 px; use a weaker perspective or a smaller turn, "
                    + "or art without a radial gradient (drawn as projected paths, with no cell limit)"
            )
        }
    }

    func testArtOverAPicturesLimitsIsRefusedBeforeDrawing() throws {
        let huge = try SVGArtReader.read(
            bytes: Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"3000\" height=\"10\">\n\(radialRect)</svg>".utf8), file: "huge.svg")
        XCTAssertThrowsError(try ArtworkRadialFallback.picture(LayerArtwork(path: "huge.svg", artwork: .vector(huge)), line: 2)) {
            XCTAssertEqual(
                "\($0)",
                "huge.svg:2: a radial gradient under a 3D transform is drawn as a picture at 3 px/pt (docs/artwork.md#radial-gradients-under-3d): "
                    + "art of 3000 x 10 pt would be over the limit of 8192 px a side and 40000000 px in all")
        }
    }

    /// 3,001 gradient rects took 43 s to draw (found by fuzzing the sample art): the pixels the
    /// shapes paint, cut to the picture, are bounded before librsvg draws any.
    func testArtPaintingTooManyPixelsIsRefusedBeforeDrawing() throws {
        func screen(rects: Int) throws -> ArtDocument {
            let rect = ##"<rect x="-10" y="0" width="400" height="100" fill="url(#r)" stroke="#000" stroke-width="2"/>"##
            let body = radialRect + String(repeating: rect, count: rects)
            return try SVGArtReader.read(
                bytes: Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"390\" height=\"844\">\n\(body)</svg>".utf8), file: "art.svg")
        }
        // The 20 x 10 rect (1,800 px at 3 px/pt), then each rect cut to 390 pt wide, 101 pt tall
        // with half its stroke: 354,510 px.
        XCTAssertEqual(ArtworkRadialFallback.paintedPixels(try screen(rects: 1), natural: (390, 844)), 1_800 + 390 * 101 * 9)
        let over = Int(ArtworkRadialFallback.maxPaintedPixels / (390 * 101 * 9)) + 1
        XCTAssertThrowsError(try ArtworkRadialFallback.picture(LayerArtwork(path: "art.svg", artwork: .vector(try screen(rects: over))), line: 2)) {
            XCTAssertEqual(
                "\($0)",
                "art.svg:2: a radial gradient under a 3D transform is drawn as a picture at 3 px/pt (docs/artwork.md#radial-gradients-under-3d), "
                    + "and its shapes would paint 250 million pixels; expected at most 250 million (fewer or smaller shapes)")
        }
    }

    func testOtherArtAndFlatArtAreLeftAlone() throws {
        let linear = LayerDefinition(
            id: "card", kind: .artwork(try art(##"<rect width="20" height="10" fill="#f00"/>"##)), frame: Rect(165, 407, 60, 30))
        let sim = try turnedAwayHalfASecond(linear)
        XCTAssertEqual(try ArtworkRadialFallback.applied(sim).definition, sim.definition)
        var flat = sim.definition
        flat.layers[0].kind = .artwork(try art(radialRect))
        flat.phases = []
        let still = try Simulation(flat)
        XCTAssertEqual(try ArtworkRadialFallback.applied(still).definition, flat, "not projected: the flat exporters write the radialGradient")
    }
}

import Foundation
import Keyframes
import Motion
import Simulation
import TransitionModel
import XCTest

@testable import Artwork
@testable import Exporters

/// Art under 3D is sampled at every instant of the projection's grid with all its vertices kept:
/// 3,000 stroked rects took 31.5 s and 3.1 GB (found by fuzzing the sample art), so the vertices
/// times the instants are bounded, from the shapes, before anything is sampled.
final class ProjectedArtworkCostTests: XCTestCase, SVGArtFixture {
    func artwork(rects: Int) throws -> LayerArtwork {
        let rect = ##"<path d="M2 2H18V8H2Z" fill="#5bc0be" stroke="#51cf66" stroke-width="1" stroke-linejoin="bevel"/>"##
        return try art(String(repeating: rect + "\n", count: rects))
    }

    func card(rects: Int) throws -> LayerDefinition {
        LayerDefinition(id: "card", kind: .artwork(try artwork(rects: rects)), frame: Rect(165, 407, 60, 30))
    }

    func testVertexSamplesPastTheCeilingAreRefusedBeforeSampling() throws {
        let one = try ProjectedArtwork.shapes(try artwork(rects: 1), bounds: Size(60, 30))
        let perRect = one.reduce(0) { $0 + $1.subpaths.reduce(0) { $0 + $1.vertices.count } }
        XCTAssertGreaterThan(perRect, 4, "a fill and its stroke's outline")
        let instants = ProjectedArtwork.sampledInstants(loop: 0.5)
        XCTAssertEqual(instants, 1000, "at least 1,000 a loop")
        let fitting = ArtworkLayerChecks.maxProjectedVertexSamples / (perRect * instants)
        XCTAssertNoThrow(try ArtworkLayerChecks.refuseUnderPerspective(try turnedAwayHalfASecond(try card(rects: fitting))))
        XCTAssertThrowsError(try ArtworkLayerChecks.refuseUnderPerspective(try turnedAwayHalfASecond(try card(rects: fitting + 1)))) {
            XCTAssertEqual(
                "\($0)",
                "layers[0]: layer \"card\": its art (art.svg) under a 3D transform takes the file's projected paths to \((fitting + 1) * perRect) vertices, "
                    + "each sampled at 1000 instants; expected at most 10000000 vertex samples (simpler art, fewer shapes or strokes, or a shorter timeline)")
        }
    }
}

import JSONText
import Keyframes
import Motion
import Simulation
import TransExportTestSupport
import TransitionModel
import XCTest

@testable import Artwork
@testable import Exporters
@testable import Keyframes

/// A PNG/JPEG picture under a 3D transform: cells, each the same embedded picture under an
/// affine map (translate · rotate · scale · rotate), within 0.5 px of the projection.
final class ProjectedPictureTests: XCTestCase, LottieReading {
    func testAffinePartsRebuildTheMatrixMirrorsIncluded() {
        for (m00, m01, m10, m11) in [(1.0, 0.0, 0.0, 1.0), (0.8, 0.1, -0.3, 1.2), (0.5, 0.2, 0.4, -0.7), (-1.0, 0.0, 0.0, 2.0), (0.3, 0.0, 0.0, 0.3)] {
            let parts = AffineParts.decompose(m00, m01, m10, m11, tx: 5, ty: -3, previous: nil).parts
            for p in [Point(1, 0), Point(0, 1), Point(2, -3)] {
                let q = parts.apply(p)
                XCTAssertEqual(q.x, m00 * p.x + m01 * p.y + 5, accuracy: 1e-9)
                XCTAssertEqual(q.y, m10 * p.x + m11 * p.y - 3, accuracy: 1e-9)
            }
        }
    }

    func definition() throws -> (TransitionDefinition, LayerArtwork) {
        let image = try RasterImage(bytes: PNGBytes.png(width: 60, height: 120), file: "shot.png")
        let art = LayerArtwork(path: "shot.png", artwork: .raster(image), contentMode: .scaleToFill, scale: 1)
        let card = LayerDefinition(id: "card", kind: .artwork(art), frame: Rect(95, 222, 200, 400), anchorPoint: Point(0, 0.5))
        let flip = AnimationBlock(
            duration: 0.3, timing: .named(.easeInOut),
            changes: [PropertyChange(layer: "card", .transform(LayerTransform(rotationY: -.pi / 6, m34: -1.0 / 1000)))])
        let d = TransitionDefinition(
            name: "t", description: "d", canvas: Canvas(size: Size(390, 844), background: .white),
            timeline: TimelineSettings(holdBefore: 0.05, holdBetween: 0, holdAfter: 0.05),
            layers: [card], phases: [Phase(name: "flip", blocks: [flip])])
        return (d, art)
    }

    func testCellsStayWithinHalfAPixelOfTheProjectionAtEveryInstant() throws {
        let (d, _) = try definition()
        let sim = try Simulation(d)
        XCTAssertNoThrow(try ArtworkLayerChecks.refuseUnderPerspective(sim))
        let cells = try XCTUnwrap(KeyframedTransition.fitted(sim, for: .smil).projected[0]).pictureCells
        XCTAssertGreaterThan(cells.count, 1)
        XCTAssertLessThan(cells.count, ProjectedPicture.maxCells)
        // The cells tile the picture's 60 x 120 px.
        XCTAssertEqual(cells.map { $0.rect.size.width * $0.rect.size.height }.reduce(0, +), 7200, accuracy: 1e-6)
        var worst = 0.0
        for n in 0...48 {  // every 1/120 s of the 0.4 s loop
            let t = Double(n) / 120
            let h = PlaneProjection(sim.state(at: min(t, 0.4.nextDown)).boundsToScreen[0])
            for cell in cells {
                let m = cell.transform.value(at: t)
                for p in ProjectedPicture.probes(cell.rect) {
                    // 60 x 120 px in 200 x 400 pt.
                    let exact = h.apply(Point(p.x * 200 / 60, p.y * 400 / 120))
                    worst = max(worst, m.apply(p - cell.pivot).distance(to: exact))
                }
            }
        }
        XCTAssertLessThanOrEqual(worst, 0.5)
        XCTAssertGreaterThan(worst, 0.01, "the cells are an approximation, not exact")
    }

    /// Fits 224 cells in both formats (7 s in a debug build): catalog tier.
    func testBothFormatsEmbedThePictureOnceAndDrawEveryCell() throws {
        try CatalogTier.require()
        let (d, _) = try definition()
        let sim = try Simulation(d)
        let lottie = KeyframedTransition.fitted(sim, for: .lottie)
        let cells = try XCTUnwrap(lottie.projected[0]).pictureCells
        let doc = try LottieWriter().lottie(lottie)
        XCTAssertEqual(array(doc["assets"]).count, 1)
        let layers = array(doc["layers"])
        let images = layers.filter { $0["ty"] == .number(2) }, nulls = layers.filter { $0["ty"] == .number(3) }
        XCTAssertEqual(images.count, cells.count)
        XCTAssertEqual(nulls.count, cells.count)
        XCTAssertEqual(Set(images.compactMap { $0["refId"] }), [.string("picture-1")])
        XCTAssertFalse(layers.contains { $0["ks"]?["sk"] != nil }, "no skew: rlottie ignores it")
        // Each image layer hangs from the null layer right below it.
        for image in images { XCTAssertEqual(number(image["parent"]), number(image["ind"]).map { $0 + 1 }) }

        let svg = try SVGWriter().svg(KeyframedTransition.fitted(sim, for: .smil))
        XCTAssertEqual(svg.components(separatedBy: "<image ").count - 1, 1)
        XCTAssertEqual(svg.components(separatedBy: "<use ").count - 1, cells.count)
        XCTAssertFalse(svg.contains("skew"))
    }

    func testAPerspectiveTooStrongForTheCellLimitIsRefusedBeforeExport() throws {
        let image = try RasterImage(bytes: PNGBytes.png(width: 60, height: 120), file: "shot.png")
        let art = LayerArtwork(path: "shot.png", artwork: .raster(image), contentMode: .scaleToFill, scale: 1)
        let card = LayerDefinition(id: "card", kind: .artwork(art), frame: Rect(0, 0, 390, 844), anchorPoint: Point(0, 0.5))
        let flip = AnimationBlock(
            duration: 0.3, timing: .named(.easeInOut),
            changes: [PropertyChange(layer: "card", .transform(LayerTransform(rotationY: -.pi / 3, m34: -1.0 / 500)))])
        let d = TransitionDefinition(
            name: "t", description: "d", canvas: Canvas(size: Size(390, 844), background: .white),
            timeline: TimelineSettings(holdBefore: 0, holdBetween: 0, holdAfter: 0),
            layers: [card], phases: [Phase(name: "flip", blocks: [flip])])
        XCTAssertThrowsError(try ArtworkLayerChecks.refuseUnderPerspective(try Simulation(d))) {
            XCTAssertEqual(
                "\($0)",
                "shot.png: layer \"card\": this perspective would take more than 1024 affinely mapped cells to draw the PNG/JPEG "
                    + "picture within 0.5 px; use a weaker perspective or a smaller turn")
        }
    }
}

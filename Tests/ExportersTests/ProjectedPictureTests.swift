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

    func definition() throws -> (TransitionDefinition, LayerArtwork) { try Self.fixture() }

    /// A 60 x 120 px picture on a 200 x 400 pt card turning 30 degrees.
    static func fixture() throws -> (TransitionDefinition, LayerArtwork) {
        turningCard(try RasterImage(bytes: PNGBytes.png(width: 60, height: 120), file: "shot.png"), frame: Rect(95, 222, 200, 400), angle: .pi / 6)
    }

    /// The fixture's simulation and its cells as the SVG fit draws them, fitted once for the tests
    /// that read them (the fit takes about 2 s in a debug build).
    static let smilFixture = Result { () throws -> (Simulation, [PictureCell]) in
        let sim = try Simulation(try fixture().0)
        return (sim, try XCTUnwrap(KeyframedTransition.fitted(sim, for: .smil).projected[0]).pictureCells)
    }

    /// A card showing `image` that turns `angle` about its left edge in 0.3 s (eye 1000 pt).
    static func turningCard(_ image: Artwork.Picture, frame: Rect, angle: Double) -> (TransitionDefinition, LayerArtwork) {
        let art = LayerArtwork(path: "shot.png", artwork: .raster(image), contentMode: .scaleToFill, scale: 1)
        let card = LayerDefinition(id: "card", kind: .artwork(art), frame: frame, anchorPoint: Point(0, 0.5))
        let flip = AnimationBlock(
            duration: 0.3, timing: .named(.easeInOut),
            changes: [PropertyChange(layer: "card", .transform(LayerTransform(rotationY: -angle, m34: -1.0 / 1000)))])
        let d = TransitionDefinition(
            name: "t", description: "d", canvas: Canvas(size: Size(390, 844), background: .white),
            timeline: TimelineSettings(holdBefore: 0.05, holdBetween: 0, holdAfter: 0.05),
            layers: [card], phases: [Phase(name: "flip", blocks: [flip])])
        return (d, art)
    }

    func testCellsStayWithinHalfAPixelOfTheProjectionAtEveryInstant() throws {
        let (sim, cells) = try Self.smilFixture.get()
        XCTAssertNoThrow(try ArtworkLayerChecks.refuseUnderPerspective(sim))
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

    /// A clipping picture's clip is keyed within ProjectionTolerance.pictureEdges, not the 0.5 pt
    /// of other shapes: lottie-web covers a pixel along an edge its mask and fill share by the
    /// product of both coverages, and beside a picture's edge the cube's face drew a band 3 px wide
    /// at 0.21 pt off (docs/artwork.md#picture-cells-and-their-seams).
    func testAClippingPicturesEdgesAreKeyedWithinThePictureEdgeTolerance() throws {
        var (d, _) = try definition()
        d.layers[0].clipsToBounds = true
        let sim = try Simulation(d)
        let clip = try XCTUnwrap(KeyframedTransition.fitted(sim, for: .lottie).projected[0]?.clip)
        var worst = 0.0
        for n in 0...400 {  // every 1/1000 s of the 0.4 s loop
            let t = Double(n) / 1000
            let h = PlaneProjection(sim.state(at: min(t, 0.4.nextDown)).boundsToScreen[0])
            let drawn = clip.value(at: t).vertices
            for corner in [Point(0, 0), Point(200, 0), Point(200, 400), Point(0, 400)].map(h.apply) {
                worst = max(worst, drawn.map { $0.distance(to: corner) }.min()!)
            }
        }
        XCTAssertLessThanOrEqual(worst, ProjectionTolerance.pictureEdges)
        XCTAssertGreaterThan(worst, 0.01, "keyed, not sampled")
    }

    /// Each cell's clip reaches `PictureCellPadding.hostUnits` (6) host units under a neighbour
    /// drawn over it (rlottie's seams, docs/artwork.md#picture-cells-and-their-seams) and one unit
    /// elsewhere; what shows of a cell past its rect (that one unit) stays within 0.5 px of the
    /// projection, since the 6 units are painted over by the neighbour's own map.
    func testPaddedCellsReachUnderTheirNeighboursAndStayWithinHalfAPixel() throws {
        let (sim, cells) = try Self.smilFixture.get()
        let pad = PictureCellPadding.pixels(cells), unit = pad / PictureCellPadding.hostUnits
        XCTAssertEqual(pad, 6 / (200.0 / 60), accuracy: 1e-6, "6 host units at 200/60 host units per picture px")
        var padded = 0, worst = 0.0
        for (k, cell) in cells.enumerated() {
            let r = cell.rect
            for over in [(>) as (Int, Int) -> Bool, (<)] {
                let g = PictureCellPadding.rect(k, pad, in: cells, over: over)
                let sides = [r.minX - g.minX, r.minY - g.minY, g.maxX - r.maxX, g.maxY - r.maxY]
                for side in sides { XCTAssertTrue(abs(side - pad) < 1e-9 || abs(side - unit) < 1e-9, "\(side)") }
                // On the picture's outline only the one unit.
                if r.minX == 0 { XCTAssertEqual(sides[0], unit, accuracy: 1e-9) }
                if r.maxY == 120 { XCTAssertEqual(sides[3], unit, accuracy: 1e-9) }
                padded += sides.filter { abs($0 - pad) < 1e-9 }.count
            }
            let visible = Rect(r.minX - unit, r.minY - unit, r.size.width + 2 * unit, r.size.height + 2 * unit)
            for n in stride(from: 0, through: 48, by: 3) {  // every 1/40 s
                let t = Double(n) / 120
                let h = PlaneProjection(sim.state(at: min(t, 0.4.nextDown)).boundsToScreen[0])
                let m = cell.transform.value(at: t)
                for p in ProjectedPicture.probes(visible) {
                    worst = max(worst, m.apply(p - cell.pivot).distance(to: h.apply(Point(p.x * 200 / 60, p.y * 400 / 120))))
                }
            }
        }
        XCTAssertGreaterThan(padded, cells.count, "most cells reach under a neighbour on some side, in both orders")
        XCTAssertLessThanOrEqual(worst, 0.5)
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
                    + "picture within 0.5 px; use a weaker perspective or a smaller turn, "
                    + "or SVG art without a radial gradient (drawn as projected paths, with no cell limit)")
        }
    }

    /// A small picture under a weak turn (few cells) with a circle mask (or none), in a group that
    /// turns (`turning` "window") or stays flat while the picture turns ("photo"), clipping or not.
    func maskedPicture(turning: String, clipping: Bool = false, masked: Bool = true, children: [LayerDefinition] = []) throws -> Simulation {
        let image = try RasterImage(bytes: PNGBytes.png(width: 60, height: 120), file: "shot.png")
        var photo = LayerDefinition(
            id: "photo", kind: .artwork(LayerArtwork(path: "shot.png", artwork: .raster(image), contentMode: .scaleToFill, scale: 1)),
            frame: Rect(0, 0, 60, 120), anchorPoint: Point(0, 0.5), children: children)
        if masked { photo.mask = LayerMask(shape: .circle, center: Point(30, 60), radius: 50) }
        let window = LayerDefinition(id: "window", frame: Rect(100, 300, 60, 120), numbers: [.cornerRadius: 8], clipsToBounds: clipping, children: [photo])
        let flip = AnimationBlock(
            duration: 0.3, timing: .named(.easeInOut),
            changes: [PropertyChange(layer: turning, .transform(LayerTransform(rotationY: -.pi / 18, m34: -1.0 / 2000)))])
        let d = TransitionDefinition(
            name: "t", description: "d", canvas: Canvas(size: Size(390, 844), background: .white),
            timeline: TimelineSettings(holdBefore: 0, holdBetween: 0, holdAfter: 0),
            layers: [window], phases: [Phase(name: "flip", blocks: [flip])])
        return try Simulation(d)
    }

    func testAMaskedPictureUnder3DIsCutAsOnePrecompInLottie() throws {
        let sim = try maskedPicture(turning: "window")
        let fitted = KeyframedTransition.fitted(sim, for: .lottie)
        let photo = try XCTUnwrap(sim.layers.firstIndex { $0.id == "photo" })
        let cells = try XCTUnwrap(fitted.projected[photo]).pictureCells
        XCTAssertGreaterThan(cells.count, 0)
        let doc = try LottieWriter().lottie(fitted)
        let assets = array(doc["assets"])
        XCTAssertEqual(assets.count, 2, "the picture, then the cells' precomp")
        XCTAssertEqual(array(assets[1]["layers"]).count, 2 * cells.count, "an image and a null layer per cell")
        XCTAssertFalse(array(assets[1]["layers"]).contains { $0["parent"] == nil && $0["ty"] == .number(2) }, "images hang from their nulls")
        let layers = array(doc["layers"])
        XCTAssertFalse(layers.contains { $0["ty"] == .number(2) }, "no cell in the main composition")
        let precomp = try XCTUnwrap(layers.first { $0["ty"] == .number(0) })
        XCTAssertEqual(precomp["refId"], assets[1]["id"])
        XCTAssertEqual(array(precomp["masksProperties"]).map { $0["nm"] }, [.string("mask")], "the photo's circle")
        XCTAssertEqual(precomp["w"], .number(390))
    }

    /// The precomp layer of a document's cells, its asset, and the photo's projected content.
    func cellsPrecomp(_ sim: Simulation) throws -> (layer: JSONValue, asset: JSONValue, projected: ProjectedLayer) {
        let fitted = KeyframedTransition.fitted(sim, for: .lottie)
        let photo = try XCTUnwrap(sim.layers.firstIndex { $0.id == "photo" })
        let doc = try LottieWriter().lottie(fitted)
        let layer = try XCTUnwrap(array(doc["layers"]).first { $0["ty"] == .number(0) })
        let asset = try XCTUnwrap(array(doc["assets"]).first { $0["id"] == layer["refId"] })
        return (layer, asset, try XCTUnwrap(fitted.projected[photo]))
    }

    /// The vertices of a mask's path (its first key when animated).
    func vertices(_ mask: JSONValue) -> [JSONValue] {
        let k = mask["pt"]?["k"]
        return array(k?["v"] ?? array(array(k).first?["s"]).first?["v"])
    }

    func testAMaskedPictureUnder3DInAFlatHostIsCutInAPrecompInTheHostsSpace() throws {
        // The photo turns about its left edge inside the flat window: its mask reaches left of the
        // window's origin, so the precomp's frame starts there (its content moved by a null).
        let (layer, asset, projected) = try cellsPrecomp(try maskedPicture(turning: "photo"))
        XCTAssertEqual(array(layer["masksProperties"]).map { $0["nm"] }, [.string("mask")])
        let p = array(layer["ks"]?["p"]?["k"])
        guard case .number(let x0) = p.first, case .number(let y0) = p.last else { return XCTFail("ks.p \(p)") }
        XCTAssertLessThan(x0, -20, "the mask's circle reaches 20 pt left of the window")
        XCTAssertEqual(x0, x0.rounded())
        XCTAssertEqual(y0, 0, "nothing above the window's origin")
        let frame = try XCTUnwrap(array(asset["layers"]).first { $0["nm"] == .string("photo.cells.frame") })
        XCTAssertEqual(array(frame["ks"]?["p"]?["k"]), [.number(-x0), .number(0)])
        let cellNulls = array(asset["layers"]).filter { $0["ty"] == .number(3) && $0["nm"] != .string("photo.cells.frame") }
        XCTAssertEqual(cellNulls.count, projected.pictureCells.count)
        XCTAssertTrue(cellNulls.allSatisfy { $0["parent"] == frame["ind"] }, "every cell placed through the frame's null")
        // The mask is in the precomp's space: the projected mask moved by -x0.
        let v = try XCTUnwrap(projected.mask).initialValue.subpaths[0].lottie
        let written = array(vertices(array(layer["masksProperties"])[0]).first)
        guard case .number(let wx) = written.first, case .number(let wy) = written.last else { return XCTFail("mask \(written)") }
        XCTAssertEqual(wx, v.c[0] - x0, accuracy: 0.051)
        XCTAssertEqual(wy, v.c[1], accuracy: 0.051)
        guard case .number(let w) = layer["w"] else { return XCTFail("w") }
        XCTAssertGreaterThanOrEqual(w, 80 - x0, "the circle's right side (x 80) inside the frame")
    }

    func testAPictureUnder3DInAClippingAncestorIsCutByItsOutlineInThePrecomp() throws {
        // A flat clipping window (the host): its rounded outline; a turning one: its projected clip.
        for (turning, outline) in [("photo", 8), ("window", 8)] {
            let (layer, _, _) = try cellsPrecomp(try maskedPicture(turning: turning, clipping: true))
            let masks = array(layer["masksProperties"])
            XCTAssertEqual(masks.map { $0["nm"] }, [.string("mask"), .string("clip-window")], turning)
            XCTAssertEqual(masks.map { $0["mode"] }, [.string("a"), .string("i")], turning)
            XCTAssertEqual(vertices(masks[1]).count, outline, "\(turning): the window's rounded rect")
        }
        // The turning window's host is the canvas: the precomp is the canvas, not moved.
        let (layer, asset, _) = try cellsPrecomp(try maskedPicture(turning: "window", clipping: true, masked: false))
        XCTAssertEqual(array(layer["masksProperties"]).map { $0["nm"] }, [.string("clip-window")])
        XCTAssertEqual(array(layer["ks"]?["p"]?["k"]), [.number(0), .number(0)])
        XCTAssertEqual(layer["w"], .number(390))
        XCTAssertFalse(array(asset["layers"]).contains { $0["nm"] == .string("photo.cells.frame") })
    }

    func testAPictureUnder3DDrawsItsSublayersAboveItsCells() throws {
        let badge = LayerDefinition(id: "badge", kind: .rect, frame: Rect(10, 10, 40, 20), fill: .solid(.white))
        let sim = try maskedPicture(turning: "photo", masked: false, children: [badge])
        let layers = array(try LottieWriter().lottie(KeyframedTransition.fitted(sim, for: .lottie))["layers"])
        let badgeAt = try XCTUnwrap(layers.firstIndex { $0["nm"] == .string("badge") }, "the static badge is a layer of its own")
        let cellsAt = layers.indices.filter { layers[$0]["ty"] == .number(2) }
        XCTAssertFalse(cellsAt.isEmpty)
        XCTAssertTrue(cellsAt.allSatisfy { $0 > badgeAt }, "Lottie draws its first layers on top: the badge over every cell")
        let photo = try XCTUnwrap(layers.first { $0["nm"] == .string("photo") })
        XCTAssertEqual(layers[badgeAt]["parent"], photo["ind"])
    }
}

import JSONText
import Motion
import Simulation
import TransExportTestSupport
import TransitionModel
import XCTest

@testable import Artwork
@testable import Exporters
@testable import Keyframes

/// A picture under 3D in Lottie: each cell shows its tile of the picture (LottiePictureTiles.swift),
/// the same pixels at the same place.
final class PictureTileTests: XCTestCase, LottieReading {
    /// A real PNG (cairo's writer), w x h: colours from the position; with alpha, a ramp 55...255.
    static func png(width: Int, height: Int, alpha: Bool) throws -> [UInt8] {
        var bgra = [UInt8](repeating: 0, count: 4 * width * height)
        for y in 0..<height {
            for x in 0..<width {
                let a = alpha ? 55 + x * 200 / max(1, width - 1) : 255
                let (r, g, b) = (x * 255 / max(1, width - 1), y * 255 / max(1, height - 1), (x * 7 + y * 13) & 0xFF)
                let k = 4 * (y * width + x)
                for (c, v) in [b, g, r].enumerated() { bgra[k + c] = UInt8((v * a + 127) / 255) }  // premultiplied
                bgra[k + 3] = UInt8(a)
            }
        }
        let image = Exporters.RasterImage(width: width, height: height, bgra: bgra)
        return [UInt8](try PNGPosterWriter.png(image, alpha: alpha, what: "a test picture"))
    }

    static func picture(width: Int, height: Int, alpha: Bool = false) throws -> Artwork.Picture {
        try Artwork.Picture(bytes: png(width: width, height: height, alpha: alpha), file: "shot.png")
    }

    func testATilesPNGHoldsThePicturesPixelsOfItsRect() throws {
        for alpha in [false, true] {
            let picture = try Self.picture(width: 70, height: 50, alpha: alpha)
            let whole = try DecodedPicture(picture)
            XCTAssertEqual(whole.alpha, alpha)
            let tile = PictureTile(picture: picture, x0: 16, y0: 16, x1: 48, y1: 50)
            let cut = try DecodedPicture(try Artwork.Picture(bytes: whole.png(tile), file: "tile.png"))
            XCTAssertEqual(cut.width, 32)
            XCTAssertEqual(cut.height, 34)
            for y in 0..<34 {
                let row: Int = 4 * (70 * (16 + y) + 16)
                let mine: [UInt8] = Array(cut.bgra[(128 * y)..<(128 * y + 128)])
                XCTAssertEqual(mine, Array(whole.bgra[row..<(row + 128)]), "alpha \(alpha), row \(y)")
            }
        }
    }

    func testOnlyPNGsWithoutAColourSpaceOfTheirOwnAreCut() throws {
        let plain = try Self.png(width: 8, height: 8, alpha: false)
        XCTAssertTrue(PictureTiling.cuts(try Artwork.Picture(bytes: plain, file: "a.png")))
        // A gAMA chunk after IHDR (8 + 25 bytes): a tile would lose it.
        let gamma = PNGBytes.chunk("gAMA", [0, 0, 0xB1, 0x8F])
        let tagged = Array(plain[..<33]) + gamma + Array(plain[33...])
        XCTAssertFalse(PictureTiling.cuts(try Artwork.Picture(bytes: tagged, file: "b.png")))
        // A baseline JPEG skeleton: SOI, SOF0 (4 x 4), SOS, two data bytes, EOI.
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC0, 0, 11, 8, 0, 4, 0, 4, 1, 1, 0x11, 0, 0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 0x3F, 0, 0x12, 0x34, 0xFF, 0xD9]
        XCTAssertFalse(PictureTiling.cuts(try Artwork.Picture(bytes: jpeg, file: "c.jpg")))
    }

    func cell(_ keys: [(s1: Double, s2: Double, beta: Double)]) -> PictureCell {
        let frames = keys.enumerated().map { n, k in
            Keyframe(time: Double(n) * 0.1, value: AffineParts(tx: 100, ty: 100, alpha: 0, s1: k.s1, s2: k.s2, beta: k.beta))
        }
        return PictureCell(rect: Rect(100, 40, 140, 80), pivot: Point(170, 80), transform: KeyframeTrack(frames))
    }

    /// Tiles are decided from the picture's size alone (PNGBytes: chunks without pixels).
    func header(_ width: Int, _ height: Int) throws -> Artwork.Picture {
        try Artwork.Picture(bytes: PNGBytes.png(width: width, height: height), file: "shot.png")
    }

    func testATileIsTheMaskPlusAMarginOutToMultiplesOf16Pixels() throws {
        let padded = Rect(99.5, 38.8, 141.5, 82.4)  // to 241, 121.2
        // About 0.4 host units between lines both ways: the margin is 16 px (4 units are 10 px).
        let t = PictureTiling.tile(cell([(0.5, 0.5, 0), (0.4, 0.45, 0.3)]), padded: padded, of: try header(400, 300)) { _ in true }
        XCTAssertEqual([t.x0, t.x1, t.y0, t.y1], [80, 272, 16, 144])
        // Rows 0.1 units apart: 40 px of margin along y (rows 0...176 once aligned).
        let u = PictureTiling.tile(cell([(0.5, 0.1, 0)]), padded: padded, of: try header(400, 1000)) { _ in true }
        XCTAssertEqual([u.x0, u.x1, u.y0, u.y1], [80, 272, 0, 176])
        // A tile never leaves the picture.
        let edge = PictureTiling.tile(cell([(0.5, 0.5, 0)]), padded: Rect(-1, -1, 30, 302), of: try header(400, 300)) { _ in true }
        XCTAssertEqual([edge.x0, edge.x1, edge.y0, edge.y1], [0, 48, 0, 300])
        // Bounds that are not numbers never reach an integer conversion: the picture, whole.
        let nan = PictureTiling.tile(cell([(0.5, 0.5, 0)]), padded: Rect(.nan, 0, 10, .infinity), of: try header(400, 300)) { _ in true }
        XCTAssertTrue(nan.isWhole)
    }

    func testAnAxisWhoseLinesTheMapSqueezesSpansThePicture() throws {
        let picture = try header(2000, 2000)
        let padded = Rect(99.5, 38.8, 141.5, 82.4)
        // Rows 0.04 units apart (under 1/16): y spans the picture; columns 0.5 apart: x is cut.
        let rows = PictureTiling.tile(cell([(0.5, 0.5, 0), (0.5, 0.04, 0)]), padded: padded, of: picture) { _ in true }
        XCTAssertEqual([rows.x0, rows.x1, rows.y0, rows.y1], [80, 272, 0, 2000])
        // The same squeeze turned by β = 90°: the picture's columns come together instead.
        let columns = PictureTiling.tile(cell([(0.5, 0.04, .pi / 2)]), padded: padded, of: picture) { _ in true }
        XCTAssertEqual([columns.x0, columns.x1, columns.y0, columns.y1], [0, 2000, 16, 144])
        // Squeezed along the diagonal: both axes' lines come together.
        let both = PictureTiling.tile(cell([(0.5, 0.04, .pi / 4)]), padded: padded, of: picture) { _ in true }
        XCTAssertTrue(both.isWhole)
        // Under 64 units across (0.02 x 2,828 px = 57), or while not shown, a key does not decide.
        let sliver = PictureTiling.tile(cell([(0.5, 0.5, 0), (0.5, 0.02, .pi / 4)]), padded: padded, of: picture) { _ in true }
        XCTAssertEqual([sliver.x0, sliver.x1, sliver.y0, sliver.y1], [80, 272, 16, 144])
        let hidden = PictureTiling.tile(cell([(0.5, 0.5, 0), (0.5, 0.04, .pi / 4)]), padded: padded, of: picture) { $0 < 0.05 }
        XCTAssertEqual([hidden.x0, hidden.x1, hidden.y0, hidden.y1], [80, 272, 16, 144])
    }

    func testATileHeldByALargerOneOfTheSamePictureGivesWayToIt() throws {
        let (p, q) = (try header(1170, 2532), try header(1170, 2400))
        func t(_ picture: Artwork.Picture, _ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> PictureTile {
            PictureTile(picture: picture, x0: x0, y0: y0, x1: x1, y1: y1)
        }
        // A row's strips that differ by their cells' padding: the largest holds the others.
        let (a, b, c) = (t(p, 0, 96, 1170, 224), t(p, 0, 96, 1170, 240), t(p, 0, 112, 1170, 240))
        let d = t(p, 80, 200, 272, 320)  // overlaps b, not held by it
        let e = t(q, 0, 112, 1170, 240)  // c's rect, another picture
        XCTAssertEqual(PictureTiling.shared([a, b, c, d, e]), [b, b, b, d, e])
        // Of two tiles of one area that hold a third, the first in order.
        let (f, g, h) = (t(p, 0, 0, 64, 32), t(p, 0, 0, 32, 64), t(p, 0, 0, 32, 32))
        XCTAssertEqual(PictureTiling.shared([h, g, f]), [g, g, f])
    }

    /// A 120 x 240 PNG on a 100 x 200 pt card turning 20 degrees in perspective (a few cells: the
    /// fit is most of this test's time): every cell's image layer shows a tile
    /// whose pixels are the picture's at the place its anchor puts them, its mask inside the tile
    /// with a margin of 16 px or more (or the picture's edge).
    func testEveryCellShowsItsTileAtThePicturesPlace() throws {
        let picture = try Self.picture(width: 120, height: 240, alpha: true)
        let (d, _) = ProjectedPictureTests.turningCard(picture, frame: Rect(145, 322, 100, 200), angle: .pi / 9)
        let fitted = KeyframedTransition.fitted(try Simulation(d), for: .lottie)
        let cells = try XCTUnwrap(fitted.projected[0]).pictureCells
        let doc = try LottieWriter().lottie(fitted)
        let whole = try DecodedPicture(picture)
        var assets: [String: DecodedPicture] = [:]
        for a in array(doc["assets"]) {
            guard case .string(let id)? = a["id"], case .string(let uri)? = a["p"] else { continue }
            XCTAssertTrue(id.hasPrefix("picture-1.tile-"), id)
            let data = try XCTUnwrap(Data(base64Encoded: String(uri.dropFirst("data:image/png;base64,".count))))
            assets[id] = try DecodedPicture(try Artwork.Picture(bytes: [UInt8](data), file: id))
        }
        XCTAssertEqual(
            Set(
                array(doc["layers"]).compactMap { layer -> String? in
                    if case .string(let id)? = layer["refId"] { return id } else { return nil }
                }), Set(assets.keys), "every tile drawn, each embedded once")
        let images = array(doc["layers"]).filter { $0["ty"] == .number(2) }
        XCTAssertEqual(images.count, cells.count)
        for (k, layer) in images.enumerated() {
            guard case .string(let id)? = layer["refId"], let tile = assets[id] else { return XCTFail("cell \(k + 1): no tile") }
            // The anchor is the cell's pivot in the tile: the tile's origin in the picture.
            let anchor = numbers(layer["ks"]?["a"]?["k"])
            let (x0, y0) = (Int((cells[k].pivot.x - anchor[0]).rounded()), Int((cells[k].pivot.y - anchor[1]).rounded()))
            XCTAssertEqual(cells[k].pivot.x - anchor[0], Double(x0), accuracy: 1e-3)
            XCTAssertEqual(x0 % 16, 0)
            XCTAssertEqual(y0 % 16, 0)
            let stride: Int = 4 * tile.width
            for y in 0..<tile.height {
                let row: Int = 4 * (120 * (y0 + y) + x0)
                let mine: [UInt8] = Array(tile.bgra[(stride * y)..<(stride * y + stride)])
                XCTAssertEqual(mine, Array(whole.bgra[row..<(row + stride)]), "cell \(k + 1), row \(y)")
            }
            // The mask (in the tile's pixels) 16 px or more inside the tile, or at the picture's edge.
            let v = array(array(layer["masksProperties"]).first?["pt"]?["k"]?["v"]).map(numbers)
            let (lo, hi) = ((v.map { $0[0] }.min()!, v.map { $0[1] }.min()!), (v.map { $0[0] }.max()!, v.map { $0[1] }.max()!))
            XCTAssertTrue(lo.0 >= 16 || x0 == 0, "cell \(k + 1)")
            XCTAssertTrue(lo.1 >= 16 || y0 == 0, "cell \(k + 1)")
            XCTAssertTrue(hi.0 <= Double(tile.width - 16) || x0 + tile.width == 120, "cell \(k + 1)")
            XCTAssertTrue(hi.1 <= Double(tile.height - 16) || y0 + tile.height == 240, "cell \(k + 1)")
        }
    }
}

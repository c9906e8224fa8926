import Diagnostics
import XCTest

@testable import Artwork

final class RasterImageTests: XCTestCase {
    typealias F = ArtworkTestFiles

    func refusal(_ bytes: [UInt8], file: String = "shot.png") -> String {
        do {
            _ = try Artwork.decode(bytes: bytes, file: file)
            return "accepted"
        } catch let error as TransExportError { return error.description } catch { return "\(error)" }
    }

    func testCRCOfIENDMatchesThePNGSpecification() {
        XCTAssertEqual(PNGWalk.crc32(Array("IEND".utf8)[...]), 0xAE42_6082)
    }

    func testPNGSizeComesFromIHDR() throws {
        let image = try RasterImage(bytes: F.png(width: 1170, height: 2532), file: "feed.png")
        XCTAssertEqual([image.pixelWidth, image.pixelHeight], [1170, 2532])
        XCTAssertEqual(image.mimeType, "image/png")
    }

    func testJPEGSizeComesFromTheFrameHeader() throws {
        let image = try RasterImage(bytes: F.jpeg(width: 390, height: 844), file: "feed.jpg")
        XCTAssertEqual([image.pixelWidth, image.pixelHeight], [390, 844])
        XCTAssertEqual(image.kind, .jpeg)
    }

    func testTheBytesDecideTheTypeNotTheName() throws {
        guard case .raster(let image) = try Artwork.decode(bytes: F.jpeg(width: 10, height: 20), file: "named.png") else {
            return XCTFail("a JPEG named .png must still be read as a JPEG")
        }
        XCTAssertEqual(image.kind, .jpeg)
        XCTAssertEqual(
            refusal(Array("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8)),
            "shot.png: is neither PNG, JPEG nor SVG (decided from its first bytes, not its name)")
    }

    func testTruncatedPNGIsRefused() {
        let whole = F.png(width: 10, height: 10)
        XCTAssertEqual(
            refusal(Array(whole.prefix(50))),
            "shot.png: truncated PNG: chunk IDAT at byte 33 declares 8 bytes past the end")
        XCTAssertEqual(refusal(Array(whole.dropLast(12))), "shot.png: truncated PNG: chunk header at byte 53 is cut off")
    }

    func testCorruptPNGChunkIsRefused() {
        var bytes = F.png(width: 10, height: 10)
        bytes[20] ^= 0xFF  // inside IHDR's width
        XCTAssertEqual(refusal(bytes), "shot.png: corrupt PNG: chunk IHDR at byte 8 fails its CRC")
    }

    func testPNGDecompressionBombIsRefusedFromItsHeader() {
        XCTAssertEqual(
            refusal(F.png(width: 100_000, height: 100_000)),
            "shot.png: declares 100000 x 100000 px, over the limit of 8192 px a side and 40000000 px in all")
        XCTAssertTrue(refusal(F.png(width: 8000, height: 8000)).contains("over the limit"), "64 Mpx is over 40 Mpx")
        XCTAssertEqual(refusal(F.png(width: 0, height: 5)), "shot.png: declares an empty picture (0 x 5 px)")
    }

    func testTruncatedJPEGIsRefused() {
        let whole = F.jpeg(width: 10, height: 10)
        XCTAssertEqual(refusal(Array(whole.dropLast(2)), file: "a.jpg"), "a.jpg: truncated JPEG: no end-of-image marker after the scan")
        XCTAssertEqual(
            refusal(Array(whole.prefix(25)), file: "a.jpg"),
            "a.jpg: truncated JPEG: segment FFC0 at byte 20 runs past the end")
    }

    func testJPEGBombIsRefusedFromItsHeader() {
        XCTAssertTrue(
            refusal(F.jpeg(width: 65_535, height: 65_535), file: "b.jpg")
                .hasPrefix("b.jpg: declares 65535 x 65535 px, over the limit"))
    }

    func testOversizedFileIsRefusedBeforeReadingIt() throws {
        let path = try F.temporaryFile("big.png", [])
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(ArtworkLimits.imageBytes) + 1)  // sparse: costs no disk
        try handle.close()
        XCTAssertThrowsError(try Artwork.load(path: path, label: "big.png")) { error in
            XCTAssertEqual("\(error)", "big.png: is over the size limit of 16777216 bytes")
        }
    }

    func testGzipIsNeverUnpacked() {
        XCTAssertTrue(refusal([0x1F, 0x8B, 8, 0, 0, 0, 0, 0], file: "x.svgz").contains("gzip-compressed"))
    }
}

final class ContentModeTests: XCTestCase {
    func testUIKitContentModesPlaceA390By844ScreenIn300By300Bounds() {
        let content = (width: 390.0, height: 844.0), bounds = (width: 300.0, height: 300.0)
        func frame(_ m: ContentMode) -> [Double] {
            let r = m.frame(content: content, bounds: bounds)
            return [r.x, r.y, r.width, r.height].map { ($0 * 1e6).rounded() / 1e6 }
        }
        let fit = 300.0 / 844, fill = 300.0 / 390
        XCTAssertEqual(frame(.scaleToFill), [0, 0, 300, 300])
        XCTAssertEqual(frame(.scaleAspectFit), [((300 - 390 * fit) / 2 * 1e6).rounded() / 1e6, 0, (390 * fit * 1e6).rounded() / 1e6, 300])
        XCTAssertEqual(frame(.scaleAspectFill), [0, ((300 - 844 * fill) / 2 * 1e6).rounded() / 1e6, 300, (844 * fill * 1e6).rounded() / 1e6])
        XCTAssertEqual(frame(.center), [-45, -272, 390, 844])
        XCTAssertEqual(frame(.top), [-45, 0, 390, 844])
        XCTAssertEqual(frame(.bottomRight), [-90, -544, 390, 844])
        XCTAssertEqual(frame(.left), [0, -272, 390, 844])
        XCTAssertEqual(frame(.topRight), [-90, 0, 390, 844])
    }
}

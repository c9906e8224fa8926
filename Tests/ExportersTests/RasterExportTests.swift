import Foundation
import Simulation
import TransExportCLI
import XCTest

@testable import Exporters

final class RasterExportTests: XCTestCase {
    /// GIF at 50 fps over douyin-present's 2.35 s: 117 frames of 2 cs, the last 3 cs, 235 cs in all.
    func testGIFClockAddsUpToTheLoop() {
        let slots = FrameClock.slots(duration: 2.35, fps: 50, ticksPerSecond: 100)
        XCTAssertEqual(slots.count, 117)
        XCTAssertEqual(slots.prefix(3).map(\.start), [0, 2, 4])
        XCTAssertEqual(slots.last, FrameSlot(start: 232, length: 3, time: 2.32))
        XCTAssertEqual(slots.reduce(0) { $0 + $1.length }, 235)
    }

    /// 60 fps in milliseconds: starts round to 0, 17, 33, 50 (no drift), each frame drawn at its own start.
    func testWebPClockRoundsEachStartNotEachLength() {
        let slots = FrameClock.slots(duration: 1.0, fps: 60, ticksPerSecond: 1000)
        XCTAssertEqual(slots.count, 60)
        XCTAssertEqual(slots.prefix(4).map(\.start), [0, 17, 33, 50])
        XCTAssertEqual(slots[1].time, 0.017)
        XCTAssertEqual(slots.last.map { $0.start + $0.length }, 1000)
    }

    func testFewColoursArePaletteExact() {
        let colors: [[UInt8]] = [[10, 20, 30, 255], [200, 100, 0, 255], [10, 20, 30, 255], [0, 0, 0, 255]]
        let image = RasterImage(width: 2, height: 2, bgra: colors.flatMap { $0 })
        let indexed = GIFPalette.indexed(image, left: 0, top: 0, width: 2, height: 2)
        XCTAssertEqual(indexed.indices, [0, 1, 0, 2])
        XCTAssertEqual(indexed.palette, [30, 20, 10, 0, 100, 200, 0, 0, 0])
    }

    /// A 256 × 256 red–green ramp (65,536 colours) in 256: every 8 × 8 block away from the
    /// ramp's ends keeps its average colour within 2 levels (measured 1.5) (dithered, not banded: a banded
    /// ramp is off by up to half a band, ~8 levels); at the ends (0 and 255, outside the
    /// palette's hull of mean colours) the error cannot be diffused away, within 6.
    func testQuantiserDithersInsteadOfBanding() {
        var bgra = [UInt8]()
        for y in 0..<256 { for x in 0..<256 { bgra += [90, UInt8(y), UInt8(x), 255] } }
        let image = RasterImage(width: 256, height: 256, bgra: bgra)
        let q = GIFPalette.indexed(image, left: 0, top: 0, width: 256, height: 256)
        XCTAssertLessThanOrEqual(q.palette.count, 256 * 3)
        var worstBlock = 0.0, worstEdge = 0.0, total = 0
        for by in stride(from: 0, to: 256, by: 8) {
            for bx in stride(from: 0, to: 256, by: 8) {
                var dr = 0, dg = 0
                for y in by..<by + 8 {
                    for x in bx..<bx + 8 {
                        let i = Int(q.indices[y * 256 + x])
                        dr += Int(q.palette[3 * i]) - x; dg += Int(q.palette[3 * i + 1]) - y
                        total += abs(Int(q.palette[3 * i]) - x) + abs(Int(q.palette[3 * i + 1]) - y) + abs(Int(q.palette[3 * i + 2]) - 90)
                    }
                }
                let blockError = max(abs(Double(dr) / 64), abs(Double(dg) / 64))
                if (8..<248).contains(bx) && (8..<248).contains(by) {
                    worstBlock = max(worstBlock, blockError)
                } else {
                    worstEdge = max(worstEdge, blockError)
                }
            }
        }
        XCTAssertLessThanOrEqual(worstBlock, 2)
        XCTAssertLessThan(worstEdge, 6)
        XCTAssertLessThan(Double(total) / (256 * 256 * 3), 4)
    }

    func testChangedRectangle() {
        var a = RasterImage(width: 4, height: 3, bgra: [UInt8](repeating: 255, count: 48))
        XCTAssertNil(GIFWriter.changedRectangle(a, a))
        let b = a
        a.bgra[(1 * 4 + 2) * 4] = 0
        a.bgra[(2 * 4 + 1) * 4 + 1] = 0
        XCTAssert(GIFWriter.changedRectangle(a, b)! == (1, 1, 2, 2))
        XCTAssert(GIFWriter.changedRectangle(a, nil)! == (0, 0, 4, 3))
    }

    /// Frames are the `--at` SVG drawn by librsvg: the canvas background where nothing is drawn.
    func testFrameIsTheStillDrawnAtScale() throws {
        let frames = RasterFrames(try Simulation(ExportFixtures.showcase), settings: RasterSettings(scale: 1, fps: 10))
        let image = try frames.image(at: 0)
        XCTAssertEqual([image.width, image.height], [390, 844])
        // Top-left pixel: background #F2F2F7 (0.95, 0.95, 0.97) as B, G, R, A.
        XCTAssertEqual(Array(image.bgra[0..<4]), [247, 242, 242, 255])
    }

    /// Opacities reach cairo as the nearest 8-bit level (Skia's round(255·a)), not cairo's own
    /// ⌊256·a⌋, which drops a layer under 1/256: stories-cube's shade at 0.002277 is one level.
    func testOpacityIsSnappedToTheNearestLevel() throws {
        XCTAssertEqual(RasterOpacity.level(0.002277), "0.003922")
        XCTAssertEqual(RasterOpacity.level(0.5), "0.501961")
        XCTAssertEqual(RasterOpacity.level(1), "1")
        XCTAssertEqual(
            RasterOpacity.snapped(#"<g opacity="0.002277"><path fill-opacity="0.45" stop-opacity="x"/></g>"#),
            #"<g opacity="0.003922"><path fill-opacity="0.45098" stop-opacity="x"/></g>"#)
        let svg =
            #"<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"><rect width="2" height="2" fill="white"/>"#
            + #"<rect width="2" height="2" opacity="0.002277"/></svg>"#
        XCTAssertEqual(try SVGRasterizer.draw(svg, width: 2, height: 2).bgra[0], 255, "cairo alone drops the layer")
        XCTAssertEqual(try SVGRasterizer.draw(RasterOpacity.snapped(svg), width: 2, height: 2).bgra[0], 254)
    }

    /// MP4's frames: BT.709 limited range (white 235, black 16, red Y 63 Cb 102 Cr 240), chroma
    /// the mean of each 2×2 block.
    func testYUV420IsBT709LimitedRange() {
        // 4×2 pixels as B, G, R, A: the left 2×2 block white, the right one red above black.
        let white: [UInt8] = [255, 255, 255, 255], black: [UInt8] = [0, 0, 0, 255], red: [UInt8] = [0, 0, 255, 255]
        let image = RasterImage(width: 4, height: 2, bgra: white + white + red + red + white + white + black + black)
        let yuv = YUV420.bt709(image)
        XCTAssertEqual(Array(yuv[0..<8]), [235, 235, 63, 63, 235, 235, 16, 16])
        XCTAssertEqual(Array(yuv[8..<10]), [128, 115], "Cb: white, then the mean of red and black")
        XCTAssertEqual(Array(yuv[10..<12]), [128, 184], "Cr")
        XCTAssertEqual(YUV420.bt709(RasterImage(width: 2, height: 2, bgra: red + red + red + red)), [63, 63, 63, 63, 102, 240])
    }

    func testFilesAreWellFormed() throws {
        // 4 fps: a few frames keep this quick in a debug build.
        let frames = RasterFrames(try Simulation(ExportFixtures.showcase), settings: RasterSettings(scale: 1, fps: 4))
        let gif = try GIFWriter.gif(frames)
        XCTAssertEqual(String(decoding: gif.prefix(6), as: UTF8.self), "GIF89a")
        XCTAssertNotNil(gif.range(of: Data("NETSCAPE2.0".utf8)))
        XCTAssertEqual(gif.last, 0x3B)  // trailer
        XCTAssertEqual(try GIFWriter.gif(frames), gif, "deterministic")
        let webp = try WebPWriter.webp(frames)
        XCTAssertEqual(String(decoding: webp.prefix(4), as: UTF8.self), "RIFF")
        XCTAssertEqual(String(decoding: webp[8..<16], as: UTF8.self), "WEBPVP8X")
        XCTAssertNotNil(webp.range(of: Data("ANIM".utf8)))
        let png = try PNGPosterWriter.png(frames, at: 0.5)
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    /// `--webp-quality`: lossy frames (VP8) by default, lossless ones (VP8L) at 100.
    func testWebPQualityPicksTheCoder() throws {
        let lossy = RasterFrames(try Simulation(ExportFixtures.showcase), settings: RasterSettings(scale: 1, fps: 4))
        let lossless = RasterFrames(try Simulation(ExportFixtures.showcase), settings: RasterSettings(scale: 1, fps: 4, webpQuality: 100))
        let a = try WebPWriter.webp(lossy), b = try WebPWriter.webp(lossless)
        let vp8 = Data("VP8 ".utf8), vp8l = Data("VP8L".utf8)
        XCTAssertNotNil(a.range(of: vp8))
        XCTAssertNil(a.range(of: vp8l))
        XCTAssertNotNil(b.range(of: vp8l))
        XCTAssertNil(b.range(of: vp8))
        XCTAssertEqual(try WebPWriter.webp(lossy), a, "deterministic")
    }

    /// Unchanged pixels become transparent one by one for lossless, in whole 8×8 blocks for lossy.
    func testUnchangedPixelsTurnTransparent() {
        let before = RasterImage(width: 16, height: 16, bgra: [UInt8](repeating: 200, count: 16 * 16 * 4))
        var after = before
        after.bgra[(0 * 16 + 0) * 4] = 0  // top-left block
        after.bgra[(9 * 16 + 12) * 4] = 0  // bottom-right block
        let perPixel = WebPWriter.pixels(after, before, left: 0, top: 0, width: 16, height: 16, blocks: false)
        XCTAssertEqual(perPixel.filter { $0 != 0 }.count, 2)
        let perBlock = WebPWriter.pixels(after, before, left: 0, top: 0, width: 16, height: 16, blocks: true)
        XCTAssertEqual(perBlock.filter { $0 != 0 }.count, 128, "two of the four blocks kept whole")
        XCTAssertNotEqual(perBlock[7 * 16 + 7], 0)
        XCTAssertEqual(perBlock[0 * 16 + 8], 0, "top-right block unchanged")
        XCTAssertEqual(perBlock[8 * 16 + 0], 0, "bottom-left block unchanged")
        XCTAssertNotEqual(perBlock[15 * 16 + 8], 0)
    }

    /// The pipe into ffmpeg: a Matroska header with one uncompressed I420 track, then per frame
    /// a Cluster at its grid time in microseconds (frame 3 at 60 fps: 50,000 µs).
    func testRawVideoStreamCarriesGridTimes() {
        let stream = RawVideoStream(width: 4, height: 2, fps: 60)
        let header = Data(stream.header())
        XCTAssertEqual(Array(header.prefix(4)), [0x1A, 0x45, 0xDF, 0xA3])
        XCTAssertNotNil(header.range(of: Data("V_UNCOMPRESSED".utf8)))
        XCTAssertNotNil(header.range(of: Data([0x2E, 0xB5, 0x24, 0x01, 0, 0, 0, 0, 0, 0, 4] + Array("I420".utf8))))
        let frame = stream.frameHeader(gridFrame: 3, count: 12)
        XCTAssertEqual(Array(frame.prefix(4)), [0x1F, 0x43, 0xB6, 0x75])
        // Sizes are 8-byte EBML numbers (marker 0x01). The Cluster's timestamp: 50,000 = 0xC350.
        XCTAssertEqual(Array(frame[12..<23]), [0xE7, 0x01, 0, 0, 0, 0, 0, 0, 2, 0xC3, 0x50])
        // Cluster size: the timestamp (11), the block's id and size (9) and head (4), the 12 bytes.
        XCTAssertEqual(Array(frame[4..<12]), [0x01, 0, 0, 0, 0, 0, 0, 36])
        XCTAssertEqual(frame.count, 12 + 11 + 9 + 4)
    }

    /// MP4 at a variable rate on the 1/fps grid: a held frame is one longer sample, and the
    /// samples' durations add up to round(D·fps)/fps (the `stts` box of the file ffmpeg wrote).
    func testMP4HoldsUnchangedFramesAndLastsTheLoop() throws {
        guard MP4Writer.ffmpeg() != nil else { throw XCTSkip("no ffmpeg program") }
        let frames = RasterFrames(try Simulation(ExportFixtures.showcase), settings: RasterSettings(scale: 1, fps: 10))
        let mp4 = [UInt8](try MP4Writer.mp4(frames))
        func box(_ name: String) throws -> Int {
            let tag = Array(name.utf8)
            return try XCTUnwrap((0..<mp4.count - 4).first { Array(mp4[$0..<$0 + 4]) == tag }) + 4
        }
        func word(_ i: Int) -> Int { mp4[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        let timescale = word(try box("mdhd") + 12)
        let stts = try box("stts"), entries = word(stts + 4)
        let runs = (0..<entries).map { (count: word(stts + 8 + 8 * $0), delta: word(stts + 12 + 8 * $0)) }
        let grid = MP4Writer.times(frames).count
        XCTAssertEqual(runs.reduce(0) { $0 + $1.count * $1.delta }, grid * timescale / 10, "lasts the loop")
        XCTAssertTrue(runs.allSatisfy { $0.delta % (timescale / 10) == 0 }, "every sample on the grid")
        XCTAssertLessThan(runs.reduce(0) { $0 + $1.count }, grid, "held frames are not stored again")
    }

    func testRasterOptions() throws {
        let o = try CommandLineOptions.parse(["--format", "gif,png", "--scale", "3", "--fps", "30"])
        XCTAssertEqual(o.raster, RasterSettings(scale: 3, fps: 30))
        XCTAssertEqual(o.resolvedFormats, [.gif, .png])
        XCTAssertEqual(try CommandLineOptions.parse(["--format", "png", "--at", "1"]).resolvedFormats, [.png])
        XCTAssertEqual(try CommandLineOptions.parse(["--format", "all"]).resolvedFormats, [.svg, .lottie, .tracks, .html], "raster is not in all")
    }
}

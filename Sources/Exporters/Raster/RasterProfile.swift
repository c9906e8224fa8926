import CWebP
// Where a raster frame's time goes, stage by stage on one thread (trans-export-bench raster,
// BENCHMARKS.md#7-raster-files-gif-webp-mp4-png-issue-12): the `--at` SVG text, librsvg's
// parse + render, the GIF quantiser, giflib's LZW, libwebp's encoding at a few settings and
// MP4's yuv420p conversion, each in CPU milliseconds of this thread per drawn frame (CPU, not
// wall: the machine is shared).
import FoundationEssentials
import Glibc

package struct RasterProfile: Sendable {
    package var frames = 0  // frames of the 60 fps grid
    package var drawn = 0  // frames whose SVG differs from the frame before
    package var svg = 0.0  // ms per grid frame
    package var render = 0.0  // ms per drawn frame, and the rest likewise
    package var gifQuantise = 0.0
    package var gifWrite = 0.0
    package var webpEncode = 0.0  // at the frames' own settings (`--webp-quality`)
    package var yuv = 0.0  // MP4's BT.709 yuv420p conversion
    /// Other WebP settings on the same frames: (label, ms per drawn frame, bytes of all frames).
    package var webpSettings: [(label: String, ms: Double, bytes: Int)] = []
    package static let webpVariants: [(label: String, quality: Int, level: Int32)] = [
        ("lossless 1", 100, 1), ("lossy q80 m0", 80, 0), ("lossy q80 m1", 80, 1), ("lossy q80 m2", 80, 2), ("lossy q80 m4", 80, 4), ("lossy q90 m2", 90, 2),
    ]

    package static func measure(_ frames: RasterFrames) throws -> RasterProfile {
        var p = RasterProfile()
        let times = (0..<max(1, Int(frames.duration * 60 + 1e-9))).map { Double($0) / 60 }
        p.frames = times.count
        func ms(_ body: () throws -> Void) rethrows -> Double {
            func now() -> Double {
                var t = timespec()
                clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
                return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6
            }
            let start = now()
            try body()
            return now() - start
        }
        var variants: [WebPConfig] = []
        for v in webpVariants {
            var c = WebPConfig()
            guard WebPConfigInit(&c) != 0 else { throw RasterError.encode("WebP: libwebp version mismatch") }
            if v.quality >= WebPWriter.lossless {
                _ = WebPConfigLosslessPreset(&c, v.level)
            } else {
                c.quality = Float(v.quality)
                c.method = v.level
            }
            variants.append(c)
            p.webpSettings.append((v.label, 0, 0))
        }
        var svgs: [String] = []
        p.svg = try ms { svgs = try times.map(frames.svg(at:)) } / Double(times.count)
        var previous: RasterImage?, lastSVG: String?
        let config = try WebPWriter.config(quality: frames.settings.webpQuality)
        let encoder = try GIFEncoder(width: frames.width, height: frames.height)
        for svg in svgs where svg != lastSVG {
            lastSVG = svg
            var image: RasterImage!
            p.render += try ms { image = try SVGRasterizer.draw(svg, width: frames.width, height: frames.height) }
            var indexed: GIFIndexedImage?
            p.gifQuantise += ms {
                indexed = GIFWriter.changedRectangle(image, previous).map {
                    GIFPalette.indexed(image, left: $0.left, top: $0.top, width: $0.width, height: $0.height)
                }
            }
            if let indexed { p.gifWrite += try ms { try encoder.put(indexed, delay: 2) } }
            p.webpEncode += try ms { _ = try WebPWriter.encode(image, previous, config: config) }
            p.yuv += ms { _ = YUV420.bt709(image) }
            for (i, c) in variants.enumerated() {
                var bytes = 0
                p.webpSettings[i].ms += try ms { bytes = try WebPWriter.encode(image, previous, config: c)?.bitstream.count ?? 0 }
                p.webpSettings[i].bytes += bytes
            }
            previous = image
            p.drawn += 1
        }
        let n = Double(max(1, p.drawn))
        p.render /= n; p.gifQuantise /= n; p.gifWrite /= n; p.webpEncode /= n; p.yuv /= n
        for i in p.webpSettings.indices { p.webpSettings[i].ms /= n }
        return p
    }
}

import Exporters
// Benchmark 7 (BENCHMARKS.md#7-raster-files-gif-webp-mp4-png-issue-12): raster frames per second at @2x. Per template: where one
// frame's time goes on one thread (RasterProfile), then each format end to end on every core
// (wall and CPU time of the whole file; frames of its 60 fps grid, GIF's 50, per wall second and
// per CPU second). The lead's idle re-measure of the 60 fps target:
//   .build/release/trans-export-bench raster --stages 0 --repeats 3 --template NAME …
import Foundation
import Simulation

enum RasterBench {
    static let templates = ["douyin-present", "slide-up-segue", "circle-reveal-push", "shared-element-push", "flip-push"]

    /// `stages`: the one-thread profile and the WebP settings table; `files`: each format end to end.
    static func run(
        _ catalog: Catalog, names: [String], repeats: Int, scale: Int = 2, webpQuality: Int = WebPWriter.defaultQuality, stages: Bool = true, files: Bool = true
    ) throws -> String {
        var stageRows: [[String]] = [], rows: [[String]] = [], webpRows: [[String]] = []
        for name in names {
            guard let i = catalog.names.firstIndex(of: name) else { throw BenchError("no template \(name)") }
            let frames = RasterFrames(try Simulation(catalog.definitions[i]), settings: RasterSettings(scale: scale, fps: 60, webpQuality: webpQuality))
            if stages {
                let p = try RasterProfile.measure(frames)
                stageRows.append([
                    name, "\(frames.width)×\(frames.height)", "\(p.drawn) of \(p.frames)", fixed(p.svg, 2), fixed(p.render, 2),
                    fixed(p.gifQuantise, 2), fixed(p.gifWrite, 2), fixed(p.webpEncode, 2), fixed(p.yuv, 2),
                ])
                webpRows.append([name] + p.webpSettings.map { "\(fixed($0.ms, 1)) ms, \($0.bytes) B" })
            }
            for format in files ? ["gif", "webp", "mp4"] : [] {
                var best = (wall: Double.infinity, cpu: 0.0), bytes = 0
                for _ in 0..<repeats {
                    var data = Data()
                    let children = childrenCPUSeconds()  // ffmpeg, for MP4
                    var t = try wallAndCPUTime {
                        switch format {
                        case "gif": data = try GIFWriter.gif(frames)
                        case "webp": data = try WebPWriter.webp(frames)
                        default: data = try MP4Writer.mp4(frames)
                        }
                    }
                    t.cpu += childrenCPUSeconds() - children
                    if t.wall < best.wall { best = t }
                    bytes = data.count
                }
                let count =
                    format == "gif"
                    ? GIFWriter.slots(frames).count
                    : format == "webp" ? WebPWriter.slots(frames).count : MP4Writer.times(frames).count
                rows.append([
                    name, format, "\(count)", "\(bytes)", fixed(best.wall, 3), fixed(best.cpu, 3),
                    fixed(Double(count) / best.wall, 1), fixed(Double(count) / best.cpu, 1),
                ])
            }
        }
        return
            "### 7. Raster frames at @\(scale)x\n\nOne frame's stages on one thread (CPU ms of the thread; SVG per grid frame at 60 fps, the rest per drawn frame):\n\n"
            + table(
                ["template", "pixels", "drawn", "SVG text", "librsvg parse+render", "GIF quantise", "GIF LZW", "WebP (default settings)", "MP4 yuv420p"],
                stageRows)
            + "\n\nWebP settings on the same drawn frames (changed rectangles; CPU ms per frame, bytes of all frames before muxing):\n\n"
            + table(["template"] + RasterProfile.webpVariants.map(\.label), webpRows)
            + "\n\nWhole files on every core (best wall time of \(repeats); CPU: this process's threads and, for MP4, the ffmpeg child's):\n\n"
            + table(["template", "format", "frames", "bytes", "wall s", "CPU s", "frames/s (wall)", "frames per CPU s"], rows)
            + "\n\nload average at end \(Machine.loadAverage)"
    }
}

/// CPU seconds (user + system) of this process's finished children.
func childrenCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    func s(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return s(usage.ru_utime) + s(usage.ru_stime)
}

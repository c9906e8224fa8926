// The raster files (`--format gif,webp,mp4,png`): NAME.gif / .webp / .mp4 / .png, each from
// the frames RasterFrames draws, planned with every other file of the run (OutputPlan). On a
// terminal, a progress bar on stderr once a file takes more than a moment.
import Foundation
import Simulation
import Exporters

extension TransExportCommand {
    func writeRaster(_ format: OutputFormat, _ simulation: Simulation, options: CommandLineOptions, to dir: URL) throws {
        let frames = RasterFrames(simulation, settings: options.raster)
        let name = simulation.definition.name
        let file = "\(name).\(format.rawValue)"
        let bar = ProgressBar(label: file, enabled: isatty(STDERR_FILENO) != 0 && environment["TERM"] != "dumb")
        defer { bar.finish() }
        let data: Data
        switch format {
        case .gif: data = try GIFWriter.gif(frames, progress: bar.update)
        case .webp: data = try WebPWriter.webp(frames, progress: bar.update)
        case .mp4: data = try MP4Writer.mp4(frames, progress: bar.update)
        case .png: data = try PNGPosterWriter.png(frames, at: options.at ?? PNGPosterWriter.defaultTime(frames))
        case .svg, .lottie, .tracks, .html, .all: return
        }
        outputs.add(data, to: dir.appendingPathComponent(file))
    }
}

/// `label [#######-------] 40/117`, redrawn in place on stderr; shown only after 0.5 s so quick
/// work prints nothing, and erased when done.
final class ProgressBar {
    let label: String
    let enabled: Bool
    private let started = Date()
    private var shown = false

    init(label: String, enabled: Bool) {
        self.label = label
        self.enabled = enabled
    }

    func update(_ done: Int, _ total: Int) {
        guard enabled, total > 0, shown || Date().timeIntervalSince(started) > 0.5 else { return }
        shown = true
        let width = 30
        let filled = width * done / total
        let line = "\r\(label) [\(String(repeating: "#", count: filled))\(String(repeating: "-", count: width - filled))] \(done)/\(total)"
        FileHandle.standardError.write(Data(line.utf8))
    }

    func finish() {
        guard shown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}

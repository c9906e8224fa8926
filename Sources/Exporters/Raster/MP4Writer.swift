// MP4 (H.264, yuv420p, BT.709): frames converted to yuv420p here (YUV420.swift) and piped into
// the `ffmpeg` program. Debian's FFmpeg libraries are GPL (x264), so they are run as a
// separate program, never linked. Variable frame rate on the grid of `--fps`: frame k of the
// grid shows the state at k/fps; a frame whose pixels repeat the one before is not sent, and
// the sample before lasts longer (the pipe carries timestamps: RawVideoStream.swift). The last
// grid frame is always sent, so the video lasts round(D·fps)/fps, within half a frame of the
// timeline (browsers loop it with `<video loop>`). No B-frames: with them and variable
// timestamps, ffmpeg's decode times run behind the presentation times and the track's sample
// table comes out shorter than the video (BENCHMARKS.md#7-raster-files-gif-webp-mp4-png-issue-12).
import FoundationEssentials
import Glibc
import Platform

package enum MP4Writer {
    /// x264 settings for docs: CRF 20 (visually lossless on flat UI art) with the `veryfast`
    /// preset: on our frames it is about half the CPU of `medium` and smaller (douyin-present
    /// 129,747 vs 166,906 B; BENCHMARKS.md#7-raster-files-gif-webp-mp4-png-issue-12).
    package static let crf = 20
    package static let preset = "veryfast"

    package static func times(_ frames: RasterFrames) -> [Double] {
        let count = max(1, Int((frames.duration * Double(frames.settings.fps)).rounded()))
        return (0..<count).map { Double($0) / Double(frames.settings.fps) }
    }

    /// The ffmpeg program on PATH (or $TRANS_EXPORT_FFMPEG).
    package static func ffmpeg(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        if let explicit = environment["TRANS_EXPORT_FFMPEG"] { return URL(fileURLWithPath: explicit) }
        for dir in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(dir)).appendingPathComponent("ffmpeg")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    package static func arguments(_ frames: RasterFrames, output: String) -> [String] {
        [
            "-hide_banner", "-loglevel", "error", "-nostdin", "-y",
            // Frames arrive as BT.709 limited-range yuv420p already (YUV420.swift), with their
            // times (RawVideoStream): no scaler, and only the frames that change.
            "-f", "matroska", "-i", "-",
            "-c:v", "libx264", "-preset", preset, "-crf", "\(crf)", "-bf", "0", "-pix_fmt", "yuv420p",
            "-fps_mode", "vfr", "-enc_time_base", "1/\(frames.settings.fps)",
            "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv",
            "-movflags", "+faststart", "-fflags", "+bitexact", "-flags:v", "+bitexact", "-map_metadata", "-1",
            output,
        ]
    }

    package static func mp4(_ frames: RasterFrames, progress: RasterFrames.Progress? = nil) throws -> Data {
        guard let program = ffmpeg() else {
            throw RasterError.encode("MP4 needs the ffmpeg program on PATH (Debian: apt-get install ffmpeg)")
        }
        // ffmpeg writes into a private folder; the bytes then go through the atomic writer.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trans-export-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = dir.appendingPathComponent("video.mp4")
        // A write to a pipe whose reader died would kill us with SIGPIPE; ignored, it throws EPIPE.
        signal(SIGPIPE, SIG_IGN)
        let process: ChildProcess
        do { process = try ChildProcess(program: program.path, arguments: arguments(frames, output: output.path)) } catch {
            throw RasterError.encode("MP4: \(error)")
        }
        var writeError: Error?
        do {
            let grid = times(frames)
            let stream = RawVideoStream(width: frames.width, height: frames.height, fps: frames.settings.fps)
            try process.write(stream.header())
            var last: [UInt8] = []  // a repeated frame is sent only as the last one
            try frames.produce(
                times: grid,
                prepare: { image, previous in
                    // A new SVG can still draw the same pixels (a move under half a level): held too.
                    image.bgra == previous?.bgra ? nil : YUV420.bt709(image)
                },
                consume: { k, value in
                    if let yuv = value ?? nil { last = yuv } else if k < grid.count - 1 { return }
                    try process.write(stream.frameHeader(gridFrame: k, count: last.count))
                    try process.write(last)
                }, progress: progress)
        } catch {
            writeError = error
        }
        let (status, errorOutput) = process.finish()
        let said = String(decoding: errorOutput, as: UTF8.self).trimmingWhitespaceAndNewlines
        if status != 0 {
            throw RasterError.encode("MP4: ffmpeg exited \(status)\(said.isEmpty ? "" : ": \(said)")")
        }
        if let writeError { throw writeError }
        return try Data(contentsOf: output)
    }
}

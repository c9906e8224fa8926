// `--format mp4`: NAME.mp4 from the raster frames (MP4Writer.swift); only when named.
import Foundation

public struct MP4Format: RasterFormat {
    public init() {}
    public var name: String { "mp4" }
    public var helpNote: String? { "H.264, needs the ffmpeg program" }

    public func file(_ job: ExportJob) throws -> Data? { try MP4Writer.mp4(job.frames, progress: job.progress) }
}

// `--format mp4`: NAME.mp4 from the raster frames (MP4Writer.swift); only when named.
import FoundationEssentials
import Glibc

package struct MP4Format: RasterFormat {
    package init() {}
    package var name: String { "mp4" }
    package var helpNote: String? { "H.264, needs the ffmpeg program" }

    package func file(_ job: ExportJob) throws -> Data? { try MP4Writer.mp4(job.frames, progress: job.progress) }
}

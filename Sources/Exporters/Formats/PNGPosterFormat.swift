// `--format png`: NAME.png, a poster frame at `--at T`, else at PNGPosterWriter's default time;
// only when named.
import Foundation

public struct PNGPosterFormat: RasterFormat {
    public init() {}
    public var name: String { "png" }
    public var writesStill: Bool { true }
    public var helpNote: String? { "a poster frame: at --at T, else the first phase caught visually halfway" }

    public func file(_ job: ExportJob) throws -> Data? {
        try PNGPosterWriter.png(job.frames, at: job.settings.at ?? PNGPosterWriter.defaultTime(job.frames))
    }
}

// `--format png`: NAME.png, a poster frame at `--at T`, else at PNGPosterWriter's default time;
// only when named.
import Foundation

public struct PNGPosterFormat: ExportFormat {
    public init() {}
    public var name: String { "png" }
    public var fileExtension: String? { "png" }
    public var inAll: Bool { false }
    public var writesStill: Bool { true }
    public var options: [FormatOption] { RasterSettings.options }
    public var galleryDownload: Bool { true }
    public var helpNote: String? { "a poster frame: at --at T, else the first phase caught visually halfway" }

    public func file(_ job: ExportJob) throws -> Data? {
        try PNGPosterWriter.png(job.frames, at: job.settings.at ?? PNGPosterWriter.defaultTime(job.frames))
    }
}

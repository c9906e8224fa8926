// `--format gif`: NAME.gif from the raster frames (GIFWriter.swift); only when named.
import Foundation

public struct GIFFormat: ExportFormat {
    public init() {}
    public var name: String { "gif" }
    public var fileExtension: String? { "gif" }
    public var inAll: Bool { false }
    public var options: [FormatOption] { RasterSettings.options }
    public var galleryDownload: Bool { true }

    public func file(_ job: ExportJob) throws -> Data? { try GIFWriter.gif(job.frames, progress: job.progress) }
}

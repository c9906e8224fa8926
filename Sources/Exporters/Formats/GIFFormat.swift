// `--format gif`: NAME.gif from the raster frames (GIFWriter.swift); only when named.
import Foundation

public struct GIFFormat: RasterFormat {
    public init() {}
    public var name: String { "gif" }

    public func file(_ job: ExportJob) throws -> Data? { try GIFWriter.gif(job.frames, progress: job.progress) }
}

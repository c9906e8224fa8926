// `--format webp`: NAME.webp from the raster frames (WebPWriter.swift); only when named.
import Foundation

public struct WebPFormat: RasterFormat {
    public init() {}
    public var name: String { "webp" }
    public var helpNote: String? { "animated, lossless" }

    public func file(_ job: ExportJob) throws -> Data? { try WebPWriter.webp(job.frames, progress: job.progress) }
}

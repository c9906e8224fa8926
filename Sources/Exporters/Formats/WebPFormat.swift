// `--format webp`: NAME.webp from the raster frames (WebPWriter.swift); only when named.
import Foundation

package struct WebPFormat: RasterFormat {
    package init() {}
    package var name: String { "webp" }
    package var helpNote: String? { "animated, lossless" }

    package func file(_ job: ExportJob) throws -> Data? { try WebPWriter.webp(job.frames, progress: job.progress) }
}

// `--format gif`: NAME.gif from the raster frames (GIFWriter.swift); only when named.
import Foundation

package struct GIFFormat: ExportFormat {
    package init() {}
    package var name: String { "gif" }
    package var fileExtension: String? { "gif" }
    package var inAll: Bool { false }
    package var options: [FormatOption] { RasterSettings.options }
    package var galleryDownload: Bool { true }

    package func file(_ job: ExportJob) throws -> Data? { try GIFWriter.gif(job.frames, progress: job.progress) }
}

// `--format gif`: NAME.gif from the raster frames (GIFWriter.swift); only when named.
import FoundationEssentials
import Glibc

package struct GIFFormat: RasterFormat {
    package init() {}
    package var name: String { "gif" }

    package func file(_ job: ExportJob) throws -> Data? { try GIFWriter.gif(job.frames, progress: job.progress) }
}

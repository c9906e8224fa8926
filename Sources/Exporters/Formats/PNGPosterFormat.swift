// `--format png`: NAME.png, a poster frame at `--at T`, else at PNGPosterWriter's default time;
// only when named.
import FoundationEssentials
import Glibc

package struct PNGPosterFormat: RasterFormat {
    package init() {}
    package var name: String { "png" }
    package var writesStill: Bool { true }
    package var helpNote: String? { "a poster frame: at --at T, else the first phase caught visually halfway" }

    package func file(_ job: ExportJob) throws -> Data? {
        try PNGPosterWriter.png(job.frames, at: job.settings.at ?? PNGPosterWriter.defaultTime(job.frames))
    }
}

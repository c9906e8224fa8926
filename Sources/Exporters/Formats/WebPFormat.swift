// `--format webp`: NAME.webp from the raster frames (WebPWriter.swift); only when named.
import FoundationEssentials
import Glibc

package struct WebPFormat: RasterFormat {
    package init() {}
    package var name: String { "webp" }
    package var helpNote: String? { "animated; lossy unless --webp-quality 100" }
    package var options: [FormatOption] {
        RasterSettings.options + [
            FormatOption(
                flag: "--webp-quality", usage: "--webp-quality 0-100", helpName: "--webp-quality N",
                help: "webp: lossy quality 0-99, or 100 for lossless (default \(WebPWriter.defaultQuality))",
                allowed: WebPWriter.qualities, expected: "a quality from 0 to 100 (100: lossless)", setting: \.raster.webpQuality)
        ]
    }

    package func file(_ job: ExportJob) throws -> Data? { try WebPWriter.webp(job.frames, progress: job.progress) }
}

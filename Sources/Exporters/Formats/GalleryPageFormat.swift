// `--format html`: the gallery page, index.html, written once per run from every transition's
// card (the command line's GalleryOutput.swift); no file of its own per transition.
import FoundationEssentials
import Glibc

package struct GalleryPageFormat: ExportFormat {
    package init() {}
    package var name: String { "html" }
    package var fileExtension: String? { nil }
    package var runFile: String? { GalleryWriter.pageFileName }
    package var inAll: Bool { true }
    package var fileNote: String? { "the gallery: every transition's SVG and Lottie side by side, a scrubber, the motion spec" }

    package func file(_ job: ExportJob) throws -> Data? { nil }
}

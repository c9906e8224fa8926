// `--format html`: the gallery page, index.html, written once per run from every transition's
// card (the command line's GalleryOutput.swift); no file of its own per transition.
import Foundation

public struct GalleryPageFormat: ExportFormat {
    public init() {}
    public var name: String { "html" }
    public var fileExtension: String? { nil }
    public var runFile: String? { GalleryWriter.pageFileName }
    public var inAll: Bool { true }
    public var fileNote: String? { "the gallery: every transition's SVG and Lottie side by side, a scrubber, the motion spec" }

    public func file(_ job: ExportJob) throws -> Data? { nil }
}

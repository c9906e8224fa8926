// THE list of output formats. Adding a format is one new file (its writer and its ExportFormat
// type) plus one line here; `--format`, `--help`, `--list-formats`, the files each transition
// writes (branches and scrub clips too), the gallery's downloads and the conformance suite's
// formats all follow. The order is the order files are written and listed in.
package enum ExportFormats {
    package static let all: [any ExportFormat] = [
        SVGFormat(),
        LottieFormat(),
        TracksFormat(),
        GalleryPageFormat(),
        GIFFormat(),
        WebPFormat(),
        MP4Format(),
        PNGPosterFormat(),
    ]

    /// The format `--format NAME` names.
    package static func named(_ name: String) -> (any ExportFormat)? { all.first { $0.name == name } }

    /// Every option any format takes, once each, in list order.
    package static var options: [FormatOption] {
        var seen: Set<String> = []
        return all.flatMap(\.options).filter { seen.insert($0.flag).inserted }
    }
}

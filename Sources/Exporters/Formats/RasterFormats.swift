// What the raster formats (GIF, WebP, MP4, PNG) share as formats, said once: a file named after
// the format, written only when named (not in `all`), the options `--scale` and `--fps`, and a
// download on the gallery's cards.
package protocol RasterFormat: ExportFormat {}

extension RasterFormat {
    package var fileExtension: String? { name }
    package var inAll: Bool { false }
    package var options: [FormatOption] { RasterSettings.options }
    package var galleryDownload: Bool { true }
}

extension RasterSettings {
    package static let options: [FormatOption] = [
        FormatOption(
            flag: "--scale", usage: "--scale 1|2|3", helpName: "--scale N",
            help: "raster formats: pixels per point, 1, 2 or 3 (default 2)",
            allowed: scales, expected: "1, 2 or 3", setting: \.raster.scale),
        FormatOption(
            flag: "--fps", usage: "--fps N", helpName: "--fps N",
            help: "raster formats: frames per second (default 60; GIF plays at most 50)",
            allowed: fpsRange, expected: "a whole number of frames per second from 1 to 120", setting: \.raster.fps),
    ]
}

/// A refused artwork file: one line `file:line: element: what is wrong`, which the command line
/// prints as is (exit 2). `line` is 0 when the problem is the file as a whole.
package struct ArtworkError: Error, Equatable, CustomStringConvertible, Sendable {
    package var file: String
    package var line: Int
    package var element: String?
    package var message: String

    package init(file: String, line: Int = 0, element: String? = nil, _ message: String) {
        self.file = file; self.line = line; self.element = element; self.message = message
    }

    package var description: String {
        let place = line > 0 ? "\(file):\(line)" : file
        let clean = String(message.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7f ? " " : Character($0) })
        if let element { return "\(place): <\(element)>: \(clean)" }
        return "\(place): \(clean)"
    }
}

/// Sizes past which a file is refused before it is parsed or decoded. Stated in README.md.
package enum ArtworkLimits {
    /// SVG text: the libxml2 tree costs about 29 times the input, so 4 MiB stays near 120 MB.
    package static let svgBytes = 4 << 20
    /// Element nesting in an SVG (libxml2 itself stops at 256).
    package static let svgDepth = 64
    /// Elements in one SVG.
    package static let svgElements = 50_000
    /// PNG/JPEG file size. Pictures are embedded as they are, never decoded by the tool.
    package static let imageBytes = 16 << 20
    /// Largest side and pixel count a PNG/JPEG may declare (a 3x screenshot of a 1024 x 1366 pt
    /// iPad is 3072 x 4098 = 12.6 Mpx); beyond that a player's decode is a memory bomb.
    package static let imageSide = 8192
    package static let imagePixels = 40_000_000
}

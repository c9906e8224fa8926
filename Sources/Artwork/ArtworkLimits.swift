/// Sizes past which a file is refused before it is parsed or decoded. Stated in README.md.
package enum ArtworkLimits {
    /// SVG text: the libxml2 tree costs about 29 times the input, so 4 MiB stays near 120 MB.
    package static let svgBytes = 4 << 20
    /// Element nesting in an SVG (libxml2 itself stops at 256).
    package static let svgDepth = 64
    /// Elements in one SVG.
    package static let svgElements = 50_000
    /// Dashes of the dashed strokes in one SVG, counted from above (SVGDashCount.swift): each is
    /// outlined in the Lottie export and under 3D, where 10,000 on one circle took 9 s of CPU
    /// and 1.3 GB (BENCHMARKS.md#8-limits-and-cost-issue-15).
    package static let strokeDashes = 5_000
    /// PNG/JPEG file size. Pictures are embedded as they are, never decoded by the tool.
    package static let imageBytes = 16 << 20
    /// Largest side and pixel count a PNG/JPEG may declare (a 3x screenshot of a 1024 x 1366 pt
    /// iPad is 3072 x 4098 = 12.6 Mpx); beyond that a player's decode is a memory bomb.
    package static let imageSide = 8192
    package static let imagePixels = 40_000_000
}

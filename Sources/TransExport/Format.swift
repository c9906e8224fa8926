// The formats a transition can be exported to, and the options every export takes: the command
// line's `--format`, `--tolerance`, `--at`, `--scale`, `--fps`, `--webp-quality` and `--lottie-player`.
import Exporters
import Keyframes

/// An output format of the registry (`ExportFormats.all`): what `--format NAME` names.
public struct Format: Hashable, Sendable, CustomStringConvertible {
    /// The `--format` value: `svg`, `lottie`, `tracks`, `html`, `gif`, `webp`, `mp4`, `png`.
    public let name: String

    package var format: any ExportFormat { ExportFormats.named(name)! }

    package init(_ format: any ExportFormat) { name = format.name }

    /// The format `--format NAME` names, or nil.
    public init?(named name: String) {
        guard let format = ExportFormats.named(name) else { return nil }
        self.init(format)
    }

    /// Every registered format, in the order files are written and listed.
    public static var all: [Format] { ExportFormats.all.map(Format.init) }

    /// The animated SVG (SMIL): `NAME.svg`.
    public static let svg = Format(SVGFormat())
    /// Lottie JSON: `NAME.json`.
    public static let lottie = Format(LottieFormat())
    /// The readable dump of the exact tracks: `NAME.tracks.json`.
    public static let tracks = Format(TracksFormat())
    /// The gallery page, one per run: `index.html`.
    public static let html = Format(GalleryPageFormat())

    /// The file's name after `NAME.` (`svg`, `tracks.json`); nil for the gallery page.
    public var fileExtension: String? { format.fileExtension }

    /// Whether the default run (`--format all`) writes it.
    public var isInAll: Bool { format.inAll }

    /// Whether, with ``ExportOptions/at``, it writes the state at that time instead.
    public var writesStill: Bool { format.writesStill }

    /// The name, as `--format` takes it.
    public var description: String { name }
}

/// The options of an export, with the command line's defaults.
public struct ExportOptions: Hashable, Sendable {
    /// The default of ``tolerance``: 0.25 px.
    public static let standardTolerance = FitTolerance.standard.screen

    /// `--tolerance PX`: the largest error of the fitted keyframes on screen, in pixels.
    public var tolerance: Double
    /// `--at SECONDS`: a still of the exact state at that time instead of the animation.
    public var at: Double?
    /// `--scale 1|2|3`: the raster formats' pixels per point.
    public var scale: Int
    /// `--fps N`: the raster formats' frames per second (GIF plays at most 50).
    public var framesPerSecond: Int
    /// `--webp-quality N`: WebP's lossy quality 0…99, or 100 for lossless (default 80).
    public var webpQuality: Int
    /// `--lottie-player URL|FILE`: where the gallery page gets lottie-web (a URL, or a script
    /// file inlined so the page plays offline); nil for lottie-web 5.12.2 on cdnjs.
    public var lottiePlayer: String?

    /// The command line's defaults unless given.
    public init(
        tolerance: Double = standardTolerance, at: Double? = nil, scale: Int = 2, framesPerSecond: Int = 60, webpQuality: Int = 80,
        lottiePlayer: String? = nil
    ) {
        self.tolerance = tolerance
        self.at = at
        self.scale = scale
        self.framesPerSecond = framesPerSecond
        self.webpQuality = webpQuality
        self.lottiePlayer = lottiePlayer
    }

    /// Refuses a value outside what the command line accepts, in its words (`--scale expects …`).
    package func checked() throws(TransExportError) -> ExportSettings {
        func refuse(_ expected: String) -> TransExportError {
            TransExportError(file: "", location: nil, path: "", expected: expected)
        }
        guard tolerance.isFinite, tolerance > 0 else { throw refuse("--tolerance expects pixels > 0, found \(tolerance)") }
        if let at, !(at.isFinite && at >= 0) { throw refuse("--at expects a time in seconds ≥ 0, found \(at)") }
        let settings = self.settings
        for option in ExportFormats.options where !option.allowed.contains(settings[keyPath: option.setting]) {
            throw refuse("\(option.flag) expects \(option.expected), found \(settings[keyPath: option.setting])")
        }
        return settings
    }

    package var settings: ExportSettings {
        ExportSettings(tolerance: tolerance, at: at, raster: RasterSettings(scale: scale, fps: framesPerSecond, webpQuality: webpQuality))
    }
}

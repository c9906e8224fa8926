// Parsing of the command line into values; no file is touched here.
import Keyframes
import Exporters

public enum OutputFormat: String, CaseIterable, Sendable {
    case svg, lottie, tracks, html, all
    /// Raster files (RasterOutput.swift): only when asked for, never part of `all`.
    case gif, webp, mp4, png
    static let raster: [OutputFormat] = [.gif, .webp, .mp4, .png]
}

public struct CommandLineOptions: Equatable, Sendable {
    public var formats: [OutputFormat] = [.all]
    public var templates: [String] = []
    public var inputs: [String] = []
    public var outputDirectory = "output"
    public var at: Double?
    /// `--branch NAME`: an interactive definition's branches (or `scrub`, `all`), each as NAME.BRANCH.*.
    public var branches: [String] = []
    /// `--lottie-player URL|FILE`: where the gallery page (html) gets lottie-web.
    public var lottiePlayer: String?
    /// `--tolerance PX`: the fitted keyframes' error on screen (opacity and rotation scale with it).
    public var tolerance = FitTolerance.standard.screen
    /// `--report`: print each animated file's keyframes, bytes and errors.
    public var report = false
    /// `--scale 1|2|3` and `--fps N`: the raster formats' pixels per point and frame rate.
    public var raster = RasterSettings()
    public var list = false
    /// `--screen ID=FILE`: layer ID of the template shows the picture in FILE (ScreenOptions.swift).
    public var screens: [ScreenOption] = []
    public var help = false
    public var version = false

    public init() {}

    /// The concrete formats to write, in a fixed order.
    public var resolvedFormats: [OutputFormat] {
        if at != nil { return formats.contains(.png) ? [OutputFormat.svg, .png].filter(formats.contains) : [.svg] }
        if !branches.isEmpty {
            var all = self
            all.branches = []
            return all.resolvedFormats.filter { $0 != .html }
        }
        let raster = OutputFormat.raster.filter(formats.contains)
        if formats.contains(.all) { return [.svg, .lottie, .tracks, .html] + raster }
        return [OutputFormat.svg, .lottie, .tracks, .html].filter(formats.contains) + raster
    }
}

public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

extension CommandLineOptions {
    public static func parse(_ arguments: [String]) throws -> CommandLineOptions {
        var o = CommandLineOptions()
        var explicitFormats: [OutputFormat] = []
        var i = 0
        func value(for name: String) throws -> String {
            i += 1
            guard i < arguments.count else { throw UsageError(message: "\(name) needs a value") }
            return arguments[i]
        }
        while i < arguments.count {
            var arg = arguments[i]
            var inline: String?
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                inline = String(arg[arg.index(after: eq)...])
                arg = String(arg[..<eq])
            }
            func next() throws -> String {
                if let inline { return inline }
                return try value(for: arg)
            }
            switch arg {
            case "--format", "-f":
                let v = try next()
                for part in v.split(separator: ",") {
                    guard let f = OutputFormat(rawValue: String(part)) else {
                        throw UsageError(message: "unknown format \"\(part)\"; expected svg, lottie, tracks, html, all, gif, webp, mp4 or png")
                    }
                    explicitFormats.append(f)
                }
            case "--template", "-t": o.templates.append(try next())
            case "--input", "-i": o.inputs.append(try next())
            case "--output", "-o": o.outputDirectory = try next()
            case "--at":
                let v = try next()
                guard let t = Double(v), t.isFinite, t >= 0 else {
                    throw UsageError(message: "--at expects a time in seconds ≥ 0, found \"\(v)\"")
                }
                o.at = t
            case "--lottie-player": o.lottiePlayer = try next()
            case "--tolerance":
                let v = try next()
                guard let px = Double(v), px.isFinite, px > 0 else {
                    throw UsageError(message: "--tolerance expects pixels > 0, found \"\(v)\"")
                }
                o.tolerance = px
            case "--report": o.report = true
            case "--scale":
                let v = try next()
                guard let n = Int(v), RasterSettings.scales.contains(n) else {
                    throw UsageError(message: "--scale expects 1, 2 or 3, found \"\(v)\"")
                }
                o.raster.scale = n
            case "--fps":
                let v = try next()
                guard let n = Int(v), RasterSettings.fpsRange.contains(n) else {
                    throw UsageError(message: "--fps expects a whole number of frames per second from 1 to 120, found \"\(v)\"")
                }
                o.raster.fps = n
            case "--branch", "-b":
                for part in try next().split(separator: ",") { o.branches.append(String(part)) }
            case "--list": o.list = true
            case "--screen": o.screens.append(try ScreenOption(parsing: try next()))
            case "--help", "-h": o.help = true
            case "--version": o.version = true
            default:
                throw UsageError(message: "unknown argument \"\(arg)\"; see trans-export --help")
            }
            i += 1
        }
        if !explicitFormats.isEmpty { o.formats = explicitFormats }
        if o.at != nil, !explicitFormats.isEmpty, explicitFormats.contains(where: { $0 != .svg && $0 != .all && $0 != .png }) {
            throw UsageError(message: "--at writes a static SVG (or, with --format png, a PNG poster); use it with --format svg or png")
        }
        if o.raster != RasterSettings(), !o.resolvedFormats.contains(where: OutputFormat.raster.contains) {
            throw UsageError(message: "--scale and --fps are for the raster formats; use them with --format gif, webp, mp4 or png")
        }
        if !o.branches.isEmpty, explicitFormats.contains(.html) {
            throw UsageError(message: "--branch writes branch files; the gallery page (html) shows the combined file")
        }
        if o.at != nil, o.report {
            throw UsageError(message: "--report describes the animated files; --at writes a static SVG")
        }
        if o.lottiePlayer != nil, !o.resolvedFormats.contains(.html) {
            throw UsageError(message: "--lottie-player is for the gallery page; use it with --format html or all")
        }
        return o
    }

    public static let helpText = """
    USAGE: trans-export [--format svg|lottie|tracks|html|all|gif|webp|mp4|png] [--template NAME]…
                        [--input FILE]… [--output DIR] [--at SECONDS] [--branch NAME]…
                        [--tolerance PX] [--report] [--scale 1|2|3] [--fps N]
                        [--lottie-player URL|FILE] [--list] [--help] [--version]

    Exports screen transitions, simulated with UIKit/Core Animation's exact semantics, as
    animated SVG (SMIL), Lottie JSON and a readable dump of the exact tracks.

    OPTIONS:
      --format F        svg, lottie, tracks, html or all (default: all); repeat or separate with commas;
                        raster files only when named (not in all): gif, webp (animated, lossless),
                        mp4 (H.264, needs the ffmpeg program), png (a poster frame: at --at T, else
                        the first phase caught visually halfway)
      --template NAME   a template of the catalog (default: every template); repeatable
      --input FILE      a definition file of your own (JSON, format v1); repeatable
      --output DIR      where files go (default: output)
      --at SECONDS      write NAME.svg as a static SVG of the exact state at that time
      --branch NAME     interactive templates: write branch NAME alone (cancel, finish, scrub
                        for the scrub clip, or all) as NAME.BRANCH.svg/.json/.tracks.json,
                        instead of the file that plays every branch in turn; repeatable
      --lottie-player URL|FILE
                        lottie-web for the gallery page: a URL (default: lottie-web 5.12.2 on
                        cdnjs) or a script file, inlined so the page works offline
      --tolerance PX    largest error of the animated files' keyframes on screen, in pixels
                        (default 0.25; opacity 0.002 and rotation 0.1° scale with it)
      --scale N         raster formats: pixels per point, 1, 2 or 3 (default 2)
      --fps N           raster formats: frames per second (default 60; GIF plays at most 50)
      --report          print, per animated file: tracks, keyframes, bytes, and each track's
                        largest error against the exact motion with its tolerance
      --screen ID=FILE  show a PNG, JPEG or SVG file in the template's layer ID (it keeps
                    its animations; its placeholder art gives way); repeatable
      --list            print the catalog's template names and stop; with --template NAME,
                    the ids --screen can replace and their sizes in points
      --help            print this help
      --version         print the version

    FILES: NAME.svg, NAME.json (Lottie), NAME.tracks.json (120 Hz exact state), NAME.gif,
    NAME.webp, NAME.mp4, NAME.png (raster, when asked for), index.html
    (the gallery: every transition's SVG and Lottie side by side, a scrubber, the motion spec);
    for an interactive template also NAME.scrub.* (the drag alone: time t shows progress t / D).
    The catalog is read from ./Templates, else $TRANS_EXPORT_TEMPLATES, else the Templates
    folder found above the executable, else <prefix>/share/trans-export/Templates.
    EXIT: 0 ok, 1 export failed, 2 bad usage or bad input.
    """
}

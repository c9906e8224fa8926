import Exporters
// Parsing of the command line into values; no file is touched here.
import Keyframes
import Platform
import TransExport

/// A `--format` value: a registered format's name (ExportFormats.swift) or `all`.
package struct OutputFormat: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    package let rawValue: String
    /// Every format whose `inAll` is set.
    package static let all = OutputFormat(checked: "all")

    package init?(rawValue: String) {
        guard rawValue == "all" || ExportFormats.named(rawValue) != nil else { return nil }
        self.rawValue = rawValue
    }
    private init(checked name: String) { rawValue = name }

    /// The registered format; nil for `all`.
    package var format: (any ExportFormat)? { ExportFormats.named(rawValue) }
    package var description: String { rawValue }
    /// Every `--format` value in list order, `all` after the formats it stands for.
    package static var values: [OutputFormat] {
        let formats = ExportFormats.all
        return (formats.filter(\.inAll).map(\.name) + ["all"] + formats.filter { !$0.inAll }.map(\.name)).map(OutputFormat.init(checked:))
    }
}

extension OutputFormat {
    /// Shorthands for callers and tests; a new format needs none (the command line uses `html`
    /// for the page it writes once per run).
    package static let svg = OutputFormat(checked: SVGFormat().name), lottie = OutputFormat(checked: LottieFormat().name)
    package static let tracks = OutputFormat(checked: TracksFormat().name), html = OutputFormat(checked: GalleryPageFormat().name)
    package static let gif = OutputFormat(checked: GIFFormat().name), webp = OutputFormat(checked: WebPFormat().name)
    package static let mp4 = OutputFormat(checked: MP4Format().name), png = OutputFormat(checked: PNGPosterFormat().name)
}

package struct CommandLineOptions: Equatable, Sendable {
    package var formats: [OutputFormat] = [.all]
    package var templates: [String] = []
    package var inputs: [String] = []
    package var outputDirectory = "output"
    package var at: Double?
    /// `--branch NAME`: an interactive definition's branches (or `scrub`, `all`), each as NAME.BRANCH.*.
    package var branches: [String] = []
    /// `--lottie-player URL|FILE`: where the gallery page (html) gets lottie-web.
    package var lottiePlayer: String?
    /// `--tolerance PX`: the fitted keyframes' error on screen (opacity and rotation scale with it).
    package var tolerance = FitTolerance.standard.screen
    /// `--report`: print each animated file's keyframes, bytes and errors.
    package var report = false
    /// `--scale 1|2|3` and `--fps N`: the raster formats' pixels per point and frame rate.
    package var raster = RasterSettings()
    package var list = false
    /// `--list-formats`: print the registered formats and stop.
    package var listFormats = false
    /// `--screen ID=FILE`: layer ID of the template shows the picture in FILE (ScreenOptions.swift).
    package var screens: [ScreenOption] = []
    package var help = false
    package var version = false

    package init() {}

    /// The concrete formats to write, in the registry's order.
    package var resolvedFormats: [OutputFormat] {
        let registered = OutputFormat.values.filter { $0.format != nil }
        if at != nil {
            let stills = registered.filter { $0.format!.writesStill }
            let named = stills.filter(formats.contains)
            return named.isEmpty ? stills.filter { $0.format!.inAll } : named
        }
        if !branches.isEmpty {
            var all = self
            all.branches = []
            // Branch files only: the page is written for the combined files.
            return all.resolvedFormats.filter { $0.format?.fileExtension != nil }
        }
        return registered.filter { formats.contains($0) || (formats.contains(.all) && $0.format!.inAll) }
    }

    /// What every format gets from the command line.
    package var exportSettings: ExportSettings {
        get { ExportSettings(tolerance: tolerance, at: at, raster: raster) }
        set { tolerance = newValue.tolerance; at = newValue.at; raster = newValue.raster }
    }
}

extension TransExportError {
    /// A command line that cannot be run (exit 2), printed after `trans-export: `.
    static func usage(_ message: String) -> TransExportError {
        TransExportError(file: "", location: nil, path: "", expected: message)
    }
}

extension CommandLineOptions {
    package static func parse(_ arguments: [String]) throws -> CommandLineOptions {
        var o = CommandLineOptions()
        var explicitFormats: [OutputFormat] = []
        var i = 0
        func value(for name: String) throws -> String {
            i += 1
            guard i < arguments.count else { throw TransExportError.usage("\(name) needs a value") }
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
                        throw TransExportError.usage("unknown format \"\(part)\"; expected \(Self.list(OutputFormat.values.map(\.rawValue)))")
                    }
                    explicitFormats.append(f)
                }
            case "--template", "-t": o.templates.append(try next())
            case "--input", "-i": o.inputs.append(try next())
            case "--output", "-o": o.outputDirectory = try next()
            case "--at":
                let v = try next()
                guard let t = Double(v), t.isFinite, t >= 0 else {
                    throw TransExportError.usage("--at expects a time in seconds ≥ 0, found \"\(v)\"")
                }
                o.at = t
            case "--lottie-player": o.lottiePlayer = try next()
            case "--tolerance":
                let v = try next()
                guard let px = Double(v), px.isFinite, px > 0 else {
                    throw TransExportError.usage("--tolerance expects pixels > 0, found \"\(v)\"")
                }
                o.tolerance = px
            case "--report": o.report = true
            case "--branch", "-b":
                for part in try next().split(separator: ",") { o.branches.append(String(part)) }
            case "--list": o.list = true
            case "--list-formats": o.listFormats = true
            case "--screen": o.screens.append(try ScreenOption(parsing: try next()))
            case "--help", "-h": o.help = true
            case "--version": o.version = true
            default:
                // The formats' own options (`--scale`, `--fps`): whole numbers in a range.
                if let option = ExportFormats.options.first(where: { $0.flag == arg }) {
                    let v = try next()
                    guard let n = Int(v), option.allowed.contains(n) else {
                        throw TransExportError.usage("\(option.flag) expects \(option.expected), found \"\(v)\"")
                    }
                    o.exportSettings[keyPath: option.setting] = n
                    break
                }
                throw TransExportError.usage("unknown argument \"\(arg)\"; see trans-export --help")
            }
            i += 1
        }
        if !explicitFormats.isEmpty { o.formats = explicitFormats }
        if o.at != nil, !explicitFormats.isEmpty, explicitFormats.contains(where: { $0 != .all && $0.format?.writesStill != true }) {
            throw TransExportError.usage("--at writes a static SVG (or, with --format png, a PNG poster); use it with --format svg or png")
        }
        // A format's option given without a format that takes it (`--scale` without a raster
        // format, `--webp-quality` without webp).
        let given = ExportFormats.options.filter { o.exportSettings[keyPath: $0.setting] != ExportSettings()[keyPath: $0.setting] }
        let taken = Set(o.resolvedFormats.compactMap(\.format).flatMap(\.options).map(\.flag))
        if let unused = given.first(where: { !taken.contains($0.flag) }) {
            let takers = ExportFormats.all.filter { !$0.options.isEmpty }
            let shared = ExportFormats.options.filter { option in takers.allSatisfy { $0.options.contains { $0.flag == option.flag } } }
            if shared.contains(where: { $0.flag == unused.flag }) {
                throw TransExportError.usage(
                    "\(shared.map(\.flag).joined(separator: " and ")) are for the raster formats; "
                        + "use them with --format \(list(takers.map(\.name)))")
            }
            let own = takers.filter { $0.options.contains { $0.flag == unused.flag } }.map(\.name)
            throw TransExportError.usage("\(unused.flag) is for --format \(list(own)) only")
        }
        if !o.branches.isEmpty, explicitFormats.contains(.html) {
            throw TransExportError.usage("--branch writes branch files; the gallery page (html) shows the combined file")
        }
        if o.at != nil, o.report {
            throw TransExportError.usage("--report describes the animated files; --at writes a static SVG")
        }
        if o.lottiePlayer != nil, !o.resolvedFormats.contains(.html) {
            throw TransExportError.usage("--lottie-player is for the gallery page; use it with --format html or all")
        }
        // Each template names its own layers: a screen for "every template" fails in most of them.
        // (A listing or the help exports nothing: the conformance suite asks them with its options.)
        if !o.screens.isEmpty, o.templates.isEmpty, o.inputs.isEmpty, !(o.list || o.listFormats || o.help || o.version) {
            throw TransExportError.usage(
                "--screen replaces a layer of the templates named; use it with --template NAME or --input FILE (--list --template NAME shows the ids)")
        }
        return o
    }

    /// "a, b or c".
    static func list(_ names: [String]) -> String {
        names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    /// Greedy word wrap: lines of at most `width` characters after `indent`.
    static func wrap(_ text: String, width: Int, indent: String) -> String {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width { lines.append(line); line = "" }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        return lines.map { indent + $0 }.joined(separator: "\n")
    }

    /// `--help`; the formats, their options and files come from ExportFormats.
    package static var helpText: String {
        let formats = ExportFormats.all, options = ExportFormats.options
        let inAll = formats.filter(\.inAll), named = formats.filter { !$0.inAll }
        let namedList = named.map { f in f.name + (f.helpNote.map { " (\($0))" } ?? "") }.joined(separator: ", ")
        let optionLines = options.map { "  " + $0.helpName.padded(toUTF16Width: 18) + $0.help + "\n" }.joined()
        func file(_ f: any ExportFormat) -> String { "NAME.\(f.fileExtension!)" + (f.fileNote.map { " (\($0))" } ?? "") }
        let files =
            inAll.filter { $0.fileExtension != nil }.map(file)
            + [named.map(file).joined(separator: ", ") + " (when asked for)"]
            + formats.compactMap { f in f.runFile.map { $0 + (f.fileNote.map { " (\($0))" } ?? "") } }
        return """
            USAGE: trans-export [--format \(OutputFormat.values.map(\.rawValue).joined(separator: "|"))] [--template NAME]…
                                [--input FILE]… [--output DIR] [--at SECONDS] [--branch NAME]…
                                [--tolerance PX] [--report] \(options.map { "[\($0.usage)]" }.joined(separator: " "))
                                [--screen ID=FILE]… [--lottie-player URL|FILE] [--list] [--list-formats]
                                [--help] [--version]

            Exports screen transitions, simulated with UIKit/Core Animation's exact semantics, as
            animated SVG (SMIL), Lottie JSON and a readable dump of the exact tracks.

            OPTIONS:
              --format F        \(list(inAll.map(\.name) + ["all"])) (default: all); repeat or separate with commas;
            \(wrap("only when named (not in all): " + namedList, width: 76, indent: String(repeating: " ", count: 20)))
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
            \(optionLines)  --report          print, per animated file: tracks, keyframes, bytes, and each track's
                                largest error against the exact motion with its tolerance
              --screen ID=FILE  show a PNG, JPEG or SVG file in the template's layer ID (it keeps
                                its animations; its placeholder art gives way); repeatable
              --list            print the catalog's template names and stop; with --template NAME,
                                the ids --screen can replace, their sizes in points, and those
                                that turn in 3D too strongly for a PNG or JPEG (SVG art only)
              --list-formats    print each format: its name, the file it writes and whether all includes
                                it (all) or only naming it does (named); then stop
              --help            print this help
              --version         print the version

            \(wrap("FILES: " + files.joined(separator: ", ") + ";", width: 92, indent: ""))
            for an interactive template also NAME.scrub.* (the drag alone: time t shows progress t / D).
            The catalog is read from ./Templates, else $TRANS_EXPORT_TEMPLATES, else the Templates
            folder found above the executable, else <prefix>/share/trans-export/Templates.
            EXIT: 0 ok, 1 export failed, 2 bad usage or bad input.
            """
    }

    /// `--list-formats`: one line per format, `NAME<tab>FILE<tab>all|named` (the conformance
    /// suite reads it).
    package static var formatList: [String] {
        ExportFormats.all.map { f in
            [f.name, f.fileExtension.map { "NAME.\($0)" } ?? f.runFile ?? "-", f.inAll ? "all" : "named"].joined(separator: "\t")
        }
    }
}

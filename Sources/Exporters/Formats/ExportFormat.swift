// What every output format is to the rest of the program: a name for `--format`, the file it
// writes per transition, whether the default run (`all`) writes it, the options it takes, and a
// function from one transition to that file's bytes. The command line, its help, the gallery's
// download list and the conformance suite (through `--list-formats`) read these values from the
// one list in ExportFormats.swift; none of them names a format.
import FoundationEssentials
import Glibc
import Keyframes
import Simulation
import TransitionModel

package protocol ExportFormat: Sendable {
    /// The `--format` value.
    var name: String { get }
    /// The file's name after `NAME.` (`svg`, `tracks.json`); nil when the format writes no file
    /// per transition (the gallery page, written once per run).
    var fileExtension: String? { get }
    /// A file written once per run instead (`index.html`), if any.
    var runFile: String? { get }
    /// Part of `--format all`, the default run.
    var inAll: Bool { get }
    /// With `--at T`, writes the state at T instead of the animation.
    var writesStill: Bool { get }
    /// Options of its own (`--scale`, `--fps`), parsed by the command line from this list.
    var options: [FormatOption] { get }
    /// Offered for download on the gallery page's cards when the file is there.
    var galleryDownload: Bool { get }
    /// For `--help`, after the name (`animated, lossless`).
    var helpNote: String? { get }
    /// For `--help`'s FILES list, after the file name (`Lottie`).
    var fileNote: String? { get }
    /// Refuses a transition before any file of the run is written (bad input, exit 2).
    func preflight(_ simulation: Simulation, file: String) throws
    /// The file's bytes for one transition; nil when `fileExtension` is nil.
    func file(_ job: ExportJob) throws -> Data?
    /// The same file as text, for a text format (SVG, Lottie, the tracks dump); nil otherwise.
    /// The command line keeps this String, the one the gallery card holds too, instead of a copy
    /// of its bytes (BENCHMARKS.md#the-default-run-under-60-mb).
    func text(_ job: ExportJob) throws -> String?
}

extension ExportFormat {
    package var runFile: String? { nil }
    package var writesStill: Bool { false }
    package var options: [FormatOption] { [] }
    package var galleryDownload: Bool { false }
    package var helpNote: String? { nil }
    package var fileNote: String? { nil }
    package func preflight(_ simulation: Simulation, file: String) throws {}
    package func text(_ job: ExportJob) throws -> String? { nil }
}

/// The settings a run passes to every format (the command line's `--tolerance`, `--at`, and the
/// formats' own options).
package struct ExportSettings: Equatable, Sendable {
    /// `--tolerance PX`: the fitted keyframes' error on screen.
    package var tolerance: Double
    /// `--at T`: a still of that time instead of the animation.
    package var at: Double?
    /// `--scale`, `--fps`.
    package var raster: RasterSettings

    package init(tolerance: Double = FitTolerance.standard.screen, at: Double? = nil, raster: RasterSettings = RasterSettings()) {
        self.tolerance = tolerance
        self.at = at
        self.raster = raster
    }
}

/// A whole-number option a format takes, e.g. `--scale 1|2|3`.
package struct FormatOption: Sendable {
    /// `--scale`.
    package var flag: String
    /// For the usage line: `--scale 1|2|3`.
    package var usage: String
    /// For the options list: `--scale N` and what it does.
    package var helpName: String
    package var help: String
    package var allowed: ClosedRange<Int>
    /// The usage error's words after `--scale expects`.
    package var expected: String
    /// Where the value goes.
    package var setting: WritableKeyPath<ExportSettings, Int> & Sendable

    package init(
        flag: String, usage: String, helpName: String, help: String, allowed: ClosedRange<Int>, expected: String,
        setting: WritableKeyPath<ExportSettings, Int> & Sendable
    ) {
        self.flag = flag
        self.usage = usage
        self.helpName = helpName
        self.help = help
        self.allowed = allowed
        self.expected = expected
        self.setting = setting
    }
}

/// One transition being exported: what its formats share, made on first use (the players'
/// fitted keyframes, the raster frames), so a run that writes one format pays for that one.
package final class ExportJob {
    package let simulation: Simulation
    package let settings: ExportSettings
    /// Called by long formats with (done, total); the command line draws a progress bar.
    package var progress: RasterFrames.Progress?

    package init(_ simulation: Simulation, settings: ExportSettings) {
        self.simulation = simulation
        self.settings = settings
    }

    /// The file stem: `NAME` (a branch's or scrub clip's definition is named `NAME.BRANCH`).
    package var stem: String { simulation.definition.name }
    /// The animated SVG and Lottie with their fit reports.
    package private(set) lazy var players = PlayerFiles(simulation, tolerance: .screen(settings.tolerance))
    /// The raster formats' frames.
    package private(set) lazy var frames = RasterFrames(simulation, settings: settings.raster)
}

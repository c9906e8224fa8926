// `--format tracks`: NAME.tracks.json, every layer's exact state at 120 Hz and the animated
// files' fit reports.
import FoundationEssentials
import Glibc
import Simulation
import TransitionModel

package struct TracksFormat: ExportFormat {
    package static let fileExtension = "tracks.json"
    /// The dump holds every layer's state at 120 Hz; past this many states its text and the
    /// memory to make it grow into gigabytes (BENCHMARKS.md#8-limits-and-cost-issue-15), so it
    /// is refused up front.
    package static let maxStates = 1_000_000

    package init() {}
    package var name: String { "tracks" }
    package var fileExtension: String? { Self.fileExtension }
    package var inAll: Bool { true }
    package var fileNote: String? { "120 Hz exact state" }

    package func preflight(_ simulation: Simulation, file: String) throws {
        let samples = Int((simulation.timeline.duration * TracksWriter().sampleRate).rounded(.up)) + 1
        let states = samples * simulation.layers.count
        guard states <= Self.maxStates else {
            throw DefinitionDiagnostic(
                file: file, location: nil, path: "layers",
                message: "the tracks dump would hold \(states) layer states (\(simulation.layers.count) layers × \(samples) samples at 120 Hz); "
                    + "expected at most \(Self.maxStates): fewer layers, a shorter timeline, or --format svg,lottie")
        }
    }

    package func file(_ job: ExportJob) throws -> Data? { try text(job).map { Data($0.utf8) } }

    package func text(_ job: ExportJob) throws -> String? { TracksWriter().text(job.simulation, fit: try job.players.reports()) }
}

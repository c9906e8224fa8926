// `--format tracks`: NAME.tracks.json, every layer's exact state at 120 Hz and the animated
// files' fit reports.
import Foundation
import Simulation
import TransitionModel

public struct TracksFormat: ExportFormat {
    public static let fileExtension = "tracks.json"
    /// The dump holds every layer's state at 120 Hz; past this many states its text and the
    /// memory to make it grow into gigabytes (BENCHMARKS.md#8-limits-and-cost-issue-15), so it
    /// is refused up front.
    public static let maxStates = 1_000_000

    public init() {}
    public var name: String { "tracks" }
    public var fileExtension: String? { Self.fileExtension }
    public var inAll: Bool { true }
    public var fileNote: String? { "120 Hz exact state" }

    public func preflight(_ simulation: Simulation, file: String) throws {
        let samples = Int((simulation.timeline.duration * TracksWriter().sampleRate).rounded(.up)) + 1
        let states = samples * simulation.layers.count
        guard states <= Self.maxStates else {
            throw DefinitionDiagnostic(
                file: file, location: nil, path: "layers",
                message: "the tracks dump would hold \(states) layer states (\(simulation.layers.count) layers × \(samples) samples at 120 Hz); "
                    + "expected at most \(Self.maxStates): fewer layers, a shorter timeline, or --format svg,lottie")
        }
    }

    public func file(_ job: ExportJob) throws -> Data? {
        Data(TracksWriter().text(job.simulation, fit: try job.players.reports()).utf8)
    }
}

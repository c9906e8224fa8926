// `--format svg`: NAME.svg, the animated SVG (SMIL) from SMIL-fitted keyframes, or with
// `--at T` the static SVG of the exact state at T.
import FoundationEssentials
import Glibc
import Keyframes
import Simulation

package struct SVGFormat: ExportFormat {
    package static let fileExtension = "svg"
    package init() {}
    package var name: String { "svg" }
    package var fileExtension: String? { Self.fileExtension }
    package var inAll: Bool { true }
    package var writesStill: Bool { true }

    package func file(_ job: ExportJob) throws -> Data? { try text(job).map { Data($0.utf8) } }

    package func text(_ job: ExportJob) throws -> String? {
        if let at = job.settings.at { return try SVGWriter().svg(KeyframedTransition.still(job.simulation, at: at)) }
        return try job.players.svg()
    }
}

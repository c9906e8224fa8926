// `--format svg`: NAME.svg, the animated SVG (SMIL) from SMIL-fitted keyframes, or with
// `--at T` the static SVG of the exact state at T.
import Foundation
import Keyframes
import Simulation

package struct SVGFormat: ExportFormat {
    package static let fileExtension = "svg"
    package init() {}
    package var name: String { "svg" }
    package var fileExtension: String? { Self.fileExtension }
    package var inAll: Bool { true }
    package var writesStill: Bool { true }

    package func file(_ job: ExportJob) throws -> Data? {
        if let at = job.settings.at { return Data(try SVGWriter().svg(KeyframedTransition.still(job.simulation, at: at)).utf8) }
        return Data(try job.players.svg().utf8)
    }
}

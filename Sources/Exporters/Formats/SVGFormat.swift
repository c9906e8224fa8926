// `--format svg`: NAME.svg, the animated SVG (SMIL) from SMIL-fitted keyframes, or with
// `--at T` the static SVG of the exact state at T.
import Foundation
import Keyframes
import Simulation

public struct SVGFormat: ExportFormat {
    public static let fileExtension = "svg"
    public init() {}
    public var name: String { "svg" }
    public var fileExtension: String? { Self.fileExtension }
    public var inAll: Bool { true }
    public var writesStill: Bool { true }

    public func file(_ job: ExportJob) throws -> Data? {
        if let at = job.settings.at { return Data(SVGWriter().svg(KeyframedTransition.still(job.simulation, at: at)).utf8) }
        return Data(job.players.svg.utf8)
    }
}

// `--format lottie`: NAME.json, Lottie from Lottie-fitted keyframes.
import FoundationEssentials
import Glibc

package struct LottieFormat: ExportFormat {
    package static let fileExtension = "json"
    package init() {}
    package var name: String { "lottie" }
    package var fileExtension: String? { Self.fileExtension }
    package var inAll: Bool { true }
    package var fileNote: String? { "Lottie" }

    package func file(_ job: ExportJob) throws -> Data? { try text(job).map { Data($0.utf8) } }
    package func text(_ job: ExportJob) throws -> String? { try job.players.lottie() }
}

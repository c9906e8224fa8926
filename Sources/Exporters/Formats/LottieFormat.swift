// `--format lottie`: NAME.json, Lottie from Lottie-fitted keyframes.
import Foundation

public struct LottieFormat: ExportFormat {
    public static let fileExtension = "json"
    public init() {}
    public var name: String { "lottie" }
    public var fileExtension: String? { Self.fileExtension }
    public var inAll: Bool { true }
    public var fileNote: String? { "Lottie" }

    public func file(_ job: ExportJob) throws -> Data? { Data(try job.players.lottie().utf8) }
}

import Artwork
import JSONText
import Platform

// SVG art's Lottie shape items (LottieArtworkShapes.items) kept across exports in one process: a
// snapshot's copy of a screen's art is made for `checkArtwork` in every export that may copy it,
// about 1.1 M instructions a time, the same in every variant that keeps the art and its bounds
// (docs/lottie.md#art-items-made-once).

/// Everything `LottieArtworkShapes.items` reads: the document, how it is laid out (mode, bounds),
/// and its file (only its errors name it; errors are not kept). `ArtDocument` hashes in O(1)
/// (its source's digest) and compares its nodes only on a hash match (shared arrays at once).
struct LottieArtItemsKey: Hashable {
    let document: ArtDocument
    let file: String
    let mode: ContentMode
    /// The bounds' bit patterns: 0 and -0 are two keys, as they may be two layouts.
    let width: UInt64
    let height: UInt64
}

final class LottieArtItemsCache: @unchecked Sendable {
    static let shared = LottieArtItemsCache()
    /// Documents laid out, not items: a batch meets a few screens in a few sizes.
    static let capacity = 64

    private let lock = Lock()
    private var items: [LottieArtItemsKey: [JSONValue]] = [:]

    /// How many entries are kept (tests).
    var count: Int { lock.withLock { items.count } }

    /// `LottieArtworkShapes.items(document, file:, mode:, bounds:)`, made the first time; what it
    /// throws is thrown each time (and not kept).
    func items(
        _ document: ArtDocument, file: String, mode: ContentMode, bounds: (width: Double, height: Double)
    ) throws -> [JSONValue] {
        let key = LottieArtItemsKey(document: document, file: file, mode: mode, width: bounds.width.bitPattern, height: bounds.height.bitPattern)
        if let made = lock.withLock({ items[key] }) { return made }
        let made = try LottieArtworkShapes.items(document, file: file, mode: mode, bounds: bounds)
        lock.withLock {
            if items.count >= Self.capacity { items.removeAll(keepingCapacity: true) }
            items[key] = made
        }
        return made
    }
}

import FoundationEssentials
import Glibc
import Platform
// The page's two made parts, the cards' data and their deflated media, made a card at a time as
// each transition's export ends (TransExportCLI's exportAll), so that after the exports only the
// template is left to fill: the page was the default run's one serial stage after them
// (BENCHMARKS.md#the-default-runs-tail-2026-12-04). The same bytes as GalleryWriter.page: the
// media is deflated in card order as one stream (zlib's output does not depend on how its input
// is split) and the data is the text JSONWriter gives the whole document (dataText).
import TransitionModel

package final class GalleryPageParts: @unchecked Sendable {
    package let writer: GalleryWriter
    package let linkFiles: Bool
    package let count: Int
    private let lock = Lock()
    /// Cards added and not yet deflated, by index; `next` is the next one to deflate. One thread
    /// at a time deflates (`deflating`), the cards in index order, outside the lock.
    private var waiting: [Int: GalleryCard] = [:]
    private var next = 0
    private var deflating = false
    private let deflater: GalleryMedia.Deflater
    /// Each card's item of the data (GalleryWriter.transitionText) and the card it was made from.
    private var made: [(card: GalleryCard, text: String)?]
    /// The media block, once every card is deflated and the stream ended.
    private var media: String?

    /// For the cards 0..<count, added in any order.
    package init(_ writer: GalleryWriter, count: Int, linkFiles: Bool) throws {
        self.writer = writer
        self.count = count
        self.linkFiles = linkFiles
        deflater = try GalleryMedia.Deflater()
        deflater.add(GalleryWriter.mediaStart)
        made = Array(repeating: nil, count: count)
    }

    /// Makes card `n`'s data item and deflates its media once every card before it is in (on
    /// the calling thread, which also deflates any later card waiting for this one).
    package func add(_ card: GalleryCard, at n: Int) {
        let text = writer.transitionText(card, linkFiles: linkFiles)
        var mine = lock.withLock { () -> Bool in
            made[n] = (card, text)
            waiting[n] = card
            if deflating { return false }
            deflating = true
            return true
        }
        while mine {
            let ready = lock.withLock { () -> (Int, GalleryCard)? in
                guard let card = waiting.removeValue(forKey: next) else {
                    deflating = false
                    return nil
                }
                return (next, card)
            }
            guard let (k, card) = ready else { mine = false; break }
            writer.mediaItem(card, first: k == 0, deflater.add)
            lock.withLock { next += 1 }
        }
    }

    /// The page of `cards`, the cards added in index order (only their downloads may differ:
    /// those items of the data are made again), from the parts made as they came; made here in
    /// full (GalleryWriter.page) when not every card was added.
    package func page(_ cards: [GalleryCard]) throws -> String {
        let made = lock.withLock { next == count ? self.made : [] }
        guard cards.count == count, made.count == count,
            zip(cards, made).allSatisfy({ card, m in m.map { Self.sameFiles(card, $0.card) } ?? false })
        else { return try writer.page(cards, linkFiles: linkFiles) }
        let texts = zip(cards, made).map { card, m in
            m!.card.downloads == card.downloads ? m!.text : writer.transitionText(card, linkFiles: linkFiles)
        }
        let media = try lock.withLock { () throws -> String in
            if let media = self.media { return media }
            deflater.add(GalleryWriter.mediaEnd)
            self.media = try deflater.finish()
            return self.media!
        }
        return try writer.fill(["GALLERY_DATA": writer.dataText(texts), "GALLERY_MEDIA": media, "LOTTIE_PLAYER": writer.playerScript()])
    }

    /// The same transition's card with the same files (a check on the caller: the data's other
    /// inputs, the simulation and the fit, come with the same export).
    static func sameFiles(_ a: GalleryCard, _ b: GalleryCard) -> Bool {
        a.simulation.definition.name == b.simulation.definition.name && a.svg == b.svg && a.lottie == b.lottie
            && a.scrub?.svg == b.scrub?.svg && a.scrub?.lottie == b.scrub?.lottie
    }
}

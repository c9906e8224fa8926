// Static art (a layer subtree that never moves and that nothing follows) is the same markup in
// every export that draws it: libxml2 writes it once into a fragment, which later exports replay,
// their own ids put in (docs/smil.md#static-art-written-once).
import Simulation
import Synchronization
import TransitionModel

/// Static art's markup as libxml2 wrote it, keyed by everything that decides it (`Key`: the
/// definitions of the layer and its sublayers in drawing order, how deep it is nested, ...).
/// Process-wide, shared by the export workers, and bounded: at `capacity` it starts over.
package final class SVGStaticArtCache: Sendable {
    package static let shared = SVGStaticArtCache()
    /// The catalog draws about 700 static subtrees (51 an export in the 2D batch); 64 entries
    /// would start over every few exports. Bytes bounded too: a user's art can be large.
    static let capacity = (entries: 1024, bytes: 16 << 20)

    /// One bucket per hash of a key (`Key.hash`); a bucket's keys are told apart by `Key.matches`.
    struct Table {
        /// Room for every entry at once: growing the table rehashed every hash kept so far.
        var buckets: [Int: [(key: Key, markup: StaticArtMarkup)]] = Dictionary(minimumCapacity: capacity.entries)
        var count = 0
        var bytes = 0
    }

    private let table = Mutex(Table())

    package init() {}

    /// How many subtrees are kept.
    package var count: Int { table.withLock { $0.count } }

    /// The kept subtrees whose keys hash to `hash`.
    func bucket(_ hash: Int) -> [(key: Key, markup: StaticArtMarkup)] { table.withLock { $0.buckets[hash] ?? [] } }

    /// Keeps `markup` (two workers keeping the same subtree at once keep it twice: harmless).
    func store(_ markup: StaticArtMarkup, for key: Key, hash: Int) {
        table.withLock { table in
            if table.count >= Self.capacity.entries || table.bytes + markup.bytes.count > Self.capacity.bytes { table = Table() }
            table.buckets[hash, default: []].append((key, markup))
            table.count += 1
            table.bytes += markup.bytes.count
        }
    }
}

/// A recorded fragment (XMLTextWriter.fragment) and where its ids lie: they were written as
/// placeholders, `prefix-N` with N = `firstPlaceholder + k` for the k-th id asked for.
struct StaticArtMarkup: Sendable {
    static let firstPlaceholder = 1_000_000_000
    let bytes: [UInt8]
    /// The prefix of each id the art asked for (`SVGDocument.newID`), in order.
    let idPrefixes: [String]
    /// Each placeholder's bytes and which id it is, in order of position.
    let slots: [(range: Range<Int>, id: Int)]
    /// Whether it has an element of class `gecko-opacity`: a file replaying it needs the style.
    let usesGeckoOpacity: Bool

    /// Nil when a placeholder is not found in the bytes (then the art is not kept).
    init?(bytes: [UInt8], idPrefixes: [String], usesGeckoOpacity: Bool) {
        self.bytes = bytes
        self.idPrefixes = idPrefixes
        self.usesGeckoOpacity = usesGeckoOpacity
        // Most static art has no ids: nothing to look for.
        guard !idPrefixes.isEmpty else {
            slots = []
            return
        }
        var slots: [(range: Range<Int>, id: Int)] = []
        var found = Array(repeating: false, count: idPrefixes.count)
        // Every placeholder is a prefix, "-" and ten digits; one pass finds them all.
        var p = 0
        while p + 11 <= bytes.count {
            defer { p += 1 }
            guard bytes[p] == 0x2D, let k = Self.placeholderIndex(bytes, digitsAt: p + 1), k < idPrefixes.count else { continue }
            let prefix = Array(idPrefixes[k].utf8)
            guard p >= prefix.count, bytes[(p - prefix.count)..<p].elementsEqual(prefix) else { continue }
            slots.append(((p - prefix.count)..<(p + 11), k))
            found[k] = true
            p += 10
        }
        guard !found.contains(false) else { return nil }
        self.slots = slots
    }

    /// k when the ten digits at `start` (and no more) are `firstPlaceholder + k`.
    private static func placeholderIndex(_ bytes: [UInt8], digitsAt start: Int) -> Int? {
        var n = 0
        for q in start..<(start + 10) {
            guard (0x30...0x39).contains(bytes[q]) else { return nil }
            n = n * 10 + Int(bytes[q] - 0x30)
        }
        if start + 10 < bytes.count, (0x30...0x39).contains(bytes[start + 10]) { return nil }
        let k = n - firstPlaceholder
        return k >= 0 ? k : nil
    }

    /// The bytes with the document's own ids in place of the placeholders.
    func bytes(ids: [String]) -> [UInt8] {
        guard !slots.isEmpty else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 8 * slots.count)
        var at = 0
        for slot in slots {
            out += bytes[at..<slot.range.lowerBound]
            out += ids[slot.id].utf8
            at = slot.range.upperBound
        }
        out += bytes[at...]
        return out
    }
}

extension SVGDocument {
    /// Layer i's static art (`SVGPaint.staticLayer`) or its content (`staticContent`), replayed
    /// from the cache when it is there; otherwise recorded into it first.
    func writeStaticArt(_ i: Int, _ part: SVGStaticArtCache.Key.Part = .layer) {
        func write() {
            switch part {
            case .layer: SVGPaint(document: self).staticLayer(i)
            case .content: SVGPaint(document: self).staticContent(of: i)
            }
        }
        guard let cache = staticArt, part == .content || !simulation.layers[i].definition.hidden else { return write() }
        // Looked up in place: a subtree found makes no key (copies no definition).
        let hash = SVGStaticArtCache.Key.hash(i, part, of: self)
        var markup = cache.bucket(hash).first { $0.key.matches(i, part, of: self) }?.markup
        if markup == nil {
            let key = SVGStaticArtCache.Key(i, part, of: self)
            guard !key.drawsPicture else { return write() }
            let recorder = staticArtRecorder
            recorder.beginFragment(at: xml.depth)
            let before = usesGeckoOpacity
            usesGeckoOpacity = false
            let prefixes = recording(into: recorder, firstID: StaticArtMarkup.firstPlaceholder, write)
            let classed = usesGeckoOpacity
            usesGeckoOpacity = before || classed
            markup = recorder.fragment().flatMap { StaticArtMarkup(bytes: $0, idPrefixes: prefixes, usesGeckoOpacity: classed) }
            if let markup { cache.store(markup, for: key, hash: hash) }
        }
        guard let markup else { return write() }
        if markup.usesGeckoOpacity { usesGeckoOpacity = true }
        xml.replay(markup.bytes(ids: markup.idPrefixes.map(newID)))
    }
}

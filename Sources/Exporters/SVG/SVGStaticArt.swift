// Static art (a layer subtree that never moves and that nothing follows) is the same markup in
// every export that draws it: libxml2 writes it once into a fragment, which later exports replay,
// their own ids put in (docs/smil.md#static-art-written-once).
import Simulation
import Synchronization
import TransitionModel

/// Static art's markup as libxml2 wrote it, keyed by everything that decides it: the definitions
/// of the layer and its sublayers in the order they are drawn, and how deep it is nested (the
/// indentation). Process-wide,
/// shared by the export workers, and bounded: at `capacity` entries it starts over.
package final class SVGStaticArtCache: Sendable {
    package static let shared = SVGStaticArtCache()
    /// The catalog draws about 700 static subtrees (51 an export in the 2D batch); 64 entries
    /// would start over every few exports. Bytes bounded too: a user's art can be large.
    static let capacity = (entries: 1024, bytes: 16 << 20)

    struct Key: Hashable, Sendable {
        /// The subtree in drawing order, each layer's definition (kept without its children by
        /// the simulation) with how many sublayers follow it (that order and count are the
        /// tree) and whether it is followed (a followed layer is not merged into a run of rects).
        var layers: [Layer]
        var depth: Int
        var part: Part

        struct Layer: Hashable, Sendable {
            var definition: LayerDefinition
            var sublayers: Int
            var followed: Bool
        }

        /// What is written of the subtree's top layer: all of it (`SVGPaint.staticLayer`), or
        /// its paint and sublayers in its bounds space (`staticContent`, a snapshot's source).
        enum Part: Hashable, Sendable {
            case layer, content
        }

        init(_ i: Int, _ part: Part, of document: SVGDocument) {
            layers = []
            depth = document.xml.depth
            self.part = part
            let simulation = document.simulation
            func add(_ j: Int) {
                let children = simulation.layers[j].children
                layers.append(Layer(definition: simulation.layers[j].definition, sublayers: children.count, followed: document.isFollowed(j)))
                for child in children { add(child) }
            }
            add(i)
        }

        /// Hashed by its size and its layers' places only (SipHash over every field of every
        /// definition was 16,000 instructions a lookup in the 2D batch); `==` compares them all.
        func hash(into h: inout Hasher) {
            h.combine(depth)
            h.combine(layers.count)
            for layer in layers {
                h.combine(layer.definition.position.x)
                h.combine(layer.definition.position.y)
                h.combine(layer.definition.size.width)
                h.combine(layer.definition.size.height)
            }
        }

        /// Whether the subtree draws a picture: it is embedded once per file (SVGEmbeddedImages),
        /// so its markup depends on what the file wrote before; such art is not kept.
        var drawsPicture: Bool {
            layers.contains { layer in
                if case .artwork(let art) = layer.definition.kind, case .raster = art.artwork { return true }
                return false
            }
        }
    }

    /// Room for every entry at once: growing the table rehashed every key kept so far.
    private let entries = Mutex<(markup: [Key: StaticArtMarkup], bytes: Int)>((Dictionary(minimumCapacity: capacity.entries), 0))

    package init() {}

    /// How many subtrees are kept.
    package var count: Int { entries.withLock { $0.markup.count } }

    func markup(for key: Key) -> StaticArtMarkup? { entries.withLock { $0.markup[key] } }

    func store(_ markup: StaticArtMarkup, for key: Key) {
        entries.withLock { entries in
            guard entries.markup[key] == nil else { return }  // the other worker kept it first
            if entries.markup.count >= Self.capacity.entries || entries.bytes + markup.bytes.count > Self.capacity.bytes {
                entries = (Dictionary(minimumCapacity: Self.capacity.entries), 0)
            }
            entries.markup[key] = markup
            entries.bytes += markup.bytes.count
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

    /// Nil when a placeholder is not found in the bytes (then the art is not kept).
    init?(bytes: [UInt8], idPrefixes: [String]) {
        self.bytes = bytes
        self.idPrefixes = idPrefixes
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
        let key = SVGStaticArtCache.Key(i, part, of: self)
        guard !key.drawsPicture else { return write() }
        var markup = cache.markup(for: key)
        if markup == nil {
            let recorder = staticArtRecorder
            recorder.beginFragment(at: xml.depth)
            let prefixes = recording(into: recorder, firstID: StaticArtMarkup.firstPlaceholder, write)
            markup = recorder.fragment().flatMap { StaticArtMarkup(bytes: $0, idPrefixes: prefixes) }
            if let markup { cache.store(markup, for: key) }
        }
        guard let markup else { return write() }
        xml.replay(markup.bytes(ids: markup.idPrefixes.map(newID)))
    }
}

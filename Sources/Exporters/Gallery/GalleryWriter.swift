import JSONText
import Keyframes
import Motion
import Simulation
// The gallery page (`index.html`): one card per transition with the animated SVG and the Lottie
// side by side, one scrubber for both, phase buttons, the motion spec and, for an interactive
// transition, a progress slider over its scrub clip (GalleryScrub.swift). The page template
// (HTML, CSS, script) lives in `Templates/gallery.html`; this fills its placeholders with JSON
// built by JSONWriter, so the page is a pure function of its inputs (same bytes every run).
import TransitionModel

extension TransExportError {
    /// The page template is not one the writer can fill (an export failure, exit 1).
    static func gallery(_ message: String) -> TransExportError {
        TransExportError(kind: .export, file: "", location: nil, path: "", expected: message)
    }
}

/// Where the page gets lottie-web from.
package enum LottiePlayer: Hashable, Sendable {
    /// Loaded async by the page (never a blocking `<script src>`): needs the network unless the URL is local.
    case url(String)
    /// The player's source inlined into the page (works offline); `name` is only shown.
    case inline(source: String, name: String)

    /// lottie-web 5.x pinned on cdnjs.
    package static let defaultURL = "https://cdnjs.cloudflare.com/ajax/libs/lottie-web/5.12.2/lottie.min.js"
    package static let `default` = LottiePlayer.url(defaultURL)
}

/// One transition of the page: the exact bytes of its exported files, and its simulation (for the spec).
package struct GalleryCard: Sendable {
    package var simulation: Simulation
    package var svg: String
    /// The Lottie JSON text as exported (`NAME.json`).
    package var lottie: String
    /// An interactive transition's scrub clip, driven by the card's progress slider.
    package var scrub: GalleryScrub?
    /// The fit of `svg` and `lottie` (`PlayerFiles.reports()`), shown in the motion spec.
    package var fit: [OutputFitReport]
    /// Raster files beside the page (NAME.gif, .webp, .mp4, .png): download links on the card.
    package var downloads: [String] = []
    package init(simulation: Simulation, svg: String, lottie: String, scrub: GalleryScrub? = nil, fit: [OutputFitReport] = []) {
        self.simulation = simulation; self.svg = svg; self.lottie = lottie; self.scrub = scrub; self.fit = fit
    }
}

package struct GalleryWriter: Sendable {
    /// The page template's text (`Templates/gallery.html`).
    package var template: String
    package var player: LottiePlayer

    package static let templateFileName = "gallery.html"
    package static let pageFileName = "index.html"
    /// Every placeholder the template must hold, once each.
    static let placeholders = ["GALLERY_DATA", "GALLERY_MEDIA", "LOTTIE_PLAYER"]

    package init(template: String, player: LottiePlayer = .default) {
        self.template = template
        self.player = player
    }

    /// - Parameter linkFiles: `NAME.svg` and `NAME.json` are written beside the page (links to them).
    package func page(_ cards: [GalleryCard], linkFiles: Bool = false) throws -> String {
        // The cards' data and their deflated media read nothing of each other: made side by side
        // (the page is built after every transition is exported, when no other work is left).
        let parts = ParallelMap.map(2) { part -> Result<String, TransExportError> in
            part == 0
                ? .success(Self.scriptSafe(Self.dataWriter.string(data(cards, linkFiles: linkFiles))))
                : Result { () throws(TransExportError) in try GalleryMedia.packed { media(cards, $0) } }
        }
        return try fill(["GALLERY_DATA": try parts[0].get(), "GALLERY_MEDIA": try parts[1].get(), "LOTTIE_PLAYER": playerScript()])
    }

    // MARK: Page data

    /// Everything the page shows except the players' files: names, timing, phases, spec.
    func data(_ cards: [GalleryCard], linkFiles: Bool) -> JSONValue {
        Self.obj(dataHead() + [("transitions", .array(cards.map { transition($0, linkFiles: linkFiles) }))])
    }

    /// The data's members before `transitions`.
    func dataHead() -> [(String, JSONValue)] {
        var playerMembers: [(String, JSONValue)] = []
        switch player {
        case .url(let u): playerMembers = [("kind", .string("url")), ("src", .string(u))]
        case .inline(_, let name): playerMembers = [("kind", .string("inline")), ("src", .string(name))]
        }
        return [("generator", .string("trans-export")), ("lottiePlayer", Self.obj(playerMembers))]
    }

    /// The text of `data` as `dataWriter` writes it, script-safe, from each card's text
    /// (`transitionText`): the writer puts an object holding an array of objects over lines,
    /// member by member, and each item on its own lines two levels deep.
    func dataText(_ transitionTexts: [String]) -> String {
        guard !transitionTexts.isEmpty else { return Self.scriptSafe(Self.dataWriter.string(Self.obj(dataHead() + [("transitions", .array([]))]))) }
        var head: [UInt8] = []
        head += "{\n".utf8
        for (key, value) in dataHead() {
            JSONWriter.indent(1, into: &head)
            JSONWriter.writeString(key, into: &head)
            head += ": ".utf8
            Self.dataWriter.append(value, indent: 1, to: &head)
            head += ",\n".utf8
        }
        JSONWriter.indent(1, into: &head)
        head += "\"transitions\": [\n".utf8
        // Script-safe piece by piece (the items are): the pieces meet at ASCII punctuation and
        // spaces, so no "<" or a character holding one straddles two of them.
        var text = Self.scriptSafe(String(decoding: head, as: UTF8.self))
        text.reserveCapacity(text.utf8.count + transitionTexts.reduce(0) { $0 + $1.utf8.count + 8 } + 8)
        for (n, item) in transitionTexts.enumerated() {
            text += "    "
            text += item
            text += n + 1 < transitionTexts.count ? ",\n" : "\n"
        }
        text += "  ]\n}\n"
        return text
    }

    /// One card's item of the data's `transitions`, as `dataWriter` writes it there, script-safe.
    func transitionText(_ card: GalleryCard, linkFiles: Bool) -> String {
        var out: [UInt8] = []
        Self.dataWriter.append(transition(card, linkFiles: linkFiles), indent: 2, to: &out)
        return Self.scriptSafe(String(decoding: out, as: UTF8.self))
    }

    static let dataWriter = JSONWriter(style: .readable, maxDecimals: 6)

    func transition(_ card: GalleryCard, linkFiles: Bool) -> JSONValue {
        transition(card.simulation, scrub: card.scrub, fit: card.fit, downloads: card.downloads, linkFiles: linkFiles)
    }

    func transition(_ sim: Simulation, scrub: GalleryScrub? = nil, fit: [OutputFitReport] = [], downloads: [String] = [], linkFiles: Bool) -> JSONValue {
        let d = sim.definition
        let fr = d.frameRate
        let duration = sim.timeline.duration
        var members: [(String, JSONValue)] = [
            ("name", .string(d.name)),
            ("description", .string(d.description)),
        ]
        if let source = d.source { members.append(("source", .string(source))) }
        if linkFiles { members.append(("files", Self.playerFiles(d.name))) }
        members += [
            ("size", .array([.number(d.canvas.size.width), .number(d.canvas.size.height)])),
            ("duration", .number(duration)),
            ("frameRate", .number(fr)),
            ("frames", .number((duration * fr - 1e-6).rounded(.up))),
            (
                "phases",
                .array(
                    sim.timeline.phases.map { p in
                        Self.obj([
                            ("name", .string(p.name)), ("start", .number(NumberFormat.round(p.start, decimals: 6))),
                            ("end", .number(NumberFormat.round(p.end, decimals: 6))),
                        ])
                    })
            ),
        ]
        if !downloads.isEmpty { members.append(("downloads", .array(downloads.map(JSONValue.string)))) }
        if let scrub { members.append(("scrub", scrubData(scrub, branches: sim.timeline.branches, linkFiles: linkFiles))) }
        let plain = MotionSpec.plainPhases(sim)
        let spec = MotionSpec(sim, plain: plain)
        if let interaction = spec.interaction {
            members.append(("interaction", .array(interaction.rows.map { Self.obj([("label", .string($0.label)), ("code", .string($0.code))]) })))
        }
        // The exported files' cost and error, the scrub clip's after the card's (GalleryFit.swift).
        let files = fitData(fit, scrub: false) + fitData(scrub?.fit ?? [], scrub: true)
        if !files.isEmpty { members.append(("fit", .array(files))) }
        members.append(("swift", .string(SwiftAnimationCode(sim, plain: plain).text)))
        members.append(
            (
                "spec",
                .array(
                    spec.groups.map { g in
                        Self.obj([
                            ("phase", .string(g.phase)), ("note", .string(g.note)),
                            ("timelineIndex", g.timelineIndex.map { .number(Double($0)) } ?? .null),
                            ("blocks", .array(g.blocks.map(block))),
                        ])
                    })
            ))
        return Self.obj(members)
    }

    func block(_ b: MotionSpec.Block) -> JSONValue {
        Self.obj([
            ("number", .number(Double(b.number))),
            ("delay", .string(SpecText.number(b.delay))),
            ("duration", .string(SpecText.number(b.duration))),
            (
                "timing",
                Self.obj([
                    ("title", .string(b.timing.title)),
                    ("summary", .string(b.timing.summary)),
                    ("equivalents", .array(b.timing.equivalents.map { Self.obj([("label", .string($0.label)), ("code", .string($0.code))]) })),
                ])
            ),
            ("curve", .array(b.samples.map { .number(NumberFormat.round($0, decimals: 4)) })),
            (
                "changes",
                .array(
                    b.changes.map { c in
                        Self.obj([
                            ("layer", .string(c.layer)), ("property", .string(c.property)),
                            ("from", c.from.map(JSONValue.string) ?? .null), ("to", .string(c.to)),
                            ("kind", .string(c.kind.rawValue)),
                        ])
                    })
            ),
        ])
    }

    /// `[{"svg": "<svg…", "lottie": {…}, "scrub"?: {…}}, …]`: the SVG as a JSON string and the
    /// Lottie JSON text exactly as exported (valid JSON composes into valid JSON), so the page plays
    /// the same bytes as `NAME.svg` and `NAME.json` (and `NAME.scrub.*`); the page carries it
    /// deflated (GalleryMedia.swift).
    func media(_ cards: [GalleryCard]) -> String {
        var text = ""
        media(cards) { text += $0 }
        return text
    }

    /// The same text in pieces, for GalleryMedia.packed to deflate as they come.
    func media(_ cards: [GalleryCard], _ emit: (String) -> Void) {
        emit(Self.mediaStart)
        for (n, c) in cards.enumerated() { mediaItem(c, first: n == 0, emit) }
        emit(Self.mediaEnd)
    }

    static let mediaStart = "[\n", mediaEnd = "\n]"

    /// One card's item of the media list, in pieces (after `mediaStart` or the item before).
    func mediaItem(_ c: GalleryCard, first: Bool, _ emit: (String) -> Void) {
        if !first { emit(",\n") }
        emit("{\"svg\":")
        emit(JSONWriter().string(.string(c.svg)))
        emit(",\"lottie\":")
        emit(c.lottie)
        emit(scrubMedia(c.scrub) + "}")
    }

    // MARK: Template

    func playerScript() -> String {
        switch player {
        case .url(let u):
            // No <script src> here: a stalled CDN would hold the page blank. The page's script loads
            // the player async (the URL is in its data) after the SVGs play.
            return "<!-- lottie-web: loaded async by the gallery's script from \(Self.comment(u).replacing("--", with: "- -")) -->"
        case .inline(let source, let name):
            return "<script>/* lottie-web, inlined from \(Self.comment(name)) by --lottie-player */\n"
                + Self.inlineScript(source) + "\n</script>"
        }
    }

    /// Replaces `{{NAME}}` placeholders in one pass (inserted text is never scanned again).
    /// Scans the template's UTF-8 bytes once (the generic Character search cost ~20 M
    /// instructions a page); a pair whose neighbours are ASCII is a pair of Characters too.
    func fill(_ values: [String: String]) throws -> String {
        var text = template
        let pairs = text.withUTF8 { Self.bracePairs($0) }
        guard let pairs else { return try fillByCharacters(values) }
        let utf8 = template.utf8
        func piece(_ from: Int, _ to: Int) -> Substring {
            Substring(utf8[utf8.index(utf8.startIndex, offsetBy: from)..<utf8.index(utf8.startIndex, offsetBy: to)])
        }
        var out = ""
        var seen: [String: Int] = [:]
        var rest = 0
        for (open, close) in pairs {
            out += piece(rest, open)
            guard let close else { throw TransExportError.gallery("\(Self.templateFileName): \"{{\" without \"}}\"") }
            let name = String(piece(open + 2, close))
            guard let value = values[name] else {
                throw TransExportError.gallery(
                    "\(Self.templateFileName): unknown placeholder {{\(name)}}; expected \(Self.placeholders.joined(separator: ", "))")
            }
            seen[name, default: 0] += 1
            out += value
            rest = close + 2
        }
        out += piece(rest, utf8.count)
        for name in Self.placeholders where seen[name] != 1 {
            throw TransExportError.gallery("\(Self.templateFileName): expected {{\(name)}} once, found it \(seen[name] ?? 0) times")
        }
        return out
    }

    /// The byte offsets of each `{{` and the `}}` after it (nil: none, the scan's end), in order;
    /// nil when a pair touches a non-ASCII byte (the Character scan decides then).
    static func bracePairs(_ bytes: UnsafeBufferPointer<UInt8>) -> [(open: Int, close: Int?)]? {
        func pair(_ b: UInt8, from: Int) -> Int? {
            var i = from
            while i + 1 < bytes.count {
                if bytes[i] == b && bytes[i + 1] == b { return i }
                i += 1
            }
            return nil
        }
        func asciiAround(_ i: Int) -> Bool { (i == 0 || bytes[i - 1] < 0x80) && (i + 2 == bytes.count || bytes[i + 2] < 0x80) }
        var pairs: [(open: Int, close: Int?)] = []
        var rest = 0
        while let open = pair(UInt8(ascii: "{"), from: rest) {
            guard asciiAround(open) else { return nil }
            let close = pair(UInt8(ascii: "}"), from: open + 2)
            pairs.append((open, close))
            guard let close else { break }
            guard asciiAround(close) else { return nil }
            rest = close + 2
        }
        return pairs
    }

    /// `fill` by Characters: the reference, used when a brace pair touches a non-ASCII byte
    /// (a combining mark after `{` makes another Character, so the byte scan could differ).
    func fillByCharacters(_ values: [String: String]) throws -> String {
        var out = ""
        var rest = Substring(template)
        var seen: [String: Int] = [:]
        while let open = rest.firstRange(of: "{{") {
            out += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstRange(of: "}}") else {
                throw TransExportError.gallery("\(Self.templateFileName): \"{{\" without \"}}\"")
            }
            let name = String(rest[open.upperBound..<close.lowerBound])
            guard let value = values[name] else {
                throw TransExportError.gallery(
                    "\(Self.templateFileName): unknown placeholder {{\(name)}}; expected \(Self.placeholders.joined(separator: ", "))")
            }
            seen[name, default: 0] += 1
            out += value
            rest = rest[close.upperBound...]
        }
        out += rest
        for name in Self.placeholders where seen[name] != 1 {
            throw TransExportError.gallery("\(Self.templateFileName): expected {{\(name)}} once, found it \(seen[name] ?? 0) times")
        }
        return out
    }

    /// JSON (or script) text that cannot end its `<script>` element: `<` only occurs inside JSON
    /// strings, where `\u003c` means the same; in a script, `<\/script` means `</script`.
    /// Most texts have no `<` at all: those are returned without the replacement's walk over characters.
    static func scriptSafe(_ json: String) -> String {
        guard json.utf8.contains(UInt8(ascii: "<")) else { return json }
        return json.replacing("<", with: "\\u003c")
    }

    /// JavaScript source that cannot end or comment out its `<script>` element: `</script` and
    /// `<!--` (any case) only occur in strings, regexes or comments, where `<\/` and `<\!` mean the same.
    static func inlineScript(_ source: String) -> String {
        source.replacing(try! Regex("(?i)</(script)"), with: { "<\\/" + $0.output[1].substring! })
            .replacing("<!--", with: "<\\!--")
    }

    static func attribute(_ s: String) -> String {
        s.replacing("&", with: "&amp;").replacing("\"", with: "&quot;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
    }

    static func comment(_ s: String) -> String { s.replacing("*/", with: "* /").replacing("<", with: "‹") }

    static func obj(_ members: [(String, JSONValue)]) -> JSONValue { .object(members.map { (key: $0.0, value: $0.1) }) }

    /// `{"svg": "NAME.svg", "lottie": "NAME.json"}`: the files the card's two players load, named
    /// as their formats name them (ExportFormats).
    static func playerFiles(_ name: String) -> JSONValue {
        obj([("svg", .string("\(name).\(SVGFormat.fileExtension)")), ("lottie", .string("\(name).\(LottieFormat.fileExtension)"))])
    }
}

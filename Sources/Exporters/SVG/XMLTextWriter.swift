// Writes the SVG's XML: elements nest through start/end and every attribute value and text is
// escaped here, never by string concatenation. The bytes are those libxml2's xmlTextWriter
// wrote for this project (indent 1, one space a level, UTF-8 declared): the writer it replaced,
// whose calls (with their UTF-8 output encoder) cost a third of the SVG's writing
// (BENCHMARKS.md#writers35-the-writers-same-bytes-2026-12-05). docs/smil.md#writer-rules.
import TransitionModel

final class XMLTextWriter {
    private var out: [UInt8] = []
    /// Open elements, innermost last; `inTag` while its start tag still takes attributes.
    private var open: [(name: String, inTag: Bool)] = []
    /// Whether the next end tag of an element with content goes on a line of its own (not after text).
    private var endOnNewLine = true
    /// The first misuse (an end with nothing open, an attribute after content): `finish()` then
    /// throws instead of returning half a document.
    private var failure: String?

    init() {
        out.reserveCapacity(1 << 15)
        out += #"<?xml version="1.0" encoding="UTF-8"?>"#.utf8
        out.append(0x0A)
    }

    func start(_ name: String, _ attributes: [(String, String)] = []) {
        closeStartTag(newline: true)
        open.append((name, true))
        indent(open.count - 1)
        out.append(0x3C)  // <
        Self.appendRaw(name, to: &out)
        for (k, v) in attributes { attribute(k, v) }
    }

    func attribute(_ name: String, _ value: String) {
        guard open.last?.inTag == true else {
            failure = failure ?? "attribute \(name) outside a start tag"
            return
        }
        out.append(0x20)
        Self.appendRaw(name, to: &out)
        out += #"=""#.utf8
        Self.appendEscaped(value, attribute: true, to: &out)
        out.append(0x22)  // "
    }

    func end() {
        guard let element = open.popLast() else {
            failure = failure ?? "end() with no open element"
            return
        }
        if element.inTag {
            out += "/>".utf8
        } else {
            if endOnNewLine { indent(open.count) }
            out += "</".utf8
            Self.appendRaw(element.name, to: &out)
            out.append(0x3E)  // >
        }
        endOnNewLine = true
        out.append(0x0A)
    }

    /// An element with attributes and no children.
    func empty(_ name: String, _ attributes: [(String, String)]) {
        start(name, attributes)
        end()
    }

    /// An element holding `content` as text, its end tag on the same line.
    func text(_ name: String, _ content: String) {
        start(name)
        closeStartTag(newline: false)
        endOnNewLine = false
        Self.appendEscaped(content, attribute: false, to: &out)
        end()
    }

    /// Closes every open element and returns the document; throws when a call was a misuse.
    func finish() throws -> String {
        while !open.isEmpty { end() }
        if let failure {
            throw TransExportError(kind: .export, file: "", location: nil, path: "", expected: "could not write the SVG: \(failure)")
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Ends the innermost start tag (`>`, and a newline before a child element) once content follows.
    private func closeStartTag(newline: Bool) {
        guard let last = open.last, last.inTag else { return }
        open[open.count - 1].inTag = false
        out.append(0x3E)
        if newline { out.append(0x0A) }
    }

    private func indent(_ level: Int) { out.append(contentsOf: repeatElement(0x20, count: level)) }

    /// A name as it is, up to a NUL byte (libxml2 took C strings).
    private static func appendRaw(_ s: String, to out: inout [UInt8]) {
        let whole =
            s.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
                guard !bytes.contains(0) else { return false }
                out.append(contentsOf: bytes)
                return true
            } ?? false
        if whole { return }
        for b in s.utf8 {
            if b == 0 { return }
            out.append(b)
        }
    }

    /// Text (`&`, `<`, `>`, `"` and CR as references) or an attribute value (also tab and line
    /// feed), up to a NUL byte; other bytes, UTF-8 included, as they are.
    private static func appendEscaped(_ s: String, attribute: Bool, to out: inout [UInt8]) {
        // Most values (numbers, ids, path data) have nothing to escape: their bytes in one append.
        let plain =
            s.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
                for b in bytes where b == 0 || b == 0x26 || b == 0x3C || b == 0x3E || b == 0x22 || b == 0x0D || (attribute && (b == 0x0A || b == 0x09)) {
                    return false
                }
                out.append(contentsOf: bytes)
                return true
            } ?? false
        if plain { return }
        for b in s.utf8 {
            switch b {
            case 0: return
            case 0x26: out += "&amp;".utf8
            case 0x3C: out += "&lt;".utf8
            case 0x3E: out += "&gt;".utf8
            case 0x22: out += "&quot;".utf8
            case 0x0D: out += "&#13;".utf8
            case 0x0A where attribute: out += "&#10;".utf8
            case 0x09 where attribute: out += "&#9;".utf8
            default: out.append(b)
            }
        }
    }
}

// A thin Swift face on libxml2's xmlTextWriter: the SVG is built by libxml2, which escapes
// attribute text and nests elements, never by string concatenation.
import CLibXML2
import TransitionModel

final class XMLTextWriter {
    private let buffer: xmlBufferPtr?
    private let writer: xmlTextWriterPtr?
    /// The first libxml2 call that failed (they return < 0, or no buffer): `finish()` then throws
    /// instead of returning half a document.
    private var failure: String?
    /// How many elements are open (libxml2 indents a start tag by one space per level).
    private(set) var depth = 0
    /// Whether the innermost open element's start tag is still open (`<g ...` without its `>`).
    private(set) var startTagOpen = false

    /// A writer of a whole document (its XML declaration first), or with `document: false` one
    /// that records fragments (`beginFragment`).
    init(document: Bool = true) {
        // libxml2's default scheme grows the buffer to the exact need at each ~4 KB flush: a
        // realloc (and copy) of the whole document per flush. Doubling writes the same bytes; a
        // document starts with room for most SVGs (half the catalog's are under 19 KB).
        buffer = document ? xmlBufferCreateSize(32 << 10) : xmlBufferCreate()
        if let buffer { xmlBufferSetAllocationScheme(buffer, XML_BUFFER_ALLOC_DOUBLEIT) }
        writer = buffer.flatMap { xmlNewTextWriterMemory($0, 0) }
        if writer == nil { failure = "xmlNewTextWriterMemory" }
        call("xmlTextWriterSetIndent") { xmlTextWriterSetIndent($0, 1) }
        call("xmlTextWriterSetIndentString") { xmlTextWriterSetIndentString($0, " ") }
        if document { call("xmlTextWriterStartDocument") { xmlTextWriterStartDocument($0, "1.0", "UTF-8", nil) } }
    }

    deinit {
        if let writer { xmlFreeTextWriter(writer) }
        if let buffer { xmlBufferFree(buffer) }
    }

    /// Runs one libxml2 call unless an earlier one failed, and keeps its name if it fails.
    private func call(_ name: String, _ body: (xmlTextWriterPtr) -> Int32) {
        guard failure == nil, let writer else { return }
        let code = body(writer)
        if code < 0 { failure = "\(name) returned \(code)" }
    }

    func start(_ name: String, _ attributes: [(String, String)] = []) {
        call("xmlTextWriterStartElement") { xmlTextWriterStartElement($0, name) }
        depth += 1
        startTagOpen = true
        for (k, v) in attributes { attribute(k, v) }
    }

    func attribute(_ name: String, _ value: String) {
        if value.utf8.count >= Self.plainMinimum,
            let written = value.utf8.withContiguousStorageIfAvailable({ plainAttribute(name, $0) }), written
        {
            return
        }
        attribute(name, escaping: value)
    }

    /// The attribute as `xmlTextWriterWriteAttribute` writes it, its value escaped by libxml2.
    func attribute(_ name: String, escaping value: String) {
        call("xmlTextWriterWriteAttribute") { xmlTextWriterWriteAttribute($0, name, value) }
    }

    /// An attribute whose value is NUL-terminated UTF-8 bytes (text built as bytes, no String made).
    func attribute(_ name: String, cString value: [UInt8]) {
        if value.count > Self.plainMinimum, value.withUnsafeBufferPointer({ plainAttribute(name, UnsafeBufferPointer(rebasing: $0.dropLast())) }) {
            return
        }
        call("xmlTextWriterWriteAttribute") { w in
            value.withUnsafeBufferPointer { v in
                name.withCString { n in
                    CLibXML2.xmlTextWriterWriteAttribute(
                        w, UnsafeRawPointer(n).assumingMemoryBound(to: xmlChar.self), v.baseAddress!)
                }
            }
        }
    }

    /// Values this long or longer are checked for `plainAttribute` (shorter ones: the check and
    /// the raw write's extra libxml2 calls cost more than the escape pass they save).
    static let plainMinimum = 16

    /// Writes the attribute with its value as libxml2's raw text (StartAttribute, WriteRawLen,
    /// EndAttribute) when escaping would leave it unchanged, and returns true; false (nothing
    /// written) otherwise. `xmlTextWriterWriteAttribute` escapes a value byte by byte
    /// (xmlBufAttrSerializeTxtContent: \n \r \t " < > & and bytes >= 0x80 become references,
    /// ~10 instructions a byte); a value of bytes 0x20...0x7E without " & < > is copied as it is,
    /// so writing it raw gives the same bytes (docs/smil.md#plain-attribute-values). WriteRawLen
    /// clears libxml2's "indent the next end tag", which is always set while a start tag is open
    /// (only raw text clears it, and an element's end or `replay` sets it again); SetIndent sets
    /// it back.
    private func plainAttribute(_ name: String, _ value: UnsafeBufferPointer<UInt8>) -> Bool {
        guard Self.isPlain(value) else { return false }
        name.withCString { n in
            let n = UnsafeRawPointer(n).assumingMemoryBound(to: xmlChar.self)
            call("xmlTextWriterStartAttribute") { xmlTextWriterStartAttribute($0, n) }
            call("xmlTextWriterWriteRawLen") { xmlTextWriterWriteRawLen($0, value.baseAddress!, Int32(value.count)) }
            call("xmlTextWriterEndAttribute") { xmlTextWriterEndAttribute($0) }
            call("xmlTextWriterSetIndent") { xmlTextWriterSetIndent($0, 1) }
        }
        return true
    }

    /// Whether every byte is in 0x20...0x7E and none is `"`, `&`, `<` or `>`: what libxml2's
    /// attribute escaping copies unchanged. Eight bytes a step: a word has a byte equal to c
    /// exactly when `has(x ^ c·0x01…01, below: 1)`, a byte below n (n ≤ 0x80) exactly when
    /// `(x − n·0x01…01) & ~x & 0x80…80` is not zero.
    static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return true }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func below(_ x: UInt64, _ n: UInt64) -> UInt64 { (x &- n &* ones) & ~x & highs }
        var n = 0
        var bad: UInt64 = 0
        while n + 8 <= bytes.count {
            let x = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: n, as: UInt64.self)
            bad |=
                x & highs | below(x, 0x20) | below(x ^ (0x22 &* ones), 1) | below(x ^ (0x26 &* ones), 1)
                | below(x ^ (0x3C &* ones), 1) | below(x ^ (0x3E &* ones), 1) | below(x ^ (0x7F &* ones), 1)
            n += 8
        }
        guard bad == 0 else { return false }
        while n < bytes.count {
            let b = bytes[n]
            if b < 0x20 || b > 0x7E || b == 0x22 || b == 0x26 || b == 0x3C || b == 0x3E { return false }
            n += 1
        }
        return true
    }

    func end() {
        call("xmlTextWriterEndElement") { xmlTextWriterEndElement($0) }
        depth -= 1
        startTagOpen = false
    }

    /// An element with attributes and no children.
    func empty(_ name: String, _ attributes: [(String, String)]) {
        start(name, attributes)
        end()
    }

    func text(_ name: String, _ content: String) {
        call("xmlTextWriterWriteElement") { xmlTextWriterWriteElement($0, name, content) }
        startTagOpen = false
    }

    /// Makes this writer (made with `document: false`) record what libxml2 writes for elements
    /// `depth + 1` levels deep, as the first children of an element whose start tag is open:
    /// placeholder `<g>`s are opened (and the last one ended and opened again) until that holds.
    /// `fragment()` then returns the bytes, starting with the `>\n` that closes that start tag
    /// (docs/smil.md#static-art-written-once).
    func beginFragment(at depth: Int) {
        while self.depth > depth || self.depth == depth && !startTagOpen { end() }
        while self.depth < depth { start("g") }
        call("xmlTextWriterFlush") { xmlTextWriterFlush($0) }
        if let buffer { xmlBufferEmpty(buffer) }
    }

    /// What libxml2 wrote since `beginFragment`; nil when a call failed or it wrote no whole
    /// elements.
    func fragment() -> [UInt8]? {
        call("xmlTextWriterFlush") { xmlTextWriterFlush($0) }
        guard failure == nil, let buffer, let content = xmlBufferContent(buffer) else { return nil }
        let bytes = Array(UnsafeBufferPointer(start: content, count: Int(xmlBufferLength(buffer))))
        guard bytes.starts(with: [0x3E, 0x0A]), bytes.count > 2, bytes.last == 0x0A else { return nil }
        return bytes
    }

    /// Writes a `fragment()` recorded at this writer's depth, leaving libxml2 as after the
    /// fragment's last element: when the start tag is open, libxml2 itself writes the `>` that
    /// closes it; otherwise the fragment's `>\n` is left out (the previous element ended with
    /// `\n`). WriteRaw clears libxml2's "indent the next end tag"; SetIndent sets it again, as
    /// an element's end does.
    func replay(_ fragment: [UInt8]) {
        let skip = startTagOpen ? 1 : 2
        call("xmlTextWriterWriteRawLen") { w in
            fragment.withUnsafeBufferPointer { xmlTextWriterWriteRawLen(w, $0.baseAddress! + skip, Int32($0.count - skip)) }
        }
        call("xmlTextWriterSetIndent") { xmlTextWriterSetIndent($0, 1) }
        startTagOpen = false
    }

    /// Closes every open element and returns the document; throws when any libxml2 call failed.
    func finish() throws -> String {
        call("xmlTextWriterEndDocument") { xmlTextWriterEndDocument($0) }
        call("xmlTextWriterFlush") { xmlTextWriterFlush($0) }
        guard failure == nil, let buffer, let content = xmlBufferContent(buffer) else {
            throw TransExportError(
                kind: .export, file: "", location: nil, path: "", expected: "libxml2 could not write the SVG: \(failure ?? "no buffer content")")
        }
        // Its length is known: no strlen pass over the document (it holds no NUL: libxml2 wrote C strings).
        return Self.string(UnsafeBufferPointer(start: content, count: Int(xmlBufferLength(buffer))))
    }

    /// `String(decoding: bytes, as: UTF8.self)`, the ASCII tail after the last non-ASCII byte
    /// decoded apart: decoding checks a buffer with a non-ASCII byte (a description's "×" or
    /// "−" near the top) byte by byte, ~6 instructions a byte of the whole document, and an
    /// all-ASCII one a word at a time. An ASCII byte never continues a character, so cutting
    /// before one decodes to the same text.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let cut = asciiTail(bytes)
        guard cut > 0, cut < bytes.count else { return String(decoding: bytes, as: UTF8.self) }
        var text = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<cut]), as: UTF8.self)
        text.reserveCapacity(text.utf8.count + bytes.count - cut)
        text += String(decoding: UnsafeBufferPointer(rebasing: bytes[cut...]), as: UTF8.self)
        return text
    }

    /// Where the bytes' ASCII tail starts: just after the last byte >= 0x80 (0 when there is none),
    /// found eight bytes at a time from the end.
    static func asciiTail(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var end = bytes.count
        while end >= 8, UnsafeRawPointer(base).loadUnaligned(fromByteOffset: end - 8, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { end -= 8 }
        while end > 0, bytes[end - 1] < 0x80 { end -= 1 }
        return end
    }
}

private func xmlTextWriterStartElement(_ w: xmlTextWriterPtr, _ name: String) -> Int32 {
    name.withCString { CLibXML2.xmlTextWriterStartElement(w, UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self)) }
}

private func xmlTextWriterWriteAttribute(_ w: xmlTextWriterPtr, _ name: String, _ value: String) -> Int32 {
    name.withCString { n in
        value.withCString { v in
            CLibXML2.xmlTextWriterWriteAttribute(
                w, UnsafeRawPointer(n).assumingMemoryBound(to: xmlChar.self),
                UnsafeRawPointer(v).assumingMemoryBound(to: xmlChar.self))
        }
    }
}

private func xmlTextWriterWriteElement(_ w: xmlTextWriterPtr, _ name: String, _ content: String) -> Int32 {
    name.withCString { n in
        content.withCString { c in
            CLibXML2.xmlTextWriterWriteElement(
                w, UnsafeRawPointer(n).assumingMemoryBound(to: xmlChar.self),
                UnsafeRawPointer(c).assumingMemoryBound(to: xmlChar.self))
        }
    }
}

private func xmlTextWriterWriteComment(_ w: xmlTextWriterPtr, _ content: String) -> Int32 {
    content.withCString { CLibXML2.xmlTextWriterWriteComment(w, UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self)) }
}

private func xmlTextWriterSetIndentString(_ w: xmlTextWriterPtr, _ s: String) -> Int32 {
    s.withCString { CLibXML2.xmlTextWriterSetIndentString(w, UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self)) }
}

private func xmlTextWriterStartDocument(_ w: xmlTextWriterPtr, _ version: String, _ encoding: String, _ standalone: String?) -> Int32 {
    version.withCString { v in encoding.withCString { e in CLibXML2.xmlTextWriterStartDocument(w, v, e, nil) } }
}

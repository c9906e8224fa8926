// A thin Swift face on libxml2's xmlTextWriter: the SVG is built by libxml2, which escapes
// attribute text and nests elements, never by string concatenation.
import CLibXML2

final class XMLTextWriter {
    private let buffer: xmlBufferPtr
    private let writer: xmlTextWriterPtr

    init() {
        buffer = xmlBufferCreate()
        writer = xmlNewTextWriterMemory(buffer, 0)
        xmlTextWriterSetIndent(writer, 1)
        xmlTextWriterSetIndentString(writer, " ")
        xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil)
    }

    deinit {
        xmlFreeTextWriter(writer)
        xmlBufferFree(buffer)
    }

    func start(_ name: String, _ attributes: [(String, String)] = []) {
        xmlTextWriterStartElement(writer, name)
        for (k, v) in attributes { attribute(k, v) }
    }

    func attribute(_ name: String, _ value: String) {
        xmlTextWriterWriteAttribute(writer, name, value)
    }

    func end() { xmlTextWriterEndElement(writer) }

    /// An element with attributes and no children.
    func empty(_ name: String, _ attributes: [(String, String)]) {
        start(name, attributes)
        end()
    }

    func text(_ name: String, _ content: String) {
        xmlTextWriterWriteElement(writer, name, content)
    }

    func comment(_ content: String) { xmlTextWriterWriteComment(writer, content) }

    /// Closes every open element and returns the document.
    func finish() -> String {
        xmlTextWriterEndDocument(writer)
        xmlTextWriterFlush(writer)
        return String(cString: xmlBufferContent(buffer))
    }
}

private func xmlTextWriterStartElement(_ w: xmlTextWriterPtr, _ name: String) {
    _ = name.withCString { CLibXML2.xmlTextWriterStartElement(w, UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self)) }
}

private func xmlTextWriterWriteAttribute(_ w: xmlTextWriterPtr, _ name: String, _ value: String) {
    _ = name.withCString { n in
        value.withCString { v in
            CLibXML2.xmlTextWriterWriteAttribute(
                w, UnsafeRawPointer(n).assumingMemoryBound(to: xmlChar.self),
                UnsafeRawPointer(v).assumingMemoryBound(to: xmlChar.self))
        }
    }
}

private func xmlTextWriterWriteElement(_ w: xmlTextWriterPtr, _ name: String, _ content: String) {
    _ = name.withCString { n in
        content.withCString { c in
            CLibXML2.xmlTextWriterWriteElement(
                w, UnsafeRawPointer(n).assumingMemoryBound(to: xmlChar.self),
                UnsafeRawPointer(c).assumingMemoryBound(to: xmlChar.self))
        }
    }
}

private func xmlTextWriterWriteComment(_ w: xmlTextWriterPtr, _ content: String) {
    _ = content.withCString { CLibXML2.xmlTextWriterWriteComment(w, UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self)) }
}

private func xmlTextWriterSetIndentString(_ w: xmlTextWriterPtr, _ s: String) {
    _ = s.withCString { CLibXML2.xmlTextWriterSetIndentString(w, UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self)) }
}

private func xmlTextWriterStartDocument(_ w: xmlTextWriterPtr, _ version: String, _ encoding: String, _ standalone: String?) {
    _ = version.withCString { v in encoding.withCString { e in CLibXML2.xmlTextWriterStartDocument(w, v, e, nil) } }
}

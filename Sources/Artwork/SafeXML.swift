import CLibXML2
import Diagnostics

// The only place libxml2 reads untrusted text. Measured traps of libxml2 2.9.14 decide the
// options: NONET alone leaves `file:` open, NOENT substitutes external entities (XXE),
// DTDLOAD/DTDATTR/DTDVALID read local DTDs, HUGE lifts every limit, xmlReadFile gunzips, and
// without NOENT an entity bomb survives parsing and detonates in whoever reads the text. So:
// bytes we read ourselves, xmlReadMemory with none of those options, any diagnostic refuses
// the file, any entity declaration refuses it, and the tree is copied into plain Swift values
// (depth and element counts bounded) before libxml2's document is freed.

/// One element of a parsed XML file, detached from libxml2.
struct XMLElement {
    var name: String
    /// The namespace URI, nil when the element has none.
    var namespace: String?
    /// Attributes in document order; `name` is prefixed (`xlink:href`) when the attribute has a namespace prefix.
    var attributes: [(name: String, value: String)]
    var children: [XMLElement]
    /// Concatenated text and CDATA directly inside the element.
    var text: String
    var line: Int

    func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
}

enum SafeXML {
    static let options = Int32(
        XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
            | XML_PARSE_NOWARNING.rawValue | XML_PARSE_BIG_LINES.rawValue)

    /// Second lock on the door: even if an option above were changed, no entity or DTD is ever fetched.
    private static let entityLoaderClosed: Void = {
        xmlSetExternalEntityLoader { _, _, _ in nil }
    }()

    private final class Diagnostics {
        var first: (line: Int, message: String)?
    }

    static func parse(_ bytes: [UInt8], file: String) throws -> XMLElement {
        _ = entityLoaderClosed
        guard bytes.count <= ArtworkLimits.svgBytes else {
            throw TransExportError.artwork(file: file, "SVG of \(bytes.count) bytes is over the limit of \(ArtworkLimits.svgBytes) bytes")
        }
        let diagnostics = Diagnostics()
        let box = Unmanaged.passRetained(diagnostics)
        defer { box.release() }
        // Structured errors are per thread in libxml2; restore the default afterwards.
        xmlSetStructuredErrorFunc(box.toOpaque()) { context, error in
            guard let context, let error else { return }
            let diagnostics = Unmanaged<Diagnostics>.fromOpaque(context).takeUnretainedValue()
            guard diagnostics.first == nil else { return }
            let message = error.pointee.message.map { String(cString: $0) } ?? "XML error \(error.pointee.code)"
            diagnostics.first = (Int(error.pointee.line), message.trimmingTrailingNewlines)
        }
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        let doc = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                xmlReadMemory($0, Int32(buffer.count), nil, nil, options)
            }
        }
        defer { if let doc { xmlFreeDoc(doc) } }
        if let (line, message) = diagnostics.first {
            throw TransExportError.artwork(file: file, line: line, "not accepted as XML: \(message)")
        }
        guard let doc, let root = xmlDocGetRootElement(doc) else {
            throw TransExportError.artwork(file: file, "not an XML document")
        }
        if let subset = doc.pointee.intSubset, subset.pointee.entities != nil || subset.pointee.pentities != nil {
            throw TransExportError.artwork(
                file: file, line: doctypeLine(bytes), element: "!DOCTYPE",
                "declares entities; entity declarations are refused (they can read files or expand without bound)")
        }
        var count = 0
        return try copy(root, depth: 1, count: &count, file: file)
    }

    /// libxml2 keeps no line for the DOCTYPE; count the newlines before it.
    static func doctypeLine(_ bytes: [UInt8]) -> Int {
        let mark = Array("<!DOCTYPE".utf8)
        guard let start = bytes.indices.first(where: { bytes[$0...].starts(with: mark) }) else { return 1 }
        return 1 + bytes[..<start].filter { $0 == 0x0A }.count
    }

    private static func copy(_ node: xmlNodePtr, depth: Int, count: inout Int, file: String) throws -> XMLElement {
        let name = String(cString: node.pointee.name)
        let line = Int(xmlGetLineNo(node))
        count += 1
        guard depth <= ArtworkLimits.svgDepth else {
            throw TransExportError.artwork(file: file, line: line, element: name, "nested deeper than \(ArtworkLimits.svgDepth) elements")
        }
        guard count <= ArtworkLimits.svgElements else {
            throw TransExportError.artwork(file: file, line: line, element: name, "more than \(ArtworkLimits.svgElements) elements")
        }
        var element = XMLElement(
            name: name, namespace: node.pointee.ns?.pointee.href.map { String(cString: $0) },
            attributes: [], children: [], text: "", line: line)
        var attribute = node.pointee.properties
        while let a = attribute {
            var key = String(cString: a.pointee.name)
            if let prefix = a.pointee.ns?.pointee.prefix { key = String(cString: prefix) + ":" + key }
            element.attributes.append((key, try directText(a.pointee.children, file: file, line: line, element: name)))
            attribute = a.pointee.next
        }
        var child = node.pointee.children
        while let c = child {
            switch c.pointee.type {
            case XML_ELEMENT_NODE: element.children.append(try copy(c, depth: depth + 1, count: &count, file: file))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE: element.text += c.pointee.content.map { String(cString: $0) } ?? ""
            case XML_ENTITY_REF_NODE:
                throw TransExportError.artwork(file: file, line: line, element: name, "uses an entity reference; entities are refused")
            default: break  // comments, processing instructions
            }
            child = c.pointee.next
        }
        return element
    }

    /// An attribute's value from its text children only: an entity reference is refused, never followed.
    private static func directText(_ first: xmlNodePtr?, file: String, line: Int, element: String) throws -> String {
        var text = "", node = first
        while let n = node {
            guard n.pointee.type == XML_TEXT_NODE else {
                throw TransExportError.artwork(file: file, line: line, element: element, "uses an entity reference in an attribute; entities are refused")
            }
            text += n.pointee.content.map { String(cString: $0) } ?? ""
            node = n.pointee.next
        }
        return text
    }
}

extension String {
    var trimmingTrailingNewlines: String {
        var s = self
        while s.last == "\n" || s.last == "\r" { s.removeLast() }
        return s
    }
}

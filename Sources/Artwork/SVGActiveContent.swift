// Nothing active may reach an exported file. The art model cannot carry script anyway, but a
// file that tries is refused outright rather than cleaned: a user who sees the error learns the
// file had it, while a silently stripped file might also have depended on it to look right.
import Diagnostics
import Platform

enum SVGActiveContent {
    static let activeElements: Set<String> = [
        "script", "foreignObject", "iframe", "embed", "object", "audio", "video", "canvas",
        "handler", "listener", "discard",
    ]

    /// Throws for the first active or external thing in `element` or below it, in document order.
    static func check(_ element: XMLElement, file: String) throws {
        func refuse(_ why: String) -> TransExportError { TransExportError.artwork(file: file, line: element.line, element: element.name, why) }
        if activeElements.contains(element.name) {
            throw refuse("active content is refused (nothing scriptable or embedded reaches an exported file)")
        }
        for (name, value) in element.attributes {
            let local = name.split(separator: ":").last.map(String.init)?.lowercased() ?? name
            let lowered = value.lowercased().filter { !$0.isWhitespace }
            if local.hasPrefix("on") {
                throw refuse("event attribute \(name) is refused (no script reaches an exported file)")
            }
            if lowered.containsLiterally("javascript:") || lowered.containsLiterally("vbscript:") {
                throw refuse("attribute \(name) holds a script URL; refused")
            }
            // `data:` fetches nothing; the elements that could use it (image, use, a) are refused later, by name.
            if local == "href", !value.trimmingSpaces.hasPrefix("#"), !lowered.hasPrefix("data:") {
                throw refuse("\(name)=\"\(value.prefix(60))\" points outside the file; external references are refused (nothing is fetched)")
            }
            if let reason = cssHazard(lowered) { throw refuse("attribute \(name): \(reason)") }
        }
        if element.name == "style", let reason = cssHazard(element.text.lowercased().filter { !$0.isWhitespace }) {
            throw refuse(reason)
        }
        for child in element.children { try check(child, file: file) }
    }

    /// `@import`, and `url(...)` anywhere except to an element of the same file (`url(#id)`).
    static func cssHazard(_ squeezed: String) -> String? {
        if squeezed.containsLiterally("@import") { return "CSS @import is refused (nothing is fetched)" }
        if squeezed.containsLiterally("expression(") { return "CSS expression() is refused" }
        var rest = Substring(squeezed)
        while let r = rest.literalRange(of: "url(") {
            var target = rest[r.upperBound...]
            if target.first == "\"" || target.first == "'" { target = target.dropFirst() }
            if target.first != "#" { return "url(\(target.prefix(40))…) points outside the file; external references are refused" }
            rest = rest[r.upperBound...]
        }
        return nil
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s.removeFirst() }
        while s.last?.isWhitespace == true { s.removeLast() }
        return String(s)
    }
}

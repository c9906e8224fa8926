// A user's SVG file to the art model. Reading is strict: every element and every property that
// changes the picture is either carried exactly or refused with `file:line: <element>: why`.
// Metadata (title, desc, metadata, other XML namespaces such as Inkscape's) is skipped.

import Diagnostics
import FoundationEssentials
import Glibc
import Platform

package enum SVGArtReader {
    package static func read(bytes: [UInt8], file: String) throws -> ArtDocument {
        let root = try SafeXML.parse(bytes, file: file)
        try SVGActiveContent.check(root, file: file)
        var converter = SVGArtConverter(file: file, root: root)
        var document = try converter.document()
        document.digest = fnv1a(bytes)
        return document
    }
}

/// Elements that only describe the file, never drawn.
let svgIgnoredElements: Set<String> = ["title", "desc", "metadata", "defs", "linearGradient", "radialGradient", "clipPath"]

/// Elements that draw something the art model cannot carry, with the reason shown to the user.
let svgRefusedElements: [String: String] = [
    "text": "text is not carried; convert text to outlines in the design tool before exporting",
    "tspan": "text is not carried; convert text to outlines in the design tool before exporting",
    "textPath": "text is not carried; convert text to outlines in the design tool before exporting",
    "image": "pictures inside an SVG are not carried; use an `image` layer for the picture",
    "filter": "filters (blur, shadow…) are not carried", "pattern": "pattern fills are not carried",
    "font": "embedded fonts are not carried", "font-face": "embedded fonts are not carried",
    "mask": "masks are not carried; use a clipPath or the layer's own mask",
    "marker": "markers are not carried", "use": "<use> references are not carried; ungroup or flatten them",
    "symbol": "symbols are not carried; flatten them", "svg": "nested <svg> elements are not carried",
    "style": "CSS style sheets are not carried; export with presentation attributes",
    "switch": "<switch> is not carried", "a": "links are not carried",
    "animate": "SVG animation is not carried", "animateTransform": "SVG animation is not carried",
    "animateMotion": "SVG animation is not carried", "set": "SVG animation is not carried",
]

let svgNamespace = "http://www.w3.org/2000/svg"

/// Inherited presentation state while walking down the tree.
struct SVGInheritedStyle {
    var fill = "black", fillOpacity = 1.0, fillRule = ArtFillRule.nonzero
    var stroke = "none", strokeOpacity = 1.0, strokeWidth = 1.0
    var cap = ArtLineCap.butt, join = ArtLineJoin.miter, miterLimit = 4.0, dashes: [Double] = [], dashOffset = 0.0
    var color = "black", visible = true
}

struct SVGArtConverter {
    let file: String
    let root: XMLElement
    var byID: [String: XMLElement] = [:]
    /// The dashes of the shapes read so far, from above (SVGDashCount.swift).
    var dashes = 0.0

    init(file: String, root: XMLElement) {
        self.file = file; self.root = root
        func index(_ e: XMLElement, into map: inout [String: XMLElement]) {
            if let id = e.attribute("id"), map[id] == nil { map[id] = e }
            for c in e.children { index(c, into: &map) }
        }
        index(root, into: &byID)
    }

    func fail(_ e: XMLElement, _ why: String) -> TransExportError { TransExportError.artwork(file: file, line: e.line, element: e.name, why) }

    mutating func document() throws -> ArtDocument {
        guard root.name == "svg", root.namespace == nil || root.namespace == svgNamespace else {
            throw fail(root, "the root element is not <svg> in the SVG namespace")
        }
        var viewBox: ArtRect?
        if let text = root.attribute("viewBox") {
            guard let n = SVGValues.numbers(text), n.count == 4, n[2] > 0, n[3] > 0 else {
                throw fail(root, "viewBox=\"\(text)\" is not four numbers with a positive width and height")
            }
            viewBox = ArtRect(x: n[0], y: n[1], width: n[2], height: n[3])
        }
        func side(_ name: String, _ fallback: Double?) throws -> Double? {
            guard let text = root.attribute(name), !text.trimmingSpaces.hasSuffix("%") else { return fallback }
            guard let v = SVGValues.length(text), v > 0 else { throw fail(root, "\(name)=\"\(text)\" is not a positive length") }
            return v
        }
        guard let width = try side("width", viewBox?.width), let height = try side("height", viewBox?.height) else {
            throw fail(root, "has no size: give width and height, or a viewBox")
        }
        let aspect = try aspectRatio(root)
        let nodes = try children(of: root, style: style(root, inherited: SVGInheritedStyle()))
        return ArtDocument(
            size: ArtRect(x: 0, y: 0, width: width, height: height), viewBox: viewBox,
            aspectRatio: aspect, nodes: nodes)
    }

    func aspectRatio(_ e: XMLElement) throws -> ArtAspectRatio {
        guard let text = e.attribute("preserveAspectRatio") else { return .xMidYMidMeet }
        let words = text.split(separator: " ").map(String.init).filter { $0 != "defer" }
        guard let first = words.first, words.count <= 2 else { throw fail(e, "preserveAspectRatio=\"\(text)\" is not understood") }
        let slice: Bool
        switch words.count == 2 ? words[1] : "meet" {
        case "meet": slice = false
        case "slice": slice = true
        default: throw fail(e, "preserveAspectRatio=\"\(text)\" is not understood")
        }
        if first == "none" { return ArtAspectRatio(align: nil, slice: slice) }
        let names: [String: ArtAspectRatio.Align] = ["Min": .min, "Mid": .mid, "Max": .max]
        guard first.count == 8, first.hasPrefix("x"), let x = names[String(first.dropFirst().prefix(3))],
            first.dropFirst(4).hasPrefix("Y"), let y = names[String(first.suffix(3))]
        else {
            throw fail(e, "preserveAspectRatio=\"\(text)\" is not understood")
        }
        return ArtAspectRatio(align: (x, y), slice: slice)
    }

    /// Presentation attributes overridden by `style="…"` declarations, as CSS cascades them.
    func properties(_ e: XMLElement) -> [String: String] {
        var p: [String: String] = [:]
        for (name, value) in e.attributes { p[name] = value.trimmingSpaces }
        for declaration in (e.attribute("style") ?? "").split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1).map { String($0).trimmingSpaces }
            if parts.count == 2 { p[parts[0]] = parts[1].replacingImportant }
        }
        return p
    }

    func style(_ e: XMLElement, inherited: SVGInheritedStyle) throws -> SVGInheritedStyle {
        var s = inherited
        let p = properties(e)
        func unit(_ name: String) throws -> Double? {
            guard let text = p[name] else { return nil }
            guard let v = SVGValues.unitInterval(text) else { throw fail(e, "\(name)=\"\(text)\" is not a number") }
            return v
        }
        if let v = p["fill"] { s.fill = v }
        if let v = p["stroke"] { s.stroke = v }
        if let v = p["color"] { s.color = v }
        if let v = try unit("fill-opacity") { s.fillOpacity = v }
        if let v = try unit("stroke-opacity") { s.strokeOpacity = v }
        if let v = p["fill-rule"] {
            guard let rule = ArtFillRule(rawValue: v) else { throw fail(e, "fill-rule=\"\(v)\" is not nonzero or evenodd") }
            s.fillRule = rule
        }
        if let v = p["stroke-width"] {
            guard let w = SVGValues.length(v), w >= 0 else { throw fail(e, "stroke-width=\"\(v)\" is not a length in px") }
            s.strokeWidth = w
        }
        if let v = p["stroke-linecap"] {
            guard let cap = ArtLineCap(rawValue: v) else { throw fail(e, "stroke-linecap=\"\(v)\" is not butt, round or square") }
            s.cap = cap
        }
        if let v = p["stroke-linejoin"] {
            guard let join = ArtLineJoin(rawValue: v) else { throw fail(e, "stroke-linejoin=\"\(v)\" is not miter, round or bevel") }
            s.join = join
        }
        if let v = p["stroke-miterlimit"] {
            guard let m = Double(v), m >= 1 else { throw fail(e, "stroke-miterlimit=\"\(v)\" is not a number >= 1") }
            s.miterLimit = m
        }
        if let v = p["stroke-dasharray"] {
            if v == "none" {
                s.dashes = []
            } else {
                guard let d = SVGValues.numbers(v), d.allSatisfy({ $0 >= 0 }) else {
                    throw fail(e, "stroke-dasharray=\"\(v)\" is not a list of lengths")
                }
                s.dashes = d.count % 2 == 1 ? d + d : d
            }
        }
        if let v = p["stroke-dashoffset"] {
            guard let o = SVGValues.length(v) else { throw fail(e, "stroke-dashoffset=\"\(v)\" is not a length in px") }
            s.dashOffset = o
        }
        if let v = p["visibility"] { s.visible = v == "visible" }
        for name in ["filter", "mask", "marker-start", "marker-mid", "marker-end", "marker"] {
            if let v = p[name], v != "none" { throw fail(e, "\(name) is not carried") }
        }
        return s
    }

    mutating func children(of e: XMLElement, style: SVGInheritedStyle) throws -> [ArtNode] {
        var nodes: [ArtNode] = []
        for child in e.children {
            if let node = try self.node(child, inherited: style) { nodes.append(node) }
        }
        return nodes
    }

    mutating func node(_ e: XMLElement, inherited: SVGInheritedStyle) throws -> ArtNode? {
        guard e.namespace == nil || e.namespace == svgNamespace, !svgIgnoredElements.contains(e.name) else { return nil }
        if let why = svgRefusedElements[e.name] { throw fail(e, why) }
        let p = properties(e)
        if p["display"] == "none" { return nil }
        let s = try style(e, inherited: inherited)
        var transform = ArtTransform.identity
        if let text = p["transform"] {
            guard let t = SVGValues.transform(text) else { throw fail(e, "transform=\"\(text)\" is not understood") }
            transform = t
        }
        let opacity =
            try p["opacity"].map { text -> Double in
                guard let v = SVGValues.unitInterval(text) else { throw fail(e, "opacity=\"\(text)\" is not a number") }
                return v
            } ?? 1
        let clip = try p["clip-path"].flatMap { $0 == "none" ? nil : try clipPath($0, from: e) }
        let content: ArtContent
        if e.name == "g" {
            content = .group(try children(of: e, style: s))
        } else {
            guard let path = try SVGBasicShapes.path(e, converter: self) else { return nil }
            guard s.visible else { return nil }
            let bounds = path.controlBounds
            let fill = try paint(s.fill, opacity: s.fillOpacity, style: s, bounds: bounds, on: e)
            var stroke: ArtStroke?
            if s.strokeWidth > 0, let strokePaint = try paint(s.stroke, opacity: s.strokeOpacity, style: s, bounds: bounds, on: e) {
                let made = ArtStroke(
                    paint: strokePaint, width: s.strokeWidth, cap: s.cap, join: s.join,
                    miterLimit: s.miterLimit, dashes: s.dashes, dashOffset: s.dashOffset)
                stroke = made
                dashes += made.dashCount(on: path)
                guard dashes <= Double(ArtworkLimits.strokeDashes) else {
                    throw fail(
                        e,
                        "its dashed stroke takes the file past \(ArtworkLimits.strokeDashes) dashes (each is outlined in the Lottie export "
                            + "and under 3D); use longer dashes or fewer dashed shapes")
                }
            }
            content = .shape(ArtShape(path: path, fill: fill, fillRule: s.fillRule, stroke: stroke))
        }
        return ArtNode(transform: transform, opacity: opacity, clip: clip, content: content, line: e.line)
    }

    /// `none`, a colour, `currentColor` or `url(#gradient)` (with an optional fallback colour, ignored).
    func paint(_ text: String, opacity: Double, style: SVGInheritedStyle, bounds: ArtRect?, on e: XMLElement) throws -> ArtPaint? {
        if text == "none" || text == "transparent" { return nil }
        if text.hasPrefix("url(") {
            guard let id = SVGArtConverter.reference(text), let server = byID[id] else {
                throw fail(e, "paint \(text) names no element of this file")
            }
            return try SVGGradients.paint(server, opacity: opacity, bounds: bounds, converter: self)
        }
        let colorText = text == "currentColor" ? style.color : text
        guard var color = SVGValues.color(colorText) else { throw fail(e, "paint \"\(text)\" is not a colour this tool reads") }
        color.alpha *= opacity
        return .color(color)
    }

    /// The id inside `url(#id)` or `url('#id')`.
    static func reference(_ text: String) -> String? {
        guard let open = text.literalRange(of: "url("), let close = text[open.upperBound...].literalRange(of: ")") else { return nil }
        var inner = text[open.upperBound..<close.lowerBound].trimmingSpacesAndTabs
        inner = inner.trimmingScalars(where: { $0 == "\"" || $0 == "'" })
        return inner.hasPrefix("#") ? String(inner.dropFirst()) : nil
    }

    func clipPath(_ text: String, from e: XMLElement) throws -> ArtClip {
        guard let id = SVGArtConverter.reference(text), let clip = byID[id], clip.name == "clipPath" else {
            throw fail(e, "clip-path \(text) names no <clipPath> of this file")
        }
        let p = properties(clip)
        if let units = p["clipPathUnits"], units != "userSpaceOnUse" { throw fail(clip, "clipPathUnits=\"\(units)\" is not carried") }
        if p["clip-path"] != nil { throw fail(clip, "a clip path that is itself clipped is not carried") }
        let outer =
            try p["transform"].map { t -> ArtTransform in
                guard let v = SVGValues.transform(t) else { throw fail(clip, "transform=\"\(t)\" is not understood") }
                return v
            } ?? .identity
        var paths: [ArtPath] = [], rules: Set<ArtFillRule> = []
        for child in clip.children where child.namespace == nil || child.namespace == svgNamespace {
            if ["title", "desc"].contains(child.name) { continue }
            if let why = svgRefusedElements[child.name] { throw fail(child, why) }
            guard let path = try SVGBasicShapes.path(child, converter: self) else {
                if child.name == "g" { throw fail(child, "groups inside a clipPath are not carried") }
                continue
            }
            let cp = properties(child)
            let inner =
                try cp["transform"].map { t -> ArtTransform in
                    guard let v = SVGValues.transform(t) else { throw fail(child, "transform=\"\(t)\" is not understood") }
                    return v
                } ?? .identity
            rules.insert(ArtFillRule(rawValue: cp["clip-rule"] ?? p["clip-rule"] ?? "nonzero") ?? .nonzero)
            paths.append(path.transformed(by: outer.concatenating(inner)))
        }
        guard rules.count <= 1 else { throw fail(clip, "mixed clip-rule values inside one clipPath are not carried") }
        return ArtClip(paths: paths, rule: rules.first ?? .nonzero)
    }
}

extension String {
    /// CSS `!important` changes nothing here: attributes never compete with a style sheet.
    var replacingImportant: String {
        removingLiterally("!important").trimmingSpaces
    }
}

import Artwork
// A user's artwork as clean SVG: the art model re-emitted element by element (nothing of the
// user's markup is copied), and PNG/JPEG pictures embedded as `data:` URIs, each picture once
// per file (an <image> in <defs> the first time, `<use>` after; Chromium decodes it once).
import FoundationEssentials
import Glibc
import JSONText

/// Pictures already embedded in the file being written, by their bytes.
final class SVGEmbeddedImages {
    private var ids: [[UInt8]: String] = [:]
    func id(for bytes: [UInt8]) -> String? { ids[bytes] }
    func record(_ bytes: [UInt8], id: String) { ids[bytes] = id }
}

struct SVGArtworkMarkup {
    let xml: XMLTextWriter
    let newID: (String) -> String
    let images: SVGEmbeddedImages

    /// Draws `artwork` into bounds of `bounds` size (the layer's bounds space), laid out by `mode`.
    func write(_ artwork: Artwork, mode: ContentMode, scale: Double, bounds: (width: Double, height: Double)) {
        let natural = artwork.size(scale: scale)
        let frame = mode.frame(content: natural, bounds: bounds)
        switch artwork {
        case .raster(let image):
            let id = pictureID(image, natural: natural)
            let place = ArtTransform.translation(frame.x, frame.y)
                .concatenating(.scale(natural.width > 0 ? frame.width / natural.width : 0, natural.height > 0 ? frame.height / natural.height : 0))
            xml.empty("use", [("href", "#" + id)] + Self.transformAttribute(place))
        case .vector(let document):
            let place = ArtTransform.translation(frame.x, frame.y)
                .concatenating(document.viewportTransform(width: frame.width, height: frame.height))
            xml.start("g", Self.transformAttribute(place))
            for node in document.nodes { write(node) }
            xml.end()
        }
    }

    /// The id of the picture's `<image>` (natural size in points), written in `<defs>` the first time.
    func pictureID(_ image: Artwork.Picture, natural: (width: Double, height: Double)) -> String {
        if let id = images.id(for: image.bytes) { return id }
        let id = newID("picture")
        xml.start("defs")
        xml.empty(
            "image",
            [
                ("id", id), ("width", Self.number(natural.width)), ("height", Self.number(natural.height)),
                ("preserveAspectRatio", "none"),
                ("href", "data:\(image.mimeType);base64," + Data(image.bytes).base64EncodedString()),
            ])
        xml.end()
        images.record(image.bytes, id: id)
        return id
    }

    func write(_ node: ArtNode) {
        var attrs = Self.transformAttribute(node.transform)
        if node.opacity < 1 { attrs.append(("opacity", Self.number(node.opacity))) }
        if let clip = node.clip {
            let id = newID("art-clip")
            xml.start("clipPath", [("id", id), ("clipPathUnits", "userSpaceOnUse")])
            for path in clip.paths { xml.empty("path", [("d", Self.pathData(path)), ("clip-rule", clip.rule.rawValue)]) }
            xml.end()
            attrs.append(("clip-path", "url(#\(id))"))
        }
        switch node.content {
        case .group(let children):
            xml.start("g", attrs)
            for child in children { write(child) }
            xml.end()
        case .shape(let shape):
            var paint = paintAttributes(shape.fill, prefix: "fill")
            if shape.fillRule == .evenodd { paint.append(("fill-rule", "evenodd")) }
            if let stroke = shape.stroke {
                paint += paintAttributes(stroke.paint, prefix: "stroke")
                paint.append(("stroke-width", Self.number(stroke.width)))
                if stroke.cap != .butt { paint.append(("stroke-linecap", stroke.cap.rawValue)) }
                if stroke.join != .miter { paint.append(("stroke-linejoin", stroke.join.rawValue)) }
                if stroke.miterLimit != 4 { paint.append(("stroke-miterlimit", Self.number(stroke.miterLimit))) }
                if !stroke.dashes.isEmpty { paint.append(("stroke-dasharray", stroke.dashes.map(Self.number).joined(separator: " "))) }
                if !stroke.dashes.isEmpty, stroke.dashOffset != 0 { paint.append(("stroke-dashoffset", Self.number(stroke.dashOffset))) }
            }
            xml.empty("path", attrs + [("d", Self.pathData(shape.path))] + paint)
        }
    }

    /// `fill`/`stroke` and their opacity; a gradient is defined just before the shape that uses it.
    func paintAttributes(_ paint: ArtPaint?, prefix: String) -> [(String, String)] {
        switch paint {
        case nil:
            return [(prefix, "none")]
        case .color(let c)?:
            return [(prefix, Self.hex(c))] + (c.alpha < 1 ? [("\(prefix)-opacity", Self.number(c.alpha))] : [])
        case .linear(let start, let end, let transform, let stops)?:
            let id = newID("art-gradient")
            xml.start(
                "linearGradient",
                [
                    ("id", id), ("gradientUnits", "userSpaceOnUse"),
                    ("x1", Self.number(start.x)), ("y1", Self.number(start.y)),
                    ("x2", Self.number(end.x)), ("y2", Self.number(end.y)),
                ]
                    + Self.transformAttribute(transform, name: "gradientTransform"))
            writeStops(stops)
            return [(prefix, "url(#\(id))")]
        case .radial(let center, let radius, let focus, let transform, let stops)?:
            let id = newID("art-gradient")
            xml.start(
                "radialGradient",
                [
                    ("id", id), ("gradientUnits", "userSpaceOnUse"),
                    ("cx", Self.number(center.x)), ("cy", Self.number(center.y)), ("r", Self.number(radius)),
                    ("fx", Self.number(focus.x)), ("fy", Self.number(focus.y)),
                ]
                    + Self.transformAttribute(transform, name: "gradientTransform"))
            writeStops(stops)
            return [(prefix, "url(#\(id))")]
        }
    }

    private func writeStops(_ stops: [ArtGradientStop]) {
        for stop in stops {
            xml.empty(
                "stop",
                [("offset", Self.number(stop.offset)), ("stop-color", Self.hex(stop.color))]
                    + (stop.color.alpha < 1 ? [("stop-opacity", Self.number(stop.color.alpha))] : []))
        }
        xml.end()
    }

    static func number(_ x: Double) -> String { NumberFormat.string(x, maxDecimals: 4) }

    static func hex(_ c: ArtColor) -> String {
        let digits = Array("0123456789abcdef")
        return "#"
            + String(
                [c.red, c.green, c.blue].flatMap { v -> [Character] in
                    let b = Int((min(max(v, 0), 1) * 255).rounded())
                    return [digits[b >> 4], digits[b & 15]]
                })
    }

    static func transformAttribute(_ t: ArtTransform, name: String = "transform") -> [(String, String)] {
        if t.isIdentity { return [] }
        if t.a == 1, t.b == 0, t.c == 0, t.d == 1 { return [(name, "translate(\(number(t.e)) \(number(t.f)))")] }
        let m = [t.a, t.b, t.c, t.d].map { NumberFormat.string($0, maxDecimals: 6) } + [number(t.e), number(t.f)]
        return [(name, "matrix(\(m.joined(separator: " ")))")]
    }

    static func pathData(_ path: ArtPath) -> String {
        func p(_ q: ArtPoint) -> String { "\(number(q.x)) \(number(q.y))" }
        return path.segments.map {
            switch $0 {
            case .move(let a): return "M" + p(a)
            case .line(let a): return "L" + p(a)
            case .cubic(let a, let b, let c): return "C" + p(a) + " " + p(b) + " " + p(c)
            case .close: return "Z"
            }
        }.joined()
    }
}

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
    /// An element's still opacity as attributes: in an SVG file `SVGDocument.stillOpacity`
    /// (with Gecko's class, SVGLayerGroup.swift); the value alone where no browser draws the
    /// markup (a picture librsvg rasterizes).
    var opacityAttributes: (Double) -> [(String, String)] = { [("opacity", SVGArtworkMarkup.number($0))] }

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
        if node.opacity < 1 { attrs += opacityAttributes(node.opacity) }
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
            // Written in turn, as `empty` would the joined list (no arrays joined per shape).
            xml.start("path")
            for (name, value) in attrs { xml.attribute(name, value) }
            xml.attribute("d", Self.pathData(shape.path))
            for (name, value) in paint { xml.attribute(name, value) }
            xml.end()
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

    /// `#rrggbb` (SVGColor.hex: the same digits and rounding, no String per digit).
    static func hex(_ c: ArtColor) -> String { SVGColor.hex(red: c.red, green: c.green, blue: c.blue) }

    /// `translate(e f)` or `matrix(a b c d e f)`; the numbers appended as bytes into one String
    /// (interpolating a String per number cost ~1,000 instructions each).
    static func transformAttribute(_ t: ArtTransform, name: String = "transform") -> [(String, String)] {
        if t.isIdentity { return [] }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64)
        if t.a == 1, t.b == 0, t.c == 0, t.d == 1 {
            bytes.append(literal: "translate(")
        } else {
            bytes.append(literal: "matrix(")
            for x in [t.a, t.b, t.c, t.d] {
                NumberFormat.append(x, maxDecimals: 6, to: &bytes)
                bytes.append(0x20)
            }
        }
        NumberFormat.append(t.e, maxDecimals: 4, to: &bytes)
        bytes.append(0x20)
        NumberFormat.append(t.f, maxDecimals: 4, to: &bytes)
        bytes.append(0x29)  // )
        return [(name, String(decoding: bytes, as: UTF8.self))]
    }

    /// The path's `d`: each command's letter and its points ("x y", lengths) appended as bytes,
    /// one String made (a String per number and per segment, joined, cost ~15 M instructions
    /// of the 2D batch's SVG writing).
    static func pathData(_ path: ArtPath) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16 * path.segments.count)
        func point(_ q: ArtPoint) {
            NumberFormat.append(q.x, maxDecimals: 4, to: &bytes)
            bytes.append(0x20)
            NumberFormat.append(q.y, maxDecimals: 4, to: &bytes)
        }
        for segment in path.segments {
            switch segment {
            case .move(let a):
                bytes.append(0x4D)  // M
                point(a)
            case .line(let a):
                bytes.append(0x4C)  // L
                point(a)
            case .cubic(let a, let b, let c):
                bytes.append(0x43)  // C
                point(a)
                bytes.append(0x20)
                point(b)
                bytes.append(0x20)
                point(c)
            case .close:
                bytes.append(0x5A)  // Z
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

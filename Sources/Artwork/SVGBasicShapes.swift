// SVG's basic shapes as paths, the way the SVG 2 specification (chapter "Basic Shapes") defines their outlines (rect corners and
// ellipses as quarter arcs, drawn clockwise from the top-left / rightmost point).

enum SVGBasicShapes {
    /// Kappa: the cubic control distance for a quarter circle of radius 1.
    static let kappa = 0.5522847498307936

    /// The element's outline; nil for an element that is not a shape or has nothing to draw.
    static func path(_ e: XMLElement, converter: SVGArtConverter) throws -> ArtPath? {
        func length(_ name: String, default value: Double? = 0) throws -> Double? {
            guard let text = e.attribute(name) else { return value }
            guard let v = SVGValues.length(text) else {
                throw converter.fail(e, "\(name)=\"\(text)\" is not a length in px (percentages and font units are not carried)")
            }
            return v
        }
        switch e.name {
        case "path":
            guard let d = e.attribute("d") else { return nil }
            guard let path = SVGPathData.parse(d) else {
                throw converter.fail(e, "path data d=\"\(d.prefix(40))…\" breaks the SVG grammar")
            }
            return path.segments.isEmpty ? nil : path
        case "rect":
            let x = try length("x")!, y = try length("y")!, w = try length("width")!, h = try length("height")!
            guard w > 0, h > 0 else { return nil }
            var rx = try length("rx", default: nil), ry = try length("ry", default: nil)
            if rx == nil { rx = ry }
            if ry == nil { ry = rx }
            return rectangle(x, y, w, h, rx: min(max(rx ?? 0, 0), w / 2), ry: min(max(ry ?? 0, 0), h / 2))
        case "circle":
            let r = try length("r")!
            return r > 0 ? ellipse(try length("cx")!, try length("cy")!, r, r) : nil
        case "ellipse":
            let rx = try length("rx")!, ry = try length("ry")!
            return rx > 0 && ry > 0 ? ellipse(try length("cx")!, try length("cy")!, rx, ry) : nil
        case "line":
            return ArtPath([
                .move(ArtPoint(try length("x1")!, try length("y1")!)),
                .line(ArtPoint(try length("x2")!, try length("y2")!)),
            ])
        case "polyline", "polygon":
            guard let text = e.attribute("points") else { return nil }
            guard let n = SVGValues.numbers(text), n.count % 2 == 0 else {
                throw converter.fail(e, "points=\"\(text.prefix(40))\" is not a list of coordinate pairs")
            }
            guard n.count >= 2 else { return nil }
            var segments: [ArtPathSegment] = [.move(ArtPoint(n[0], n[1]))]
            for i in stride(from: 2, to: n.count, by: 2) { segments.append(.line(ArtPoint(n[i], n[i + 1]))) }
            if e.name == "polygon" { segments.append(.close) }
            return ArtPath(segments)
        default:
            return nil
        }
    }

    static func rectangle(_ x: Double, _ y: Double, _ w: Double, _ h: Double, rx: Double, ry: Double) -> ArtPath {
        guard rx > 0, ry > 0 else {
            return ArtPath([
                .move(ArtPoint(x, y)), .line(ArtPoint(x + w, y)), .line(ArtPoint(x + w, y + h)),
                .line(ArtPoint(x, y + h)), .close,
            ])
        }
        let kx = rx * kappa, ky = ry * kappa, r = x + w, b = y + h
        return ArtPath([
            .move(ArtPoint(x + rx, y)), .line(ArtPoint(r - rx, y)),
            .cubic(ArtPoint(r - rx + kx, y), ArtPoint(r, y + ry - ky), ArtPoint(r, y + ry)), .line(ArtPoint(r, b - ry)),
            .cubic(ArtPoint(r, b - ry + ky), ArtPoint(r - rx + kx, b), ArtPoint(r - rx, b)), .line(ArtPoint(x + rx, b)),
            .cubic(ArtPoint(x + rx - kx, b), ArtPoint(x, b - ry + ky), ArtPoint(x, b - ry)), .line(ArtPoint(x, y + ry)),
            .cubic(ArtPoint(x, y + ry - ky), ArtPoint(x + rx - kx, y), ArtPoint(x + rx, y)), .close,
        ])
    }

    static func ellipse(_ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double) -> ArtPath {
        let kx = rx * kappa, ky = ry * kappa
        return ArtPath([
            .move(ArtPoint(cx + rx, cy)),
            .cubic(ArtPoint(cx + rx, cy + ky), ArtPoint(cx + kx, cy + ry), ArtPoint(cx, cy + ry)),
            .cubic(ArtPoint(cx - kx, cy + ry), ArtPoint(cx - rx, cy + ky), ArtPoint(cx - rx, cy)),
            .cubic(ArtPoint(cx - rx, cy - ky), ArtPoint(cx - kx, cy - ry), ArtPoint(cx, cy - ry)),
            .cubic(ArtPoint(cx + kx, cy - ry), ArtPoint(cx + rx, cy - ky), ArtPoint(cx + rx, cy)), .close,
        ])
    }
}

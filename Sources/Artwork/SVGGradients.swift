// linearGradient / radialGradient to an `ArtPaint`, following `href` chains inside the file
// (attributes and stops inherit along them) and resolving objectBoundingBox units against the
// painted shape's box, so the model holds user-space geometry only.

enum SVGGradients {
    static let maxChain = 8

    static func paint(_ server: XMLElement, opacity: Double, bounds: ArtRect?, converter: SVGArtConverter) throws -> ArtPaint? {
        guard server.name == "linearGradient" || server.name == "radialGradient" else {
            throw converter.fail(server, "used as a paint; only linear and radial gradients are carried")
        }
        // The chain: this gradient, then what it references (same kind or not, as SVG allows).
        var chain = [server]
        while let href = chain.last!.attribute("href") ?? chain.last!.attribute("xlink:href"), chain.count <= maxChain {
            guard href.hasPrefix("#"), let next = converter.byID[String(href.dropFirst())],
                next.name.hasSuffix("Gradient")
            else {
                throw converter.fail(chain.last!, "href=\"\(href)\" names no gradient of this file")
            }
            chain.append(next)
        }
        guard chain.count <= maxChain else { throw converter.fail(server, "gradient references chain deeper than \(maxChain)") }
        func attribute(_ name: String) -> String? {
            chain.lazy.compactMap { converter.properties($0)[name] }.first
        }
        let units = attribute("gradientUnits") ?? "objectBoundingBox"
        guard units == "objectBoundingBox" || units == "userSpaceOnUse" else {
            throw converter.fail(server, "gradientUnits=\"\(units)\" is not understood")
        }
        if let spread = attribute("spreadMethod"), spread != "pad" {
            throw converter.fail(server, "spreadMethod=\"\(spread)\" is not carried (only pad)")
        }
        let byBox = units == "objectBoundingBox"
        func coordinate(_ name: String, _ fallback: Double) throws -> Double {
            guard let text = attribute(name)?.trimmingSpaces else { return fallback }
            if text.hasSuffix("%"), byBox, let v = Double(text.dropLast()) { return v / 100 }
            guard let v = SVGValues.length(text) else {
                throw converter.fail(server, "\(name)=\"\(text)\" is not carried (percentages only in objectBoundingBox units)")
            }
            return v
        }
        var transform = ArtTransform.identity
        if let text = attribute("gradientTransform") {
            guard let t = SVGValues.transform(text) else { throw converter.fail(server, "gradientTransform=\"\(text)\" is not understood") }
            transform = t
        }
        if byBox {
            // A box of zero width or height paints nothing, as in SVG.
            guard let box = bounds, box.width > 0, box.height > 0 else { return nil }
            transform = ArtTransform(a: box.width, b: 0, c: 0, d: box.height, e: box.x, f: box.y).concatenating(transform)
        }
        let stops = try self.stops(chain, opacity: opacity, converter: converter)
        guard let first = stops.first else { return nil }
        if stops.count == 1 { return .color(first.color) }
        if server.name == "linearGradient" {
            return .linear(
                start: ArtPoint(try coordinate("x1", 0), try coordinate("y1", 0)),
                end: ArtPoint(try coordinate("x2", byBox ? 1 : 0), try coordinate("y2", 0)),
                transform: transform, stops: stops)
        }
        let half = byBox ? 0.5 : 0
        let cx = try coordinate("cx", half), cy = try coordinate("cy", half), r = try coordinate("r", half)
        let focus = ArtPoint(try coordinate("fx", cx), try coordinate("fy", cy))
        if attribute("fr") != nil { throw converter.fail(server, "a focal radius (fr) is not carried") }
        return .radial(center: ArtPoint(cx, cy), radius: r, focus: focus, transform: transform, stops: stops)
    }

    /// Stops from the first gradient of the chain that has any; offsets clamped and made non-decreasing.
    static func stops(_ chain: [XMLElement], opacity: Double, converter: SVGArtConverter) throws -> [ArtGradientStop] {
        guard let owner = chain.first(where: { $0.children.contains { $0.name == "stop" } }) else { return [] }
        var out: [ArtGradientStop] = [], last = 0.0
        for stop in owner.children where stop.name == "stop" {
            let p = converter.properties(stop)
            var offset = 0.0
            if let text = p["offset"] {
                guard let v = SVGValues.unitInterval(text) else { throw converter.fail(stop, "offset=\"\(text)\" is not a number") }
                offset = v
            }
            offset = max(offset, last); last = offset
            let colorText = p["stop-color"] ?? "black"
            guard var color = SVGValues.color(colorText == "currentColor" ? (p["color"] ?? "black") : colorText) else {
                throw converter.fail(stop, "stop-color=\"\(colorText)\" is not a colour this tool reads")
            }
            if let text = p["stop-opacity"] {
                guard let v = SVGValues.unitInterval(text) else { throw converter.fail(stop, "stop-opacity=\"\(text)\" is not a number") }
                color.alpha *= v
            }
            color.alpha *= opacity
            out.append(ArtGradientStop(offset: offset, color: color))
        }
        return out
    }
}

import Artwork
// SVG artwork as Lottie shape items. Every transform is baked into the path points (exact for
// affine maps), so the items need no `tr` beyond opacity; what Lottie cannot draw exactly after
// baking is refused with the artwork's file and line (a focal point on an elliptical radial
// gradient or past 99 % of the radius). Linear gradients stay exact under any affine map; a stroke under one is written as its
// outline, an elliptical radial gradient around its paths (LottieEllipticalGradient.swift).
import FoundationEssentials
import Glibc
import JSONText
import Keyframes

enum LottieArtworkShapes {
    /// Items (top first) drawing `document` laid out by `mode` in bounds of `bounds` size.
    static func items(
        _ document: ArtDocument, file: String, mode: ContentMode,
        bounds: (width: Double, height: Double)
    ) throws -> [JSONValue] {
        let root = root(document, mode: mode, bounds: bounds)
        return try document.nodes.reversed().flatMap { try items($0, matrix: root, file: file) }
    }

    /// User space → the layer's bounds: the contentMode frame, then the viewBox.
    static func root(_ document: ArtDocument, mode: ContentMode, bounds: (width: Double, height: Double)) -> ArtTransform {
        let frame = mode.frame(content: (document.size.width, document.size.height), bounds: bounds)
        return ArtTransform.translation(frame.x, frame.y).concatenating(document.viewportTransform(width: frame.width, height: frame.height))
    }

    static func items(_ node: ArtNode, matrix outer: ArtTransform, file: String) throws -> [JSONValue] {
        if node.clip != nil {
            throw TransExportError.artwork(file: file, line: node.line, "a clip path inside SVG art is not carried in Lottie yet (the SVG export carries it)")
        }
        let matrix = outer.concatenating(node.transform)
        var content: [JSONValue]
        switch node.content {
        case .group(let children):
            content = try children.reversed().flatMap { try items($0, matrix: matrix, file: file) }
        case .shape(let shape):
            let paths = path(shape.path.transformed(by: matrix))
            var styles: [JSONValue] = [], outlined: [JSONValue] = [], elliptical: [JSONValue] = []
            if let stroke = shape.stroke,
                !stroke.dashes.isEmpty || similarityScale(matrix) == nil || ellipticalMap(stroke.paint, matrix: matrix) != nil
            {
                outlined = try outlinedStroke(shape.path, stroke, matrix: matrix, file: file, line: node.line)
            } else if let stroke = shape.stroke {
                styles.append(try self.stroke(stroke, matrix: matrix, file: file, line: node.line))
            }
            let rule: LJ.Member = ("r", LJ.int(shape.fillRule == .evenodd ? 2 : 1))
            // A fill that paints nothing is left out (LottieArtEmptyFills.swift).
            let fill = paintedFill(shape)
            if let fill, let m = ellipticalMap(fill, matrix: matrix) {
                try checkFocus(fill, file: file, line: node.line)
                elliptical = ellipticalFill([shape.path.transformed(by: matrix)], fill, map: m, extra: [rule])
            } else if let fill {
                styles.append(try paint(fill, matrix: matrix, file: file, line: node.line, extra: [rule]))
            }
            content = outlined + (styles.isEmpty ? [] : paths + styles) + elliptical
        }
        guard !content.isEmpty else { return [] }
        guard node.opacity < 1 || node.content.isShape else { return content }
        // Lottie multiplies a group's opacity into each item, SVG composites the node once:
        // they agree where no two drawn items overlap (LottieArtworkOpacity).
        if node.opacity < 1, !LottieArtworkOpacity.itemsApart(node, matrix: outer) {
            throw TransExportError.artwork(
                file: file, line: node.line,
                "opacity over overlapping shapes (or over a shape's fill and stroke) is not carried in Lottie yet; "
                    + "set it on each shape, or keep the shapes 2 pt apart")
        }
        return [group(content, opacity: node.opacity)]
    }

    static func group(_ items: [JSONValue], opacity: Double) -> JSONValue {
        let tr = LJ.obj([
            ("ty", LJ.str("tr")), ("a", LJ.staticArr([0, 0], 0)), ("p", LJ.staticArr([0, 0], 0)),
            ("s", LJ.staticArr([100, 100], 0)), ("r", LJ.staticNum(0, 0)),
            ("o", LJ.staticNum(opacity * 100, LottieDecimals.opacity)), ("sk", LJ.staticNum(0, 0)), ("sa", LJ.staticNum(0, 0)),
        ])
        return LJ.obj([("ty", LJ.str("gr")), ("np", LJ.int(items.count)), ("it", .array(items + [tr]))])
    }

    /// One `sh` per subpath; in/out tangents are relative to their vertex, as Lottie wants.
    static func path(_ path: ArtPath) -> [JSONValue] {
        struct Sub { var v: [ArtPoint] = [], i: [ArtPoint] = [], o: [ArtPoint] = [], closed = false }
        var subs: [Sub] = [], current = Sub(), start = ArtPoint(0, 0)
        func flush() { if current.v.count > 1 { subs.append(current) }; current = Sub() }
        func begin(_ p: ArtPoint) { flush(); current.v = [p]; current.i = [ArtPoint(0, 0)]; current.o = [ArtPoint(0, 0)]; start = p }
        for segment in path.segments {
            if current.v.isEmpty,
                !{
                    if case .move = segment { return true }; return false
                }()
            {
                begin(start)
            }
            switch segment {
            case .move(let p): begin(p)
            case .line(let p): current.v.append(p); current.i.append(ArtPoint(0, 0)); current.o.append(ArtPoint(0, 0))
            case .cubic(let c1, let c2, let p):
                current.o[current.o.count - 1] = ArtPoint(c1.x - current.v.last!.x, c1.y - current.v.last!.y)
                current.v.append(p); current.i.append(ArtPoint(c2.x - p.x, c2.y - p.y)); current.o.append(ArtPoint(0, 0))
            case .close:
                if current.v.count > 1, let last = current.v.last, abs(last.x - start.x) < 1e-9, abs(last.y - start.y) < 1e-9 {
                    current.i[0] = current.i.removeLast(); current.v.removeLast(); current.o.removeLast()
                }
                current.closed = true
                flush()
            }
        }
        flush()
        return subs.map { sub in
            func list(_ ps: [ArtPoint]) -> JSONValue {
                var xy: [Double] = []
                xy.reserveCapacity(2 * ps.count)
                for p in ps {
                    xy.append(NumberFormat.round(p.x, decimals: LottieDecimals.length))
                    xy.append(NumberFormat.round(p.y, decimals: LottieDecimals.length))
                }
                return .numbers(JSONNumbers(xy, rowWidth: 2))
            }
            let shape = LJ.obj([("c", .bool(sub.closed)), ("v", list(sub.v)), ("i", list(sub.i)), ("o", list(sub.o))])
            return LJ.obj([("ty", LJ.str("sh")), ("ks", LJ.staticValue(shape))])
        }
    }

    /// The uniform scale of a similarity (rotation, reflection, uniform scale), nil otherwise.
    static func similarityScale(_ m: ArtTransform) -> Double? {
        let tolerance = 1e-9 * max(1, abs(m.a) + abs(m.b) + abs(m.c) + abs(m.d))
        let rotation = abs(m.a - m.d) < tolerance && abs(m.b + m.c) < tolerance
        let reflection = abs(m.a + m.d) < tolerance && abs(m.b - m.c) < tolerance
        return rotation || reflection ? (m.a * m.a + m.b * m.b).squareRoot() : nil
    }

    /// A stroke under a similarity; any other is outlined (`outlinedStroke`).
    static func stroke(_ stroke: ArtStroke, matrix: ArtTransform, file: String, line: Int) throws -> JSONValue {
        let k = similarityScale(matrix) ?? 1
        let extra: LJ.Members = [
            ("w", LJ.staticNum(stroke.width * k, LottieDecimals.length)),
            ("lc", LJ.int([.butt: 1, .round: 2, .square: 3][stroke.cap]!)),
            ("lj", LJ.int([.miter: 1, .round: 2, .bevel: 3][stroke.join]!)),
            ("ml", LJ.num(stroke.miterLimit, 3)),
        ]
        return try paint(stroke.paint, matrix: matrix, file: file, line: line, extra: extra, stroke: true)
    }

    /// A stroke as its outline (a dashed one as its dashes), filled with the stroke's paint (one
    /// group, above the shape's fill), as under 3D. A dashed stroke written as a stroke's `d` is
    /// drawn differently by the players: rlottie 0.2 drops dashes of length 0 (SVG's dots) and
    /// starts the pattern elsewhere, and lottie-web 5.7 leaves the whole layer undrawn when two
    /// entries lack `nm` (docs/lottie.md, "Dashed strokes"). A stroke under a non-uniform scale
    /// or skew has no Lottie `w`: its outline, built in user space and then mapped, stays exact
    /// (docs/artwork.md, "Strokes under a stretch in the flat Lottie export").
    static func outlinedStroke(_ path: ArtPath, _ stroke: ArtStroke, matrix: ArtTransform, file: String, line: Int) throws -> [JSONValue] {
        let cut =
            stroke.dashes.isEmpty
            ? path : StrokeDashes.dashed(path, dashes: stroke.dashes, offset: stroke.dashOffset, directedDots: stroke.cap == .square)
        guard let outline = StrokeOutline.subpaths(cut, stroke, matrix: matrix) else {
            throw TransExportError.artwork(file: file, line: line, "a stroke on a curve too tight to outline is not carried in Lottie")
        }
        guard !outline.isEmpty else { return [] }
        if let m = ellipticalMap(stroke.paint, matrix: matrix) {
            try checkFocus(stroke.paint, file: file, line: line)
            return ellipticalFill(outline, stroke.paint, map: m, extra: [("r", LJ.int(1))])
        }
        let fill = try paint(stroke.paint, matrix: matrix, file: file, line: line, extra: [("r", LJ.int(1))])
        return [group(outline.flatMap { self.path($0) } + [fill], opacity: 1)]
    }

    /// `fl`/`st` for a colour, `gf`/`gs` for a gradient, with gradient points in baked user space.
    static func paint(
        _ paint: ArtPaint, matrix: ArtTransform, file: String, line: Int,
        extra: LJ.Members, stroke: Bool = false
    ) throws -> JSONValue {
        switch paint {
        case .color(let c):
            return LJ.obj(
                [
                    ("ty", LJ.str(stroke ? "st" : "fl")),
                    ("c", LJ.staticArr([c.red, c.green, c.blue], LottieDecimals.color)),
                    ("o", LJ.staticNum(c.alpha * 100, LottieDecimals.opacity)),
                ] + extra)
        case .linear(let start, let end, let transform, let stops):
            let m = matrix.concatenating(transform)
            let s = m.apply(start), g = ArtPoint(end.x - start.x, end.y - start.y)
            // Isolines run along u ⟂ g; after the map they run along M·u, so the new gradient
            // direction n is ⟂ M·u and its length is M·g projected on n.
            let mu = ArtPoint(m.a * -g.y + m.c * g.x, m.b * -g.y + m.d * g.x)
            let n = ArtPoint(-mu.y, mu.x), mg = ArtPoint(m.a * g.x + m.c * g.y, m.b * g.x + m.d * g.y)
            let nn = n.x * n.x + n.y * n.y
            let k = nn > 0 ? (mg.x * n.x + mg.y * n.y) / nn : 0
            return gradient(type: 1, start: s, end: ArtPoint(s.x + n.x * k, s.y + n.y * k), stops: stops, stroke: stroke, extra: extra)
        case .radial(let center, let radius, _, let transform, let stops):
            let m = matrix.concatenating(transform)
            // An elliptical one is written by ellipticalFill, around its paths (never reaches here).
            guard similarityScale(m) != nil else {
                throw TransExportError.artwork(file: file, line: line, "an elliptical radial gradient is not carried in Lottie here")
            }
            let start = m.apply(center), end = m.apply(ArtPoint(center.x + radius, center.y))
            let highlight = try self.highlight(paint, start: start, end: end, matrix: matrix, file: file, line: line)
            return gradient(type: 2, start: start, end: end, stops: stops, stroke: stroke, extra: highlight + extra)
        }
    }

    /// A focal point on an elliptical radial gradient is refused (its highlight would be in the
    /// gradient's own space: not measured).
    static func checkFocus(_ paint: ArtPaint, file: String, line: Int) throws {
        guard case .radial(let center, _, let focus, _, _) = paint, focus != center else { return }
        throw TransExportError.artwork(file: file, line: line, "a radial gradient with a focal point is not carried in Lottie")
    }

    /// A circular radial gradient's focal point as Lottie's highlight: `h` its distance from the
    /// centre in % of the radius, `a` its angle from the start → end axis in degrees. Measured
    /// 2026-12-02 against rsvg-convert (focal points at 0 to 88 % of the radius in six directions):
    /// rlottie 0.27, ThorVG 0.19-0.20, lottie-web 0.12-0.13 /255, as with no focal point; forcing
    /// `h` 0 there: 16.97; at 95, 97.1 and 98.9 % all three pass the suite too
    /// (docs/artwork.md#svg-art-in-the-flat-lottie-export). lottie-web clamps `h` at 99 % and SVG
    /// moves a focal point outside the circle onto it: past 99 % is refused.
    static func highlight(
        _ paint: ArtPaint, start: ArtPoint, end: ArtPoint, matrix: ArtTransform, file: String, line: Int
    ) throws -> LJ.Members {
        guard case .radial(let center, _, let focus, let transform, _) = paint, focus != center else { return [] }
        let f = matrix.concatenating(transform).apply(focus)
        let r = ((end.x - start.x) * (end.x - start.x) + (end.y - start.y) * (end.y - start.y)).squareRoot()
        let d = ((f.x - start.x) * (f.x - start.x) + (f.y - start.y) * (f.y - start.y)).squareRoot()
        guard r > 0, d <= 0.99 * r else {
            throw TransExportError.artwork(
                file: file, line: line, "a radial gradient whose focal point lies more than 99 % of its radius from its centre is not carried in Lottie")
        }
        var angle = (atan2(f.y - start.y, f.x - start.x) - atan2(end.y - start.y, end.x - start.x)) * 180 / .pi
        if angle > 180 { angle -= 360 } else if angle <= -180 { angle += 360 }
        return [("h", LJ.staticNum(d / r * 100, LottieDecimals.length)), ("a", LJ.staticNum(angle, LottieDecimals.length))]
    }

    static func gradient(
        type: Int, start: ArtPoint, end: ArtPoint, stops: [ArtGradientStop], stroke: Bool,
        extra: LJ.Members
    ) -> JSONValue {
        var colors = stops.flatMap { [$0.offset, $0.color.red, $0.color.green, $0.color.blue] }
        if stops.contains(where: { $0.color.alpha < 1 }) { colors += stops.flatMap { [$0.offset, $0.color.alpha] } }
        return LJ.obj(
            [
                ("ty", LJ.str(stroke ? "gs" : "gf")), ("o", LJ.staticNum(100, 0)),
                ("s", LJ.staticArr([start.x, start.y], LottieDecimals.length)),
                ("e", LJ.staticArr([end.x, end.y], LottieDecimals.length)), ("t", LJ.int(type)),
                ("g", LJ.obj([("p", LJ.int(stops.count)), ("k", LJ.staticArr(colors, LottieDecimals.color))])),
            ] + extra)
    }
}

extension ArtContent {
    var isShape: Bool { if case .shape = self { return true }; return false }
}

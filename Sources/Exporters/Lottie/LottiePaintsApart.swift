import FoundationEssentials
import Glibc
import JSONText

// A layer's opacity may move onto its paints only where no paint shows through another: where
// their painted areas never overlap, per-paint opacity composites the same picture as the
// layer's (LottieSolePaintOpacity.swift). The test is conservative: each paint's area is bounded
// by a box (its paths' vertices and handles, a stroke widened by half its width times the miter
// or square-cap reach), on every stretch of time between two keys of any property, a keyed value
// taken at both ends of its easing's reach (a handle past 0 or 1 overshoots); the boxes must be
// pairwise apart on every stretch. Anything it cannot bound (keyed group transforms, skew,
// stars, modifiers but trims) counts as overlapping.
extension LottieDocument {
    /// An axis-aligned box in the layer's space.
    struct PaintBox: Equatable {
        var minX, minY, maxX, maxY: Double

        func apart(from b: PaintBox) -> Bool { maxX < b.minX || b.maxX < minX || maxY < b.minY || b.maxY < minY }
        func union(_ b: PaintBox) -> PaintBox {
            PaintBox(minX: min(minX, b.minX), minY: min(minY, b.minY), maxX: max(maxX, b.maxX), maxY: max(maxY, b.maxY))
        }
        func widened(_ d: Double) -> PaintBox { PaintBox(minX: minX - d, minY: minY - d, maxX: maxX + d, maxY: maxY + d) }
        static func around(_ points: [(Double, Double)]) -> PaintBox? {
            guard let f = points.first else { return nil }
            return points.dropFirst().reduce(PaintBox(minX: f.0, minY: f.1, maxX: f.0, maxY: f.1)) {
                $0.union(PaintBox(minX: $1.0, minY: $1.1, maxX: $1.0, maxY: $1.1))
            }
        }
    }

    /// A static 2D affine map (x' = a x + c y + e, y' = b x + d y + f).
    struct PaintAffine {
        var a = 1.0, b = 0.0, c = 0.0, d = 1.0, e = 0.0, f = 0.0
        func then(_ m: PaintAffine) -> PaintAffine {
            PaintAffine(
                a: m.a * a + m.c * b, b: m.b * a + m.d * b, c: m.a * c + m.c * d, d: m.b * c + m.d * d,
                e: m.a * e + m.c * f + m.e, f: m.b * e + m.d * f + m.f)
        }
        func box(_ r: PaintBox) -> PaintBox {
            let corners = [(r.minX, r.minY), (r.maxX, r.minY), (r.minX, r.maxY), (r.maxX, r.maxY)]
            return PaintBox.around(corners.map { (a * $0.0 + c * $0.1 + e, b * $0.0 + d * $0.1 + f) })!
        }
        /// At least the largest stretch of any direction (the Frobenius norm of the 2x2 part).
        var stretch: Double { (a * a + b * b + c * c + d * d).squareRoot() }
    }

    /// One path as a paint reaches it: its item, and the map from its group to the layer.
    struct PaintedPath { let item: JSONValue, map: PaintAffine }
    /// One paint: the paths it paints, its own group's map, and how far a stroke reaches past them.
    struct PaintReach { let paths: [PaintedPath], map: PaintAffine, outset: Double }

    /// Whether the paints in a layer's shapes never overlap (see above); false when there are
    /// fewer than two or anything cannot be bounded.
    static func paintsApart(_ shapes: [JSONValue]) -> Bool {
        var paints: [PaintReach] = []
        guard collectPaints(shapes, map: PaintAffine(), into: &paints) != nil, paints.count > 1 else { return false }
        let times = Array(Set(keyTimes(.array(shapes)))).sorted()
        let stretches: [(Double, Double)?] = times.count < 2 ? [nil] : zip(times, times.dropFirst()).map { ($0, $1) }
        for stretch in stretches {
            var boxes: [PaintBox] = []
            for paint in paints {
                var box: PaintBox?
                for path in paint.paths {
                    guard let b = pathBox(path.item, during: stretch) else { return false }
                    let inLayer = path.map.box(b).widened(paint.outset * max(path.map.stretch, paint.map.stretch))
                    box = box.map { $0.union(inLayer) } ?? inLayer
                }
                if let box { boxes.append(box) }
            }
            for i in boxes.indices { for j in boxes.indices where j > i { if !boxes[i].apart(from: boxes[j]) { return false } } }
        }
        return true
    }

    /// The paths in `items` (groups included) after adding their paints to `paints`; nil when
    /// something cannot be bounded. A paint paints every path before it in its list, nested
    /// groups' included (as After Effects, lottie-web, rlottie and ThorVG read it).
    static func collectPaints(_ items: [JSONValue], map outer: PaintAffine, into paints: inout [PaintReach]) -> [PaintedPath]? {
        var map = outer
        if let tr = items.first(where: { $0["ty"] == .string("tr") }) {
            guard let own = groupMap(tr) else { return nil }
            map = own.then(outer)
        }
        var before: [PaintedPath] = []
        for item in items {
            guard case .string(let ty)? = item["ty"] else { return nil }
            switch ty {
            case "gr":
                guard case .array(let inner)? = item["it"], let paths = collectPaints(inner, map: map, into: &paints) else { return nil }
                before += paths
            case "sh", "rc", "el": before.append(PaintedPath(item: item, map: map))
            case "fl", "gf": paints.append(PaintReach(paths: before, map: map, outset: 0))
            case "st", "gs":
                guard let w = widest(item["w"]) else { return nil }
                paints.append(PaintReach(paths: before, map: map, outset: w / 2 * strokeReach(item)))
            case "tr", "tm": continue
            default: return nil
            }
        }
        return before
    }

    /// How far past the path a stroke of width 1 reaches, in half widths: a miter join up to its
    /// limit (10 when unwritten, above any player's default), a square cap √2.
    static func strokeReach(_ stroke: JSONValue) -> Double {
        let square = stroke["lc"] == .number(3) ? 2.0.squareRoot() : 1
        guard stroke["lj"] == nil || stroke["lj"] == .number(1) else { return square }
        let limit: Double = if case .number(let m)? = stroke["ml"] { m } else if case .number(let m)? = stroke["ml2"]?["k"] { m } else { 10 }
        return max(square, limit)
    }

    /// A static group transform's map; nil when keyed or skewed.
    static func groupMap(_ tr: JSONValue) -> PaintAffine? {
        func value(_ key: String) -> JSONValue? { tr[key].flatMap { $0["a"] == .number(1) ? nil : $0["k"] } }
        for key in ["a", "p", "s", "r", "o", "sk", "sa"] where tr[key] != nil && value(key) == nil { return nil }
        if let sk = value("sk"), sk != .number(0) { return nil }
        func pair(_ key: String, _ d: Double) -> (Double, Double) {
            value(key).flatMap(point) ?? (d, d)
        }
        let (ax, ay) = pair("a", 0), (px, py) = pair("p", 0), (sx, sy) = pair("s", 100)
        let r: Double = if case .number(let deg)? = value("r") { deg * .pi / 180 } else { 0 }
        let (cs, sn) = (cos(r), sin(r))
        let (a, b, c, d) = (cs * sx / 100, sn * sx / 100, -sn * sy / 100, cs * sy / 100)
        return PaintAffine(a: a, b: b, c: c, d: d, e: px - a * ax - c * ay, f: py - b * ax - d * ay)
    }

    /// A stroke width's largest value at any time; nil when unreadable.
    static func widest(_ w: JSONValue?) -> Double? {
        guard let w, let values = values(w, during: nil, anyTime: true) else { return nil }
        let ws = values.compactMap { v -> Double? in if case .number(let x) = v { abs(x) } else { nil } }
        return ws.count == values.count ? ws.max() : nil
    }

    /// A path item's box during a stretch of time (any time when nil); nil when unreadable.
    static func pathBox(_ item: JSONValue, during stretch: (Double, Double)?) -> PaintBox? {
        if item["ty"] == .string("sh") {
            guard let prop = item["ks"], let shapes = values(prop, during: stretch) else { return nil }
            var box: PaintBox?
            for shape in shapes {
                guard let b = shapeBox(shape) else { return nil }
                box = box.map { $0.union(b) } ?? b
            }
            return box
        }
        // A rectangle (its corners rounded inside) or an ellipse: its centre and size.
        guard let p = item["p"].flatMap({ values($0, during: stretch) }), let s = item["s"].flatMap({ values($0, during: stretch) }) else { return nil }
        var points: [(Double, Double)] = []
        for pv in p {
            for sv in s {
                guard let (cx, cy) = point(pv), let (w, h) = point(sv) else { return nil }
                points += [(cx - w / 2, cy - h / 2), (cx + w / 2, cy + h / 2)]
            }
        }
        return PaintBox.around(points)
    }

    static func point(_ v: JSONValue) -> (Double, Double)? {
        guard let xs = v.arrayItems, xs.count >= 2, case .number(let x) = xs[0], case .number(let y) = xs[1] else { return nil }
        return (x, y)
    }

    /// The box of a Bézier shape's vertices and handles (which hold the curve).
    static func shapeBox(_ shape: JSONValue) -> PaintBox? {
        var shape = shape
        if case .array(let one) = shape, one.count == 1 { shape = one[0] }
        guard let vs = shape["v"]?.arrayItems else { return nil }
        let ins = shape["i"]?.arrayItems ?? []
        let outs = shape["o"]?.arrayItems ?? []
        var points: [(Double, Double)] = []
        for (n, v) in vs.enumerated() {
            guard let (x, y) = point(v) else { return nil }
            points.append((x, y))
            for handles in [ins, outs] where n < handles.count {
                guard let (dx, dy) = point(handles[n]) else { return nil }
                points.append((x + dx, y + dy))
            }
        }
        return PaintBox.around(points)
    }

    /// Every key time in a value, at any depth.
    static func keyTimes(_ v: JSONValue) -> [Double] {
        switch v {
        case .array(let xs): return xs.flatMap(keyTimes)
        case .written(let w): return keyTimes(w.value)
        case .object(let members):
            if v["a"] == .number(1), case .array(let keys)? = v["k"] {
                return keys.compactMap { if case .number(let t)? = $0["t"] { t } else { nil } }
            }
            return members.flatMap { keyTimes($0.value) }
        default: return []
        }
    }

    /// The values a property can take during a stretch of time lying between two of its key
    /// times (every value it can take when nil or `anyTime`): a static value, a held key, or a
    /// span's values at both ends of its easing's reach (the eased progress stays between the
    /// smallest and largest of 0, 1 and the handles' y). Nil when unreadable.
    static func values(_ prop: JSONValue, during stretch: (Double, Double)?, anyTime: Bool = false) -> [JSONValue]? {
        guard prop["a"] == .number(1) else { return prop["k"].map { [$0] } }
        guard case .array(let keys)? = prop["k"], !keys.isEmpty else { return nil }
        func time(_ n: Int) -> Double? { if case .number(let t)? = keys[n]["t"] { t } else { nil } }
        func start(_ n: Int) -> JSONValue? { keys[n]["s"] ?? (n > 0 ? keys[n - 1]["e"] : nil) }
        func span(_ n: Int) -> [JSONValue]? {
            guard let a = start(n) else { return nil }
            if n == keys.count - 1 || keys[n]["h"] == .number(1) { return [a] }
            guard let b = keys[n]["e"] ?? start(n + 1) else { return nil }
            var ys: [Double] = [0, 1]
            for handle in ["o", "i"] {
                switch keys[n][handle]?["y"] {
                case .number(let y)?: ys.append(y)
                case let list?: ys += (list.arrayItems ?? []).compactMap { if case .number(let y) = $0 { y } else { nil } }
                case nil: break
                }
            }
            guard let low = lerp(a, b, ys.min()!), let high = lerp(a, b, ys.max()!) else { return nil }
            return [low, high]
        }
        guard let (from, to) = stretch, !anyTime else {
            var all: [JSONValue] = []
            for n in keys.indices { guard let v = span(n) else { return nil }; all += v }
            return all
        }
        guard let first = time(0) else { return nil }
        if to <= first { return start(0).map { [$0] } }
        guard let n = keys.indices.last(where: { (time($0) ?? .infinity) <= from }) else { return nil }
        return span(n)
    }

    /// a + (b - a) t, member by member; nil when their shapes differ.
    static func lerp(_ a: JSONValue, _ b: JSONValue, _ t: Double) -> JSONValue? {
        switch (a, b) {
        case let (.number(x), .number(y)): return .number(x + (y - x) * t)
        case let (.numbers(xs), .numbers(ys)) where xs.rowWidth == ys.rowWidth && xs.values.count == ys.values.count:
            return .numbers(JSONNumbers(zip(xs.values, ys.values).map { x, y in x + (y - x) * t }, rowWidth: xs.rowWidth))
        case (.array, .array), (.array, .numbers), (.numbers, .array), (.numbers, .numbers):
            let (xs, ys) = (a.arrayItems!, b.arrayItems!)
            guard xs.count == ys.count else { return nil }
            var out: [JSONValue] = []
            for (x, y) in zip(xs, ys) { guard let v = lerp(x, y, t) else { return nil }; out.append(v) }
            return .array(out)
        case let (.object(xs), .object(ys)) where xs.map(\.key) == ys.map(\.key):
            var out: [(key: String, value: JSONValue)] = []
            for (x, y) in zip(xs, ys) { guard let v = lerp(x.value, y.value, t) else { return nil }; out.append((x.key, v)) }
            return .object(out)
        default: return a == b ? a : nil
        }
    }
}

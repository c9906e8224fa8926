import JSONText
import Keyframes
import Motion
import Simulation
// What a layer draws in its own bounds space, as Lottie shapes: a rounded rect / ellipse with a
// solid or linear-gradient fill, text bars, or a snapshot's frozen art stretched to the bounds.
// Mirrors SVGPaint. Every drawable is its own group (`gr` with its `tr` last), since a fill
// applies to all shapes before it in its group; in a group's `it`, the first item is on top.
import TransitionModel

extension LottieDocument {
    // MARK: Paint

    /// Layer i's own paint with its keyframes' size and rounded bounds (RoundedBounds.swift).
    func paint(layer i: Int, _ k: LayerKeyframes) -> [JSONValue] { paint(layer: i, size: k.size, cornerRadius: k.boundsRadius) }

    /// Layer i's own paint, top first (mirrors SVGPaint.paint).
    func paint(layer i: Int, size: KeyframeTrack<Size>, cornerRadius: KeyframeTrack<Double>) -> [JSONValue] {
        // The definition's parts read in place (Self.read): a bound copy of the layer retained every track.
        let (kind, fill, base) = Self.read(simulation.layers, i) { ($0.pointee.definition.kind, $0.pointee.definition.fill, $0.pointee.definition.size) }
        switch kind {
        case .group, .rect:
            guard let fill else { return [] }
            let size = size.lvec
            return [group([rect(size: size, radius: cornerRadius.lvec), self.fill(fill, size: size)], name: "fill")]
        case .ellipse:
            guard let fill else { return [] }
            let size = size.lvec
            return [group([ellipse(size: size), self.fill(fill, size: size)], name: "fill")]
        case .text:
            return stretched(size: size, from: base, Self.read(simulation.layers, i) { staticPaint($0.pointee.definition) })
        case .snapshot:
            guard let source = Self.read(simulation.layers, i, { $0.pointee.snapshotSource }) else { return [] }
            return stretched(size: size, from: Self.read(simulation.layers, source) { $0.pointee.definition.size }, snapshotArt(source))
        case .artwork(let art):
            let background = fill.map { [group([rect(size: size.lvec, radius: cornerRadius.lvec), self.fill($0, size: size.lvec)], name: "fill")] }
            // Art split around clip paths is drawn by a precomp above this layer (LottieArtPieces.swift),
            // art from its lowest opacity over overlapping shapes up by layers (LottieArtOpacityRuns.swift).
            let items = ownArtItems(i, art, bounds: base)
            return stretched(size: size, from: base, items) + (background ?? [])
        }
    }

    /// Content laid out at `base` size, scaled to the current bounds (contentsGravity resize).
    func stretched(size: KeyframeTrack<Size>, from base: Size, _ content: [JSONValue]) -> [JSONValue] {
        guard !content.isEmpty else { return [] }
        let factor = size.map { s in
            LVec([base.width > 0 ? s.width / base.width * 100 : 0, base.height > 0 ? s.height / base.height * 100 : 0])
        }
        if !factor.isAnimated, factor.initialValue == LVec([100, 100]) { return content }
        let scale = props.property(factor, decimals: LottieDecimals.scalePercent, kind: .vector)
        return [group(content, name: "stretch", transform: transformJSON(scale: scale))]
    }

    /// A definition's paint at its initial state (text bars, snapshots' art). `artItems`: its
    /// art's items as `checkArtwork` made them for its layer (the same call), if it did.
    func staticPaint(_ d: LayerDefinition, artItems: [JSONValue]? = nil) -> [JSONValue] {
        let size = KeyframeTrack<LVec>.constant(LVec([d.size.width, d.size.height]))
        if case .artwork(let art) = d.kind {
            let radius = KeyframeTrack<LVec>.constant(LVec([d.numbers.boundsRadius]))
            let background = d.fill.map { [group([rect(size: size, radius: radius), self.fill($0, size: size)], name: "fill")] }
            return (artItems ?? artworkItems(art, bounds: d.size)) + (background ?? [])
        }
        guard let fill = d.fill else { return [] }
        switch d.kind {
        case .artwork: return []
        case .group, .rect, .snapshot:
            return [group([rect(size: size, radius: .constant(LVec([d.numbers.boundsRadius]))), self.fill(fill, size: size)], name: "fill")]
        case .ellipse:
            return [group([ellipse(size: size), self.fill(fill, size: size)], name: "fill")]
        case .text(let lines):
            // Top first: the last bar is drawn last in SVG, so it comes first here.
            return TextBars.bars(size: d.size, lines: lines).reversed().map { bar in
                let barSize = KeyframeTrack<LVec>.constant(LVec([bar.size.width, bar.size.height]))
                return group(
                    [
                        rect(
                            center: .constant(LVec([bar.midX, bar.midY])), size: barSize,
                            radius: .constant(LVec([bar.size.height / 2]))),
                        self.fill(fill, size: barSize, origin: bar.origin),
                    ], name: "bar")
            }
        }
    }

    /// A snapshot's source layer tree at its initial (definition) state, no ids.
    func staticArtGroup(_ i: Int) -> JSONValue? {
        let layer = simulation.layers[i]
        let d = layer.definition
        guard !d.hidden else { return nil }
        let items = layer.children.reversed().compactMap(staticArtGroup) + staticPaint(d, artItems: artItemsMade[i])
        guard !items.isEmpty else { return nil }
        return group(
            items,
            transform: staticTransform(
                anchor: Point(d.anchorPoint.x * d.size.width, d.anchorPoint.y * d.size.height),
                position: d.position + d.transform.translation, scale: d.transform.scale,
                rotation: d.transform.rotation, opacity: d.opacity))
    }

    // MARK: Shapes

    /// `rc` covering the bounds (0, 0, w, h): centre w/2, h/2 (or `center`), size, corner radius.
    func rect(center: KeyframeTrack<LVec>? = nil, size: KeyframeTrack<LVec>, radius: KeyframeTrack<LVec>) -> JSONValue {
        let c = center ?? size.map { $0.scaled(by: 0.5) }
        return LJ.obj([("ty", LJ.str("rc")), ("p", props.position(c)), ("s", props.position(size)), ("r", props.length(radius))])
    }

    /// `el` inscribed in the bounds.
    func ellipse(size: KeyframeTrack<LVec>) -> JSONValue {
        LJ.obj([("ty", LJ.str("el")), ("p", props.position(size.map { $0.scaled(by: 0.5) })), ("s", props.position(size))])
    }

    func solidFill(_ c: Color, evenOdd: Bool = false) -> JSONValue {
        LJ.obj([
            ("ty", LJ.str("fl")),
            ("c", LJ.staticArr([c.red, c.green, c.blue].map { min(max($0, 0), 1) }, LottieDecimals.color)),
            ("o", LJ.staticNum(min(max(c.alpha, 0), 1) * 100, LottieDecimals.opacity)), ("r", LJ.int(evenOdd ? 2 : 1)),
        ])
    }

    /// A fill for a box at `origin` with `size`; gradient points are unit coordinates of the box.
    func fill(_ fill: Fill, size: KeyframeTrack<LVec>, origin: Point = .zero) -> JSONValue {
        switch fill {
        case .solid(let c):
            return solidFill(c)
        case .linearGradient(let g):
            func point(_ u: Point) -> JSONValue {
                props.position(size.map { LVec([origin.x + u.x * $0.c[0], origin.y + u.y * $0.c[1]]) })
            }
            let stops = g.stops.isEmpty ? [LinearGradient.Stop(offset: 0, color: .clear)] : g.stops
            var colors: [Double] = []
            for s in stops {
                colors += [s.offset, s.color.red, s.color.green, s.color.blue].map { min(max($0, 0), 1) }
            }
            if stops.contains(where: { $0.color.alpha < 1 }) {
                for s in stops { colors += [min(max(s.offset, 0), 1), min(max(s.color.alpha, 0), 1)] }
            }
            return LJ.obj([
                ("ty", LJ.str("gf")), ("o", LJ.staticNum(100, 0)), ("r", LJ.int(1)),
                ("s", point(g.start)), ("e", point(g.end)), ("t", LJ.int(1)),
                ("g", LJ.obj([("p", LJ.int(stops.count)), ("k", LJ.staticArr(colors, LottieDecimals.color))])),
            ])
        }
    }

    // MARK: Groups and transforms

    /// `gr` with its items (top first) and its `tr` last.
    func group(_ items: [JSONValue], name: String? = nil, transform: JSONValue? = nil) -> JSONValue {
        // Written straight to bytes (a group is the commonest object of the tree); its items'
        // texts copied in (most are written already).
        // Room for the items' texts (a group of large items grew its buffer several times).
        var capacity = 256
        for item in items { if case .written(let w) = item { capacity += w.bytes.count } }
        return LJ.built(capacity: capacity) { b in
            b.beginObject()
            b.key("ty")
            b.string("gr")
            if let name {
                b.key("nm")
                b.string(name)
            }
            b.key("np")
            b.int(items.count)
            b.key("it")
            b.beginArray()
            for item in items { b.value(item) }
            b.value(transform ?? identityTransform(layer: false))
            b.endArray()
            b.endObject()
        }
    }

    /// A layer `ks` (a p s r o) or a group `tr` (ty "tr", a p s r o); parts not given are identity.
    /// A group's `tr` leaves out every part that is the identity but `o`: the schema requires none,
    /// rlottie and ThorVG default them all, lottie-web all but `o` (its SVG renderer reads the
    /// group opacity's keyframes and draws nothing without it; docs/lottie.md#short-forms).
    func transformJSON(
        anchor: JSONValue? = nil, position: JSONValue? = nil, scale: JSONValue? = nil,
        rotation: JSONValue? = nil, opacity: JSONValue? = nil, layer: Bool = false
    ) -> JSONValue {
        LJ.built(capacity: 128) { b in
            b.beginObject()
            if !layer {
                b.key("ty")
                b.string("tr")
            }
            // Part k of identityParts (4 is `o`); a part not given is the identity, compared with
            // nothing (both written: compared by their texts, JSONValue.==).
            func part(_ k: Int, _ key: StaticString, _ value: JSONValue?) {
                let identity = Self.identityParts[k]
                if let value {
                    guard layer || k == 4 || value != identity.value else { return }
                    b.key(key)
                    b.value(value)
                } else if layer || k == 4 {
                    b.key(key)
                    b.value(identity.value)
                }
            }
            part(0, "a", anchor)
            part(1, "p", position)
            part(2, "s", scale)
            part(3, "r", rotation)
            part(4, "o", opacity)
            b.endObject()
        }
    }

    /// Each transform part at the identity, in `ks` and `tr` order; made once (each group's `tr`
    /// rebuilt them: BENCHMARKS.md#batch2d2-the-lottie-tree-2026-12-04).
    private static let identityParts: LJ.Members = [
        ("a", LJ.staticArr([0, 0], 0)), ("p", LJ.staticArr([0, 0], 0)),
        ("s", LJ.staticArr([100, 100], 0)), ("r", LJ.staticNum(0, 0)), ("o", LJ.staticNum(100, 0)),
    ]

    /// `transformJSON(layer:)` with no part given, made once (a `tr` in every shape group).
    func identityTransform(layer: Bool) -> JSONValue { layer ? Self.identityLayerTransform : Self.identityGroupTransform }
    private static let identityLayerTransform = LJ.built { b in
        b.beginObject()
        let keys: [StaticString] = ["a", "p", "s", "r", "o"]  // identityParts' keys
        for k in keys.indices {
            b.key(keys[k])
            b.value(identityParts[k].value)
        }
        b.endObject()
    }
    private static let identityGroupTransform = LJ.built { b in
        b.beginObject()
        b.key("ty")
        b.string("tr")
        b.key("o")
        b.value(identityParts[4].value)
        b.endObject()
    }

    /// A group's `tr`, as `transformJSON` writes it: a part that rounds to the identity is left
    /// out, the others (they differ from it) and `o` are written. Straight to bytes, with no part
    /// compared with its identity once made (a static group each; most only move).
    func staticTransform(anchor: Point, position: Point, scale: Point, rotation: Double, opacity: Double) -> JSONValue {
        LJ.built(capacity: 128) { b in
            b.beginObject()
            b.key("ty")
            b.string("tr")
            func pair(_ key: StaticString, _ x: Double, _ y: Double, _ decimals: Int, identity: Double) {
                let (rx, ry) = (NumberFormat.round(x, decimals: decimals), NumberFormat.round(y, decimals: decimals))
                guard rx != identity || ry != identity else { return }
                b.key(key)
                b.still { $0.numbers([rx, ry]) }
            }
            pair("a", anchor.x, anchor.y, LottieDecimals.length, identity: 0)
            pair("p", position.x, position.y, LottieDecimals.length, identity: 0)
            pair("s", scale.x * 100, scale.y * 100, LottieDecimals.scalePercent, identity: 100)
            let degrees = NumberFormat.round(rotation * 180 / .pi, decimals: LottieDecimals.degrees)
            if degrees != 0 {
                b.key("r")
                b.still { $0.number(degrees) }
            }
            b.key("o")
            b.value(LJ.staticNum(opacity * 100, LottieDecimals.opacity))
            b.endObject()
        }
    }
}

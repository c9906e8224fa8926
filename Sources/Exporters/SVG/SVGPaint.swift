import JSONText
import Keyframes
import Motion
import Simulation
// What a layer draws in its own bounds space: its fill shape, text bars, or a snapshot's
// frozen art stretched to the bounds.
import TransitionModel

struct SVGPaint {
    let document: SVGDocument
    var xml: XMLTextWriter { document.xml }

    /// Layer i's own paint with its keyframes' size and corner radius.
    func paint(layer i: Int, _ k: LayerKeyframes) { paint(layer: i, size: k.size, cornerRadius: k.boundsRadius) }

    func paint(layer i: Int, size: KeyframeTrack<Size>, cornerRadius: KeyframeTrack<Double>) {
        // The layer's parts read apart: binding the whole layer copied every track (and `placedRect`'s argument).
        let def = document.simulation.layers[i].definition
        switch def.kind {
        case .group, .rect:
            if let fill = def.fill { boundsRect(size: size, cornerRadius: cornerRadius, fill: fill) }
        case .ellipse:
            if let fill = def.fill { ellipse(size: size, fill: fill) }
        case .text:
            stretched(size: size, from: def.size) { staticPaint(def) }
        case .snapshot:
            guard let capture = document.simulation.capture(of: i) else { return }
            let source = document.simulation.layers[capture.source].definition
            stretched(size: size, from: source.size) {
                // A snapshot shows the source's bounds only; a source that clips cuts itself below.
                let cut = capture.cuts && !source.clipsToBounds
                if cut { clipGroup(size: source.size, cornerRadius: 0) }
                document.writeStaticArt(capture.source, .content)
                if cut { xml.end() }
            }
        case .artwork(let art):
            if let fill = def.fill { boundsRect(size: size, cornerRadius: cornerRadius, fill: fill) }
            stretched(size: size, from: def.size) { artwork(art, bounds: def.size) }
        }
    }

    /// The layer's rounded bounds as keyframed (RoundedBounds.swift).
    func boundsRect(_ k: LayerKeyframes, fill: Fill?) { boundsRect(size: k.size, cornerRadius: k.boundsRadius, fill: fill) }

    /// `<rect>` covering the bounds, with animated width/height/rx where they change.
    func boundsRect(size: KeyframeTrack<Size>, cornerRadius: KeyframeTrack<Double>, fill: Fill?) {
        let s = size.initialValue
        // A gradient's element comes first; the attributes are then written straight (no arrays).
        let gradient = fill.flatMap { gradientReference($0, bounds: size.isAnimated ? nil : s) }
        xml.start("rect")
        xml.attribute("width", SVGNumber.length(s.width))
        xml.attribute("height", SVGNumber.length(s.height))
        if cornerRadius.isAnimated || cornerRadius.initialValue > 0 { xml.attribute("rx", SVGNumber.length(cornerRadius.initialValue)) }
        if let fill { writeFill(fill, gradient: gradient) }
        // A size that never changes has no animated side: not mapped (static art's rects, most of them).
        if size.isAnimated {
            document.animate(size.map { $0.width }, "width", drawing: .size, SVGNumber.length)
            document.animate(size.map { $0.height }, "height", drawing: .size, SVGNumber.length)
        }
        document.animate(cornerRadius, "rx", drawing: .cornerRadius, SVGNumber.length)
        xml.end()
    }

    func ellipse(size: KeyframeTrack<Size>, fill: Fill) {
        let s = size.initialValue
        let gradient = gradientReference(fill, bounds: size.isAnimated ? nil : s)
        let cx = SVGNumber.length(s.width / 2), cy = SVGNumber.length(s.height / 2)
        xml.start("ellipse")
        xml.attribute("cx", cx)
        xml.attribute("cy", cy)
        xml.attribute("rx", cx)
        xml.attribute("ry", cy)
        writeFill(fill, gradient: gradient)
        // A size that never changes has no animated side: not mapped.
        if size.isAnimated {
            let half = size.map { Size($0.width / 2, $0.height / 2) }
            for (name, track) in [
                ("cx", half.map { $0.width }), ("rx", half.map { $0.width }), ("cy", half.map { $0.height }), ("ry", half.map { $0.height }),
            ] {
                document.animate(track, name, drawing: .size, SVGNumber.length)
            }
        }
        xml.end()
    }

    /// Content laid out at `base` size and stretched to the current bounds (contentsGravity resize).
    func stretched(size: KeyframeTrack<Size>, from base: Size, content: () -> Void) {
        let factor = size.map { Point(base.width > 0 ? $0.width / base.width : 0, base.height > 0 ? $0.height / base.height : 0) }
        let open = document.transformGroup("scale", factor, SVGNumber.factors, identity: Point(1, 1))
        content()
        if open { xml.end() }
    }

    // MARK: Static art (snapshots, text)

    /// A definition layer drawn at its initial state, without ids (a snapshot may repeat its source).
    func staticLayer(_ i: Int) {
        let d = document.simulation.layers[i].definition
        guard !d.hidden else { return }
        if let (r, fill) = document.simulation.layers.withUnsafeBufferPointer({ placedRect($0.baseAddress! + i) }) {
            xml.start("rect")
            if r.minX != 0 { xml.attribute("x", SVGNumber.length(r.minX)) }
            if r.minY != 0 { xml.attribute("y", SVGNumber.length(r.minY)) }
            xml.attribute("width", SVGNumber.length(r.size.width))
            xml.attribute("height", SVGNumber.length(r.size.height))
            writeFill(fill, gradient: nil)
            xml.end()
            return
        }
        let a = Point(d.anchorPoint.x * d.size.width, d.anchorPoint.y * d.size.height)
        // One String, numbers appended straight (BENCHMARKS.md#svgtext35b-svg-attribute-text-same-bytes-2026-12-05).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64)
        func function(_ name: StaticString, _ numbers: (Double, Double, Int)?, _ value: (Double, Int)? = nil) {
            if !bytes.isEmpty { bytes.append(0x20) }
            bytes.append(literal: name)
            bytes.append(0x28)  // (
            if let (x, y, decimals) = numbers {
                NumberFormat.append(x, maxDecimals: decimals, to: &bytes)
                bytes.append(0x20)
                NumberFormat.append(y, maxDecimals: decimals, to: &bytes)
            }
            if let (x, decimals) = value { NumberFormat.append(x, maxDecimals: decimals, to: &bytes) }
            bytes.append(0x29)  // )
        }
        function("translate", (d.position.x, d.position.y, 4))
        if d.transform.translation != .zero { function("translate", (d.transform.translation.x, d.transform.translation.y, 4)) }
        if d.transform.rotation != 0 { function("rotate", nil, (d.transform.rotation * 180 / .pi, 5)) }
        if d.transform.scale != Point(1, 1) { function("scale", (d.transform.scale.x, d.transform.scale.y, 6)) }
        if a != .zero { function("translate", (-a.x, -a.y, 4)) }
        bytes.append(0)
        xml.start("g")
        xml.attribute("transform", cString: bytes)
        if d.opacity != 1 { for (name, value) in document.stillOpacity(d.opacity, decimals: 6) { xml.attribute(name, value) } }
        staticContent(of: i)
        xml.end()
    }

    /// Sublayers in turn, each by `write`, but a run of static opaque rects of one colour as one
    /// path: drawn in turn they paint their union (the branch labels' pixel font, 5-10 bars a
    /// letter: flip-edge-pan.svg -6.6 KB).
    func sublayers(_ indices: [Int], _ write: (Int) -> Void) {
        // Each sublayer's rect found once (a run's were looked up three times each).
        let rects = indices.map(opaqueRect)
        var n = 0
        while n < indices.count {
            let color = rects[n]?.color
            var end = n + 1
            if let color { while end < indices.count, rects[end]?.color == color { end += 1 } }
            guard end - n > 1, let color else {
                write(indices[n])
                n += 1
                continue
            }
            // Bytes, not a String: its appends cost ~1,700 instructions a rect.
            var d: [UInt8] = []
            d.reserveCapacity(32 * (end - n) + 1)
            for found in rects[n..<end] {
                let r = found!.rect
                d.append(0x4D)  // M
                NumberFormat.append(r.minX, maxDecimals: 4, to: &d)
                d.append(0x20)
                NumberFormat.append(r.minY, maxDecimals: 4, to: &d)
                d.append(0x68)  // h
                let w = d.count
                NumberFormat.append(r.size.width, maxDecimals: 4, to: &d)
                let width = w..<d.count
                d.append(0x76)  // v
                NumberFormat.append(r.size.height, maxDecimals: 4, to: &d)
                d.append(0x68)  // h
                d.append(0x2D)  // -
                for k in width { d.append(d[k]) }  // the width's text again (a slice of `d` would copy it)
                d.append(0x7A)  // z
            }
            d.append(0)
            xml.start("path")
            xml.attribute("d", cString: d)
            writeFill(.solid(color), gradient: nil)
            xml.end()
            n = end
        }
    }

    /// A visible static layer drawn as one opaque solid rect in its parent's space.
    private func opaqueRect(_ i: Int) -> (rect: Rect, color: Color)? {
        // Read in place: binding the definition copied it, for each sublayer of every followed layer.
        guard !document.isFollowed(i) else { return nil }
        return document.simulation.layers.withUnsafeBufferPointer { layers in
            let l = layers.baseAddress! + i
            guard !l.pointee.definition.hidden, let (rect, fill) = placedRect(l),
                case .solid(let color) = fill, color.alpha == 1
            else { return nil }
            return (rect, color)
        }
    }

    /// A solid rect without sublayers moved only by translations: its rect in its parent's
    /// space, written as one `<rect x y>` without its `<g>` (the branch labels' pixel font is
    /// hundreds of them: flip-edge-pan.svg about 15 KB of groups).
    /// The layer is read in place: passing its definition copied it (every String and array
    /// retained), for each sublayer of every followed layer.
    private func placedRect(_ l: UnsafePointer<SimulatedLayer>) -> (rect: Rect, fill: Fill)? {
        guard l.pointee.children.isEmpty, !l.pointee.definition.clipsToBounds, l.pointee.definition.numbers[.opacity] == 1,
            l.pointee.definition.transform.rotation == 0, l.pointee.definition.transform.scale == Point(1, 1),
            l.pointee.definition.numbers.boundsRadius == 0, let fill = l.pointee.definition.fill, case .solid = fill
        else { return nil }
        switch l.pointee.definition.kind {
        case .rect, .group: break
        default: return nil
        }
        let (position, size, anchor, translation) = (
            l.pointee.definition.position, l.pointee.definition.size, l.pointee.definition.anchorPoint, l.pointee.definition.transform.translation
        )
        let a = Point(anchor.x * size.width, anchor.y * size.height)
        let origin = Point(position.x + translation.x - a.x, position.y + translation.y - a.y)
        return (Rect(origin: origin, size: size), fill)
    }

    /// A layer's own paint and sublayers in its bounds space, clipped when it clips to bounds.
    func staticContent(of i: Int) {
        let d = document.simulation.layers[i].definition
        if d.clipsToBounds { clipGroup(size: d.size, cornerRadius: d.numbers.boundsRadius) }
        staticPaint(d)
        sublayers(document.simulation.layers[i].children, staticLayer)
        if d.clipsToBounds { xml.end() }
    }

    /// Opens a `<g>` clipped to the bounds rect (0, 0, size) with rounded corners; the caller ends it.
    func clipGroup(size: Size, cornerRadius: Double) {
        let clipID = document.newID("clip")
        xml.start("clipPath", [("id", clipID)])
        boundsRect(size: .constant(size), cornerRadius: .constant(cornerRadius), fill: nil)
        xml.end()
        xml.start("g", [("clip-path", "url(#\(clipID))")])
    }

    func staticPaint(_ d: LayerDefinition) {
        if case .artwork(let art) = d.kind {
            if let fill = d.fill { boundsRect(size: .constant(d.size), cornerRadius: .constant(d.numbers.boundsRadius), fill: fill) }
            return artwork(art, bounds: d.size)
        }
        guard let fill = d.fill else { return }
        switch d.kind {
        case .artwork: break
        case .group, .rect, .snapshot:
            boundsRect(size: .constant(d.size), cornerRadius: .constant(d.numbers.boundsRadius), fill: fill)
        case .ellipse:
            ellipse(size: .constant(d.size), fill: fill)
        case .text(let lines):
            for bar in TextBars.bars(size: d.size, lines: lines) {
                let gradient = gradientReference(fill, bounds: nil)
                xml.start("rect")
                xml.attribute("x", "0")
                xml.attribute("y", SVGNumber.length(bar.minY))
                xml.attribute("width", SVGNumber.length(bar.size.width))
                xml.attribute("height", SVGNumber.length(bar.size.height))
                xml.attribute("rx", SVGNumber.length(bar.size.height / 2))
                writeFill(fill, gradient: gradient)
                xml.end()
            }
        }
    }

    // MARK: Fills

    /// `bounds`: the shape's box when it never changes size. A gradient along an axis is then written
    /// in userSpaceOnUse (what animation importers read), which draws the same as the box's units;
    /// a diagonal one, or one on a resizing shape, stays in objectBoundingBox (its isolines differ).
    func fillAttributes(_ fill: Fill, bounds: Size? = nil) -> [(String, String)] {
        if let gradient = gradientReference(fill, bounds: bounds) { return [("fill", gradient)] }
        return Self.fillAttributes(fill)
    }

    /// The fill's attributes written straight into the open element; `gradient` is what
    /// `gradientReference` returned for it (written before the element was opened).
    func writeFill(_ fill: Fill, gradient: String?) {
        if let gradient { return xml.attribute("fill", gradient) }
        guard case .solid(let c) = fill else { return }
        xml.attribute("fill", SVGColor.hex(c))
        if c.alpha < 1 { xml.attribute("fill-opacity", SVGNumber.factor(c.alpha)) }
    }

    /// A gradient fill's `<linearGradient>` written now and its `url(#id)`; nil for a solid fill.
    func gradientReference(_ fill: Fill, bounds: Size?) -> String? {
        switch fill {
        case .solid:
            return nil
        case .linearGradient(let g):
            let id = document.newID("gradient")
            // Attributes written straight, in the order they always had (no arrays).
            xml.start("linearGradient")
            xml.attribute("id", id)
            if let b = bounds, g.start.x == g.end.x || g.start.y == g.end.y {
                xml.attribute("gradientUnits", "userSpaceOnUse")
                xml.attribute("x1", SVGNumber.length(g.start.x * b.width))
                xml.attribute("y1", SVGNumber.length(g.start.y * b.height))
                xml.attribute("x2", SVGNumber.length(g.end.x * b.width))
                xml.attribute("y2", SVGNumber.length(g.end.y * b.height))
            } else {
                xml.attribute("x1", SVGNumber.factor(g.start.x))
                xml.attribute("y1", SVGNumber.factor(g.start.y))
                xml.attribute("x2", SVGNumber.factor(g.end.x))
                xml.attribute("y2", SVGNumber.factor(g.end.y))
            }
            for s in g.stops {
                xml.start("stop")
                xml.attribute("offset", SVGNumber.factor(s.offset))
                xml.attribute("stop-color", SVGColor.hex(s.color))
                if s.color.alpha < 1 { xml.attribute("stop-opacity", SVGNumber.factor(s.color.alpha)) }
                xml.end()
            }
            xml.end()
            return "url(#\(id))"
        }
    }

    static func fillAttributes(_ fill: Fill) -> [(String, String)] {
        guard case .solid(let c) = fill else { return [] }
        var attrs = [("fill", SVGColor.hex(c))]
        if c.alpha < 1 { attrs.append(("fill-opacity", SVGNumber.factor(c.alpha))) }
        return attrs
    }
}

enum SVGColor {
    /// `#rrggbb`, lowercase; its 7 bytes written into a small String (no String per byte).
    static func hex(_ c: Color) -> String { hex(red: c.red, green: c.green, blue: c.blue) }

    /// The same text from three components (an artwork's colours too).
    static func hex(red: Double, green: Double, blue: Double) -> String {
        String(unsafeUninitializedCapacity: 7) { out in
            let digits: StaticString = "0123456789abcdef"
            func byte(_ v: Double, at n: Int) {
                let b = Int((min(max(v, 0), 1) * 255).rounded())
                out[n] = digits.utf8Start[b >> 4]
                out[n + 1] = digits.utf8Start[b & 15]
            }
            out[0] = 0x23  // #
            byte(red, at: 1)
            byte(green, at: 3)
            byte(blue, at: 5)
            return 7
        }
    }
}

import JSONText

// rlottie 0.2 draws a shape layer whose `ks.o` is below 100 into a buffer the size of the canvas
// and blends it back with a truncating multiply (d·255 >> 8 where the layer paints nothing), so
// each such layer takes about 1/255 off every pixel drawn before it in the same buffer. In a
// group's precomp that is the group's own paint under it, and through the precomp's alpha the
// whole canvas comes out darker, one step per translucent member (measured:
// docs/lottie.md#group-opacity). A layer whose shapes hold one paint, or paints whose areas never
// overlap (LottiePaintsApart.swift), draws the same picture with each paint's `o` times the
// layer's opacity and `ks.o` 100 (no paint has another to show through), and rlottie applies a
// paint's `o` on the paint's own pixels only, as ThorVG and lottie-web do (gradients' `o` too).
extension LottieDocument {
    static let paintKinds: Set<String> = ["fl", "st", "gf", "gs"]

    /// The layer with its opacity on its paints; unchanged when it is not a shape layer, is a
    /// matte source, is opaque, holds no paint or several that may overlap, or a paint's
    /// opacity and the layer's are both keyed.
    static func solePaintOpacity(_ layer: JSONValue) -> JSONValue {
        guard int(layer, "ty") == 4, layer["td"] == nil, case .array(let shapes)? = layer["shapes"],
            let layerO = layer["ks"]?["o"], !isStaticHundred(layerO), paintCount(shapes) == 1 || paintsApart(shapes)
        else { return layer }
        var (moved, refused) = (false, false)
        func mapped(_ item: JSONValue) -> JSONValue {
            let item = item.unwritten  // a static group written once: rebuilt as its value (LottieStaticGroups.swift)
            guard case .object(let members) = item, case .string(let ty)? = item["ty"] else { return item }
            if ty == "gr", case .array(let items)? = item["it"] {
                return .object(members.map { $0.key == "it" ? (key: "it", value: .array(items.map(mapped))) : $0 })
            }
            guard paintKinds.contains(ty) else { return item }
            guard let o = product(item["o"] ?? LJ.staticNum(100, 0), layerO) else {
                refused = true
                return item
            }
            moved = true
            let kept = members.map { $0.key == "o" ? (key: "o", value: o) : $0 }
            return .object(item["o"] == nil ? kept + [(key: "o", value: o)] : kept)
        }
        let newShapes = JSONValue.array(shapes.map(mapped))
        guard moved, !refused, case .object(let members) = layer, case .object(let ks)? = layer["ks"]?.unwritten else { return layer }
        let opaqueKs = JSONValue.object(ks.map { $0.key == "o" ? (key: "o", value: LJ.staticNum(100, 0)) : $0 })
        return .object(members.map { m in m.key == "ks" ? (key: "ks", value: opaqueKs) : m.key == "shapes" ? (key: "shapes", value: newShapes) : m })
    }

    static func isStaticHundred(_ v: JSONValue) -> Bool { v["a"] != .number(1) && v["k"] == .number(100) }

    /// The paints (fills, strokes, gradients) in a layer's shapes, groups included.
    static func paintCount(_ items: [JSONValue]) -> Int {
        items.reduce(0) { n, item in
            guard case .string(let ty)? = item["ty"] else { return n }
            if ty == "gr", case .array(let inner)? = item["it"] { return n + paintCount(inner) }
            return n + (paintKinds.contains(ty) ? 1 : 0)
        }
    }

    /// Paint opacity times layer opacity (both 0..100): the layer's keys when the paint's is a
    /// static 100, the product when both are static, else nil.
    static func product(_ paint: JSONValue, _ layer: JSONValue) -> JSONValue? {
        guard case .number(let p)? = paint["k"], paint["a"] != .number(1) else { return nil }
        if isStaticHundred(paint) { return layer }
        guard case .number(let q)? = layer["k"], layer["a"] != .number(1) else { return nil }
        return LJ.staticNum(p * q / 100, LottieDecimals.opacity)
    }
}

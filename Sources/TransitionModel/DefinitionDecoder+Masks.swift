// Masks (`"mask": {"shape": …}`), `mask.*` changes, and the phase form that carries its own hold.
import JSONText

extension DefinitionDecoder {
    /// `{"shape": "rect", "frame", "cornerRadius"}`, `{"shape": "circle", "center", "radius"}` or
    /// `{"shape": "hole", "frame", "center", "radius"}`; a rect's frame defaults to the bounds.
    static func decodeMask(_ node: JSONNode, bounds: Size) throws -> LayerMask {
        _ = try node.object(allowed: ["shape", "frame", "cornerRadius", "center", "radius"])
        let shapeNode = try node.required("shape", "one of rect, circle, hole")
        let names = LayerMask.Shape.allCases.map(\.rawValue).joined(separator: ", ")
        guard let shape = LayerMask.Shape(rawValue: try shapeNode.string()) else {
            throw shapeNode.fail("unknown mask shape \"\(try shapeNode.string())\"; expected one of \(names)")
        }
        let members: [LayerMask.Shape: [String]] = [
            .rect: ["frame", "cornerRadius"], .circle: ["center", "radius"],
            .hole: ["frame", "center", "radius"],
        ]
        for key in ["frame", "cornerRadius", "center", "radius"] where !members[shape]!.contains(key) {
            if let n = node.child(key) { throw n.fail("a \(shape.rawValue) mask has no \"\(key)\"; it takes \(members[shape]!.joined(separator: ", "))") }
        }
        var mask = LayerMask(shape: shape, frame: Rect(origin: .zero, size: bounds))
        if let n = node.child("frame") { mask.frame = try n.rect() }
        if let n = node.child("cornerRadius") { mask.cornerRadius = try n.nonNegative() }
        if shape != .rect {
            mask.center = try node.required("center", "the circle's centre [x, y] in the layer's bounds").point()
            mask.radius = try node.required("radius", "the circle's radius ≥ 0").nonNegative()
        }
        return mask
    }

    /// A phase is a list of blocks, or `{"holdBefore": seconds, "blocks": [...]}` when it has its
    /// own hold (0: it starts when the previous phase ends).
    static func phaseBlocks(_ node: JSONNode) throws -> JSONNode {
        guard case .object = node.node.value else { return node }
        _ = try node.object(allowed: ["holdBefore", "blocks"])
        return try node.required("blocks", "the phase's animation blocks")
    }

    /// A `mask.*` change needs a layer with a mask of a shape that has that property.
    static func checkMaskChange(_ change: PropertyChange, node: JSONNode, in d: TransitionDefinition) throws {
        let name = change.value.propertyName
        guard name.hasPrefix("mask.") else { return }
        let propNode = node.child("property") ?? node
        guard let layer = d.layer(withID: change.layer), let mask = layer.mask else {
            throw propNode.fail("layer \"\(change.layer)\" has no mask; give it a \"mask\" to change \(name)")
        }
        guard mask.animatableProperties.contains(name) else {
            throw propNode.fail("a \(mask.shape.rawValue) mask has no \(name); expected one of \(mask.animatableProperties.joined(separator: ", "))")
        }
    }
}

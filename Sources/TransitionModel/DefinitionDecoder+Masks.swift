// Masks (`"mask": {"shape": …}`), `mask.*` changes, and the phase form that carries its own hold.
import JSONText

extension DefinitionDecoder {
    /// `{"shape": "rect", "frame", …}`: the members are the mask properties' (LayerProperties.swift)
    /// that its shape has (`LayerMask.animatableProperties`); a frame defaults to the bounds, a
    /// circle's centre and radius must be given.
    static func decodeMask(_ node: JSONNode, bounds: Size) throws -> LayerMask {
        let maskProperties = LayerProperty.allCases.filter { $0.maskMember != nil }
        try node.checkMembers(allowed: ["shape"] + maskProperties.map { $0.maskMember! })
        let shapeNode = try node.required("shape", "one of rect, circle, hole")
        let names = LayerMask.Shape.allCases.map(\.rawValue).joined(separator: ", ")
        guard let shape = LayerMask.Shape(rawValue: try shapeNode.string()) else {
            throw shapeNode.fail("unknown mask shape \"\(try shapeNode.string())\"; expected one of \(names)")
        }
        var mask = LayerMask(shape: shape, frame: Rect(origin: .zero, size: bounds))
        let members = mask.animatableProperties
        for p in maskProperties where !members.contains(p) {
            if let n = node.child(p.maskMember!) {
                throw n.fail("a \(shape.rawValue) mask has no \"\(p.maskMember!)\"; it takes \(members.map { $0.maskMember! }.joined(separator: ", "))")
            }
        }
        let required: [LayerProperty: String] = [.maskCenter: "the circle's centre [x, y] in the layer's bounds", .maskRadius: "the circle's radius ≥ 0"]
        for p in members {
            if let what = required[p] {
                mask.set(try decodeValue(of: p, try node.required(p.maskMember!, what)))
            } else if let n = node.child(p.maskMember!) {
                mask.set(try decodeValue(of: p, n))
            }
        }
        return mask
    }

    /// A phase is a list of blocks, or `{"holdBefore": seconds, "blocks": [...]}` when it has its
    /// own hold (0: it starts when the previous phase ends).
    static func phaseBlocks(_ node: JSONNode) throws -> JSONNode {
        guard case .object = node.node.value else { return node }
        try node.checkMembers(allowed: ["holdBefore", "blocks"])
        return try node.required("blocks", "the phase's animation blocks")
    }

    /// A `mask.*` change needs a layer with a mask of a shape that has that property.
    static func checkMaskChange(_ change: PropertyChange, node: JSONNode, in d: TransitionDefinition) throws {
        let property = change.value.property, name = property.rawValue
        guard property.maskMember != nil else { return }
        let propNode = node.child("property") ?? node
        guard let layer = d.layer(withID: change.layer), let mask = layer.mask else {
            throw propNode.fail("layer \"\(change.layer)\" has no mask; give it a \"mask\" to change \(name)")
        }
        guard mask.animatableProperties.contains(property) else {
            throw propNode.fail(
                "a \(mask.shape.rawValue) mask has no \(name); expected one of \(mask.animatableProperties.map(\.rawValue).joined(separator: ", "))")
        }
    }
}

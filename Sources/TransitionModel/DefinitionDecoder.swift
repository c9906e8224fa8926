// Reads a definition file (JSON, format v1) into a TransitionDefinition, or throws the first
// problem as a located DefinitionDiagnostic. The JSON Schema in Templates/ documents the same rules.
import JSONText

package enum DefinitionDecoder {
    /// `art`: where `{"use": NAME}` layers find their art files (see ArtLibrary).
    package static func decode(_ text: String, file: String, art: ArtLibrary = .empty) throws -> TransitionDefinition {
        let root: LocatedJSON
        do {
            root = try JSONParser.parse(text)
        } catch var e as TransExportError {
            e.file = file  // a syntax error: its line and column, in this file
            throw e
        }
        let doc = JSONNode(node: root, path: "", file: file, art: ArtScope(resolver: ArtResolver(library: art)))
        try doc.checkMembers(allowed: [
            "$schema", "version", "name", "description", "source", "chosen",
            "canvas", "frameRate", "timeline", "layers", "phases", "interaction",
        ])
        let version = try doc.required("version", "the format version 1").integer(1...Int.max)
        guard version == TransitionDefinition.formatVersion else {
            throw doc.child("version")!.fail("unsupported version \(version); expected 1")
        }
        let nameNode = try doc.required("name", "the transition's name")
        let name = try nameNode.string()
        guard isValidName(name) else { throw nameNode.fail("expected a name of letters, digits, '-' or '_', found \"\(name)\"") }
        guard name.utf8.count <= DefinitionLimits.nameLength else {
            throw nameNode.fail("expected a name of at most \(DefinitionLimits.nameLength) characters (it names the files written), found \(name.utf8.count)")
        }
        let description = try doc.required("description", "a description string").string()
        let source = try doc.child("source")?.string()
        let chosen = try doc.child("chosen").map(decodeChosen) ?? []
        let canvas = try decodeCanvas(try doc.required("canvas", "{\"size\": [w, h]}"))
        let frameRate = try doc.child("frameRate")?.number(1...240, "a frame rate from 1 to 240") ?? 60
        let timeline = try doc.child("timeline").map(decodeTimeline) ?? TimelineSettings()
        let layerNodes = try doc.required("layers", "an array of layers").elements()
        let layers = try layerNodes.map(decodeLayer)
        try checkLayerCount(layers, node: doc.child("layers")!)
        // An interactive definition may do without phases (its release rules animate blocks).
        let interactiveWithoutPhases =
            doc.child("interaction") != nil
            && (doc.child("phases").map { if case .object(let m) = $0.node.value { return m.isEmpty } else { return false } } ?? true)
        let phases = interactiveWithoutPhases ? [] : try decodePhases(try doc.required("phases", "an object of named phases"))

        try checkPhaseSize(phases, node: doc.child("phases"))
        var definition = TransitionDefinition(
            name: name, description: description, source: source, chosen: chosen,
            canvas: canvas, frameRate: frameRate, timeline: timeline,
            layers: layers, phases: phases)
        try checkReferences(definition, doc: doc)
        if let n = doc.child("interaction") { definition.interaction = try decodeInteraction(n, definition: definition) }
        return definition
    }

    static func isValidName(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, ("A"..."Z").contains(first) || ("a"..."z").contains(first) else { return false }
        return s.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
    }

    static func decodeChosen(_ node: JSONNode) throws -> [ChosenValue] {
        try node.elements().map { item in
            try item.checkMembers(allowed: ["what", "why"])
            return ChosenValue(
                what: try item.required("what", "what was chosen").string(),
                why: try item.required("why", "why it was chosen").string())
        }
    }

    static func decodeCanvas(_ node: JSONNode) throws -> Canvas {
        try node.checkMembers(allowed: ["size", "background"])
        let size = try node.required("size", "[width, height]").size()
        guard size.width > 0, size.height > 0 else { throw node.child("size")!.fail("expected a size with width and height > 0") }
        return Canvas(size: size, background: try node.child("background")?.color() ?? .white)
    }

    static func decodeTimeline(_ node: JSONNode) throws -> TimelineSettings {
        try node.checkMembers(allowed: ["holdBefore", "holdBetween", "holdAfter"])
        var t = TimelineSettings()
        if let n = node.child("holdBefore") { t.holdBefore = try n.seconds("a hold") }
        if let n = node.child("holdBetween") { t.holdBetween = try n.seconds("a hold") }
        if let n = node.child("holdAfter") { t.holdAfter = try n.seconds("a hold") }
        return t
    }

    /// A layer object's members: its registry properties (placement first) among the members
    /// that are not properties (art, tree, artwork).
    static let layerMembers =
        ["id", "type"] + placement.map(\.rawValue)
        + LayerProperty.allCases.filter { $0.isLayerMember && !placement.contains($0) }.map(\.rawValue)
        + ["clipsToBounds", "fill", "lines", "of", "children", "sublayerTransform", "mask", "file", "contentMode", "scale"]

    /// The layer members that place it, read first and together (a frame is about the anchor point).
    static let placement: [LayerProperty] = [.frame, .position, .size, .anchorPoint]

    static func decodeLayer(_ node: JSONNode) throws -> LayerDefinition {
        // Every stage walks the tree recursively; a bound keeps the stack and the output's nesting small.
        if node.steps.brackets > DefinitionLimits.nestingDepth {
            throw node.fail("layers nest more than \(DefinitionLimits.nestingDepth) deep; expected a flatter tree")
        }
        if node.child("use") != nil { return try decodeUse(node) }
        if let resolver = node.art?.resolver {
            resolver.layersDecoded += 1
            guard resolver.layersDecoded <= DefinitionLimits.layers else {
                throw node.fail("more than \(DefinitionLimits.layers) layers (art included); expected at most \(DefinitionLimits.layers)")
            }
        }
        try node.checkMembers(allowed: layerMembers)
        var id: String?
        if let n = node.child("id") {
            let s = try n.string()
            guard isValidName(s) else { throw n.fail("expected an id of letters, digits, '-' or '_', found \"\(s)\"") }
            id = s
        }
        let typeNode = try node.required("type", "one of group, rect, ellipse, text, snapshot, image, svg")
        let kind: LayerDefinition.Kind
        switch try typeNode.string() {
        case "group": kind = .group
        case "rect": kind = .rect
        case "ellipse": kind = .ellipse
        case "text": kind = .text(lines: try node.child("lines")?.integer(1...100) ?? 1)
        case "snapshot": kind = .snapshot(of: try node.required("of", "the id of the layer it is a snapshot of").string())
        case "image", "svg": kind = .artwork(try decodeArtwork(node, type: try typeNode.string()))
        case let other: throw typeNode.fail("unknown layer type \"\(other)\"; expected one of group, rect, ellipse, text, snapshot, image, svg")
        }
        if node.child("lines") != nil, case .text = kind {} else if let n = node.child("lines") { throw n.fail("\"lines\" applies only to text layers") }
        if node.child("of") != nil, case .snapshot = kind {} else if let n = node.child("of") { throw n.fail("\"of\" applies only to snapshot layers") }
        try checkArtworkMembers(node, kind: kind)

        let anchor = try node.child("anchorPoint")?.point("an anchor point [x, y] in unit coordinates") ?? Point(0.5, 0.5)
        var layer: LayerDefinition
        if let f = node.child("frame") {
            if let p = node.child("position") { throw p.fail("give either \"frame\" or \"position\" + \"size\", not both") }
            if let s = node.child("size") { throw s.fail("give either \"frame\" or \"position\" + \"size\", not both") }
            layer = LayerDefinition(id: id, kind: kind, frame: try f.rect(), anchorPoint: anchor)
        } else {
            let position = try node.required("position", "a position [x, y] (or a frame)").point()
            let size = try node.required("size", "a size [width, height] (or a frame)").size()
            layer = LayerDefinition(id: id, kind: kind, position: position, size: size, anchorPoint: anchor)
        }
        // Its other properties, read as a change's value is (LayerProperties.swift).
        for p in LayerProperty.allCases where p.isLayerMember && !placement.contains(p) {
            if let n = node.child(p.rawValue) { layer.set(try decodeValue(of: p, n)) }
        }
        if let n = node.child("clipsToBounds") { layer.clipsToBounds = try n.bool() }
        if let n = node.child("fill") { layer.fill = try decodeFill(n) }
        if let n = node.child("sublayerTransform") { layer.sublayerTransform = try decodeTransform(n) }
        if let n = node.child("mask") { layer.mask = try decodeMask(n, bounds: layer.size) }
        if let n = node.child("children") { layer.children = try n.elements().map(decodeLayer) }
        layer.origin = SourceOrigin(file: node.file, location: node.node.location, path: node.path)
        return layer
    }

    static func decodeTransform(_ node: JSONNode) throws -> LayerTransform {
        try node.checkMembers(allowed: ["translate", "scale", "rotation", "rotationX", "rotationY", "perspective"])
        var t = LayerTransform.identity
        if let n = node.child("translate") { t.translation = try n.point("a translation [tx, ty]") }
        if let n = node.child("scale") {
            let range = -DefinitionLimits.scale...DefinitionLimits.scale, what = "a scale from -1000 to 1000"
            if case .number = n.node.value {
                let s = try n.number(range, what)
                t.scale = Point(s, s)
            } else {
                t.scale = try n.point("a scale [sx, sy] or one number", each: range, what)
            }
        }
        let degrees = -DefinitionLimits.degrees...DefinitionLimits.degrees, what = "an angle from -36000 to 36000 degrees"
        if let n = node.child("rotation") { t.rotation = try n.number(degrees, what) * .pi / 180 }
        if let n = node.child("rotationX") { t.rotationX = try n.number(degrees, what) * .pi / 180 }
        if let n = node.child("rotationY") { t.rotationY = try n.number(degrees, what) * .pi / 180 }
        // The eye distance d; CA's m34 = −1/d.
        if let n = node.child("perspective") {
            t.m34 = -1 / (try n.number(DefinitionLimits.eyeDistance, "an eye distance from 1 to 100000 points (m34 = −1/d)"))
        }
        return t
    }

    static func decodeFill(_ node: JSONNode) throws -> Fill {
        if case .string = node.node.value { return .solid(try node.color()) }
        try node.checkMembers(allowed: ["linearGradient"])
        let g = try node.required("linearGradient", "a colour string or {\"linearGradient\": …}")
        try g.checkMembers(allowed: ["start", "end", "stops"])
        let stops = try g.required("stops", "an array of [offset, colour] pairs").elements().map { s -> LinearGradient.Stop in
            let pair = try s.elements()
            guard pair.count == 2 else { throw s.fail("expected a stop [offset, \"#RRGGBBAA\"]") }
            return LinearGradient.Stop(offset: try pair[0].number(0...1, "an offset from 0 to 1"), color: try pair[1].color())
        }
        guard stops.count >= 2 else { throw g.child("stops")!.fail("expected at least 2 stops") }
        return .linearGradient(
            LinearGradient(
                start: try g.child("start")?.point() ?? Point(0, 0.5),
                end: try g.child("end")?.point() ?? Point(1, 0.5), stops: stops))
    }
}

// Ceilings on a definition's size (DefinitionLimits), refused before any simulation.
extension DefinitionDecoder {
    static func checkLayerCount(_ layers: [LayerDefinition], node: JSONNode) throws {
        var count = 0
        func visit(_ l: LayerDefinition) { count += 1; l.children.forEach(visit) }
        layers.forEach(visit)
        guard count <= DefinitionLimits.layers else {
            throw node.fail("\(count) layers (art included); expected at most \(DefinitionLimits.layers)")
        }
    }

    static func checkPhaseSize(_ phases: [Phase], node: JSONNode?) throws {
        guard let node else { return }
        guard phases.count <= DefinitionLimits.phases else {
            throw node.fail("\(phases.count) phases; expected at most \(DefinitionLimits.phases)")
        }
        let changes = phases.reduce(0) { $0 + $1.blocks.reduce(0) { $0 + $1.before.count + $1.changes.count + $1.completion.count } }
        guard changes <= DefinitionLimits.changes else {
            throw node.fail("\(changes) property changes; expected at most \(DefinitionLimits.changes)")
        }
        var perProperty: [String: Int] = [:]
        for phase in phases {
            for block in phase.blocks {
                for c in block.changes {
                    let key = "\(c.layer).\(c.value.propertyName)"
                    perProperty[key, default: 0] += 1
                    guard perProperty[key]! <= DefinitionLimits.animationsPerProperty else {
                        throw node.fail(
                            "more than \(DefinitionLimits.animationsPerProperty) animations of \(key); expected at most \(DefinitionLimits.animationsPerProperty) per layer property"
                        )
                    }
                }
            }
        }
    }
}

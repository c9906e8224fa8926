// Placing art: a layer {"use": "NAME", "with": {parameters}, …} becomes the art's root layer,
// with the use site's members in its place (id, placement, opacity, …) and the site's own
// `children` drawn above the art's. The art file is read by ArtLibrary.swift.
import JSONText

extension DefinitionDecoder {
    /// Placement is replaced as a whole: the site's `frame`, or `position` + `size`.
    static let placementMembers = ["frame", "position", "size"]

    static func decodeUse(_ site: JSONNode) throws -> LayerDefinition {
        try withUseNote(site) {
            let (root, siteChildren) = try resolveUse(site)
            var layer = try decodeLayer(root)
            layer.children += try siteChildren.map(decodeLayer)
            layer.origin = SourceOrigin(file: site.file, location: site.node.location, path: site.path)
            return layer
        }
    }

    /// The art's root layer node with the site's members and parameters in force, and the site's
    /// own children.
    static func resolveUse(_ site: JSONNode) throws -> (root: JSONNode, siteChildren: [JSONNode]) {
        try site.checkMembers(allowed: layerMembers.filter { $0 != "type" } + ["use", "with"])
        let useNode = site.child("use")!
        let name = try useNode.string()
        let scope = site.art ?? ArtScope(resolver: ArtResolver(library: .empty))
        if scope.chain.contains(name) {
            throw useNode.fail("art \"\(name)\" uses itself: \((scope.chain + [name]).joined(separator: " → "))")
        }
        guard let art = try scope.resolver.component(name) else {
            let known = scope.resolver.library.names()
            throw useNode.fail(
                "unknown art \"\(name)\"; "
                    + (known.isEmpty
                        ? "no art found (art lives in art/NAME.json beside the definition or in the catalog)"
                        : "expected one of \(known.joined(separator: ", "))"))
        }

        var arguments: [String: JSONNode?] = [:]
        let with = site.child("with")
        if let with {
            guard case .object = with.node.value else { throw with.fail("expected an object of parameter values, found \(with.node.value.kindName)") }
            let declared = art.parameters.map(\.name)
            for (i, key) in with.node.keys.enumerated() where !declared.contains(key) {
                throw DefinitionDiagnostic(
                    file: with.file, location: with.node.keyLocations[i], path: "\(with.path).\(key)",
                    message: "unknown parameter \"\(key)\" of art \"\(name)\"; "
                        + (declared.isEmpty ? "it takes none" : "it takes \(declared.joined(separator: ", "))"))
            }
        }
        for p in art.parameters {
            if let value = with?.child(p.name) {
                try ArtComponent.check(value, isA: p.type)
                arguments.updateValue(value, forKey: p.name)
            } else {
                switch p.defaultValue {
                case .required: throw (with ?? useNode).fail("missing parameter \"\(p.name)\" (\(p.type.rawValue)) of art \"\(name)\"")
                case .optional: arguments.updateValue(nil, forKey: p.name)
                case .value(let d): arguments.updateValue(d, forKey: p.name)
                }
            }
        }

        var overrides: [(key: String, node: JSONNode?)] = []
        let placement = placementMembers.map { (key: $0, node: site.child($0)) }
        if (placement[1].node == nil) != (placement[2].node == nil), site.child("frame") == nil {
            throw (placement[1].node ?? placement[2].node!).fail(
                "give \"position\" and \"size\" together, or a \"frame\", or neither (the art's own placement)")
        }
        if placement.contains(where: { $0.node != nil }) { overrides += placement }
        for key in site.node.keys where !["use", "with", "children"].contains(key) && !placementMembers.contains(key) {
            overrides.append((key, site.child(key)))
        }
        let root = JSONNode(
            node: art.layer, path: "layer", file: art.file,
            art: ArtScope(resolver: scope.resolver, arguments: arguments, chain: scope.chain + [name]),
            overrides: overrides)
        return (root, try site.child("children")?.elements() ?? [])
    }

    /// An error inside art names the use site too, so the template that placed it is found.
    static func withUseNote<T>(_ site: JSONNode, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch var d as DefinitionDiagnostic where d.file != site.file && !d.isArtworkRefusal {
            let art = (try? site.child("use")?.string()).flatMap { $0 } ?? "?"
            d.message += " (in art \"\(art)\" used at \(site.file):\(site.node.location) \(site.path))"
            throw d
        }
    }

    /// Every layer node of the tree as it decodes (uses expanded), parents before children.
    static func forEachLayerNode(_ nodes: [JSONNode], _ body: (JSONNode) throws -> Void) throws {
        for n in nodes {
            if n.child("use") != nil {
                try withUseNote(n) {
                    let (root, siteChildren) = try resolveUse(n)
                    try body(root)
                    try forEachLayerNode(try root.child("children")?.elements() ?? [], body)
                    try forEachLayerNode(siteChildren, body)
                }
            } else {
                try body(n)
                try forEachLayerNode(try n.child("children")?.elements() ?? [], body)
            }
        }
    }
}

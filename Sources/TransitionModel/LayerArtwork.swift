import Artwork
// `image` and `svg` layers: a user's file, read once while decoding (Artwork module: checked
// from its bytes, never trusted), drawn in the layer's bounds by UIKit's contentMode.
import FoundationEssentials
import Glibc
import Platform

package struct LayerArtwork: Hashable, Sendable {
    /// The path as written in the definition, relative to the definition's folder.
    package var path: String
    package var artwork: Artwork
    package var contentMode: ContentMode
    /// Pixels per point of a picture (1, 2 or 3); 1 for SVG, whose units are points.
    package var scale: Double

    package init(path: String, artwork: Artwork, contentMode: ContentMode = .scaleToFill, scale: Double = 1) {
        self.path = path; self.artwork = artwork; self.contentMode = contentMode; self.scale = scale
    }

    /// The picture's own size in points.
    package var naturalSize: Size {
        let s = artwork.size(scale: scale)
        return Size(s.width, s.height)
    }

    /// Where the picture lies in bounds of `bounds` size (contentMode; may reach outside them).
    package func frame(in bounds: Size) -> Rect {
        let f = contentMode.frame(content: artwork.size(scale: scale), bounds: (bounds.width, bounds.height))
        return Rect(f.x, f.y, f.width, f.height)
    }
}

extension LayerDefinition.Kind {
    package var isArtwork: Bool { if case .artwork = self { return true }; return false }
}

extension DefinitionDecoder {
    static func decodeArtwork(_ node: JSONNode, type: String) throws -> LayerArtwork {
        let fileNode = try node.required("file", "the path of a \(type == "image" ? "PNG or JPEG" : "SVG") file, relative to the definition")
        let path = try fileNode.string()
        guard !path.isEmpty, !path.hasPrefix("/"), !path.containsLiterally("://"), !path.hasPrefix("file:") else {
            throw fileNode.fail("expected a relative path to a file beside the definition, found \"\(path)\"")
        }
        var mode = ContentMode.scaleToFill
        if let n = node.child("contentMode") {
            let name = try n.string()
            guard let m = ContentMode(rawValue: name) else {
                throw n.fail("expected a contentMode, one of \(ContentMode.allCases.map(\.rawValue).joined(separator: ", ")); found \"\(name)\"")
            }
            mode = m
        }
        var scale = 1.0
        if let n = node.child("scale") {
            guard type == "image" else { throw n.fail("\"scale\" applies only to image layers (an SVG's units are points)") }
            scale = Double(try n.integer(1...3))
        }
        let directory = node.art?.resolver.library.artworkDirectory
        let url = directory.map { $0.url.appendingPathComponent(path) } ?? URL(fileURLWithPath: path)
        let display = directory.map { $0.display.isEmpty ? path : "\($0.display)/\(path)" } ?? path
        let artwork: Artwork
        do {
            artwork = try Artwork.load(path: url.path, label: display)
        } catch let error as TransExportError where error.isArtworkRefusal {
            throw fileNode.fail("\(error)")
        }
        switch (type, artwork) {
        case ("image", .vector): throw fileNode.fail("\(display) is SVG; use a layer of type \"svg\" for it")
        case ("svg", .raster): throw fileNode.fail("\(display) is a PNG/JPEG picture; use a layer of type \"image\" for it")
        default: break
        }
        return LayerArtwork(path: path, artwork: artwork, contentMode: mode, scale: scale)
    }

    static func checkArtworkMembers(_ node: JSONNode, kind: LayerDefinition.Kind) throws {
        if case .artwork = kind { return }
        for name in ["file", "contentMode", "scale"] {
            if let n = node.child(name) { throw n.fail("\"\(name)\" applies only to image and svg layers") }
        }
    }
}

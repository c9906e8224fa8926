// `--screen ID=FILE`: a template's art layer shown as the user's picture. The layer keeps its
// place, transform and every animation; its own paint and unnamed sublayers give way to the
// picture (laid out scaleAspectFill and clipped, as a screenshot fills its screen), while named
// sublayers stay, because phases and snapshots refer to them by id (the tapped cell, say).
import Artwork

package struct ReplaceableLayer: Hashable, Sendable {
    package var id: String
    package var size: Size
}

extension TransitionDefinition {
    /// Named layers a picture can replace: every named layer except snapshots (which copy another layer's art).
    package var replaceableLayers: [ReplaceableLayer] {
        allLayers.compactMap { l in
            guard let id = l.id else { return nil }
            if case .snapshot = l.kind { return nil }
            return ReplaceableLayer(id: id, size: l.size)
        }
    }

    /// This definition with layer `id` drawing `artwork`; nil when no replaceable layer has that id.
    package func replacingScreen(id: String, path: String, artwork: Artwork) -> TransitionDefinition? {
        guard replaceableLayers.contains(where: { $0.id == id }) else { return nil }
        func replace(_ layer: LayerDefinition) -> LayerDefinition {
            var l = layer
            if l.id == id {
                l.kind = .artwork(LayerArtwork(path: path, artwork: artwork, contentMode: .scaleAspectFill))
                l.fill = nil
                l.clipsToBounds = true
                l.children = l.children.compactMap(Self.keepingNamed)
            }
            l.children = l.children.map(replace)
            return l
        }
        var d = self
        d.layers = layers.map(replace)
        return d
    }

    /// A sublayer subtree without its unnamed paint: named layers stay whole, unnamed ones stay
    /// only as containers of named ones (their own paint removed).
    static func keepingNamed(_ layer: LayerDefinition) -> LayerDefinition? {
        if layer.id != nil { return layer }
        let kept = layer.children.compactMap(keepingNamed)
        guard !kept.isEmpty else { return nil }
        var l = layer
        l.kind = .group
        l.fill = nil
        l.children = kept
        return l
    }
}

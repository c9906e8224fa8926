// A layer's outer group: its id, opacity and display. Animation importers (Glaxnimate's SVG
// import) read only one of opacity and display when both animate on one element, so then the
// opacity moves to an inner <g>: the same drawing in every SVG player (group opacity of a
// displayed group is the same whichever group carries it), and an importer reads both.
import Keyframes

extension SVGDocument {
    /// Opens the layer's `<g id>` (and the inner opacity `<g>` when needed); returns how many
    /// groups it opened, each to be closed by the caller.
    func openLayerGroup(id: String?, _ k: LayerKeyframes) -> Int {
        let split = k.visible.isAnimated && k.opacity.isAnimated
        var attrs: [(String, String)] = []
        if let id { attrs.append(("id", id)) }
        if !split { attrs += staticOrFirst(k.opacity, "opacity", SVGNumber.factor, skipIf: 1) }
        if !k.visible.initialValue { attrs.append(("display", "none")) }
        xml.start("g", attrs)
        if !split { animate(k.opacity, "opacity", drawing: .opacity, SVGNumber.factor) }
        if k.visible.isAnimated {
            xml.empty(
                "animate",
                [("attributeName", "display")]
                    + SMILAnimation(discrete: k.visible, duration: duration, format: { $0 ? "inline" : "none" }).attributes)
        }
        guard split else { return 1 }
        xml.start("g", staticOrFirst(k.opacity, "opacity", SVGNumber.factor))
        animate(k.opacity, "opacity", drawing: .opacity, SVGNumber.factor)
        return 2
    }
}

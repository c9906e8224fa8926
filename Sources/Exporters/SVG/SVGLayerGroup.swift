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
        // Attributes written in turn (the libxml2 calls `start(_:_:)` makes), no arrays.
        xml.start("g")
        if let id { xml.attribute("id", id) }
        if !split, k.opacity.isAnimated || k.opacity.initialValue != 1 { xml.attribute("opacity", SVGNumber.factor(k.opacity.initialValue)) }
        if !k.visible.initialValue { xml.attribute("display", "none") }
        if !split { animate(k.opacity, "opacity", drawing: .opacity, SVGNumber.factor) }
        if k.visible.isAnimated {
            let timing = SMILAnimation(discrete: k.visible, duration: duration, format: { $0 ? "inline" : "none" }).attributes
            xml.start("animate")
            xml.attribute("attributeName", "display")
            for (name, value) in timing { xml.attribute(name, value) }
            xml.end()
        }
        guard split else { return 1 }
        xml.start("g", staticOrFirst(k.opacity, "opacity", SVGNumber.factor))
        animate(k.opacity, "opacity", drawing: .opacity, SVGNumber.factor)
        return 2
    }
}

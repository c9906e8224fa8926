// A layer's outer group: its id, opacity and display. Animation importers (Glaxnimate's SVG
// import) read only one of opacity and display when both animate on one element, so then the
// opacity moves to an inner <g>: the same drawing in every SVG player (group opacity of a
// displayed group is the same whichever group carries it), and an importer reads both.
//
// Gecko draws a group opacity of 0.99 or more as 1 (nsIFrame::HasVisualOpacity, "a hint for
// creating a stacking context only") unless its will-change names opacity: a white screen over
// black, dimming from 1, drew 255 instead of 252 while it passed 0.99 (docs/smil.md, traps). A
// group whose opacity reaches [0.99, 1) has class `gecko-opacity`, and the file a style sheet
// that gives that class `will-change: opacity` where `-moz-appearance` parses: in Gecko alone,
// as Chromium composites a will-change group through an 8-bit alpha (1/255 off).
import JSONText
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
        if !split { geckoOpacityClass(k.opacity) }
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
        geckoOpacityClass(k.opacity)
        animate(k.opacity, "opacity", drawing: .opacity, SVGNumber.factor)
        return 2
    }

    /// The class that makes Gecko draw the open group's opacity as it is, when it reaches [0.99, 1).
    private func geckoOpacityClass(_ opacity: KeyframeTrack<Double>) {
        guard Self.reachesGeckoOpaqueBand(opacity) else { return }
        xml.attribute("class", Self.geckoOpacityClass)
        usesGeckoOpacity = true
    }

    static let geckoOpacityClass = "gecko-opacity"
    /// Written once, after the layers, by a file with a `gecko-opacity` group.
    static let geckoOpacityStyle = "@supports (-moz-appearance:none){.\(geckoOpacityClass){will-change:opacity}}"

    /// Whether a player shows a value in [0.99, 1) at some time: a key there, or a span that
    /// moves across it (keySplines stay in the unit square, so a span covers its two ends' range
    /// and no more; a jump, two keys at one time, covers nothing between them).
    static func reachesGeckoOpaqueBand(_ opacity: KeyframeTrack<Double>) -> Bool {
        let keys = opacity.keyframes
        for (n, k) in keys.enumerated() {
            if k.value >= 0.99, k.value < 1 { return true }
            guard n + 1 < keys.count, keys[n + 1].time > k.time, k.easing != .hold else { continue }
            let other = keys[n + 1].value
            if min(k.value, other) < 1, max(k.value, other) > 0.99 { return true }
        }
        return false
    }

    /// Whether a still opacity written with `decimals` is in [0.99, 1): any element's, a leaf's
    /// too (Firefox 153 drew a white `<rect>` with a fill and a stroke at 0.995 as 255, exact
    /// with the class; one with a fill alone is exact either way: its opacity goes into the fill).
    static func inGeckoOpaqueBand(_ opacity: Double, decimals: Int) -> Bool {
        let written = NumberFormat.round(opacity, decimals: decimals)
        return written >= 0.99 && written < 1
    }

    /// A still opacity's attributes: `opacity` with `decimals`, and the class when that written
    /// value is in Gecko's band (the file then ends with the style). One place decides both, so
    /// the band is judged on the digits the file holds.
    func stillOpacity(_ opacity: Double, decimals: Int) -> [(String, String)] {
        let text = ("opacity", NumberFormat.string(opacity, maxDecimals: decimals))
        guard Self.inGeckoOpaqueBand(opacity, decimals: decimals) else { return [text] }
        usesGeckoOpacity = true
        return [text, ("class", Self.geckoOpacityClass)]
    }
}

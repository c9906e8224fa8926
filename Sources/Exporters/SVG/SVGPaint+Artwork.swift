// An image/svg layer's picture in the SVG export (drawn by SVGArtworkMarkup).
import TransitionModel

extension SVGPaint {
    /// The artwork laid out in bounds of `bounds` (the layer's initial size; `stretched` follows later sizes).
    func artwork(_ art: LayerArtwork, bounds: Size) {
        let document = document
        var markup = SVGArtworkMarkup(xml: xml, newID: document.newID, images: document.embeddedImages)
        markup.opacityAttributes = { document.stillOpacity($0, decimals: 4) }
        markup.write(art.artwork, mode: art.contentMode, scale: art.scale, bounds: (bounds.width, bounds.height))
    }
}

// An image/svg layer's picture in the SVG export (drawn by SVGArtworkMarkup).
import TransitionModel

extension SVGPaint {
    /// The artwork laid out in bounds of `bounds` (the layer's initial size; `stretched` follows later sizes).
    func artwork(_ art: LayerArtwork, bounds: Size) {
        SVGArtworkMarkup(xml: xml, newID: document.newID, images: document.embeddedImages)
            .write(art.artwork, mode: art.contentMode, scale: art.scale, bounds: (bounds.width, bounds.height))
    }
}

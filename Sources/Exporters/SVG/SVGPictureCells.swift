import Artwork
import JSONText
import Keyframes
// A picture under a 3D transform in SVG (ProjectedPicture.swift): per cell, nested groups
// translate · rotate · scale · rotate, each with one <animateTransform> (SMIL transform types
// that play alike in Chromium and Gecko), then a group clipped to the cell's rect (padded so
// neighbours overlap: no seam) and a `<use>` of the picture, embedded once per file.
import TransitionModel

extension SVGProjected {
    /// Layer i's picture cells, in the host's space.
    func pictureCells(_ i: Int, _ cells: [PictureCell]) {
        guard case .artwork(let art) = document.simulation.layers[i].definition.kind, case .raster(let image) = art.artwork,
            !cells.isEmpty
        else { return }
        let natural = art.naturalSize
        let id = SVGArtworkMarkup(xml: xml, newID: document.newID, images: document.embeddedImages)
            .pictureID(image, natural: (natural.width, natural.height))
        let toPixels = (Double(image.pixelWidth) / natural.width, Double(image.pixelHeight) / natural.height)
        func n(_ x: Double, _ d: Int) -> String { NumberFormat.string(x, maxDecimals: d) }
        let degrees = 180 / Double.pi
        let parts: [(String, (AffineParts) -> String)] = [
            ("translate", { "\(n($0.tx, 3)) \(n($0.ty, 3))" }),
            ("rotate", { n($0.alpha * degrees, 4) }),
            ("scale", { "\(n($0.s1, 6)) \(n($0.s2, 6))" }),
            ("rotate", { n($0.beta * degrees, 4) }),
        ]
        let pad = PictureCellPadding.pixels(cells)
        for cell in cells {
            for (type, format) in parts {
                xml.start("g", [("transform", "\(type)(\(format(cell.transform.initialValue)))")])
                if cell.transform.isAnimated {
                    xml.empty(
                        "animateTransform",
                        [("attributeName", "transform"), ("type", type)]
                            + SMILAnimation(cell.transform, duration: document.duration, format: format).attributes)
                }
            }
            let clipID = document.newID("cell")
            let r = PictureCellPadding.rect(cell, pad, in: cells)
            xml.start("clipPath", [("id", clipID)])
            xml.empty(
                "rect",
                [
                    ("x", n(r.minX - cell.pivot.x, 3)), ("y", n(r.minY - cell.pivot.y, 3)),
                    ("width", n(r.size.width, 3)), ("height", n(r.size.height, 3)),
                ])
            xml.end()
            xml.start("g", [("clip-path", "url(#\(clipID))")])
            xml.empty(
                "use",
                [
                    ("href", "#" + id),
                    ("transform", "translate(\(n(-cell.pivot.x, 3)) \(n(-cell.pivot.y, 3))) scale(\(n(toPixels.0, 6)) \(n(toPixels.1, 6)))"),
                ])
            xml.end()
            for _ in parts { xml.end() }
        }
    }
}

/// How far each cell's clip reaches past its rect into its neighbours (never past the picture
/// region, the cells' union): `hostUnits` at the first key, so the cells' anti-aliased edges
/// overlap instead of leaving a seam. One host unit left seams in rlottie (2.180/255 on
/// picture-flip, limit 2.0); 6 passes it (docs/artwork.md#picture-cells-and-their-seams). Where
/// cells overlap the later one paints over the earlier (the picture under both is the same), so
/// only a translucent pixel in the strip is drawn twice.
package enum PictureCellPadding {
    /// The overlap in host units (picture-flip, worst rlottie frame: 1 -> 2.180, 4 -> 2.032, 5 -> 1.980, 6 -> 1.931).
    package static let hostUnits = 6.0

    /// Picture pixels per `hostUnits` at the first key, over all cells (at least 1 px).
    package static func pixels(_ cells: [PictureCell]) -> Double {
        let s = cells.map { max(abs($0.transform.initialValue.s1), abs($0.transform.initialValue.s2)) }.max() ?? 1
        return max(1, hostUnits / max(s, 1e-6))
    }

    /// The cell's rect grown by `pad` where it borders another cell; on the picture region's
    /// outline (the cells' union) by one host unit only, as before: that edge is the picture's.
    package static func rect(_ cell: PictureCell, _ pad: Double, in cells: [PictureCell]) -> Rect {
        let r = cell.rect, outer = pad / hostUnits
        let x0 = (cells.map(\.rect.minX).min() ?? r.minX) - outer, y0 = (cells.map(\.rect.minY).min() ?? r.minY) - outer
        let x1 = (cells.map(\.rect.maxX).max() ?? r.maxX) + outer, y1 = (cells.map(\.rect.maxY).max() ?? r.maxY) + outer
        let minX = max(x0, r.minX - pad), minY = max(y0, r.minY - pad)
        let maxX = min(x1, r.maxX + pad), maxY = min(y1, r.maxY + pad)
        return Rect(minX, minY, maxX - minX, maxY - minY)
    }
}

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
            let r = PictureCellPadding.rect(cell, pad)
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
/// region): about one host unit, so the cells' anti-aliased edges overlap instead of leaving a seam.
enum PictureCellPadding {
    /// Picture pixels per host unit at the first key, over all cells (at least 1 px).
    static func pixels(_ cells: [PictureCell]) -> Double {
        let s = cells.map { max(abs($0.transform.initialValue.s1), abs($0.transform.initialValue.s2)) }.max() ?? 1
        return max(1, 1 / max(s, 1e-6))
    }

    static func rect(_ cell: PictureCell, _ pad: Double) -> Rect {
        let r = cell.rect
        return Rect(r.minX - pad, r.minY - pad, r.size.width + 2 * pad, r.size.height + 2 * pad)
    }
}

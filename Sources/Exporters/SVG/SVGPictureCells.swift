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
        for (k, cell) in cells.enumerated() {
            for (type, format) in parts {
                xml.start("g", [("transform", "\(type)(\(format(cell.transform.initialValue)))")])
                if cell.transform.isAnimated {
                    xml.empty(
                        "animateTransform",
                        [("attributeName", "transform"), ("type", type)]
                            + document.smil(cell.transform, format))
                }
            }
            let clipID = document.newID("cell")
            let r = PictureCellPadding.rect(k, pad, in: cells, over: >)
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

/// How far each cell's clip reaches past its rect into its neighbours, so the cells'
/// anti-aliased edges overlap instead of leaving a seam: `hostUnits` (at the first key) on a side
/// whose neighbours are all drawn over this cell (they paint over the strip with their own map,
/// so the padding only fills behind their edge and the 0.5 px bound holds), one host unit on the
/// other sides and on the picture's outline, as before. One unit everywhere left seams in rlottie
/// (picture-flip 2.180/255, limit 2.0): docs/artwork.md#picture-cells-and-their-seams.
package enum PictureCellPadding {
    /// The overlap under a neighbour drawn over it, in host units (picture-flip, worst rlottie
    /// frame: 1 everywhere -> 2.180; on two sides, 3 -> 1.977, 6 -> 1.904).
    package static let hostUnits = 6.0

    /// Picture pixels per `hostUnits` at the first key, over all cells (at least 1 px).
    package static func pixels(_ cells: [PictureCell]) -> Double {
        let s = cells.map { max(abs($0.transform.initialValue.s1), abs($0.transform.initialValue.s2)) }.max() ?? 1
        return max(1, hostUnits / max(s, 1e-6))
    }

    /// Cell k's clip rect: `pad` on each side every cell touching it is drawn over cell k
    /// (`over(j, k)`: SVG paints later elements over, Lottie earlier layers), else `pad / hostUnits`.
    package static func rect(_ k: Int, _ pad: Double, in cells: [PictureCell], over: (Int, Int) -> Bool) -> Rect {
        let r = cells[k].rect, unit = pad / hostUnits
        // left, top, right, bottom: any neighbour, all of them drawn over cell k.
        var any = [false, false, false, false], covered = [true, true, true, true]
        for (j, c) in cells.enumerated() where j != k {
            let q = c.rect
            let spansY = q.minY < r.maxY && q.maxY > r.minY, spansX = q.minX < r.maxX && q.maxX > r.minX
            let touches = [
                abs(q.maxX - r.minX) < 1e-9 && spansY, abs(q.maxY - r.minY) < 1e-9 && spansX,
                abs(q.minX - r.maxX) < 1e-9 && spansY, abs(q.minY - r.maxY) < 1e-9 && spansX,
            ]
            for side in 0..<4 where touches[side] {
                any[side] = true
                covered[side] = covered[side] && over(j, k)
            }
        }
        let grow = (0..<4).map { any[$0] && covered[$0] ? pad : unit }
        return Rect(r.minX - grow[0], r.minY - grow[1], r.size.width + grow[0] + grow[2], r.size.height + grow[1] + grow[3])
    }
}

// Fills that paint nothing in flat SVG art in Lottie. A subpath whose points (ends and control
// points) all lie on one line encloses no area (a cubic stays in its control points' hull), so
// its fill covers no pixel in any player; a shape of only such subpaths (feed.svg's tab-bar plus:
// two open lines, filled by default and stroked) is written without its fill. ThorVG 1.0 leaves a
// filled shape's open stroke out under a mask, so that shape would otherwise keep its window's
// track matte, which rlottie 0.2 draws darker (docs/artwork.md#svg-art-in-the-flat-lottie-export).
// A shape with one subpath that has area keeps its fill (and, stroked open, the matte). The SVG
// export is not changed: SVG players draw the stroke either way.
import Artwork
import FoundationEssentials
import Glibc

extension LottieArtworkShapes {
    /// The shape's fill, nil when it paints nothing (every subpath encloses no area).
    static func paintedFill(_ shape: ArtShape) -> ArtPaint? {
        guard let fill = shape.fill else { return nil }
        return subpaths(shape.path).contains(where: enclosesArea) ? fill : nil
    }

    /// Whether filling the subpath covers any area: some point lies off the line through its
    /// first point and the point farthest from it. The tolerance, 1e-9 of that distance (in the
    /// art's own units, where the file's decimals are exact), only absorbs rounding: a sliver
    /// that thin covers under 1e-6 of a pixel at any size the art is drawn.
    static func enclosesArea(_ subpath: ArtPath) -> Bool {
        var points: [ArtPoint] = []
        for segment in subpath.segments {
            switch segment {
            case .move(let p), .line(let p): points.append(p)
            case .cubic(let a, let b, let c): points += [a, b, c]
            case .close: break
            }
        }
        guard let first = points.first,
            let far = points.max(by: { hypot($0.x - first.x, $0.y - first.y) < hypot($1.x - first.x, $1.y - first.y) })
        else { return false }
        let dx = far.x - first.x, dy = far.y - first.y, length = hypot(dx, dy)
        guard length > 0 else { return false }
        // |cross| / length is the point's distance from the line.
        return points.contains { p in abs(dx * (p.y - first.y) - dy * (p.x - first.x)) / length > 1e-9 * length }
    }
}

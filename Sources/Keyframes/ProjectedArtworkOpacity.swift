// Opacity on a node of SVG art under a 3D transform. SVG draws such a node's content offscreen
// and composites it once at that opacity, so where its shapes (a shape's fill and stroke
// included) overlap, the lower one does not show through the upper. Where they do not overlap
// (their boxes at least `gap` apart), drawing each shape with the opacity multiplied in is the
// same picture: both formats do that. Where they overlap the shapes keep their own colours and
// the node becomes an opacity group: the SVG export wraps their projected paths in
// `<g opacity>`; the Lottie export draws them as a shape layer of their own whose `ks.o`
// rlottie, ThorVG and lottie-web composite once, unlike a shape group's `tr.o`
// (LottieArtParts.swift, docs/artwork.md#opacity-groups-under-3d).
import Artwork
import Motion
import TransitionModel

/// A node's opacity over a run of the art's shapes that overlap.
package struct ProjectedArtOpacityGroup: Hashable, Sendable {
    /// Indices into the art's shapes (ProjectedArtwork.layout).
    package var shapes: Range<Int>
    package var opacity: Double
    /// The node's line in the art's file.
    package var line: Int
}

enum ArtOpacity {
    /// Boxes at least this far apart (pt, in the layer's bounds space at its initial size) never
    /// share a pixel's antialiasing under the projection's ≥ 1/4 scale at a 2x raster.
    static let gap = 2.0

    /// Whether the shapes' boxes are pairwise `gap` apart.
    static func disjoint(_ shapes: ArraySlice<ProjectedArtShape>) -> Bool {
        let boxes = shapes.map(box)
        for (n, a) in boxes.enumerated() {
            for b in boxes[(n + 1)...] {
                let apart = a.minX - b.maxX >= gap || b.minX - a.maxX >= gap || a.minY - b.maxY >= gap || b.minY - a.maxY >= gap
                if !apart { return false }
            }
        }
        return true
    }

    /// The box of every vertex and control point (the curves lie inside).
    static func box(_ shape: ProjectedArtShape) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let points = shape.subpaths.flatMap { $0.vertices + $0.outControls + $0.inControls }
        let xs = points.map(\.x), ys = points.map(\.y)
        return (xs.min() ?? 0, ys.min() ?? 0, xs.max() ?? 0, ys.max() ?? 0)
    }

    /// The paint with its alpha (a gradient's every stop's) multiplied by k.
    static func faded(_ fill: Fill, by k: Double) -> Fill {
        switch fill {
        case .solid(var c):
            c.alpha *= k
            return .solid(c)
        case .linearGradient(var g):
            for n in g.stops.indices { g.stops[n].color.alpha *= k }
            return .linearGradient(g)
        }
    }
}

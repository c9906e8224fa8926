// Clip paths inside SVG art under a 3D transform. A node's `clip-path` (clipPathUnits
// userSpaceOnUse, the only units the reader carries: SVGArtReader.clipPath) is in the node's own
// user space, so its shapes are transformed like the node's shapes and become projected paths of
// their own: laid out at the layer's initial bounds, stretched with them and fitted with the
// paint (same 0.5 px bound, same checks: ProjectionSampler). The SVG export draws the run of
// shapes the node painted inside `<g clip-path>`, its `<clipPath>` holding one animated path per
// clip shape (their union, each filled by the clip-rule); nested clips nest
// (docs/artwork.md#clip-paths-under-3d).
import Artwork
import Motion
import TransitionModel

/// A node's clip over the run of the art's shapes it painted, in the layer's bounds space at its initial size.
package struct ProjectedArtClipRegion: Hashable, Sendable {
    /// Indices into the art's shapes (ProjectedArtwork.layout).
    package var shapes: Range<Int>
    /// Each clip shape's closed subpaths; the clip is their union (none: nothing is drawn).
    package var paths: [[BezierPath]]
    /// `clip-rule: evenodd` (one rule per clipPath: the reader refuses mixed rules).
    package var evenOdd: Bool
    /// The clipped node's line in the art's file.
    package var line: Int
}

/// A clip region as drawn: each clip shape's projected subpaths over the timeline.
package struct ProjectedArtClip: Hashable, Sendable {
    /// Indices into the projected layer's paint.
    package var shapes: Range<Int>
    package var paths: [KeyframeTrack<MultiPath>]
    package var evenOdd: Bool
    package var line: Int
}

enum ArtClips {
    /// The clip of a node whose user space maps to the layer's bounds by `m`, over `shapes`.
    static func region(_ clip: ArtClip, _ m: ArtTransform, shapes: Range<Int>, line: Int) -> ProjectedArtClipRegion {
        let paths = clip.paths.map { ProjectedArtwork.closedSubpaths($0.transformed(by: m)) }.filter { !$0.isEmpty }
        return ProjectedArtClipRegion(shapes: shapes, paths: paths, evenOdd: clip.rule == .evenodd, line: line)
    }
}

extension PathSpec {
    /// A clip region's paths as specs of layer i (art laid out at `base`), one list per clip
    /// shape: its first subpath, then the others continuing it.
    static func artClipSpecs(_ region: ProjectedArtClipRegion, layer i: Int, base: Size) -> [[PathSpec]] {
        region.paths.map { subpaths in
            subpaths.enumerated().map { n, sub in
                PathSpec(layer: i, source: .art(sub, base: base), continuesPaint: n > 0, evenOdd: region.evenOdd)
            }
        }
    }
}

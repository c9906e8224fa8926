// A projected layer's clipping ancestors as masks on its own Lottie layer instead of a track
// matte. rlottie 0.2 draws a layer under an alpha track matte about 3/255 darker all over
// (card-3d.svg turning inside a clipping window: 2.48/255 on every frame, limit 2.0; ThorVG and
// lottie-web right), while masks it draws right (docs/artwork.md#clip-paths-under-3d). A
// projected layer's paths, masks and art parts are in its host's bounds space (its `ks` is the
// identity), so a clip of the host or of a 2D ancestor above it is a path known in that space.
import JSONText
import Keyframes
import TransitionModel

extension LottieDocument {
    /// Layer i's clipping ancestors' outlines in the space of its own masks (nearest first),
    /// when it is projected and each of them is its host or a 2D ancestor of the host; nil when
    /// a matte is needed (no clipping ancestor, or one that is itself projected).
    func ancestorClipPaths(_ i: Int) -> [(KeyframeTrack<LVec>, String)]? {
        guard transition.projected[i]?.host != nil, !clippingAncestors(i).isEmpty,
            clippingAncestors(i).allSatisfy({ !isProjected($0) })
        else { return nil }
        return hostSpaceClipPaths(i)?.map { ($0.path, $0.name) }
    }

    /// Layer i's clipping ancestors' outlines in its host's space (nearest first), a projected
    /// ancestor's being its projected clip (same host, the same space): what cuts its picture
    /// cells' precomp (LottiePictureCells.swift). nil when layer i is not projected.
    func hostSpaceClipPaths(_ i: Int) -> [(path: KeyframeTrack<LVec>, name: String, decimals: Int)]? {
        guard let p = transition.projected[i] else { return nil }
        var out: [(path: KeyframeTrack<LVec>, name: String, decimals: Int)] = []
        for c in clippingAncestors(i) {
            if let q = transition.projected[c] {
                guard q.host == p.host, let clip = q.clip else { return nil }
                out.append((clip.map(\.lottie), "clip-\(names[c])", Self.projectedDecimals))
            } else if c == p.host {
                let k = transition.layers[c]
                let n = k.hasSquareCorners ? 4 : 8
                let outline = LottieTracks.combine([k.size.lvec, k.boundsRadius.lvec], .jointlyAffine) { v in
                    ClipPath.roundedRect(width: v[0].c[0], height: v[0].c[1], radius: v[1].c[0], vertices: n)
                }
                out.append((outline, "clip-\(names[c])", LottieDecimals.length))
            } else if let host = p.host {
                out.append((path(of: c, inSpaceOf: host), "clip-\(names[c])", LottieDecimals.length))
            } else {
                return nil
            }
        }
        return out
    }

    /// Whether layer i is drawn under a track matte of its clipping ancestors (a layer whose
    /// ancestors' clips are masks of its own is not).
    func needsClipMatte(_ i: Int) -> Bool {
        !clippingAncestors(i).isEmpty && ancestorClipPaths(i) == nil
    }

    /// `masks` (layer i's own, intersected) followed by its clipping ancestors' outlines, when
    /// they are masks rather than a matte.
    func withAncestorClips(_ i: Int, _ masks: [JSONValue]) -> [JSONValue] {
        guard let paths = ancestorClipPaths(i) else { return masks }
        return masks
            + paths.enumerated().map { n, p in
                mask(p.0, mode: masks.isEmpty && n == 0 ? "a" : "i", name: p.1)
            }
    }
}

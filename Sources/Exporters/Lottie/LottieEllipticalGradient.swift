// A radial gradient whose map into the layer's bounds is not a similarity (an elliptical one:
// a non-uniform scale or skew in the art's transforms or its gradientTransform). Lottie's `gf`
// is a circle in its group's space, so the shape's paths are written in the gradient's own space
// (mapped back by the inverse) and two nested groups carry the map: M = R(φ)·diag(s1, s2)·R(θ)
// plus a translation, the singular value decomposition, so no player's skew (`sk`/`sa`, whose
// conventions differ) is needed (docs/artwork.md, "Elliptical radial gradients in Lottie").
import Artwork
import FoundationEssentials
import Glibc
import JSONText

extension LottieArtworkShapes {
    /// The radial gradient's map (gradient space → bounds) when it is not a similarity.
    static func ellipticalMap(_ paint: ArtPaint, matrix: ArtTransform) -> ArtTransform? {
        guard case .radial(_, _, _, let transform, _) = paint else { return nil }
        let m = matrix.concatenating(transform)
        return similarityScale(m) == nil ? m : nil
    }

    /// `paths` (in the bounds space) filled with an elliptical radial `paint`, as one group.
    static func ellipticalFill(_ paths: [ArtPath], _ paint: ArtPaint, map m: ArtTransform, extra: LJ.Members) -> [JSONValue] {
        guard case .radial(let center, let radius, _, _, let stops) = paint, let inverse = m.inverted else { return [] }
        let inner =
            paths.flatMap { path($0.transformed(by: inverse)) }
            + [
                gradient(
                    type: 2, start: center, end: ArtPoint(center.x + radius, center.y), stops: stops, stroke: false, extra: extra)
            ]
        let (phi, s1, s2, theta) = decomposed(m)
        let turned = group(inner, position: (0, 0), rotation: theta, scale: (1, 1))
        return [group([turned], position: (m.e, m.f), rotation: phi, scale: (s1, s2))]
    }

    /// M's linear part as R(φ)·diag(s1, s2)·R(θ), angles in degrees (s2 < 0 for a reflection).
    static func decomposed(_ m: ArtTransform) -> (phi: Double, s1: Double, s2: Double, theta: Double) {
        let e = (m.a + m.d) / 2, f = (m.a - m.d) / 2, g = (m.b + m.c) / 2, h = (m.b - m.c) / 2
        let q = (e * e + h * h).squareRoot(), r = (f * f + g * g).squareRoot()
        let a1 = atan2(g, f), a2 = atan2(h, e)
        return ((a2 + a1) / 2 * 180 / .pi, q + r, q - r, (a2 - a1) / 2 * 180 / .pi)
    }

    static func group(
        _ items: [JSONValue], position: (Double, Double), rotation: Double, scale: (Double, Double)
    ) -> JSONValue {
        let tr = LJ.obj([
            ("ty", LJ.str("tr")), ("a", LJ.staticArr([0, 0], 0)),
            ("p", LJ.staticArr([position.0, position.1], LottieDecimals.length)),
            ("s", LJ.staticArr([scale.0 * 100, scale.1 * 100], LottieDecimals.scalePercent)),
            ("r", LJ.staticNum(rotation, LottieDecimals.degrees)),
            ("o", LJ.staticNum(100, 0)), ("sk", LJ.staticNum(0, 0)), ("sa", LJ.staticNum(0, 0)),
        ])
        return LJ.obj([("ty", LJ.str("gr")), ("np", LJ.int(items.count)), ("it", .array(items + [tr]))])
    }
}

extension ArtTransform {
    /// The inverse map, nil when singular.
    var inverted: ArtTransform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        return ArtTransform(a: d / det, b: -b / det, c: -c / det, d: a / det, e: (c * f - d * e) / det, f: (b * e - a * f) / det)
    }
}

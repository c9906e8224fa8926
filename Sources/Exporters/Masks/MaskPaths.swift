import Keyframes
import Motion
import Simulation
// A 2D layer's `mask` as paths in its bounds space, for both formats. The mask's parameters
// (frame, corner radius, centre, radius) become one combined track; every point of the shape is
// affine in them, so a morph keyframed on that track is exact, easing included, whenever one
// parameter moves at a time (the circle reveal: only the radius).
import TransitionModel

extension KeyframeTrack where Value == Rect {
    var lvec: KeyframeTrack<LVec> { map { LVec([$0.minX, $0.minY, $0.size.width, $0.size.height]) } }
}

enum MaskPaths {
    /// [x, y, w, h, corner radius, cx, cy, r] over time.
    static func parameters(_ m: MaskKeyframes) -> KeyframeTrack<LVec> {
        LottieTracks.combine([m.frame.lvec, m.numbers[.maskCornerRadius].lvec, m.center.lvec, m.numbers[.maskRadius].lvec], .jointlyAffine) { v in
            LVec(v.flatMap(\.c))
        }
    }

    /// Whether the rect's corners are ever rounded (then it keeps 8 vertices throughout).
    static func rounded(_ m: MaskKeyframes) -> Bool { m.numbers[.maskCornerRadius].keyframes.contains { $0.value != 0 } }

    /// The shape's subpaths: rect or circle; for a hole the rect, then the counter-wound circle.
    static func subpaths(_ v: LVec, shape: LayerMask.Shape, rounded: Bool) -> MultiPath {
        let c = v.c
        let frame = Rect(c[0], c[1], c[2], c[3])
        let rect = rounded ? BezierPath.roundedRect(frame, radius: c[4]) : BezierPath.rect(frame)
        let circle = BezierPath.circle(center: Point(c[5], c[6]), radius: c[7])
        switch shape {
        case .rect: return MultiPath([rect])
        case .circle: return MultiPath([circle])
        case .hole: return MultiPath([rect, circle.reversed])
        }
    }

    static func track(_ m: MaskKeyframes) -> KeyframeTrack<MultiPath> {
        let rounded = rounded(m)
        return parameters(m).map { subpaths($0, shape: m.shape, rounded: rounded) }
    }
}

extension BezierPath {
    /// Lottie's `sh` layout: vertices, then in- and out-tangents relative to their vertex.
    /// Written into one array (the two tangent arrays, their joins and a pair array per point
    /// were 100,000 instructions a projected path: BENCHMARKS.md#lot43-the-lottie-documents-paths-and-art-items-same-bytes-2026-12-06).
    var lottie: LVec {
        var c: [Double] = []
        c.reserveCapacity(6 * vertices.count)
        for v in vertices {
            c.append(v.x)
            c.append(v.y)
        }
        for (control, v) in zip(inControls, vertices) {
            let d = control - v
            c.append(d.x)
            c.append(d.y)
        }
        for (control, v) in zip(outControls, vertices) {
            let d = control - v
            c.append(d.x)
            c.append(d.y)
        }
        return LVec(c)
    }
}

// The project's own vector-art model: what a user's SVG is turned into before any exporter sees
// it. Only what every exporter can draw exactly is representable, so an exporter never has to
// guess; everything else was refused with a located error while reading.

/// A 2D affine map `(x, y) -> (a x + c y + e, b x + d y + f)`, SVG's `matrix(a b c d e f)`.
package struct ArtTransform: Hashable, Sendable {
    package var a, b, c, d, e, f: Double
    package init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.e = e; self.f = f
    }
    package static let identity = ArtTransform(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)
    package static func translation(_ x: Double, _ y: Double) -> ArtTransform { .init(a: 1, b: 0, c: 0, d: 1, e: x, f: y) }
    package static func scale(_ x: Double, _ y: Double) -> ArtTransform { .init(a: x, b: 0, c: 0, d: y, e: 0, f: 0) }
    package var isIdentity: Bool { self == .identity }

    /// `self` applied after `inner`: the SVG order of `transform="self inner"`.
    package func concatenating(_ inner: ArtTransform) -> ArtTransform {
        ArtTransform(
            a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
            c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
            e: a * inner.e + c * inner.f + e, f: b * inner.e + d * inner.f + f)
    }
    package func apply(_ p: ArtPoint) -> ArtPoint { ArtPoint(a * p.x + c * p.y + e, b * p.x + d * p.y + f) }
}

package struct ArtPoint: Hashable, Sendable {
    package var x: Double, y: Double
    package init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
}

package struct ArtRect: Hashable, Sendable {
    package var x: Double, y: Double, width: Double, height: Double
    package init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
}

/// sRGB, straight alpha, components 0...1.
package struct ArtColor: Hashable, Sendable {
    package var red, green, blue, alpha: Double
    package init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
}

/// Absolute path segments only: relative commands, H/V, S/T, quadratics and arcs are
/// converted while reading (arcs to cubics within 1e-3 of the true ellipse).
package enum ArtPathSegment: Hashable, Sendable {
    case move(ArtPoint)
    case line(ArtPoint)
    case cubic(ArtPoint, ArtPoint, ArtPoint)
    case close
}

package struct ArtPath: Hashable, Sendable {
    package var segments: [ArtPathSegment]
    package init(_ segments: [ArtPathSegment]) { self.segments = segments }

    package func transformed(by t: ArtTransform) -> ArtPath {
        ArtPath(
            segments.map {
                switch $0 {
                case .move(let p): return .move(t.apply(p))
                case .line(let p): return .line(t.apply(p))
                case .cubic(let a, let b, let c): return .cubic(t.apply(a), t.apply(b), t.apply(c))
                case .close: return .close
                }
            })
    }

    /// Bounds of the control polygon: exact for lines, an outer bound for curves. Used only
    /// for `objectBoundingBox` gradients, where SVG itself uses the geometry's box; the two
    /// differ only for curves bulging less than their control points.
    package var controlBounds: ArtRect? {
        var xs: [Double] = [], ys: [Double] = []
        for s in segments {
            switch s {
            case .move(let p), .line(let p): xs.append(p.x); ys.append(p.y)
            case .cubic(let a, let b, let c): xs += [a.x, b.x, c.x]; ys += [a.y, b.y, c.y]
            case .close: break
            }
        }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
        return ArtRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

package struct ArtGradientStop: Hashable, Sendable {
    package var offset: Double
    package var color: ArtColor
}

/// Gradient geometry is always in the user space of the shape it paints (`objectBoundingBox`
/// was resolved against the shape's box into `transform`).
package enum ArtPaint: Hashable, Sendable {
    case color(ArtColor)
    case linear(start: ArtPoint, end: ArtPoint, transform: ArtTransform, stops: [ArtGradientStop])
    case radial(center: ArtPoint, radius: Double, focus: ArtPoint, transform: ArtTransform, stops: [ArtGradientStop])
}

package enum ArtFillRule: String, Hashable, Sendable { case nonzero, evenodd }
package enum ArtLineCap: String, Hashable, Sendable { case butt, round, square }
package enum ArtLineJoin: String, Hashable, Sendable { case miter, round, bevel }

package struct ArtStroke: Hashable, Sendable {
    package var paint: ArtPaint
    package var width: Double
    package var cap: ArtLineCap
    package var join: ArtLineJoin
    package var miterLimit: Double
    package var dashes: [Double]
    /// `stroke-dashoffset`: how far into the dash pattern each subpath starts.
    package var dashOffset = 0.0
}

package struct ArtShape: Hashable, Sendable {
    package var path: ArtPath
    package var fill: ArtPaint?
    package var fillRule: ArtFillRule
    package var stroke: ArtStroke?
}

/// A clip region in the user space of the node it clips (the clipPath's own transforms baked in).
package struct ArtClip: Hashable, Sendable {
    package var paths: [ArtPath]
    package var rule: ArtFillRule
}

package indirect enum ArtContent: Hashable, Sendable {
    case shape(ArtShape)
    case group([ArtNode])
}

package struct ArtNode: Hashable, Sendable {
    package var transform: ArtTransform
    package var opacity: Double
    package var clip: ArtClip?
    package var content: ArtContent
    /// 1-based line of the element in its file, for messages about it later (e.g. an exporter's limits).
    package var line: Int
}

/// `preserveAspectRatio`: `align` is nil for `none`.
package struct ArtAspectRatio: Hashable, Sendable {
    package enum Align: Hashable, Sendable { case min, mid, max }
    package var align: (x: Align, y: Align)?
    package var slice: Bool
    package static let xMidYMidMeet = ArtAspectRatio(align: (.mid, .mid), slice: false)
    package init(align: (x: Align, y: Align)?, slice: Bool) { self.align = align; self.slice = slice }
    package static func == (l: Self, r: Self) -> Bool {
        l.slice == r.slice && l.align?.x == r.align?.x && l.align?.y == r.align?.y
    }
    package func hash(into h: inout Hasher) { h.combine(slice); h.combine(align?.x); h.combine(align?.y) }
}

package struct ArtDocument: Hashable, Sendable {
    /// The intrinsic size in user units (px); from width/height, else the viewBox's size.
    package var size: ArtRect
    package var viewBox: ArtRect?
    package var aspectRatio: ArtAspectRatio
    package var nodes: [ArtNode]
    /// FNV-1a of the source bytes, so definitions holding art hash in O(1) (see RasterImage).
    var digest: UInt64 = 0

    package static func == (l: ArtDocument, r: ArtDocument) -> Bool {
        l.digest == r.digest && l.size == r.size && l.viewBox == r.viewBox && l.aspectRatio == r.aspectRatio && l.nodes == r.nodes
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(digest); hasher.combine(nodes.count)
    }

    /// The map from the document's user space into a `width` x `height` viewport, as SVG's
    /// viewBox + preserveAspectRatio define it.
    package func viewportTransform(width: Double, height: Double) -> ArtTransform {
        guard let box = viewBox, box.width > 0, box.height > 0 else {
            return size.width > 0 && size.height > 0 ? .scale(width / size.width, height / size.height) : .identity
        }
        var sx = width / box.width, sy = height / box.height
        guard let align = aspectRatio.align else {
            return ArtTransform.scale(sx, sy).concatenating(.translation(-box.x, -box.y))
        }
        let s = aspectRatio.slice ? max(sx, sy) : min(sx, sy)
        sx = s; sy = s
        func offset(_ a: ArtAspectRatio.Align, _ free: Double) -> Double {
            switch a {
            case .min: return 0;
            case .mid: return free / 2;
            case .max: return free
            }
        }
        let tx = offset(align.x, width - box.width * s), ty = offset(align.y, height - box.height * s)
        return ArtTransform.translation(tx, ty).concatenating(.scale(s, s)).concatenating(.translation(-box.x, -box.y))
    }
}

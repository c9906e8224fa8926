import Geometry

/// What a CATransform3D does to the z = 0 plane of a layer: the 2D homography made of rows and
/// columns 1, 2 and 4 (docs/uikit-motion.md#projected-rectangles), row vectors: (x, y, 1)·H, then divide by the third
/// component. A flattened world transform loses nothing by this restriction. Usable from inline
/// (not public) so that `apply` is compiled where it is called (Transform3D.swift).
@usableFromInline package struct PlaneProjection: Hashable, Sendable {
    /// Row-major 3×3: h[0] h[1] h[2] / h[3] h[4] h[5] / h[6] h[7] h[8]. Held inline: as an array,
    /// every projection made (per layer and grid time, each product and inverse) was a heap
    /// allocation (BENCHMARKS.md#copies-of-the-3d-fits-state-same-bytes-2026-12-04).
    @usableFromInline package var h: InlineArray<9, Double>

    @inlinable package init(_ h: InlineArray<9, Double>) { self.h = h }

    @inlinable package init(_ m: Transform3D) {
        h = [m.m11, m.m12, m.m14, m.m21, m.m22, m.m24, m.m41, m.m42, m.m44]
    }

    package static let identity = PlaneProjection([1, 0, 0, 0, 1, 0, 0, 0, 1])

    /// The homogeneous w of a point: > 0 in front of the eye; small = strongly magnified.
    @inlinable package func w(_ p: Point) -> Double { p.x * h[2] + p.y * h[5] + h[8] }

    @inlinable package func apply(_ p: Point) -> Point {
        let x = p.x * h[0] + p.y * h[3] + h[6]
        let y = p.x * h[1] + p.y * h[4] + h[7]
        let w = p.x * h[2] + p.y * h[5] + h[8]
        return Point(x / w, y / w)
    }

    /// The derivative of `apply` at p along v: where an infinitesimal step v from p lands.
    @inlinable package func applyDerivative(at p: Point, _ v: Point) -> Point {
        let x = p.x * h[0] + p.y * h[3] + h[6]
        let y = p.x * h[1] + p.y * h[4] + h[7]
        let w = p.x * h[2] + p.y * h[5] + h[8]
        let dx = v.x * h[0] + v.y * h[3], dy = v.x * h[1] + v.y * h[4], dw = v.x * h[2] + v.y * h[5]
        return Point((dx * w - x * dw) / (w * w), (dy * w - y * dw) / (w * w))
    }

    /// `self` first, then `o` (row vectors: self·o).
    /// Written out (r[3i + j] = h[3i]·o[j] + h[3i + 1]·o[3 + j] + h[3i + 2]·o[6 + j], added left to
    /// right, so the same bits): the loops indexed InlineArray at ~380 instructions a product,
    /// one per layer and grid time in the factored fit. Columns 0 and 1 in the lanes of a SIMD2:
    /// each lane's products and sums are the scalar ones in their order (the same bits). Inlinable:
    /// ProjectionGrid makes every changed row with it (one per layer and changed grid time).
    @inlinable package func concatenating(_ o: PlaneProjection) -> PlaneProjection {
        let a = h, b = o.h
        let b01 = SIMD2(b[0], b[1]), b34 = SIMD2(b[3], b[4]), b67 = SIMD2(b[6], b[7]), b2 = b[2], b5 = b[5], b8 = b[8]
        @inline(__always) func row(_ i: Int) -> (SIMD2<Double>, Double) {
            let x = a[3 * i], y = a[3 * i + 1], z = a[3 * i + 2]
            return (SIMD2(repeating: x) * b01 + SIMD2(repeating: y) * b34 + SIMD2(repeating: z) * b67, x * b2 + y * b5 + z * b8)
        }
        let (r0, r2) = row(0), (r3, r5) = row(1), (r6, r8) = row(2)
        return PlaneProjection([r0.x, r0.y, r2, r3.x, r3.y, r5, r6.x, r6.y, r8])
    }

    package var inverse: PlaneProjection? {
        let a = h
        let c00 = a[4] * a[8] - a[5] * a[7], c01 = a[5] * a[6] - a[3] * a[8], c02 = a[3] * a[7] - a[4] * a[6]
        let det = a[0] * c00 + a[1] * c01 + a[2] * c02
        guard det != 0, det.isFinite else { return nil }
        let inv: InlineArray<9, Double> = [
            c00, a[2] * a[7] - a[1] * a[8], a[1] * a[5] - a[2] * a[4],
            c01, a[0] * a[8] - a[2] * a[6], a[2] * a[3] - a[0] * a[5],
            c02, a[1] * a[6] - a[0] * a[7], a[0] * a[4] - a[1] * a[3],
        ]
        return PlaneProjection(InlineArray { inv[$0] / det })
    }

    /// Affine (no perspective row): lengths scale by at most this factor (a bound on the
    /// largest singular value of the linear part).
    package var affineScaleBound: Double {
        let w = h[8]
        let rows = max(abs(h[0]) + abs(h[1]), abs(h[3]) + abs(h[4]))
        let columns = max(abs(h[0]) + abs(h[3]), abs(h[1]) + abs(h[4]))
        return max(rows, columns) / abs(w)
    }

    // Entry by entry (InlineArray has no ==): a NaN entry is unequal, as it is to itself.
    @inlinable package static func == (a: PlaneProjection, b: PlaneProjection) -> Bool {
        for k in 0..<9 where a.h[k] != b.h[k] { return false }
        return true
    }

    @inlinable package func hash(into hasher: inout Hasher) {
        for k in 0..<9 { hasher.combine(h[k]) }
    }
}

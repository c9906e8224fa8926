import FoundationEssentials
import Geometry
import Glibc

/// Core Animation's CATransform3D: ROW vectors, p' = p·M, translation in row 4 (docs/uikit-motion.md#transform-matrices).
/// Usable from inline (not public) so that `concatenating` and `apply` are compiled into the
/// simulation and the exporters (BENCHMARKS.md#keyframe-types-usable-from-inline-same-bytes-2026-12-04).
@usableFromInline package struct Transform3D: Hashable, Sendable {
    @usableFromInline package var m11: Double, m12: Double, m13: Double, m14: Double
    @usableFromInline package var m21: Double, m22: Double, m23: Double, m24: Double
    @usableFromInline package var m31: Double, m32: Double, m33: Double, m34: Double
    @usableFromInline package var m41: Double, m42: Double, m43: Double, m44: Double

    @inlinable package init(
        m11: Double, m12: Double, m13: Double, m14: Double,
        m21: Double, m22: Double, m23: Double, m24: Double,
        m31: Double, m32: Double, m33: Double, m34: Double,
        m41: Double, m42: Double, m43: Double, m44: Double
    ) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// Row-major: `rows[i][j]` is m(i+1)(j+1). Needs 4 rows of 4.
    init(rows r: [[Double]]) {
        self.init(
            m11: r[0][0], m12: r[0][1], m13: r[0][2], m14: r[0][3],
            m21: r[1][0], m22: r[1][1], m23: r[1][2], m24: r[1][3],
            m31: r[2][0], m32: r[2][1], m33: r[2][2], m34: r[2][3],
            m41: r[3][0], m42: r[3][1], m43: r[3][2], m44: r[3][3])
    }

    var rows: [[Double]] {
        [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]]
    }

    package static let identity = Transform3D(
        m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

    /// CATransform3DMakeTranslation: (tx, ty, tz) in m41 m42 m43 (docs/uikit-motion.md#transform-matrices).
    package static func translation(_ tx: Double, _ ty: Double, _ tz: Double = 0) -> Transform3D {
        var t = identity
        t.m41 = tx; t.m42 = ty; t.m43 = tz
        return t
    }

    package static func scale(_ sx: Double, _ sy: Double, _ sz: Double = 1) -> Transform3D {
        var t = identity
        t.m11 = sx; t.m22 = sy; t.m33 = sz
        return t
    }

    /// CATransform3DMakeRotation: Rodrigues, transposed for row vectors (docs/uikit-motion.md#transform-matrices). About z it equals
    /// CGAffineTransform(rotationAngle:): (1, 0) → (cos θ, sin θ), clockwise on a y-down screen.
    /// A zero axis gives the identity.
    package static func rotation(angle radians: Double, x: Double, y: Double, z: Double) -> Transform3D {
        let len = (x * x + y * y + z * z).squareRoot()
        guard len > 0, len.isFinite else { return identity }
        let (ux, uy, uz) = (x / len, y / len, z / len)
        let c = cos(radians), s = sin(radians), k = 1 - c
        return Transform3D(
            m11: k * ux * ux + c, m12: k * ux * uy + s * uz, m13: k * ux * uz - s * uy, m14: 0,
            m21: k * ux * uy - s * uz, m22: k * uy * uy + c, m23: k * uy * uz + s * ux, m24: 0,
            m31: k * ux * uz + s * uy, m32: k * uy * uz - s * ux, m33: k * uz * uz + c, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// Identity with m34 = −1/d, d the eye distance (docs/uikit-motion.md#transform-matrices).
    package static func perspective(eyeDistance d: Double) -> Transform3D {
        var t = identity
        t.m34 = -1 / d
        return t
    }

    /// 2D affine (a b c d tx ty) → m11 m12 m21 m22 m41 m42 (docs/uikit-motion.md#transform-matrices), like
    /// CATransform3DMakeAffineTransform.
    package static func affine(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) -> Transform3D {
        var t = identity
        t.m11 = a; t.m12 = b; t.m21 = c; t.m22 = d; t.m41 = tx; t.m42 = ty
        return t
    }

    /// CATransform3DConcat(self, other) = self·other: self is applied first (docs/uikit-motion.md#transform-matrices).
    /// Always inlined: called, both matrices and the result were copied through the stack (~60
    /// moves beside the ~120 instructions of the product; MovingStateSampler makes one per
    /// recomputed layer and step).
    @inlinable @inline(__always) package func concatenating(_ o: Transform3D) -> Transform3D {
        // Written out: this runs per layer per frame, so no temporary arrays.
        Transform3D(
            m11: m11 * o.m11 + m12 * o.m21 + m13 * o.m31 + m14 * o.m41,
            m12: m11 * o.m12 + m12 * o.m22 + m13 * o.m32 + m14 * o.m42,
            m13: m11 * o.m13 + m12 * o.m23 + m13 * o.m33 + m14 * o.m43,
            m14: m11 * o.m14 + m12 * o.m24 + m13 * o.m34 + m14 * o.m44,
            m21: m21 * o.m11 + m22 * o.m21 + m23 * o.m31 + m24 * o.m41,
            m22: m21 * o.m12 + m22 * o.m22 + m23 * o.m32 + m24 * o.m42,
            m23: m21 * o.m13 + m22 * o.m23 + m23 * o.m33 + m24 * o.m43,
            m24: m21 * o.m14 + m22 * o.m24 + m23 * o.m34 + m24 * o.m44,
            m31: m31 * o.m11 + m32 * o.m21 + m33 * o.m31 + m34 * o.m41,
            m32: m31 * o.m12 + m32 * o.m22 + m33 * o.m32 + m34 * o.m42,
            m33: m31 * o.m13 + m32 * o.m23 + m33 * o.m33 + m34 * o.m43,
            m34: m31 * o.m14 + m32 * o.m24 + m33 * o.m34 + m34 * o.m44,
            m41: m41 * o.m11 + m42 * o.m21 + m43 * o.m31 + m44 * o.m41,
            m42: m41 * o.m12 + m42 * o.m22 + m43 * o.m32 + m44 * o.m42,
            m43: m41 * o.m13 + m42 * o.m23 + m43 * o.m33 + m44 * o.m43,
            m44: m41 * o.m14 + m42 * o.m24 + m43 * o.m34 + m44 * o.m44)
    }

    // CA's Translate/Scale/Rotate(t, …) apply the op BEFORE t: op·t (docs/uikit-motion.md#transform-matrices).
    /// CATransform3DTranslate(self, …).
    package func translated(_ tx: Double, _ ty: Double, _ tz: Double = 0) -> Transform3D {
        Self.translation(tx, ty, tz).concatenating(self)
    }

    /// CATransform3DScale(self, …).
    package func scaled(_ sx: Double, _ sy: Double, _ sz: Double = 1) -> Transform3D {
        Self.scale(sx, sy, sz).concatenating(self)
    }

    /// CATransform3DRotate(self, …).
    package func rotated(angle radians: Double, x: Double, y: Double, z: Double) -> Transform3D {
        Self.rotation(angle: radians, x: x, y: y, z: z).concatenating(self)
    }

    /// (x, y, z, 1)·M, not homogenized.
    @inlinable package func applyHomogeneous(x: Double, y: Double, z: Double) -> (x: Double, y: Double, z: Double, w: Double) {
        (
            x * m11 + y * m21 + z * m31 + m41,
            x * m12 + y * m22 + z * m32 + m42,
            x * m13 + y * m23 + z * m33 + m43,
            x * m14 + y * m24 + z * m34 + m44
        )
    }

    /// (x, y, 0, 1)·M, homogenized (CA_CGPointApplyTransform, docs/uikit-motion.md#layer-geometry).
    @inlinable package func apply(to p: Point) -> Point {
        let h = applyHomogeneous(x: p.x, y: p.y, z: 0)
        return Point(h.x / h.w, h.y / h.w)
    }

    /// With the z column zeroed: the point lands in the z = 0 plane (homogeneous w kept), as a
    /// plain CALayer flattens its sublayers (docs/uikit-motion.md#layer-geometry). Points of the plane map exactly as before.
    @inlinable package var flatteningZ: Transform3D {
        var t = self
        t.m13 = 0; t.m23 = 0; t.m33 = 0; t.m43 = 0
        return t
    }

    /// Exactly representable as a 2D affine transform (CATransform3DIsAffine).
    @inlinable package var isAffine2D: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0
            && m34 == 0 && m43 == 0 && m33 == 1 && m44 == 1
    }

    package var isIdentity: Bool { self == .identity }

    /// The inverse by Gauss–Jordan elimination with partial pivoting; nil when singular.
    package var inverse: Transform3D? {
        var a = rows
        var inv = Transform3D.identity.rows
        for col in 0..<4 {
            var pivot = col
            for r in (col + 1)..<4 where abs(a[r][col]) > abs(a[pivot][col]) { pivot = r }
            let p = a[pivot][col]
            guard p != 0, p.isFinite else { return nil }
            a.swapAt(col, pivot); inv.swapAt(col, pivot)
            for j in 0..<4 { a[col][j] /= p; inv[col][j] /= p }
            for r in 0..<4 where r != col {
                let f = a[r][col]
                if f == 0 { continue }
                for j in 0..<4 { a[r][j] -= f * a[col][j]; inv[r][j] -= f * inv[col][j] }
            }
        }
        let result = Transform3D(rows: inv)
        return result.rows.joined().allSatisfy { $0.isFinite } ? result : nil
    }
}

/// Nine numbers stored inline, row-major (PlaneProjection's homography): no heap array per
/// projection, so a concatenation, an inverse or a read from a sampled grid allocates nothing
/// (they were a malloc, a copy and a free each, in every projected fit). Indexed and compared
/// like the `[Double]` it replaces: element by element, so the same numbers and the same bytes.
package struct Matrix3x3: RandomAccessCollection, MutableCollection, Hashable, Sendable {
    @usableFromInline var m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

    package init(_ values: some Collection<Double>) {
        precondition(values.count == 9)
        m = (0, 0, 0, 0, 0, 0, 0, 0, 0)
        for (k, v) in values.enumerated() { self[k] = v }
    }

    package init(
        _ m0: Double, _ m1: Double, _ m2: Double, _ m3: Double, _ m4: Double, _ m5: Double, _ m6: Double, _ m7: Double, _ m8: Double
    ) {
        m = (m0, m1, m2, m3, m4, m5, m6, m7, m8)
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { 9 }

    @inlinable package subscript(k: Int) -> Double {
        get {
            precondition(k >= 0 && k < 9, "Matrix3x3 index out of range")
            return withUnsafeBytes(of: m) { $0.load(fromByteOffset: k * 8, as: Double.self) }
        }
        set {
            precondition(k >= 0 && k < 9, "Matrix3x3 index out of range")
            withUnsafeMutableBytes(of: &m) { $0.storeBytes(of: newValue, toByteOffset: k * 8, as: Double.self) }
        }
    }

    package static func == (a: Matrix3x3, b: Matrix3x3) -> Bool { a.elementsEqual(b) }

    package func hash(into hasher: inout Hasher) {
        for v in self { hasher.combine(v) }
    }
}

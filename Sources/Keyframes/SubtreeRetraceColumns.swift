// SubtreeRetraceSamples' storage (SubtreeRetraceSamples.swift): each sample's row per layer, and each
// layer's rows with their least and greatest numbers.

/// Per layer and sample, the row holding the layer's numbers (-1: the first sample's), written
/// at the samples where the layer was read: the samples between hold the last one's, written as
/// one run when the next is (or at the end), not found by a pass over every sample afterwards
/// (0.4 % of the 2D batch). Its storage is pointers held in a struct in a local (freed by
/// `deallocate`): arrays checked uniqueness at every write (~80 instructions a write), a nested
/// function writing them checked exclusive access (+119 M in the 2D batch) and a class's
/// properties were read at every write (+30 M).
struct SampleRows {
    private let row: UnsafeMutablePointer<Int32>
    /// Per layer: whether some row written is the first's (-1).
    private let holdsFirst: UnsafeMutablePointer<Bool>
    /// Per layer: the last sample written (every read layer is written at the first sample; a
    /// layer never read holds -1 throughout).
    private let written: UnsafeMutablePointer<Int>
    private let layers: Int, count: Int

    /// The rows are not filled here: every sample of a layer the sampler reads is written (at the
    /// first sample, then held or written again), and `finish` fills the rows of the layers that
    /// never moved with -1 (a fill of every layer's rows first was 6 M in the 2D batch, most of
    /// them written over).
    init(layers: Int, count: Int) {
        row = .allocate(capacity: layers * count)
        holdsFirst = .allocate(capacity: layers)
        holdsFirst.initialize(repeating: false, count: layers)
        written = .allocate(capacity: layers)
        written.initialize(repeating: 0, count: layers)
        (self.layers, self.count) = (layers, count)
    }

    /// Frees the storage; the rows too unless `finish` handed them over.
    func deallocate(rows: Bool) {
        if rows { row.deallocate() }
        holdsFirst.deallocate()
        written.deallocate()
    }

    /// Layer i's row r at sample m (after the last written), the samples between holding that one's.
    @inline(__always)
    func write(_ r: Int32, layer i: Int, at m: Int) {
        hold(i, through: m - 1)
        row[i * count + m] = r
        written[i] = m
        if r < 0 { holdsFirst[i] = true }
    }

    /// The samples after each moving layer's last written one hold that one's row, and the
    /// other layers hold -1 at every sample (all they were written, if read at all); then every
    /// layer's rows, sample by sample, handed over (to Columns, which frees them: a copy was
    /// 21 M in the 2D batch).
    func finish(moving: UnsafePointer<Bool>) -> UnsafeMutableBufferPointer<Int32> {
        for i in 0..<layers {
            if moving[i] { hold(i, through: count - 1) } else { Self.fill(row + i * count, -1, count: count) }
        }
        return UnsafeMutableBufferPointer(start: row, count: layers * count)
    }

    /// Whether some row written for layer i is the first's.
    func holdsFirst(_ i: Int) -> Bool { holdsFirst[i] }

    /// `p.initialize(repeating: v, count: n)` eight at a time: that one stored one at a time,
    /// and memset's `rep stos` counts one instruction a byte under callgrind (each 21 M in the
    /// 2D batch). Not inlined, so v is not a constant the loop could be turned into a memset for.
    @inline(never)
    private static func fill(_ p: UnsafeMutablePointer<Int32>, _ v: Int32, count n: Int) {
        let raw = UnsafeMutableRawPointer(p), lanes = SIMD8<Int32>(repeating: v)
        var k = 0
        while k + 8 <= n {
            raw.storeBytes(of: lanes, toByteOffset: k * MemoryLayout<Int32>.stride, as: SIMD8<Int32>.self)
            k += 8
        }
        while k < n {
            p[k] = v
            k += 1
        }
    }

    @inline(__always)
    private func hold(_ i: Int, through m: Int) {
        let last = written[i], base = i * count
        guard m > last else { return }
        (row + base + last + 1).update(repeating: row[base + last], count: m - last)
        written[i] = m
    }
}

/// Each layer's rows, in one allocation made when the layer first moves: written in place by
/// SubtreeRetraceSamples.init, never zeroed, copied or grown; owned (freed) here. Constants
/// (a class's variables are checked for exclusive access at every read).
final class Columns {
    private let start: [UnsafeMutablePointer<Double>?]
    /// Per layer: how many numbers its rows fill.
    private let used: [Int]
    let extremes: Extremes
    /// SampleRows' rows: layer j's sample k at `j * count + k`.
    let rows: UnsafeBufferPointer<Int32>
    /// Each layer's numbers at the first sample, layer j's at `j * Retrace.maxFeatureCount`.
    let firsts: UnsafeMutablePointer<Double>

    init(
        start: [UnsafeMutablePointer<Double>?], used: [Int], extremes: Extremes, rows: UnsafeMutableBufferPointer<Int32>,
        firsts: UnsafeMutablePointer<Double>
    ) {
        (self.start, self.used, self.extremes, self.rows, self.firsts) = (start, used, extremes, UnsafeBufferPointer(rows), firsts)
    }

    deinit {
        for p in start { p?.deallocate() }
        rows.deallocate()
        firsts.deallocate()
    }

    /// Per layer, the least and greatest of each of its numbers over the rows included, met in
    /// order (`x < lo`, `x > hi`: the first of equal ones kept); infinities before any row. Also
    /// whether every number included is finite (a pass over every row for it was 0.6 % of the 2D batch).
    final class Extremes {
        /// Room per layer: `Retrace.maxFeatureCount`, a lazy global read at every row otherwise.
        private let room = Retrace.maxFeatureCount
        private let lo: UnsafeMutablePointer<Double>, hi: UnsafeMutablePointer<Double>
        /// Per layer, the sum of x − x over the numbers included: +0 while each is finite, NaN
        /// from the first that is not (∞ − ∞ and NaN − NaN are NaN, and NaN stays).
        private let nonFinite: UnsafeMutablePointer<Double>

        init(layers: Int) {
            let n = layers * Retrace.maxFeatureCount
            lo = .allocate(capacity: n)
            lo.initialize(repeating: .infinity, count: n)
            hi = .allocate(capacity: n)
            hi.initialize(repeating: -.infinity, count: n)
            nonFinite = .allocate(capacity: layers)
            nonFinite.initialize(repeating: 0, count: layers)
        }

        deinit {
            lo.deallocate()
            hi.deallocate()
            nonFinite.deallocate()
        }

        /// Four numbers at a time, then two, then one: each lane's `x < lo` / `x > hi` replaces it
        /// as the scalar rule does (the same least and greatest, NaN never replacing), and the
        /// lanes' sums of x − x are +0 unless some number is not finite (then NaN), as the scalar
        /// sum is. (Two at a time, a layer's 11 numbers took six turns of the loop.)
        @inline(__always)
        func include(_ x: UnsafePointer<Double>, layer j: Int, _ w: Int) {
            let lo = UnsafeMutableRawPointer(self.lo + j * room), hi = UnsafeMutableRawPointer(self.hi + j * room)
            let x2 = UnsafeRawPointer(x)
            let size = MemoryLayout<Double>.stride
            var sum4 = SIMD4<Double>(nonFinite[j], 0, 0, 0)
            var c = 0
            while c + 4 <= w {
                let o = c * size
                let v = x2.loadUnaligned(fromByteOffset: o, as: SIMD4<Double>.self)
                let l = lo.loadUnaligned(fromByteOffset: o, as: SIMD4<Double>.self)
                let h = hi.loadUnaligned(fromByteOffset: o, as: SIMD4<Double>.self)
                lo.storeBytes(of: l.replacing(with: v, where: v .< l), toByteOffset: o, as: SIMD4<Double>.self)
                hi.storeBytes(of: h.replacing(with: v, where: v .> h), toByteOffset: o, as: SIMD4<Double>.self)
                sum4 += v - v
                c += 4
            }
            var sum2 = SIMD2<Double>(sum4[0] + sum4[1], sum4[2] + sum4[3])
            if c + 2 <= w {
                let o = c * size
                let v = x2.loadUnaligned(fromByteOffset: o, as: SIMD2<Double>.self)
                let l = lo.loadUnaligned(fromByteOffset: o, as: SIMD2<Double>.self)
                let h = hi.loadUnaligned(fromByteOffset: o, as: SIMD2<Double>.self)
                lo.storeBytes(of: l.replacing(with: v, where: v .< l), toByteOffset: o, as: SIMD2<Double>.self)
                hi.storeBytes(of: h.replacing(with: v, where: v .> h), toByteOffset: o, as: SIMD2<Double>.self)
                sum2 += v - v
                c += 2
            }
            if c < w {
                let lo = self.lo + j * room, hi = self.hi + j * room
                if x[c] < lo[c] { lo[c] = x[c] }
                if x[c] > hi[c] { hi[c] = x[c] }
                sum2[0] += x[c] - x[c]
            }
            nonFinite[j] = sum2[0] + sum2[1]
        }

        /// Whether every number included for layer j is finite.
        func allFinite(_ j: Int) -> Bool { nonFinite[j] == 0 }

        func of(_ j: Int) -> (lo: UnsafePointer<Double>, hi: UnsafePointer<Double>) { (UnsafePointer(lo + j * room), UnsafePointer(hi + j * room)) }
    }

    /// Layer j's rows (none before it moves).
    @inline(__always)
    func withColumn<R>(_ j: Int, _ body: (UnsafeBufferPointer<Double>) -> R) -> R {
        body(UnsafeBufferPointer(start: start[j], count: used[j]))
    }
}

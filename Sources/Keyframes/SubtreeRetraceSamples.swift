import Simulation

// The numbers SubtreeRetrace compares (Retrace.features of each layer) at every 120 Hz sample.
// A sample keeps a layer's numbers only where some number is more than eps from the first
// sample's; elsewhere it holds the first sample's (the same numbers the rows' path stores:
// SubtreeRetrace+Rows.swift). The loose check and the driver read them through pointers
// (BENCHMARKS.md#speed2d-2d-batch-cpu-same-bytes-2026-12-04); a layer quiet since the last
// sample is not read again and shares that sample's row
// (BENCHMARKS.md#lottie2d-quiet-samples-2026-12-04).

struct SubtreeRetraceSamples {
    /// Per layer: how many numbers it has (the same at every sample), and the first sample's.
    let width: [Int]
    let first: [[Double]]
    /// Per layer: whether some sample's numbers differ from the first's.
    private(set) var moves: [Bool]
    /// Per layer: the rows it holds, `width` numbers each, and for each sample the row holding
    /// its numbers (layer j's sample k: `row[j * count + k]`), or -1 for the first sample's. A
    /// sample whose layer was not read again (MovingStateSampler: quiet since the last sample)
    /// holds that sample's row: no copy is made (copying them was half of the sampling's cost).
    private var column: [[Double]]
    private var row: [Int32]
    let count: Int
    /// Per layer: whether some sample holds the first sample's numbers (row -1).
    private var usesFirst: [Bool] = []

    /// Nil when a layer's count of numbers changes between samples.
    init?(_ sim: Simulation, times: [Double], eps: Double) {
        let first = sim.state(at: times[0])
        self.first = sim.layers.indices.map { SubtreeRetrace.features(first, $0) }
        width = self.first.map(\.count)
        count = times.count
        moves = [Bool](repeating: false, count: sim.layers.count)
        column = [[Double]](repeating: [], count: sim.layers.count)
        row = [Int32](repeating: -1, count: sim.layers.count * times.count)
        // A layer still on screen gives its first numbers at every sample (the same bits): only
        // the others are read (MovingState, their numbers as in `sim.state(at:)`), and of those
        // only the ones whose tracks changed since the last sample (the others' numbers are that
        // sample's, the same bits: the same row).
        var f: [Double] = []
        f.reserveCapacity(11)
        var sampler = MovingStateSampler(sim, at: times[0])
        for (m, t) in times.enumerated() {
            if m > 0 { sampler.advance(to: t) }
            let s = sampler.state
            for (k, i) in s.layers.enumerated() {
                let at = i * count + m
                guard m == 0 || sampler.changed[k] else {
                    row[at] = row[at - 1]
                    continue
                }
                f.removeAll(keepingCapacity: true)
                Retrace.appendFeatures(s, k, to: &f)
                guard f.count == width[i] else { return nil }
                guard SubtreeRetrace.anyApart(f, self.first[i], eps) else { continue }
                if !moves[i] {
                    moves[i] = true
                    column[i].reserveCapacity((count - m) * width[i])
                }
                row[at] = Int32(column[i].count / width[i])
                column[i].append(contentsOf: f)
            }
        }
        usesFirst = sim.layers.indices.map { j in (0..<count).contains { row[j * count + $0] < 0 } }
    }

    /// The least and greatest of number c of layer j over the samples (`series(j, c)`'s min and
    /// max), from the rows held and the first's when a sample holds it: a few rows, not a series
    /// of every sample. Nil when a number is NaN (then min and max depend on the order).
    func range(_ j: Int, _ c: Int) -> (lo: Double, hi: Double)? {
        let w = width[j]
        var lo = Double.infinity, hi = -Double.infinity
        if usesFirst[j] {
            let x = first[j][c]
            if x.isNaN { return nil }
            (lo, hi) = (x, x)
        }
        return column[j].withUnsafeBufferPointer { col in
            for r in stride(from: c, to: col.count, by: w) {
                let x = col[r]
                if x.isNaN { return nil }
                if x < lo { lo = x }
                if x > hi { hi = x }
            }
            return lo > hi ? nil : (lo, hi)
        }
    }

    /// Number c of layer j at sample k.
    @inline(__always)
    func value(_ j: Int, _ k: Int, _ c: Int) -> Double {
        let r = Int(row[j * count + k])
        return r < 0 ? first[j][c] : column[j][r * width[j] + c]
    }

    /// Number c of layer j at every sample.
    func series(_ j: Int, _ c: Int) -> [Double] {
        let w = width[j], f = first[j][c], base = j * count
        var out = [Double](repeating: f, count: count)
        column[j].withUnsafeBufferPointer { col in
            row.withUnsafeBufferPointer { row in
                for k in 0..<count {
                    let r = Int(row[base + k])
                    if r >= 0 { out[k] = col[r * w + c] }
                }
            }
        }
        return out
    }

    /// What `looselyClose(j, x, y, u, k)` reads: the rows of samples x, y and k and u's bits.
    struct LooseCheck: Equatable {
        let x: Int32, y: Int32, k: Int32
        let u: UInt64
    }

    @inline(__always)
    func looseCheck(_ j: Int, _ x: Int, _ y: Int, _ u: Double, _ k: Int) -> LooseCheck {
        let base = j * count
        return LooseCheck(x: row[base + x], y: row[base + y], k: row[base + k], u: u.bitPattern)
    }

    /// SubtreeRetrace.looselyClose of layer j's samples x, y and k: sample k within 1 px
    /// (corners) / 0.01 (the rest) of x + (y − x)·u, number by number.
    /// The three samples' numbers are read through pointers found once per call (this runs per
    /// outside sample per alive layer: reading each number through `value` cost twice the rows').
    @inline(__always)
    func looselyClose(_ j: Int, _ x: Int, _ y: Int, _ u: Double, _ k: Int) -> Bool {
        let w = width[j], base = j * count
        return first[j].withUnsafeBufferPointer { f in
            column[j].withUnsafeBufferPointer { col in
                // A sample holding no row holds the first's numbers.
                func row(_ m: Int) -> UnsafePointer<Double> {
                    let r = Int(self.row[base + m])
                    return r < 0 ? f.baseAddress! : col.baseAddress! + r * w
                }
                let px = row(x), py = row(y), pk = row(k)
                for c in 0..<w where !(abs(px[c] + (py[c] - px[c]) * u - pk[c]) <= (c < 8 ? 1 : 0.01)) { return false }
                return true
            }
        }
    }

    /// SubtreeRetrace.equal of `numbers` and layer j's at sample k.
    func equal(_ numbers: [Double], _ j: Int, _ k: Int, _ eps: Double) -> Bool {
        guard numbers.count == width[j] else { return false }
        for c in numbers.indices where !(abs(numbers[c] - value(j, k, c)) <= eps) { return false }
        return true
    }
}

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
    /// Per layer: whether every number it holds is finite.
    private var finite: [Bool] = []

    /// Nil when a layer's count of numbers changes between samples.
    init?(_ sim: Simulation, times: [Double], eps: Double) {
        let first = sim.state(at: times[0])
        self.first = sim.layers.indices.map { SubtreeRetrace.features(first, $0) }
        width = self.first.map { $0.count }  // (a key path read each count at ~700 instructions)
        count = times.count
        moves = [Bool](repeating: false, count: sim.layers.count)
        column = [[Double]](repeating: [], count: sim.layers.count)
        // A sample not read again holds the last sample's row: marked here, carried at the end
        // (a step where nothing was recomputed is passed whole).
        let carried = Int32.min
        row = [Int32](repeating: carried, count: sim.layers.count * times.count)
        // A layer still on screen gives its first numbers at every sample (the same bits): only
        // the others are read (MovingState, their numbers as in `sim.state(at:)`), and of those
        // only the ones whose tracks changed since the last sample (the others' numbers are that
        // sample's, the same bits: the same row).
        var sampler = MovingStateSampler(sim, at: times[0])
        // A recomputed layer's numbers, kept only when some is more than eps from the first's.
        let numbers = UnsafeMutablePointer<Double>.allocate(capacity: Retrace.maxFeatureCount)
        defer { numbers.deallocate() }
        for (m, t) in times.enumerated() {
            if m > 0 {
                sampler.advance(to: t)
                guard sampler.changed.contains(true) else { continue }
            }
            let s = sampler.state
            for (k, i) in s.layers.enumerated() {
                let at = i * count + m
                guard m == 0 || sampler.changed[k] else { continue }
                let w = Retrace.writeFeatures(s, k, to: numbers)
                guard w == width[i] else { return nil }
                let apart = self.first[i].withUnsafeBufferPointer { first in (0..<w).contains { abs(numbers[$0] - first[$0]) > eps } }
                guard apart else {
                    row[at] = -1
                    continue
                }
                if !moves[i] {
                    moves[i] = true
                    column[i].reserveCapacity((count - m) * w)
                }
                row[at] = Int32(column[i].count / w)
                column[i].append(contentsOf: UnsafeBufferPointer(start: numbers, count: w))
            }
        }
        row.withUnsafeMutableBufferPointer { row in
            for base in stride(from: 0, to: row.count, by: count) {
                var last: Int32 = -1  // a still layer holds the first sample's numbers throughout
                for at in base..<base + count {
                    if row[at] == carried { row[at] = last } else { last = row[at] }
                }
            }
        }
        usesFirst = sim.layers.indices.map { j in (0..<count).contains { row[j * count + $0] < 0 } }
        finite = sim.layers.indices.map { j in self.first[j].allSatisfy { $0.isFinite } && column[j].allSatisfy { $0.isFinite } }
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

    /// `range(j, c)` of every number c of layer j, in one pass over its rows when all its numbers
    /// are finite (no NaN to look for; each number's rows are read in the same order, so the
    /// same least and greatest).
    func ranges(_ j: Int) -> [(lo: Double, hi: Double)?] {
        let w = width[j]
        guard finite[j] else { return (0..<w).map { range(j, $0) } }
        var lo = [Double](repeating: .infinity, count: w), hi = [Double](repeating: -.infinity, count: w)
        if usesFirst[j] { (lo, hi) = (first[j], first[j]) }
        column[j].withUnsafeBufferPointer { col in
            lo.withUnsafeMutableBufferPointer { lo in
                hi.withUnsafeMutableBufferPointer { hi in
                    for r in stride(from: 0, to: col.count, by: w) {
                        for c in 0..<w {
                            let x = col[r + c]
                            if x < lo[c] { lo[c] = x }
                            if x > hi[c] { hi[c] = x }
                        }
                    }
                }
            }
        }
        return (0..<w).map { lo[$0] > hi[$0] ? nil : (lo[$0], hi[$0]) }
    }

    /// Number c of layer j at sample k.
    @inline(__always)
    func value(_ j: Int, _ k: Int, _ c: Int) -> Double {
        let r = Int(row[j * count + k])
        return r < 0 ? first[j][c] : column[j][r * width[j] + c]
    }

    /// The row holding layer j's numbers at sample k (-1: the first sample's): equal rows, equal numbers.
    @inline(__always)
    func row(_ j: Int, _ k: Int) -> Int32 { row[j * count + k] }

    /// SubtreeRetrace.earliestRun of number c of layer j over the samples, read in place (no series).
    func earliestRun(_ j: Int, _ c: Int, lo: Double, hi: Double, eps: Double) -> ClosedRange<Int>? {
        let w = width[j], f = first[j][c], base = j * count
        return column[j].withUnsafeBufferPointer { col in
            row.withUnsafeBufferPointer { row in
                SubtreeRetrace.earliestRun(count: count, lo: lo, hi: hi, eps: eps, sameAsNext: { row[base + $0] == row[base + $0 + 1] }) { k in
                    let r = Int(row[base + k])
                    return r < 0 ? f : col[r * w + c]
                }
            }
        }
    }

    /// Whether number c of layer j is strictly between lo and hi at some sample outside `run`,
    /// read in place (a sample holding the last one's row holds its number: not read again).
    func anyStrictlyBetween(_ j: Int, _ c: Int, outside run: ClosedRange<Int>, _ lo: Double, _ hi: Double) -> Bool {
        let w = width[j], f = first[j][c], base = j * count
        return column[j].withUnsafeBufferPointer { col in
            row.withUnsafeBufferPointer { row in
                var last = Int32.min
                for k in 0..<count where k < run.lowerBound || k > run.upperBound {
                    let r = row[base + k]
                    if r == last { continue }
                    last = r
                    let x = r < 0 ? f : col[Int(r) * w + c]
                    if x > lo && x < hi { return true }
                }
                return false
            }
        }
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

    /// The loose check's instant at one outside sample k of a driver: the run's samples x and y
    /// around the driver's value there and the fraction u between them.
    struct LooseStep: Equatable {
        let x: Int, y: Int, k: Int
        let u: Double

        /// Equal bits (so equal checks).
        static func == (a: Self, b: Self) -> Bool { a.x == b.x && a.y == b.y && a.k == b.k && a.u.bitPattern == b.u.bitPattern }
    }

    /// The first position o in `from...through` of `steps` where layer j's sample k is not
    /// within 1 px (corners) / 0.01 (the rest) of x + (y − x)·u, number by number
    /// (SubtreeRetrace.looselyClose), or nil. One layer's samples in a row, through pointers: a
    /// step whose three samples hold one row is close when the layer's numbers are finite
    /// (x + 0·u − x = 0), and one whose rows and u repeat the last close step's is close again.
    func firstLooseMiss(_ j: Int, _ steps: [LooseStep], from: Int, through: Int) -> Int? {
        guard from <= through else { return nil }
        let w = width[j], base = j * count, sameRowIsClose = finite[j]
        return first[j].withUnsafeBufferPointer { f in
            column[j].withUnsafeBufferPointer { col in
                row.withUnsafeBufferPointer { row in
                    steps.withUnsafeBufferPointer { steps in
                        // A sample holding no row holds the first's numbers.
                        func numbers(_ r: Int32) -> UnsafePointer<Double> { r < 0 ? f.baseAddress! : col.baseAddress! + Int(r) * w }
                        var closeRows: (x: Int32, y: Int32, k: Int32) = (0, 0, 0), closeU: UInt64? = nil
                        for o in from...through {
                            let s = steps[o]
                            let rx = row[base + s.x], ry = row[base + s.y], rk = row[base + s.k]
                            if rx == ry, ry == rk, sameRowIsClose { continue }
                            if closeU == s.u.bitPattern, closeRows == (rx, ry, rk) { continue }
                            let px = numbers(rx), py = numbers(ry), pk = numbers(rk), u = s.u
                            for c in 0..<w where !(abs(px[c] + (py[c] - px[c]) * u - pk[c]) <= (c < 8 ? 1 : 0.01)) { return o }
                            (closeRows, closeU) = ((rx, ry, rk), u.bitPattern)
                        }
                        return nil
                    }
                }
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

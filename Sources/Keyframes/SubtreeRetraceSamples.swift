import Simulation

// The numbers SubtreeRetrace compares (Retrace.features of each layer) at every 120 Hz sample.
// A sample keeps a layer's numbers only where some number is more than eps from the first
// sample's; elsewhere it holds the first sample's (the same numbers the rows' path stores:
// SubtreeRetrace+Rows.swift). The loose check and the driver read them through pointers
// (BENCHMARKS.md#speed2d-2d-batch-cpu-same-bytes-2026-12-04); a layer quiet since the last
// sample is not read again and shares that sample's row
// (BENCHMARKS.md#lottie2d-quiet-samples-2026-12-04).

struct SubtreeRetraceSamples {
    /// Per layer: how many numbers it has (the same at every sample).
    let width: [Int]
    /// Per layer: whether some sample's numbers differ from the first's.
    private(set) var moves: [Bool]
    /// Per layer: the rows it holds, `width` numbers each, and for each sample the row holding
    /// its numbers (layer j's sample k: `row[j * count + k]`), or -1 for the first sample's. A
    /// sample whose layer was not read again (MovingStateSampler: quiet since the last sample)
    /// holds that sample's row: no copy is made (copying them was half of the sampling's cost).
    private let column: Columns
    let count: Int
    /// Room per layer in the first sample's numbers (`Retrace.maxFeatureCount`, a lazy global).
    private let room = Retrace.maxFeatureCount
    /// Per layer: whether some sample holds the first sample's numbers (row -1).
    private var usesFirst: [Bool] = []
    /// Per layer: whether every number it holds is finite.
    private var finite: [Bool] = []

    /// Nil when a layer's count of numbers changes between samples.
    /// The first sample's state from `samplers` when given.
    init?(_ sim: Simulation, times: [Double], eps: Double, samplers: MovingStateSamplers? = nil) {
        // A layer still on screen gives its first numbers at every sample (the same bits): only
        // the others are read (MovingState, their numbers as in `sim.state(at:)`), and of those
        // only the ones whose tracks changed since the last sample (the others' numbers are that
        // sample's, the same bits: the same row).
        var sampler = samplers?.sampler(at: times[0]) ?? MovingStateSampler(sim, at: times[0])
        // Built in locals (no access to self inside the loop), per layer in pointers (an array
        // checked uniqueness at each write of the loop).
        let layers = sim.layers.count
        // Per layer: its count of numbers and the first sample's, `room` apart (no array read per
        // layer; kept by Columns). The first sample's are `features(sim.state(at: times[0]), j)`:
        // the moving layers' from the sampler's first state, the others' from StillLayers (what
        // `state(at:)` copies for them), written in place (an array per layer, and StillLayers'
        // entries gathered into a MovingState, were ~90 K instructions a detection).
        let room = Retrace.maxFeatureCount
        let width = UnsafeMutablePointer<Int>.allocate(capacity: layers)
        width.initialize(repeating: 0, count: layers)
        let firsts = UnsafeMutablePointer<Double>.allocate(capacity: layers * room)
        sim.forEachStillOnScreen { i, state, world, opacity, visible in
            width[i] = Retrace.writeFeatures(state, world, opacity, visible, to: firsts + i * room)
        }
        let s0 = sampler.state
        for k in s0.layers.indices { width[s0.layers[k]] = Retrace.writeFeatures(s0, k, to: firsts + s0.layers[k] * room) }
        self.width = Array(UnsafeBufferPointer(start: width, count: layers))
        count = times.count
        let moves = UnsafeMutablePointer<Bool>.allocate(capacity: layers)
        moves.initialize(repeating: false, count: layers)
        // Per layer: its rows, allocated when it first moves (room for a row per sample left and
        // a mask's numbers past the last), and how many numbers they fill. Freed with `column`
        // (or here, when no samples are made).
        let start = UnsafeMutablePointer<UnsafeMutablePointer<Double>?>.allocate(capacity: layers)
        start.initialize(repeating: nil, count: layers)
        let used = UnsafeMutablePointer<Int>.allocate(capacity: layers)
        used.initialize(repeating: 0, count: layers)
        // Per layer: the least and greatest of each number over its rows, kept as they are
        // written (the driver search's ranges: a pass over every row was 1.3 % of the 2D batch).
        let extremes = Columns.Extremes(layers: layers)
        var kept = false
        // A sample not read again holds the last sample's row (a step where nothing was
        // recomputed is passed whole): SampleRows writes them as runs.
        let rows = SampleRows(layers: layers, count: times.count)
        defer {
            if !kept { for i in 0..<layers { start[i]?.deallocate() } }
            if !kept { firsts.deallocate() }
            (moves.deallocate(), start.deallocate(), used.deallocate(), width.deallocate())
            rows.deallocate(rows: !kept)
        }
        let count = self.count
        // A recomputed layer's numbers, kept only when some is more than eps from the first's.
        // Until a layer has moved they are written here; then straight at the end of its column
        // (appending a copy of each row was 6 % of the sampling).
        let numbers = UnsafeMutablePointer<Double>.allocate(capacity: Retrace.maxFeatureCount)
        defer { numbers.deallocate() }
        @inline(__always) func apart(_ x: UnsafePointer<Double>, _ i: Int, _ w: Int) -> Bool {
            let first = firsts + i * room
            return (0..<w).contains { abs(x[$0] - first[$0]) > eps }
        }
        for (m, t) in times.enumerated() {
            // (A step that recomputes nothing is passed whole.)
            if m > 0, !sampler.advance(to: t) { continue }
            let s = sampler.state
            for (k, i) in s.layers.enumerated() {
                guard m == 0 || sampler.changed[k] else { continue }
                if moves[i] {
                    let out = start[i]! + used[i]
                    let w = Retrace.writeFeatures(s, k, to: out)
                    guard w == width[i] else { return nil }
                    guard apart(out, i, w) else {
                        rows.write(-1, layer: i, at: m)
                        continue
                    }
                    rows.write(Int32(used[i] / w), layer: i, at: m)
                    used[i] += w
                    extremes.include(out, layer: i, w)
                    continue
                }
                let w = Retrace.writeFeatures(s, k, to: numbers)
                guard w == width[i] else { return nil }
                guard apart(numbers, i, w) else {
                    rows.write(-1, layer: i, at: m)
                    continue
                }
                moves[i] = true
                start[i] = .allocate(capacity: (count - m) * w + Retrace.maxFeatureCount)
                start[i]!.update(from: numbers, count: w)
                rows.write(0, layer: i, at: m)
                used[i] = w
                extremes.include(numbers, layer: i, w)
            }
        }
        let row = rows.finish(moving: moves)
        kept = true
        // A layer never apart from the first holds the first's numbers at every sample.
        let usesFirst = (0..<layers).map { !moves[$0] || rows.holdsFirst($0) }
        let column = Columns(
            start: Array(UnsafeBufferPointer(start: start, count: layers)), used: Array(UnsafeBufferPointer(start: used, count: layers)),
            extremes: extremes, rows: row, firsts: firsts)
        (self.moves, self.column, self.usesFirst) = (Array(UnsafeBufferPointer(start: moves, count: layers)), column, usesFirst)
        finite = (0..<layers).map { j in (0..<width[j]).allSatisfy { firsts[j * room + $0].isFinite } && extremes.allFinite(j) }
    }

    /// Layer j's numbers at the first sample (`width[j]` of them, in place).
    @inline(__always)
    private func firsts(_ j: Int) -> UnsafePointer<Double> { UnsafePointer(column.firsts + j * room) }

    /// Every layer's numbers at the first sample.
    var first: [[Double]] { width.indices.map { Array(UnsafeBufferPointer(start: firsts($0), count: width[$0])) } }

    /// The least and greatest of number c of layer j over the samples (`series(j, c)`'s min and
    /// max), from the rows held and the first's when a sample holds it: a few rows, not a series
    /// of every sample. Nil when a number is NaN (then min and max depend on the order).
    func range(_ j: Int, _ c: Int) -> (lo: Double, hi: Double)? {
        let w = width[j]
        var lo = Double.infinity, hi = -Double.infinity
        if usesFirst[j] {
            let x = firsts(j)[c]
            if x.isNaN { return nil }
            (lo, hi) = (x, x)
        }
        return column.withColumn(j) { col in
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
        // The rows' least and greatest (kept while sampling, in the rows' order), then the
        // first's, as a pass starting from the first's numbers would meet them.
        let (rowsLo, rowsHi) = column.extremes.of(j)
        return (0..<w).map { c in
            var lo = rowsLo[c], hi = rowsHi[c]
            if usesFirst[j] {
                let f = firsts(j)[c]
                if !(lo < f) { lo = f }
                if !(hi > f) { hi = f }
            }
            return lo > hi ? nil : (lo, hi)
        }
    }

    /// Number c of layer j at sample k.
    @inline(__always)
    func value(_ j: Int, _ k: Int, _ c: Int) -> Double {
        let r = Int(column.rows[j * count + k])
        return r < 0 ? firsts(j)[c] : column.withColumn(j) { $0[r * width[j] + c] }
    }

    /// The row holding layer j's numbers at sample k (-1: the first sample's): equal rows, equal numbers.
    @inline(__always)
    func row(_ j: Int, _ k: Int) -> Int32 { column.rows[j * count + k] }

    /// Every layer's rows (`row(j, k)` at `j * count + k`), read in place.
    @inline(__always)
    private func withRows<R>(_ body: (UnsafeBufferPointer<Int32>) -> R) -> R { body(column.rows) }

    /// SubtreeRetrace.earliestRun of number c of layer j over the samples, read in place (no series).
    func earliestRun(_ j: Int, _ c: Int, lo: Double, hi: Double, eps: Double) -> ClosedRange<Int>? {
        let w = width[j], f = firsts(j)[c], base = j * count, count = count
        return column.withColumn(j) { col in
            withRows { row in
                SubtreeRetrace.earliestRun(
                    count: count, lo: lo, hi: hi, eps: eps, sameAsNext: { row[base + $0] == row[base + $0 + 1] },
                    skipSame: { Self.lastHeld(row, base: base, from: $0, before: count) }
                ) { k in
                    let r = Int(row[base + k])
                    return r < 0 ? f : col[r * w + c]
                }
            }
        }
    }

    /// The first sample k' ≥ k of the rows `row[base...]` that holds another row than sample
    /// k' + 1, or n − 1 (samples k...k' hold one row): pairs compared four at a time, then one by
    /// one (a layer holds its row over most samples; comparing them one by one was most of the
    /// driver search's reads).
    @inline(__always)
    static func lastHeld(_ row: UnsafeBufferPointer<Int32>, base: Int, from k: Int, before n: Int) -> Int {
        var k = k
        let p = UnsafeRawPointer(row.baseAddress! + base)
        let size = MemoryLayout<Int32>.stride
        // Samples k..<k + 4 against k + 1...k + 4, all before n.
        while k + 4 < n {
            let a = p.loadUnaligned(fromByteOffset: k * size, as: SIMD4<Int32>.self)
            let b = p.loadUnaligned(fromByteOffset: (k + 1) * size, as: SIMD4<Int32>.self)
            guard a == b else { break }
            k += 4
        }
        while k < n - 1, row[base + k] == row[base + k + 1] { k += 1 }
        return k
    }

    /// Whether number c of layer j is strictly between lo and hi at some sample outside `run`,
    /// read in place (a sample holding the last one's row holds its number: not read again).
    func anyStrictlyBetween(_ j: Int, _ c: Int, outside run: ClosedRange<Int>, _ lo: Double, _ hi: Double) -> Bool {
        let w = width[j], f = firsts(j)[c], base = j * count
        return column.withColumn(j) { col in
            withRows { row in
                var last = Int32.min
                func inside(_ samples: Range<Int>) -> Bool {
                    var k = samples.lowerBound
                    while k < samples.upperBound {
                        let r = row[base + k]
                        if r != last {
                            last = r
                            let x = r < 0 ? f : col[Int(r) * w + c]
                            if x > lo && x < hi { return true }
                        }
                        // The samples after k holding its row are passed (r == last: not read again).
                        let next = k + 1, end = samples.upperBound
                        k = next < end && row[base + next] == r ? Self.lastHeld(row, base: base, from: next, before: end) + 1 : next
                    }
                    return false
                }
                return inside(0..<run.lowerBound) || inside((run.upperBound + 1)..<count)
            }
        }
    }

    /// Number c of layer j at every sample.
    func series(_ j: Int, _ c: Int) -> [Double] {
        let w = width[j], f = firsts(j)[c], base = j * count, count = count
        // Written in place (a store into a captured array checked it at each sample).
        return [Double](unsafeUninitializedCapacity: count) { out, made in
            column.withColumn(j) { col in
                withRows { row in
                    for k in 0..<count {
                        let r = Int(row[base + k])
                        out[k] = r < 0 ? f : col[r * w + c]
                    }
                }
            }
            made = count
        }
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
        let w = width[j], base = j * count, sameRowIsClose = finite[j], f = firsts(j)
        return column.withColumn(j) { col in
            withRows { row in
                steps.withUnsafeBufferPointer { steps in
                    // A sample holding no row holds the first's numbers.
                    func numbers(_ r: Int32) -> UnsafePointer<Double> { r < 0 ? f : col.baseAddress! + Int(r) * w }
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

    /// SubtreeRetrace.equal of `numbers` and layer j's at sample k.
    func equal(_ numbers: UnsafeBufferPointer<Double>, _ j: Int, _ k: Int, _ eps: Double) -> Bool {
        guard numbers.count == width[j] else { return false }
        for c in numbers.indices where !(abs(numbers[c] - value(j, k, c)) <= eps) { return false }
        return true
    }
}

import Simulation

// The numbers SubtreeRetrace compares (Retrace.features of each layer) at every 120 Hz sample,
// one flat column per layer. A sample keeps a layer's numbers only where some number is more
// than eps from the first sample's; elsewhere it holds the first sample's (the same numbers the
// rows' path stores: SubtreeRetrace+Rows.swift). The rows' path made an array per layer per sample
// that moved and a row of arrays per sample; the columns alone saved little, the loose check and
// the driver reading them through pointers cut `detect` by a fifth in the 2D batch
// (BENCHMARKS.md#speed2d-2d-batch-cpu-same-bytes-2026-12-04).

struct SubtreeRetraceSamples {
    /// Per layer: how many numbers it has (the same at every sample), and the first sample's.
    let width: [Int]
    let first: [[Double]]
    /// Per layer: whether some sample's numbers differ from the first's.
    private(set) var moves: [Bool]
    /// Per layer: the first sample held in `column` (the samples before it hold `first`: a
    /// layer at rest until late keeps no copies; `count` when none is held), and the samples
    /// from there to the last, `width` numbers each.
    private var start: [Int]
    private var column: [[Double]]
    let count: Int

    /// Nil when a layer's count of numbers changes between samples.
    init?(_ sim: Simulation, times: [Double], eps: Double) {
        let first = sim.state(at: times[0])
        self.first = sim.layers.indices.map { SubtreeRetrace.features(first, $0) }
        width = self.first.map(\.count)
        count = times.count
        moves = [Bool](repeating: false, count: sim.layers.count)
        start = [Int](repeating: times.count, count: sim.layers.count)
        column = [[Double]](repeating: [], count: sim.layers.count)
        // A layer still on screen gives its first numbers at every sample (the same bits): only
        // the others are read (MovingState, their numbers as in `sim.state(at:)`).
        var f: [Double] = []
        f.reserveCapacity(11)
        for (m, t) in times.enumerated() {
            let s = sim.movingState(at: t)
            for (k, i) in s.layers.enumerated() {
                let w = width[i]
                if start[i] == count {
                    f.removeAll(keepingCapacity: true)
                    Retrace.appendFeatures(s, k, to: &f)
                    guard f.count == w else { return nil }
                    guard SubtreeRetrace.anyApart(f, self.first[i], eps) else { continue }
                    start[i] = m
                    moves[i] = true
                    column[i].reserveCapacity((count - m) * w)
                    column[i].append(contentsOf: f)
                } else {
                    let base = column[i].count
                    Retrace.appendFeatures(s, k, to: &column[i])
                    guard column[i].count == base + w else { return nil }
                    if !Self.anyApart(column[i], from: base, self.first[i], eps) {
                        column[i].replaceSubrange(base..., with: self.first[i])
                    }
                }
            }
        }
    }

    /// Whether a number of `xs[base...]` is more than eps from b's (as SubtreeRetrace.anyApart).
    @inline(__always)
    private static func anyApart(_ xs: [Double], from base: Int, _ b: [Double], _ eps: Double) -> Bool {
        for c in b.indices where abs(xs[base + c] - b[c]) > eps { return true }
        return false
    }

    /// Number c of layer j at sample k.
    @inline(__always)
    func value(_ j: Int, _ k: Int, _ c: Int) -> Double {
        k < start[j] ? first[j][c] : column[j][(k - start[j]) * width[j] + c]
    }

    /// Number c of layer j at every sample.
    func series(_ j: Int, _ c: Int) -> [Double] {
        let from = start[j], w = width[j]
        var out = [Double](repeating: first[j][c], count: count)
        column[j].withUnsafeBufferPointer { col in
            for k in from..<count { out[k] = col[(k - from) * w + c] }
        }
        return out
    }

    /// SubtreeRetrace.looselyClose of layer j's samples x, y and k: sample k within 1 px
    /// (corners) / 0.01 (the rest) of x + (y − x)·u, number by number.
    /// The three samples' numbers are read through pointers found once per call (this runs per
    /// outside sample per alive layer: reading each number through `value` cost twice the rows').
    @inline(__always)
    func looselyClose(_ j: Int, _ x: Int, _ y: Int, _ u: Double, _ k: Int) -> Bool {
        let s = start[j], w = width[j]
        return first[j].withUnsafeBufferPointer { f in
            column[j].withUnsafeBufferPointer { col in
                // Samples before `s` are the first's; a sample at or after it has a stored row.
                func row(_ m: Int) -> UnsafePointer<Double> { m < s ? f.baseAddress! : col.baseAddress! + (m - s) * w }
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

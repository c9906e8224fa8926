// Retrace's samples of one phase (Retrace.swift), kept as the detection reads them: the first
// sample's numbers, and from the second sample on only the numbers still moving strictly one
// way since the first (a driver can only be one of those), each one's value at every sample.
// A copy of every number at each 120 Hz sample was a fifth of the detection's cost (and an
// array per sample before that, a copy and an allocation each).
// Also SceneFeatures.update, which makes a sample's numbers from the last one's.
import Simulation

extension Retrace {
    /// The numbers that move strictly one way over a phase's samples so far: their direction
    /// from the first two samples, and each one's value at every sample (its series), in one
    /// column per number that moved between the first two.
    final class Monotone {
        /// The numbers still moving one way (indices into a sample's numbers), increasing, and
        /// each one's column: the first `kept` of `number` and `column`. Per column, its
        /// direction (+1 or -1). In pointers read into locals per sample (an array property of a
        /// class was checked for exclusive access and uniqueness at each element).
        private let number: UnsafeMutablePointer<Int>, column: UnsafeMutablePointer<Int>, direction: UnsafeMutablePointer<Double>
        private var kept: Int
        /// Column c's value at sample k: `series[c * capacity + k]`.
        private let series: UnsafeMutablePointer<Double>
        private let capacity: Int
        /// How many samples are kept.
        private(set) var count = 2

        /// From the first two samples (`capacity` samples at most): the numbers whose second
        /// value is above or below their first.
        init(first: [Double], second: [Double], capacity: Int) {
            self.capacity = capacity
            var alive: [Int] = [], direction: [Double] = []
            for f in first.indices {
                let d: Double = second[f] > first[f] ? 1 : second[f] < first[f] ? -1 : 0
                guard d != 0 else { continue }
                alive.append(f)
                direction.append(d)
            }
            let n = alive.count
            kept = n
            number = .allocate(capacity: n)
            number.initialize(from: alive, count: n)
            column = .allocate(capacity: n)
            for c in 0..<n { column[c] = c }
            self.direction = .allocate(capacity: n)
            self.direction.initialize(from: direction, count: n)
            series = .allocate(capacity: n * capacity)
            for (c, f) in alive.enumerated() {
                series[c * capacity] = first[f]
                series[c * capacity + 1] = second[f]
            }
        }

        deinit {
            (number.deallocate(), column.deallocate(), direction.deallocate())
            series.deallocate()
        }

        /// Whether no number moves one way over every sample kept.
        var isEmpty: Bool { kept == 0 }

        /// The numbers moving one way over every sample kept, increasing.
        var alive: [Int] { Array(UnsafeBufferPointer(start: number, count: kept)) }

        /// The next sample x: the numbers that do not go on their way since the last sample are
        /// dropped (for ever), the others' values kept.
        func append(_ x: [Double]) {
            precondition(count < capacity, "no more samples than the phase has")
            let (k, capacity, series, number, column, direction) = (count, capacity, series, number, column, direction)
            var n = 0
            x.withUnsafeBufferPointer { x in
                for m in 0..<kept {
                    let (f, c) = (number[m], column[m])
                    let v = x[f], at = series + c * capacity
                    guard (v - at[k - 1]) * direction[c] > 0 else { continue }
                    at[k] = v
                    (number[n], column[n]) = (f, c)
                    n += 1
                }
            }
            kept = n
            count += 1
        }

        /// Alive number f's value at every sample kept.
        func series(_ f: Int) -> [Double] {
            let m = (0..<kept).first { number[$0] == f }!
            return Array(UnsafeBufferPointer(start: series + column[m] * capacity, count: count))
        }
    }
}

extension Retrace.SceneFeatures {
    /// x, the numbers of a sampler's state before its last step, made those after it: only
    /// the entries the step recomputed are read again (the others keep their bits). Whether
    /// some number's bits changed.
    /// The states read and x written through pointers (63.0 -> 54.7 M in the 2D batch); the other
    /// arrays by subscript cost the same (batch 3,493.5 vs 3,492.3 M). The precondition keeps the writes in x.
    func update(_ x: inout [Double], to s: MovingState, changed: [Bool]) -> Bool {
        var largestStep = 0.0
        return update(&x, to: s, changed: changed, largestStep: &largestStep)
    }

    /// `update`, also raising `largestStep` to |new − old| of each number whose bits changed
    /// when that is larger (NaN never is); the numbers whose bits are kept step by 0 or NaN.
    @inline(__always)
    func update(_ x: inout [Double], to s: MovingState, changed: [Bool], largestStep: inout Double) -> Bool {
        var moved = false
        var step = largestStep
        defer { largestStep = step }
        let numbers = UnsafeMutablePointer<Double>.allocate(capacity: Retrace.maxFeatureCount)
        defer { numbers.deallocate() }
        // A layer's state through a pointer (a subscript copied the LayerState); the numbers
        // written in place in x.
        s.states.withUnsafeBufferPointer { states in
            x.withUnsafeMutableBufferPointer { x in
                for k in 0..<states.count where changed[k] {
                    let n = Retrace.writeFeatures(states.baseAddress! + k, s.boundsToScreen[k], s.effectiveOpacity[k], s.visible[k], to: numbers)
                    precondition(n == width[k] && start[k] + n <= x.count, "a layer's count of numbers is its definition's")
                    let out = x.baseAddress! + start[k]
                    for c in 0..<n where out[c].bitPattern != numbers[c].bitPattern {
                        let d = abs(numbers[c] - out[c])
                        if d > step { step = d }
                        out[c] = numbers[c]
                        moved = true
                    }
                }
            }
        }
        return moved
    }
}

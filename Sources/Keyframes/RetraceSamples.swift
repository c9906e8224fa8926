// Retrace's samples of one phase (Retrace.swift): every sample's numbers in one buffer. An
// array per sample was a copy of the scene's numbers at each 120 Hz step (the numbers are
// updated in place, and the array appended shared their storage), and one allocation each.

extension Retrace {
    struct Samples {
        /// How many numbers a sample has (the scene's: the same at every sample).
        let width: Int
        private var numbers: [Double] = []
        private(set) var count = 0

        init(width: Int, capacity: Int) {
            self.width = width
            numbers.reserveCapacity(width * capacity)
        }

        mutating func append(_ x: [Double]) {
            precondition(x.count == width, "a sample has the scene's count of numbers")
            numbers.append(contentsOf: x)
            count += 1
        }

        /// `body` with sample k's numbers (valid only during it).
        func withSample<R>(_ k: Int, _ body: (UnsafeBufferPointer<Double>) -> R) -> R {
            numbers.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[k * width..<(k + 1) * width])) }
        }

        /// Sample k's numbers.
        func sample(_ k: Int) -> [Double] { Array(numbers[k * width..<(k + 1) * width]) }

        /// Number f at every sample.
        func series(_ f: Int) -> [Double] { (0..<count).map { numbers[$0 * width + f] } }

        /// `body(x, y)` with each sample and the next, in order.
        func forEachStep(_ body: (UnsafeBufferPointer<Double>, UnsafeBufferPointer<Double>) -> Void) {
            numbers.withUnsafeBufferPointer { all in
                for k in 0..<max(0, count - 1) {
                    body(UnsafeBufferPointer(rebasing: all[k * width..<(k + 1) * width]), UnsafeBufferPointer(rebasing: all[(k + 1) * width..<(k + 2) * width]))
                }
            }
        }
    }
}

import Dispatch

// The projection keys of the intervals between breakpoints are independent of each other
// (ProjectionSampler.interval), and one 3D transition's keys are the longest single job of the
// default run (BENCHMARKS.md#6-light-3d-projected-content-fitted-issue-13, speed pass): they run on every core, results in index order.
enum ProjectionIntervals {
    /// `work(i)` for every i in 0..<count, on every core; results in index order.
    static func map<T>(_ count: Int, _ work: (Int) -> T) -> [T] {
        guard count > 1 else { return (0..<count).map(work) }
        var results = [T?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { buffer in
            let slots = buffer
            DispatchQueue.concurrentPerform(iterations: count) { i in
                slots[i] = work(i)  // each index written by exactly one iteration
            }
        }
        return results.map { $0! }
    }
}

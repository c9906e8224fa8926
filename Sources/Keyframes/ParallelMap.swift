// Independent jobs on every core, results in input order, so what is made from them is the same
// on one core or many: the default run's transitions (TransExportCLI) and one 3D transition's
// intervals between breakpoints (ProjectionSampler.keyframes), the longest single job of that run.
import Dispatch
import FoundationEssentials
import Glibc
import Platform

package enum ParallelMap {
    /// `work(i)` for every i in 0..<count on up to `workers` threads, results in index order.
    /// Longest jobs are not known up front; indices are handed out one at a time as threads free up.
    package static func map<T>(
        _ count: Int, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
        _ work: (Int) -> T
    ) -> [T] {
        guard count > 1, workers > 1 else { return (0..<count).map(work) }
        var results = [T?](repeating: nil, count: count)
        let lock = Lock()
        var next = 0
        results.withUnsafeMutableBufferPointer { buffer in
            let slots = buffer
            DispatchQueue.concurrentPerform(iterations: min(workers, count)) { _ in
                while true {
                    lock.lock()
                    let i = next
                    next += 1
                    lock.unlock()
                    guard i < count else { return }
                    let r = work(i)
                    slots[i] = r  // each index written by exactly one thread
                }
            }
        }
        return results.map { $0! }
    }
}

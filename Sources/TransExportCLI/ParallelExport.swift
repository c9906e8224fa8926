// The default run exports many transitions; each is independent of the others, so they run on
// every core. Results come back in input order, and each file's bytes depend only on its own
// transition, so the output is the same on one core or many.
import Foundation

enum ParallelExport {
    /// `work(i)` for every i in 0..<count on up to `workers` threads, results in index order.
    /// Longest jobs are not known up front; indices are handed out one at a time as threads free up.
    static func map<T>(
        _ count: Int, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
        _ work: (Int) -> T
    ) -> [T] {
        guard count > 1, workers > 1 else { return (0..<count).map(work) }
        var results = [T?](repeating: nil, count: count)
        let lock = NSLock()
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

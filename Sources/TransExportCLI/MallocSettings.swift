// glibc malloc settings for a process that exports transitions: the command line (`trans-export`)
// and the benchmarks, so that Benchmark 4's batch measures exports made as the command line makes
// them. Process-wide, so the library never sets them: only an executable's main calls `apply()`.
// None changes a byte of any file (docs/platform.md#malloc-settings).
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

package enum MallocSettings {
    /// mallopt's parameters (malloc.h, which Swift's Glibc module does not import).
    static let topPad: Int32 = -2, mmapThreshold: Int32 = -3, arenaMax: Int32 = -8

    /// The settings and their values, in the order they are applied.
    package static var values: [(parameter: Int32, value: Int32)] {
        [
            // One arena per core: with one, the two workers queued on its lock (30,000 context
            // switches, 2.1 s wall of the default run); one per core costs 1-3 MB of peak RSS
            // (BENCHMARKS.md#malloc-arenas-per-core).
            (arenaMax, Int32(max(1, ProcessInfo.processInfo.activeProcessorCount))),
            // A fixed mmap threshold: glibc raises it after big frees, which kept one transition's
            // freed memory resident beside the next one's.
            (mmapThreshold, 256 * 1024),
            // Grow the heap 4 MiB beyond each request: a 2D export frees and retakes a few MB, and
            // with the default pad (128 KiB) glibc gave the top back and faulted it in again
            // (batch of 300: 53,000 -> 8,500 page faults, system CPU 0.13 -> 0.03 s;
            // BENCHMARKS.md#alloc41-the-heaps-top-pad-same-bytes-2026-12-06).
            (topPad, 4 << 20),
        ]
    }

    /// Applies `values`; false when this libc has no mallopt or refused one of them.
    @discardableResult
    package static func apply() -> Bool {
        #if canImport(Glibc)
            guard let symbol = dlsym(nil, "mallopt") else { return false }
            let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
            var all = true
            for (parameter, value) in values where mallopt(parameter, value) != 1 { all = false }
            return all
        #else
            return false
        #endif
    }
}

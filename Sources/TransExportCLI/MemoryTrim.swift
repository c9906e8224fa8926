// Returns the heap's free pages to the system between the default run's steps. glibc keeps
// memory freed by one export (a fit's grids, a Lottie JSON tree) resident, so each export's peak
// stacked on the last one's: with `malloc_trim(0)` after every file and every transition the run's
// peak RSS is one pair of overlapping exports over the live data, not the high-water mark of all
// of them (BENCHMARKS.md#the-default-run-under-60-mb). It changes no byte of any file.
#if canImport(Glibc)
    import Glibc
#endif

enum MemoryTrim {
    #if canImport(Glibc)
        /// malloc_trim is in malloc.h, which Swift's Glibc module does not import.
        private static let trim: (@convention(c) (Int) -> Int32)? = dlsym(nil, "malloc_trim").map {
            unsafeBitCast($0, to: (@convention(c) (Int) -> Int32).self)
        }
    #endif

    /// Gives free heap pages back (a no-op where there is no malloc_trim).
    static func releaseFreePages() {
        #if canImport(Glibc)
            _ = trim?(0)
        #endif
    }
}

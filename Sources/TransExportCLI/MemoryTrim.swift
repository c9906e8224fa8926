import Keyframes
// Returns the heap's free pages to the system between the default run's steps. glibc keeps
// memory freed by one export (a fit's grids, a Lottie JSON tree) resident, so each export's peak
// stacked on the last one's: with `malloc_trim(0)` after every file and every transition the run's
// peak RSS is one pair of overlapping exports over the live data, not the high-water mark of all
// of them (BENCHMARKS.md#the-default-run-under-60-mb). Only a 3D export frees enough for that to
// matter; pages given back after a 2D one were faulted straight back in by the next
// (BENCHMARKS.md#the-default-runs-tail-2026-12-04). It changes no byte of any file.
import Simulation

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

    /// Whether the export of `simulation` frees enough to give back after each file and at its
    /// end: a transition with projected (3D) layers (its fits' grids and stored paths, tens of
    /// MB). A 2D export frees a few MB, which the next export reuses.
    static func worthReleasing(_ simulation: Simulation) -> Bool { Projection.projectedLayers(simulation).contains(true) }
}

// The `trans-export` command: a thin shell over TransExportCLI.
import Foundation
import TransExportCLI

#if canImport(Glibc)
    import Glibc

    // One malloc arena and a fixed mmap threshold: glibc gives each worker thread its own arena
    // and raises the threshold after big frees, so memory freed by one transition's export
    // stayed resident beside the next one's. Same CPU; the default run's peak RSS 65 -> 59 MB
    // (BENCHMARKS.md#memory-and-time-pass). mallopt is not in Swift's Glibc module.
    if let symbol = dlsym(nil, "mallopt") {
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        _ = mallopt(-8, 1)  // M_ARENA_MAX (malloc.h)
        _ = mallopt(-3, 256 * 1024)  // M_MMAP_THRESHOLD
    }
#endif

exit(TransExportCommand().run(Array(CommandLine.arguments.dropFirst())))

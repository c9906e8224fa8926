// The `trans-export` command: a thin shell over TransExportCLI.
import FoundationEssentials
import Glibc
import TransExportCLI

#if canImport(Glibc)
    import Glibc

    // As many malloc arenas as cores and a fixed mmap threshold. One arena (the setting before) made the two
    // workers queue on its lock (30,000 context switches, 2.1 s wall of the default run); one per
    // core keeps them apart at 1-3 MB more peak RSS. glibc raises the threshold after big frees,
    // which kept one transition's freed memory resident beside the next one's
    // (BENCHMARKS.md#malloc-arenas-per-core). mallopt is not in Swift's Glibc module.
    if let symbol = dlsym(nil, "mallopt") {
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        _ = mallopt(-8, Int32(max(1, ProcessInfo.processInfo.activeProcessorCount)))  // M_ARENA_MAX (malloc.h)
        _ = mallopt(-3, 256 * 1024)  // M_MMAP_THRESHOLD
    }
#endif

exit(TransExportCommand().run(Array(CommandLine.arguments.dropFirst())))

// trans-export-bench: the fitter's and exporters' benchmarks (BENCHMARKS.md). Run from the
// repository root in release:
//   swift run -c release trans-export-bench [springs] [optimum] [catalog] [batch] [variants] [raster] [factor] [--variants N]
// With no benchmark named, runs springs, catalog and batch (optimum is slow: name it).
import Exporters
import Foundation
import Keyframes
import Simulation
import TransExportCLI

// The command line's malloc settings, so the batch measures exports made as it makes them.
MallocSettings.apply()

var args = Array(CommandLine.arguments.dropFirst())
func option(_ name: String, default value: Int) -> Int {
    guard let i = args.firstIndex(of: name), i + 1 < args.count, let n = Int(args[i + 1]) else { return value }
    args.removeSubrange(i...(i + 1))
    return n
}
let variants = option("--variants", default: 10_000)
let variants3D = option("--variants-3d", default: 1_000)
let batchRuns = option("--batch-runs", default: 1)
let spread = option("--spread", default: 300)
let optimumVariants = option("--optimum-variants", default: 6)
let repeats = option("--repeats", default: 10)
let rasterScale = option("--scale", default: 2)
let rasterWebPQuality = option("--webp-quality", default: WebPWriter.defaultQuality)
let rasterStages = option("--stages", default: 1) != 0  // raster: 0 leaves out the one-thread profile
let rasterFiles = option("--files", default: 1) != 0  // raster: 0 leaves out the whole files
let flatOnly = option("--flat", default: 0) != 0  // variants: 1 takes the 2D batch's templates only
let factorShare = option("--share", default: 50)  // factor: the residual's percent of the tolerance
var rasterTemplates: [String] = []  // raster, factor: --template NAME (repeatable), else each one's own list
var dumpFolder: String? = nil  // variants: --dump DIR writes each variant's SVG and Lottie there
if let i = args.firstIndex(of: "--dump"), i + 1 < args.count {
    dumpFolder = args[i + 1]
    args.removeSubrange(i...(i + 1))
}
while let i = args.firstIndex(of: "--template"), i + 1 < args.count {
    rasterTemplates.append(args[i + 1])
    args.removeSubrange(i...(i + 1))
}
let chosen = Set(args)
let order = ["springs", "optimum", "catalog", "batch", "variants", "raster", "factor"]
let known = Set(order)
guard chosen.isSubset(of: known) else {
    FileHandle.standardError.write(
        Data(
            "usage: trans-export-bench [springs] [optimum] [catalog] [batch] [variants] [raster] [factor] [--variants N] [--variants-3d N] [--spread N] [--optimum-variants N] [--repeats N] [--batch-runs N] [--template NAME] [--scale N] [--webp-quality N] [--stages 0|1] [--files 0|1] [--share P] [--flat 0|1] [--dump DIR]\n"
                .utf8))
    exit(2)
}
let run =
    chosen.isEmpty
    ? ["springs", "catalog", "batch"]
    : known.filter(chosen.contains).sorted { order.firstIndex(of: $0)! < order.firstIndex(of: $1)! }
do {
    let catalog = try Catalog.load()
    if let name = ProcessInfo.processInfo.environment["BENCH_PROFILE"] {
        // Profiling aid: loop one stage on one template (perf record …).
        try ThroughputBench.profile(catalog, template: name, stage: ProcessInfo.processInfo.environment["BENCH_STAGE"] ?? "all")
        exit(0)
    }
    print(Machine.summary)
    print("catalog: \(catalog.names.count) templates (\(catalog.names.joined(separator: ", ")))\n")
    for name in run {
        let text: String
        switch name {
        case "springs": text = try SpringBench.run(catalog, variants: spread)
        case "optimum": text = try SpringBench.optimum(catalog, variants: optimumVariants)
        case "catalog": text = try ThroughputBench.catalog(repeats: repeats)
        case "factor":
            // Issue 13: keys of a factored projection (ProjectionFactorBench); --share P: R's percent of the tolerance.
            text = try (rasterTemplates.isEmpty ? ["flip-push", "flip-pop", "flip-edge-pan", "stories-cube"] : rasterTemplates).map { name in
                guard let i = catalog.names.firstIndex(of: name) else { throw BenchError("unknown template \(name)") }
                return "\(name):\n" + ProjectionFactorBench.report(try Simulation(catalog.definitions[i]), share: Double(factorShare) / 100)
            }.joined(separator: "\n")
        case "variants":
            // Where the batch's time goes: --variants-3d N variants of every template (--flat 1: of the
            // 2D batch's templates), by template (--dump DIR: their files).
            text =
                "### 4. Batch of generated variants, by template\n\n"
                + (try VariantProfile.run(flatOnly ? catalog.flat : catalog, count: variants3D, dump: dumpFolder))
        case "raster":
            text = try RasterBench.run(
                catalog, names: rasterTemplates.isEmpty ? RasterBench.templates : rasterTemplates, repeats: min(repeats, 3), scale: rasterScale,
                webpQuality: rasterWebPQuality,
                stages: rasterStages, files: rasterFiles)
        default: text = "### 4. Batch of generated variants\n\n" + ThroughputBench.batch(catalog, count: variants, countWith3D: variants3D, runs: batchRuns)
        }
        print(text + "\n")
    }
} catch {
    FileHandle.standardError.write(Data("trans-export-bench: \(error)\n".utf8))
    exit(1)
}

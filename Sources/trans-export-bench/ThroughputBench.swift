import Exporters
// Benchmarks 3 and 4: the whole catalog through the command line in one process, and a batch of
// generated variants exported on 1 and on 2 cores.
import Foundation
import Keyframes
import Simulation
import TransExportCLI
import TransitionModel

enum ThroughputBench {
    /// Benchmark 3: `trans-export` (every template, every format, into a temporary folder), run
    /// in-process `repeats` times; the first run is reported apart (cold caches).
    static func catalog(repeats: Int) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("trans-export-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: dir) }
        var rows: [[String]] = []
        let catalog = try Catalog.load()
        let flat = zip(catalog.names, catalog.definitions).filter { _, d in
            (try? Simulation(d)).map { !Projection.projectedLayers($0).contains(true) } ?? false
        }.flatMap { ["--template", $0.0] }
        let runs: [(String, [String])] = [
            ("all formats (svg, lottie, tracks, html)", []), ("svg + lottie", ["--format", "svg,lottie"]),
            ("all formats, the \(flat.count / 2) templates without 3D layers", flat),
            ("svg + lottie, the \(flat.count / 2) templates without 3D layers", flat + ["--format", "svg,lottie"]),
        ]
        for (label, args) in runs {
            let command = TransExportCommand(standardOutput: { _ in }, standardError: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
            var times: [Double] = [], cpu: [Double] = []
            for _ in 0..<repeats {
                var status: Int32 = 0
                let t = wallAndCPUTime { status = command.run(args + ["--output", dir.path]) }
                times.append(t.wall); cpu.append(t.cpu)
                guard status == 0 else { throw BenchError("trans-export failed (\(status))") }
            }
            let warm = times.dropFirst().sorted(), warmCPU = cpu.dropFirst().sorted()
            rows.append([
                label, fixed(times[0] * 1000, 1), fixed(warm.first! * 1000, 1), fixed(warm[warm.count / 2] * 1000, 1),
                fixed(warmCPU.first! * 1000, 1), fixed(warmCPU[warmCPU.count / 2] * 1000, 1),
            ])
        }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: dir.path).count) ?? 0
        return "### 3. Whole catalog, one process\n\n" + table(["run", "first (ms)", "best (ms)", "median (ms)", "best CPU (ms)", "median CPU (ms)"], rows)
            + "\n\n(\(repeats) runs each, in-process `TransExportCommand.run`, files written to a temporary folder; \(files) files)\n\n"
            + (try stages(catalog, repeats: repeats))
    }

    /// Where one export's time goes, per template (best of `repeats`, milliseconds).
    static func stages(_ catalog: Catalog, repeats: Int) throws -> String {
        var rows: [[String]] = []
        var sums = [Double](repeating: 0, count: 6)
        for (name, d) in zip(catalog.names, catalog.definitions) {
            var best = [Double](repeating: .infinity, count: 6)
            var bytes = (0, 0)
            for _ in 0..<max(1, repeats / 2) {
                var sim: Simulation!, smil: KeyframedTransition!, lottie: KeyframedTransition!, svg = "", json = ""
                let t = [
                    wallTime { sim = try? Simulation(d) },
                    wallTime { smil = KeyframedTransition.fitted(sim, for: .smil) },
                    wallTime { lottie = KeyframedTransition.fitted(sim, for: .lottie) },
                    wallTime { svg = (try? SVGWriter().svg(smil)) ?? "" },
                    wallTime { json = (try? LottieWriter().data(lottie)) ?? "" },
                ]
                let projected = wallTime { _ = KeyframedTransition(sim, reducer: ConstantReducer()) }
                for k in 0..<5 { best[k] = min(best[k], t[k]) }
                best[5] = min(best[5], projected)
                bytes = (svg.utf8.count, json.utf8.count)
            }
            for k in 0..<6 { sums[k] += best[k] }
            rows.append([name] + best.map { fixed($0 * 1000, 2) } + ["\(bytes.0 / 1024)", "\(bytes.1 / 1024)"])
        }
        rows.append(["total"] + sums.map { fixed($0 * 1000, 1) } + ["", ""])
        return "Where the time goes (best of \(max(1, repeats / 2)), ms). Each *fit* column includes the inputs the two "
            + "fits share (error measures, exact tracks, the 3D projection sampling), timed alone in the *inputs* column; "
            + "the command line computes them once per template:\n\n"
            + table(["template", "simulate", "fit SMIL", "fit Lottie", "write SVG", "write Lottie", "inputs (3D projection)", "SVG KiB", "Lottie KiB"], rows)
    }

    /// Benchmark 4: `count` variants (Variants.swift), each simulated, fitted for SMIL and for
    /// Lottie and written as SVG and Lottie text in memory; on 1 worker, then on 2.
    /// `runs`: how many times the 2-worker batch runs (the machine's speed drifts by tens of per
    /// cent within minutes: several runs in a row, with their least, median and greatest rate).
    static func batch(_ catalog: Catalog, count: Int, countWith3D: Int, runs: Int = 1) -> String {
        let flat = catalog.flat.definitions
        return batch(flat, count: count, label: "the \(flat.count) templates without 3D layers", runs: runs)
            + "\n\n" + batch(catalog.definitions, count: countWith3D, label: "all \(catalog.definitions.count) templates (3D ones included)", runs: runs)
    }

    static func batch(_ definitions: [TransitionDefinition], count: Int, label: String, runs: Int = 1) -> String {
        var rows: [[String]] = []
        var walls: [Double] = []
        var rates: [Double] = []
        for workers in [1] + Array(repeating: 2, count: max(1, runs)) {
            let result = Totals()
            let (wall, cpu) = wallAndCPUTime {
                DispatchQueue.concurrentPerform(iterations: workers) { _ in
                    var exports = 0, failures = 0, bytes = 0, keyframes = 0
                    // Variants are taken 8 at a time from a shared counter: 3D templates cost 100×
                    // more than the others, so a fixed split would leave one worker idle.
                    while let chunk = result.nextChunk(of: 8, below: count) {
                        for n in chunk {
                            guard let sim = try? Simulation(Variants.variant(n, of: definitions)) else { failures += 1; continue }
                            let files = PlayerFiles(sim)
                            guard let lottie = try? files.lottie() else { failures += 1; continue }
                            bytes += ((try? files.svg()) ?? "").utf8.count + lottie.utf8.count
                            keyframes += files.svgKeyframes.keyframeCount + files.lottieKeyframes.keyframeCount
                            exports += 1
                        }
                    }
                    result.add(exports, failures, bytes, keyframes)
                }
            }
            walls.append(wall)
            let r = result.value
            if workers == 2 { rates.append(Double(r.exports) / wall) }
            rows.append([
                "\(workers)", "\(r.exports)", "\(r.failures)", fixed(wall, 2), fixed(Double(r.exports) / wall, 0),
                fixed(cpu, 2), fixed(Double(r.exports) / cpu, 0),
                fixed(Double(r.bytes) / Double(max(1, r.exports)) / 1024, 1), fixed(Double(r.keyframes) / Double(max(1, r.exports)), 1),
            ])
        }
        return "#### \(count) variants of \(label) (SVG + Lottie each, in memory)\n\n"
            + table(["workers", "exported", "failed", "wall (s)", "exports/s", "CPU (s)", "exports per CPU s", "KiB per export", "keyframes per export"], rows)
            + "\n\nspeed-up 1 → 2 workers: \(fixed(walls[0] / walls[1], 2))×; peak RSS of the process: \(fixed(Machine.peakRSSMegabytes, 1)) MB"
            + (rates.count > 1 ? "\n\n" + Self.spread(rates) : "")
    }

    /// The 2-worker runs' rates: least, median and greatest.
    static func spread(_ rates: [Double]) -> String {
        let sorted = rates.sorted()
        let median = sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        return "2 workers, \(sorted.count) runs in a row: exports/s least \(fixed(sorted[0], 0)), median \(fixed(median, 0)), "
            + "greatest \(fixed(sorted[sorted.count - 1], 0))"
    }
}

/// Per-worker sums, added under a lock.
final class Totals: @unchecked Sendable {
    private let lock = NSLock()
    private var sums = (exports: 0, failures: 0, bytes: 0, keyframes: 0)
    private var next = 0
    func nextChunk(of size: Int, below count: Int) -> Range<Int>? {
        lock.lock(); defer { lock.unlock() }
        guard next < count else { return nil }
        defer { next = min(count, next + size) }
        return next..<min(count, next + size)
    }
    func add(_ e: Int, _ f: Int, _ b: Int, _ k: Int) {
        lock.lock(); defer { lock.unlock() }
        sums = (sums.exports + e, sums.failures + f, sums.bytes + b, sums.keyframes + k)
    }
    var value: (exports: Int, failures: Int, bytes: Int, keyframes: Int) { lock.lock(); defer { lock.unlock() }; return sums }
}

extension KeyframedTransition {
    /// Keyframes over every animated track: plain loops (arrays of tuples, reduces and the
    /// package `isAnimated` cost 4.7 % of the batch's loop: BENCHMARKS.md#batch2d-the-2d-exports-cpu-package-generics-2026-12-04).
    var keyframeCount: Int {
        var n = 0
        for k in layers {
            n +=
                Self.animatedKeys(k.position) + Self.animatedKeys(k.size) + Self.animatedKeys(k.translation)
                + Self.animatedKeys(k.scale) + Self.animatedKeys(k.rotation)
            for t in k.numbers.tracks { n += Self.animatedKeys(t) }
        }
        return n
    }

    /// The keys of a track that moves; none of one that holds still.
    @inline(__always) static func animatedKeys<V>(_ t: KeyframeTrack<V>) -> Int { t.isAnimated ? t.keyframes.count : 0 }
}

extension ThroughputBench {
    static func profile(_ catalog: Catalog, template: String, stage: String) throws {
        guard let i = catalog.names.firstIndex(of: template) else { throw BenchError("no template \(template)") }
        let sim = try Simulation(catalog.definitions[i])
        let smil = KeyframedTransition.fitted(sim, for: .smil), lottie = KeyframedTransition.fitted(sim, for: .lottie)
        let t = wallTime {
            for _ in 0..<200 {
                switch stage {
                case "overhead": _ = KeyframedTransition(sim, reducer: ConstantReducer())
                case "fit": _ = KeyframedTransition.fitted(sim, for: .lottie)
                case "svg": _ = try? SVGWriter().svg(smil)
                case "lottie": _ = try? LottieWriter().data(lottie)
                case "tracks": _ = TracksWriter().text(sim)
                case "report": _ = FitReport(smil); _ = FitReport(lottie)
                case "tol":
                    for px in [0.1, 0.25, 0.5, 1, 2, 4, 8] {
                        for f in PlayerRules.players {
                            let k = KeyframedTransition.fitted(sim, for: f, tolerance: .screen(px))
                            let i = sim.index(ofLayer: "player")!
                            print(px, f.name, k.layers[i].position.keyframes.count, k.layers[i].scale.keyframes.count, FitReport(k).worstRatio)
                        }
                    }
                    return
                default: _ = try? PlayerFiles(sim).svg(); _ = try? PlayerFiles(sim).lottie()
                }
            }
        }
        print("\(template) \(stage): \(fixed(t / 200 * 1000, 3)) ms per run")
    }
}

/// Keeps every track at its first value: a KeyframedTransition built with it costs what is not
/// reducing tracks (mostly the 3D projection sampling).
struct ConstantReducer: KeyframeReducer {
    func keyframes<V: AnimatableValue>(for track: ExactTrack<V>, measure: ErrorMeasure<V>) -> KeyframeTrack<V> {
        .constant(track.value(track.start))
    }
}

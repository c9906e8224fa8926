import Exporters
// Benchmarks 1 and 2: every spring-driven track of the catalog, fitted per format, against
// 60 fps baking (keyframes, bytes, max error; and the rate baking needs to reach the same error),
// and against the optimum of an exhaustive dynamic programme (FitYardstick).
import Foundation
import Keyframes
import Motion
import Simulation
import TransitionModel

/// One animated property of one layer whose motion comes (at least partly) from a spring.
struct SpringTrack {
    var template: String
    var layer: String
    var property: String
    var end: Double
    var frameRate: Double
    /// Fits, bakes and measures the track (its value type stays inside).
    var fit: (PlayerRules) -> FitRow
    var yardstick: (PlayerRules) -> FitYardstick.Comparison

    static func all(in sim: Simulation) -> [SpringTrack] {
        let measures = LayerMeasures.all(sim, tolerance: .standard)
        var out: [SpringTrack] = []
        for x in ExactLayerTracks.all(sim) {
            let l = sim.layers[x.layer], m = measures[x.layer]
            func springs<V>(_ t: PropertyTrack<V>) -> Bool {
                t.animations.contains {
                    if case .spring = $0.curve.shape { return true }; return false
                }
            }
            func add<V: AnimatableValue>(_ name: String, _ driven: Bool, _ exact: ExactTrack<V>, _ measure: ErrorMeasure<V>, _ c: @escaping (V) -> [Double]) {
                guard driven, exact.pieces.contains(.moving) else { return }
                let end = sim.timeline.duration, fr = sim.definition.frameRate
                out.append(
                    SpringTrack(
                        template: sim.definition.name, layer: l.id ?? "layer-\(l.index)", property: name, end: end, frameRate: fr,
                        fit: { FitRow.measure(exact, measure, format: $0, end: end, frameRate: fr, components: c) },
                        yardstick: { FitYardstick.compare(exact, measure: measure, reducer: FittingReducer(rules: $0)) }))
            }
            add("position", springs(l.position), x.position, m.position) { [$0.x, $0.y] }
            add("size", springs(l.size), x.size, m.size) { [$0.width, $0.height] }
            add("translation", springs(l.transform), x.translation, m.translation) { [$0.x, $0.y] }
            add("scale", springs(l.transform), x.scale, m.scale) { [$0.x, $0.y] }
            add("rotation", springs(l.transform), x.rotation, m.rotation) { [$0] }
            for p in LayerProperty.animatedLayerNumbers { add(p.rawValue, springs(l.numberTrack(p)), x.numbers[p], m.numbers[p]) { [$0] } }
        }
        return out
    }
}

struct FitRow {
    var tolerance: Double
    var fitted: (keyframes: Int, bytes: Int, error: Double)
    var baked: (keyframes: Int, bytes: Int, error: Double)
    /// Keyframes that are not the held value before a jump (the jumps are the same for both).
    var moving: (fitted: Int, baked: Int)
    /// The lowest sampling rate at which baking reaches the tolerance, and its keyframes.
    var bakedAtTolerance: (rate: Double, keyframes: Int)

    static func measure<V: AnimatableValue>(
        _ exact: ExactTrack<V>, _ measure: ErrorMeasure<V>, format: PlayerRules,
        end: Double, frameRate: Double, components: @escaping (V) -> [Double]
    ) -> FitRow {
        func bytes(_ k: KeyframeTrack<V>) -> Int {
            let c = k.map(components)
            return (format == .smil ? TrackEncoding.smil(c, duration: end) : TrackEncoding.lottie(c, frameRate: frameRate)).utf8.count
        }
        let fitted = FittingReducer(rules: format).keyframes(for: exact, measure: measure)
        let baked = SamplingReducer(sampleRate: 60).keyframes(for: exact, measure: measure)
        // Baking's error falls as 1/rate²: double until it fits, then bisect to 1 Hz.
        func bakedError(_ rate: Double) -> (Double, Int) {
            let k = SamplingReducer(sampleRate: rate).keyframes(for: exact, measure: measure)
            return (FitReport.maxError(k, exact, measure), k.keyframes.count)
        }
        var lo = 60.0, hi = 60.0
        while bakedError(hi).0 > measure.tolerance && hi < 61_440 { lo = hi; hi *= 2 }
        while hi - lo > 1 {
            let mid = ((lo + hi) / 2).rounded()
            if bakedError(mid).0 > measure.tolerance { lo = mid } else { hi = mid }
        }
        return FitRow(
            tolerance: measure.tolerance,
            fitted: (fitted.keyframes.count, bytes(fitted), FitReport.maxError(fitted, exact, measure)),
            baked: (baked.keyframes.count, bytes(baked), FitReport.maxError(baked, exact, measure)),
            moving: (fitted.keyframes.filter { $0.easing != .hold }.count, baked.keyframes.filter { $0.easing != .hold }.count),
            bakedAtTolerance: (hi, bakedError(hi).1))
    }
}

enum SpringBench {
    /// Benchmark 1: per catalog spring track and format, then totals, then the spread over variants.
    static func run(_ catalog: Catalog, variants: Int) throws -> String {
        var out: [String] = []
        let tracks = try catalog.definitions.flatMap { SpringTrack.all(in: try Simulation($0)) }
        var rows: [[String]] = []
        var totals: [PlayerRules: (fk: Int, bk: Int, fb: Int, bb: Int, worst: Double, bakedWorst: Double, minRatio: Double, fm: Int, bm: Int)] = [:]
        for format in PlayerRules.players { totals[format] = (0, 0, 0, 0, 0, 0, .infinity, 0, 0) }
        for t in tracks {
            for format in PlayerRules.players {
                let r = t.fit(format)
                let ratio = Double(r.baked.keyframes) / Double(r.fitted.keyframes)
                rows.append([
                    "\(t.template) \(t.layer).\(t.property)", format.name,
                    "\(r.fitted.keyframes)", "\(r.fitted.bytes)", fixed(r.fitted.error, 3),
                    "\(r.baked.keyframes)", "\(r.baked.bytes)", fixed(r.baked.error, 2),
                    fixed(ratio, 1) + "×", fixed(Double(r.moving.baked) / Double(r.moving.fitted), 1) + "×",
                    fixed(Double(r.baked.bytes) / Double(r.fitted.bytes), 1) + "×",
                    "\(Int(r.bakedAtTolerance.rate)) Hz: \(r.bakedAtTolerance.keyframes)",
                ])
                var s = totals[format]!
                s.fk += r.fitted.keyframes; s.bk += r.baked.keyframes; s.fb += r.fitted.bytes; s.bb += r.baked.bytes
                s.worst = max(s.worst, r.fitted.error / r.tolerance); s.bakedWorst = max(s.bakedWorst, r.baked.error)
                s.minRatio = min(s.minRatio, ratio)
                s.fm += r.moving.fitted; s.bm += r.moving.baked
                totals[format] = s
            }
        }
        out.append("### 1. Spring tracks: fitted vs baked at 60 fps (catalog, tolerance 0.25 px / 0.002 / 0.1°)\n")
        out.append(
            table(
                [
                    "track", "format", "fitted kf", "bytes", "max err", "60 fps kf", "bytes", "max err", "kf ratio", "w/o jump keys", "bytes ratio",
                    "baking at tolerance",
                ], rows))
        var sums: [[String]] = []
        for format in PlayerRules.players {
            let s = totals[format]!
            sums.append([
                format.name, "\(s.fk)", "\(s.bk)", fixed(Double(s.bk) / Double(s.fk), 2) + "×",
                fixed(Double(s.bm) / Double(s.fm), 2) + "×", fixed(s.minRatio, 2) + "×",
                fixed(Double(s.bb) / Double(s.fb), 2) + "×", fixed(s.worst * 100, 1) + " %", fixed(s.bakedWorst, 2) + " px",
            ])
        }
        out.append("\nTotals over \(tracks.count) catalog spring tracks:\n")
        out.append(
            table(
                [
                    "format", "fitted kf", "60 fps kf", "kf ratio", "w/o jump keys", "worst track ratio", "bytes ratio", "fitted worst (of tol.)",
                    "60 fps worst error",
                ], sums))
        if variants > 0 {
            out.append("\nSpread over \(variants) generated variants (Variants.swift: durations × dampings × velocities × frames):\n")
            out.append(spread(catalog, variants: variants))
        }
        return out.joined(separator: "\n")
    }

    static func spread(_ catalog: Catalog, variants: Int) -> String {
        let sims = Variants.simulations(variants, of: catalog.definitions, stride: 7)
        var rows: [[String]] = []
        for format in PlayerRules.players {
            var ratios: [Double] = [], fk = 0, bk = 0, fb = 0, bb = 0, fm = 0, bm = 0, worst = 0.0
            for sim in sims {
                for t in SpringTrack.all(in: sim) {
                    let r = t.fit(format)
                    ratios.append(Double(r.baked.keyframes) / Double(r.fitted.keyframes))
                    fk += r.fitted.keyframes; bk += r.baked.keyframes; fb += r.fitted.bytes; bb += r.baked.bytes
                    fm += r.moving.fitted; bm += r.moving.baked
                    worst = max(worst, r.fitted.error / r.tolerance)
                }
            }
            ratios.sort()
            func q(_ p: Double) -> String { ratios.isEmpty ? "-" : fixed(ratios[min(ratios.count - 1, Int(p * Double(ratios.count)))], 1) + "×" }
            rows.append([
                format.name, "\(ratios.count)", fixed(Double(bk) / Double(fk), 2) + "×", fixed(Double(bm) / Double(fm), 2) + "×",
                q(0), q(0.1), q(0.5), q(0.9),
                fixed(Double(bb) / Double(fb), 2) + "×", fixed(worst * 100, 1) + " %",
            ])
        }
        return table(["format", "tracks", "kf ratio (total)", "w/o jump keys", "min", "p10", "median", "p90", "bytes ratio", "fitted worst (of tol.)"], rows)
    }

    /// Benchmark 2: the greedy fitter's segments against the exhaustive optimum.
    static func optimum(_ catalog: Catalog, variants: Int) throws -> String {
        var rows: [[String]] = []
        var total: [PlayerRules: (fitted: Int, optimal: Int, worst: Double)] = [.smil: (0, 0, 1), .lottie: (0, 0, 1)]
        var seconds = 0.0
        func add(_ t: SpringTrack, _ label: String) {
            for format in PlayerRules.players {
                var c: FitYardstick.Comparison?
                seconds += wallTime { c = t.yardstick(format) }
                let comparison = c!
                let ratio = Double(comparison.fitted) / Double(max(1, comparison.optimal))
                rows.append([label, format.name, "\(comparison.candidates)", "\(comparison.fitted)", "\(comparison.optimal)", fixed(ratio, 2)])
                // Progress on stderr: the whole run takes ~20 min, more on a loaded machine.
                FileHandle.standardError.write(Data((rows.last!.joined(separator: " | ") + "\n").utf8))
                var s = total[format]!
                s.fitted += comparison.fitted; s.optimal += comparison.optimal; s.worst = max(s.worst, ratio)
                total[format] = s
            }
        }
        for d in catalog.definitions {
            for t in SpringTrack.all(in: try Simulation(d)) { add(t, "\(t.template) \(t.layer).\(t.property)") }
        }
        for sim in Variants.simulations(variants, of: catalog.definitions, stride: 97) {
            for t in SpringTrack.all(in: sim) { add(t, "\(t.template) \(t.layer).\(t.property)") }
        }
        var out = [
            "### 2. Greedy fitter vs the optimum (exhaustive DP over the same grid breakpoints)\n",
            table(["track", "format", "candidates", "fitted segments", "optimal segments", "ratio"], rows), "",
        ]
        out.append(
            table(
                ["format", "fitted segments", "optimal segments", "total ratio", "worst track ratio"],
                PlayerRules.players.map { f in
                    let s = total[f]!
                    return [f.name, "\(s.fitted)", "\(s.optimal)", fixed(Double(s.fitted) / Double(max(1, s.optimal)), 3), fixed(s.worst, 2)]
                }))
        out.append("\n(dynamic programme: \(fixed(seconds, 1)) s)")
        return out.joined(separator: "\n")
    }
}

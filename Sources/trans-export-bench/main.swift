import Foundation
import TransitionModel
import Motion
import Simulation
import Keyframes
import Exporters
import TransExportCLI

let catalog = TemplateCatalog.locate(environment: ProcessInfo.processInfo.environment, executable: URL(fileURLWithPath: CommandLine.arguments[0]))!
var sims: [(String, Simulation)] = []
for name in catalog.names {
    let def = try DefinitionFile.load(catalog.url(of: name), displayPath: name)
    sims.append((name, try Simulation(def)))
}
if CommandLine.arguments.contains("opt") {
    for (name, sim) in sims {
        let measures = LayerMeasures.all(sim, tolerance: .standard)
        for x in ExactLayerTracks.all(sim) {
            let m = measures[x.layer]
            for format in KeyframeFormat.allCases {
                let r = FittingReducer(format: format)
                let t0 = Date()
                let p = FitYardstick.compare(x.position, measure: m.position, reducer: r)
                let s = FitYardstick.compare(x.scale, measure: m.scale, reducer: r)
                let z = FitYardstick.compare(x.size, measure: m.size, reducer: r)
                if p.candidates + s.candidates + z.candidates > 0 {
                    print(name, x.layer, format, "pos \(p.fitted)/\(p.optimal) scale \(s.fitted)/\(s.optimal) size \(z.fitted)/\(z.optimal)", Date().timeIntervalSince(t0))
                }
            }
        }
    }
    exit(0)
}
let t0 = Date()
var total = [0, 0]
for _ in 0..<50 {
    for (_, sim) in sims {
        for (n, format) in KeyframeFormat.allCases.enumerated() {
            let kt = KeyframedTransition.fitted(sim, for: format)
            total[n] += kt.layers.reduce(0) { $0 + $1.position.keyframes.count + $1.scale.keyframes.count + $1.size.keyframes.count }
        }
    }
}
print("per template-format: \(Date().timeIntervalSince(t0) / 300 * 1000) ms", total.map { $0 / 50 })


do {
    let defs = try catalog.names.map { try DefinitionFile.load(catalog.url(of: $0), displayPath: $0) }
    var bytes = 0
    var times = [0.0, 0.0, 0.0, 0.0, 0.0]
    for _ in 0..<100 {
        for d in defs {
            var c = Date()
            func lap(_ k: Int) { let n = Date(); times[k] += n.timeIntervalSince(c); c = n }
            let sim = try Simulation(d); lap(0)
            let s = KeyframedTransition.fitted(sim, for: .smil); lap(1)
            bytes += SVGWriter().svg(s).utf8.count; lap(2)
            let l = KeyframedTransition.fitted(sim, for: .lottie); lap(3)
            bytes += try LottieWriter().data(l).utf8.count; lap(4)
        }
    }
    print("per export ms: sim, fit smil, svg, fit lottie, lottie:", times.map { String(format: "%.3f", $0 / 300 * 1000) }, bytes / 300)
}

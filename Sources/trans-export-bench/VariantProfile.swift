import Exporters
// Where a batch's time goes, template by template: the batch's variants exported one after the
// other on one thread, each timed (SVG + Lottie, as the batch makes them); with `--dump DIR`
// each variant's two files are written there too, so two builds' bytes can be compared over
// the whole batch (`diff -r`), not only over the catalog.
import Foundation
import Simulation
import TransitionModel

enum VariantProfile {
    static func run(_ catalog: Catalog, count: Int, dump: String?) throws -> String {
        if let dump { try FileManager.default.createDirectory(atPath: dump, withIntermediateDirectories: true) }
        var totals: [String: (ms: Double, count: Int)] = [:]
        var each: [(ms: Double, name: String)] = []
        var all = 0.0
        for n in 0..<count {
            let start = DispatchTime.now().uptimeNanoseconds
            guard let sim = try? Simulation(Variants.variant(n, of: catalog.definitions)) else { continue }
            let files = PlayerFiles(sim)
            let lottie = try files.lottie(), svg = try files.svg()
            let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            let template = catalog.names[n % catalog.names.count]
            totals[template, default: (0, 0)].ms += ms
            totals[template, default: (0, 0)].count += 1
            each.append((ms, sim.definition.name))
            all += ms
            if let dump {
                try Data(svg.utf8).write(to: URL(fileURLWithPath: "\(dump)/\(sim.definition.name).svg"))
                try Data(lottie.utf8).write(to: URL(fileURLWithPath: "\(dump)/\(sim.definition.name).json"))
            }
        }
        let rows = totals.sorted { $0.value.ms > $1.value.ms }.map { name, t in
            [name, "\(t.count)", fixed(t.ms, 1), fixed(100 * t.ms / max(all, 1e-9), 1), fixed(t.ms / Double(max(1, t.count)), 2)]
        }
        let slowest = each.sorted { $0.ms > $1.ms }.prefix(10).map { "\($0.name) \(fixed($0.ms, 1)) ms" }
        return "#### \(count) variants of \(catalog.names.count) templates, one thread, by template (SVG + Lottie each, in memory)\n\n"
            + table(["template", "variants", "ms", "% of all", "ms per variant"], rows)
            + "\n\nall: \(fixed(all, 1)) ms (\(fixed(Double(each.count) / max(all / 1000, 1e-9), 1)) exports/s on one thread); slowest: "
            + slowest.joined(separator: ", ")
    }
}

import Simulation
import TransExportTestSupport
import TransitionModel
import XCTest

@testable import Keyframes

/// An opacity driver's read (RetraceDriver.reader, feature 8) comes from the chain's opacities
/// alone (Simulation.effectiveOpacity): it must be `layerState`'s effective opacity, and so the
/// number `Retrace.features(sim.state(at: t), i)` holds, bit for bit, for every layer and time
/// (of every template at 120 Hz in the catalog tier, of ExportFixtures.sweepTemplateNames at 20 Hz
/// in the fast tier).
final class RetraceOpacityReadTests: XCTestCase {
    func testEffectiveOpacityIsTheLayerStatesBitForBit() throws {
        var faded = 0, layers = 0
        for name in ExportFixtures.sweepTemplateNames {
            let sim = try Simulation(try ExportFixtures.template(name))
            let d = sim.timeline.duration
            // Every 120 Hz sample (every sixth in the fast tier), times between them, past the loop
            // and before it.
            let rate = Double(CatalogTier.cases(whole: 120, fast: 20))
            let times = (0...Int(d * rate)).map { Double($0) / rate } + [d * 0.37, d - 1e-9, d * 1.3, -0.1]
            let read = (0..<sim.layers.count).map { RetraceDriver.reader(sim, layer: $0, feature: Retrace.opacityFeature) }
            for i in sim.layers.indices {
                layers += 1
                var seen = Set<UInt64>()
                for t in times {
                    let want = sim.layerState(i, at: t).effectiveOpacity[0]
                    XCTAssertEqual(sim.effectiveOpacity(of: i, at: t).bitPattern, want.bitPattern, "\(name) layer \(i) t \(t)")
                    XCTAssertEqual(read[i](t).bitPattern, want.bitPattern, "\(name) layer \(i) t \(t)")
                    seen.insert(want.bitPattern)
                }
                if seen.count > 2 { faded += 1 }
                // The whole scene's number too, at a few times.
                for t in [0, d * 0.5, d - 1e-9] {
                    XCTAssertEqual(read[i](t).bitPattern, Retrace.features(sim.state(at: t), i)[Retrace.opacityFeature].bitPattern, "\(name) layer \(i)")
                }
            }
        }
        XCTAssertGreaterThan(layers, CatalogTier.isEnabled ? 1000 : 400)
        XCTAssertGreaterThan(faded, 20, "some layers' opacity changes gradually: \(faded) of \(layers)")
    }
}

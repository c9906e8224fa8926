import Foundation
import Motion
import TransExportTestSupport
import TransitionModel
import XCTest

@testable import Keyframes
@testable import Simulation

/// The 3D grid evaluates only the projected layers, their hosts and their ancestors
/// (Simulation.state(of:at:)): for each of them, the numbers must be `state(at:)`'s, bit for bit,
/// at every time the grid reads, in every 3D template of the catalog (the catalog tier; the fast
/// tier checks the cube, whose faces carry sublayers).
final class LayerSubsetStateTests: XCTestCase {
    static func bits(_ m: Transform3D) -> [UInt64] {
        [m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24, m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44].map(\.bitPattern)
    }

    func testSubsetStateIsTheWholeStatesForItsLayers() throws {
        for name in CatalogTier.templates(ExportFixtures.templatesUnder3D, fast: ["stories-cube"]) {
            let sim = try Simulation(try ExportFixtures.template(name))
            let sampler = ProjectionSampler(sim)
            let subset = sampler.gridLayers
            // A real restriction, closed under parents, holding every projected layer and host.
            XCTAssertGreaterThan(subset.layers.count, 0, name)
            XCTAssertLessThan(subset.layers.count, sim.layers.count, name)
            XCTAssertEqual(subset.layers, subset.layers.sorted(), name)
            for i in subset.layers { if let p = sim.layers[i].parent { XCTAssertTrue(subset.layers.contains(p), "\(name) \(i)") } }
            for (i, host) in sampler.layers {
                XCTAssertTrue(subset.layers.contains(i), "\(name) \(i)")
                if let host { XCTAssertTrue(subset.layers.contains(host), "\(name) host \(host)") }
            }
            // The whole loop at the grid's density, its end just before the loop wraps, and
            // times off the grid (one past the loop: wrapped as `state(at:)` wraps it).
            let end = sim.timeline.duration
            var times = [0] + ProjectionSampler.gridTimes(from: 0, to: end, end: end) + [end.nextDown]
            times += (0..<37).map { Double($0) * end / 37 + 0.000_123 } + [end * 1.25]
            XCTAssertGreaterThanOrEqual(times.count, 1000, name)
            for t in times {
                let whole = sim.state(at: t), part = sim.state(of: subset, at: t)
                XCTAssertEqual(part.time.bitPattern, whole.time.bitPattern, "\(name) at \(t)")
                XCTAssertEqual(part.states.count, subset.layers.count)
                for i in subset.layers {
                    XCTAssertEqual(part.layer(i), whole.layers[i], "\(name) layer \(i) at \(t)")
                    XCTAssertEqual(Self.bits(part.boundsToScreen(of: i)), Self.bits(whole.boundsToScreen[i]), "\(name) layer \(i) at \(t)")
                    let k = subset.entry[i]
                    XCTAssertEqual(part.effectiveOpacity[k].bitPattern, whole.effectiveOpacity[i].bitPattern, "\(name) layer \(i) at \(t)")
                    XCTAssertEqual(part.visible[k], whole.visible[i], "\(name) layer \(i) at \(t)")
                }
            }
        }
    }

    /// A subset of one layer holds it and its ancestors alone, in index order.
    func testSubsetHoldsTheLayersAskedAndTheirAncestors() throws {
        let sim = try Simulation(try ExportFixtures.template("flip-edge-pan"))
        let deepest = try XCTUnwrap(sim.layers.indices.max { depth(sim, $0) < depth(sim, $1) })
        var chain = [deepest]
        while let p = sim.layers[chain.last!].parent { chain.append(p) }
        XCTAssertGreaterThan(chain.count, 2)
        XCTAssertEqual(sim.subset([deepest]).layers, chain.reversed())
        XCTAssertEqual(sim.subset([deepest, deepest]).layers, chain.reversed())
        XCTAssertEqual(sim.subset([Int]()).layers, [])
    }

    private func depth(_ sim: Simulation, _ i: Int) -> Int { sim.layers[i].parent.map { 1 + depth(sim, $0) } ?? 0 }
}

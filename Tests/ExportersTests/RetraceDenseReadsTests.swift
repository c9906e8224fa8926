import Foundation
import Simulation
import TransitionModel
import XCTest

@testable import Keyframes

/// The retrace detections' dense tables read the driver through one sampler
/// (RetraceDriver.values), the subtree fit reads the set's states as LayerSubsetStates, and a
/// candidate's own check reads its layer from the ancestor chain (StateFeatures): each must give
/// the numbers the whole-state reads gave, bit for bit (the remaps and so the files depend on them).
final class RetraceDenseReadsTests: XCTestCase {
    static func bits(_ xs: [Double]) -> [UInt64] { xs.map(\.bitPattern) }

    /// Increasing times with a rest at the loop's end, then times that go back and past the loop.
    static func times(_ duration: Double) -> [Double] {
        (0...240).map { min(duration * Double($0) / 200, duration - 1e-9) } + [duration * 0.5, duration * 0.25, duration, duration * 1.3, 0]
    }

    func testValuesAreTheReadersReadsBitForBit() throws {
        var moved = 0
        for name in ["flip-push", "flip-edge-pan", "douyin-drag-dismiss"] {
            let sim = try Simulation(try ExportFixtures.template(name))
            let times = Self.times(sim.timeline.duration)
            let layers = sim.movingLayers
            for layer in stride(from: 0, to: layers.count, by: max(1, layers.count / 6)).map({ layers[$0] }) {
                for feature in [0, 3, 5, 6, 8, 10] {
                    let read = RetraceDriver.reader(sim, layer: layer, feature: feature)
                    let want = times.map(read)
                    let got = RetraceDriver.values(sim, layer: layer, feature: feature, at: times)
                    XCTAssertEqual(Self.bits(got), Self.bits(want), "\(name) layer \(layer) feature \(feature)")
                    if Set(want).count > 2 { moved += 1 }
                }
            }
        }
        XCTAssertGreaterThan(moved, 10, "some of the numbers read move")
    }

    /// A table read through `readMany` is the table of `read`'s reads; `readMany` is what is read.
    func testTableInverseReadsThroughReadMany() {
        let read: @Sendable (Double) -> Double = { $0 * $0 }
        let d = RetraceDriver(read: read, times: [0, 1], values: [0, 1])
        let plain = d.tableInverse(start: 0, span: 1, count: 40)
        let many = d.tableInverse(start: 0, span: 1, count: 40) { $0.map(read) }
        let other = d.tableInverse(start: 0, span: 1, count: 40) { $0 }  // the identity as driver
        for v in stride(from: 0.0, through: 1, by: 0.05) {
            XCTAssertEqual(many(v).bitPattern, plain(v).bitPattern)
            XCTAssertEqual(other(v), v, accuracy: 1e-12)
        }
        XCTAssertEqual(plain(0.25), 0.5, accuracy: 1e-3)
    }

    func testSubsetFeaturesAreTheStatesBitForBit() throws {
        let sim = try Simulation(try ExportFixtures.template("flip-edge-pan"))
        let layers = sim.movingLayers
        let members = stride(from: 0, to: layers.count, by: 7).map { layers[$0] }
        let subset = sim.subset(members)
        for t in Self.times(sim.timeline.duration).enumerated().filter({ $0.offset % 20 == 0 }).map(\.element) {
            let whole = sim.state(at: t), part = sim.state(of: subset, at: t)
            for j in members {
                XCTAssertEqual(Self.bits(SubtreeRetrace.features(part, j)), Self.bits(SubtreeRetrace.features(whole, j)), "layer \(j) at \(t)")
            }
        }
    }

    /// The first layer asked at an instant from its chain, the next ones from the whole state,
    /// a layer asked again from the kept numbers: all `features(sim.state(at: t), j)`.
    func testStateFeaturesGiveTheStatesNumbersWhicheverWayRead() throws {
        let sim = try Simulation(try ExportFixtures.template("flip-edge-pan"))
        let layers = sim.movingLayers
        let exact = SubtreeRetrace.StateFeatures(sim)
        for (n, t) in Self.times(sim.timeline.duration).enumerated() where n % 15 == 0 {
            let whole = sim.state(at: t)
            let e = exact.entry(at: t)
            let asked = [layers[(n * 5) % layers.count], layers[layers.count - 1 - n % layers.count], layers[(n * 5) % layers.count]]
            for j in asked {
                XCTAssertEqual(Self.bits(exact.features(e, j)), Self.bits(SubtreeRetrace.features(whole, j)), "layer \(j) at \(t)")
            }
        }
    }
}

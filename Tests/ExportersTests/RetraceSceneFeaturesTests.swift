import Foundation
import TransExportTestSupport
import TransitionModel
import XCTest

@testable import Keyframes
@testable import Simulation

/// Retrace.detect's shared pieces (Retrace.swift): SceneFeatures, made once per detection from
/// the simulation alone, and the phase's sampler going on to the checks after it.
final class RetraceSceneFeaturesTests: XCTestCase {
    func simulations() throws -> [Simulation] {
        var sims = [try Simulation(ExportFixtures.showcase)]
        for name in ["shared-element-push", "douyin-drag-dismiss", "circle-reveal-pop", "stories-close", "slide-up-segue", "flip-edge-pan"] {
            sims.append(try Simulation(try ExportFixtures.template(name)))
        }
        return sims
    }

    /// The moving layers are `movingState(at:)`'s, and each one's count of numbers and offset
    /// are those of its share of `features(sim.state(at: 0))`; still layers are finite exactly
    /// when all their numbers are; the numbers at a time are the moving layers' shares.
    func testSceneFeaturesAreTheSceneStatesNumbersOfTheMovingLayers() throws {
        for sim in try simulations() {
            let name = sim.definition.name
            let sf = Retrace.SceneFeatures(sim)
            XCTAssertEqual(sf.moving, sim.movingState(at: 0).layers, name)
            XCTAssertEqual(sim.movingLayers, sim.movingState(at: sim.timeline.duration / 2).layers, name)
            let s = sim.state(at: 0)
            var offset = 0, width: [Int] = [], sceneOffset: [Int] = [], stillFinite = true
            for i in s.layers.indices {
                let f = Retrace.features(s, i)
                if sf.moving.contains(i) {
                    width.append(f.count)
                    sceneOffset.append(offset)
                } else if !f.allSatisfy(\.isFinite) {
                    stillFinite = false
                }
                offset += f.count
            }
            XCTAssertEqual(sf.width, width, name)
            XCTAssertEqual(sf.sceneOffset, sceneOffset, name)
            XCTAssertEqual(sf.stillFinite, stillFinite, name)
            let t = sim.timeline.duration / 3, whole = sim.state(at: t)
            let want = sf.moving.flatMap { Retrace.features(whole, $0) }
            XCTAssertEqual(sf(t).map(\.bitPattern), want.map(\.bitPattern), name)
        }
        // Some fixture has a still layer (not all of the scene is moving layers).
        let sims = try simulations()
        XCTAssertTrue(sims.contains { $0.movingLayers.count < $0.layers.count })
    }

    /// A sampler through a phase's samples and on to the checks (Retrace.retrace's order) gives
    /// `movingState(at:)`'s numbers, bit for bit, at every time: a new sampler at the first check
    /// is not needed. (The sampler goes through every time; the fast tier compares every fourth.)
    func testThePhaseSamplerGoesOnToTheChecksBitForBit() throws {
        var compared = 0
        let every = CatalogTier.cases(whole: 1, fast: 4)
        for sim in try simulations() {
            let duration = sim.timeline.duration
            let sf = Retrace.SceneFeatures(sim)
            for a in sim.timeline.phases where a.duration > 0 && a.end < duration {
                let n = max(2, Int((a.duration * Retrace.sampleRate).rounded(.up)))
                let times = (0...n).map { a.start + a.duration * Double($0) / Double(n) }
                let checks = stride(from: a.end, through: duration, by: 1 / Retrace.sampleRate).map { min($0, duration - 1e-9) }
                guard let first = checks.first, first >= times.last! else { continue }
                var sampler = MovingStateSampler(sim, at: times[0])
                for (k, t) in (times.dropFirst() + checks).enumerated() {
                    sampler.advance(to: t)
                    guard k % every == 0 else { continue }
                    XCTAssertEqual(sf(sampler.state).map(\.bitPattern), sf(t).map(\.bitPattern), "\(sim.definition.name) at \(t)")
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThan(compared, 100)
    }
}

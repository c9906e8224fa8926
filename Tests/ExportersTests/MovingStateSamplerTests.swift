import Foundation
import Keyframes
import Motion
import TransExportTestSupport
import TransitionModel
import XCTest

@testable import Keyframes
@testable import Simulation

/// MovingStateSampler (SubtreeRetrace's 120 Hz sampling) skips a layer whose tracks are quiet
/// since the last sample: its state must still be `movingState(at:)`'s, bit for bit, at every
/// sample of every catalog template, and the skipping must actually happen. (The catalog tier
/// sweeps every template; the fast tier ExportFixtures.sweepTemplateNames.)
final class MovingStateSamplerTests: XCTestCase {
    static func bits(_ s: MovingState, _ k: Int) -> [UInt64] {
        var f: [Double] = []
        Retrace.appendFeatures(s, k, to: &f)
        let m = s.boundsToScreen[k]
        let map = [m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24, m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44]
        return (f + map + [s.effectiveOpacity[k], s.visible[k] ? 1 : 0]).map(\.bitPattern)
    }

    /// The sampler's state equals a fresh `movingState(at:)` at each 120 Hz sample (the times
    /// SubtreeRetrace reads), in every template and a fixture with a spring, a jump and a
    /// snapshot; over them most (layer, sample) pairs are skipped (four fifths over the catalog).
    /// (The sampler steps through every sample; the fast tier compares every third.)
    func testSamplerGivesMovingStateBitForBit() throws {
        let every = CatalogTier.cases(whole: 1, fast: 3)
        var sims = try ExportFixtures.sweepTemplateNames.map { try Simulation(try ExportFixtures.template($0)) }
        sims.append(try Simulation(ExportFixtures.showcase))
        var skipped = 0, read = 0
        for sim in sims {
            let duration = sim.timeline.duration
            let n = max(2, Int((duration * 120).rounded(.up)))
            let times = (0...n).map { min(duration * Double($0) / Double(n), duration - 1e-9) }
            var sampler = MovingStateSampler(sim, at: times[0])
            for (m, t) in times.enumerated() {
                // A step said to recompute nothing recomputed nothing.
                if m > 0, !sampler.advance(to: t) { XCTAssertFalse(sampler.changed.contains(true), "\(sim.definition.name) at \(t)") }
                if m > 0 { for changed in sampler.changed { if changed { read += 1 } else { skipped += 1 } } }
                guard m % every == 0 else { continue }
                let want = sim.movingState(at: t), got = sampler.state
                XCTAssertEqual(got.layers, want.layers)
                XCTAssertEqual(got.states, want.states, "\(sim.definition.name) at \(t)")
                for k in want.layers.indices {
                    XCTAssertEqual(Self.bits(got, k), Self.bits(want, k), "\(sim.definition.name) layer \(want.layers[k]) at \(t)")
                }
            }
        }
        // Most layers are at rest most of the loop: the catalog 455,667 skipped, 86,409 read
        // (2026-12-04); the fast tier's three templates (a cube whose faces all turn) 100,377 and 34,299.
        XCTAssertGreaterThan(skipped, (CatalogTier.isEnabled ? 4 : 2) * read, "skipped \(skipped), read \(read)")
    }

    /// Geometry only (the near-eye check's 240 Hz samples, Simulation.checkNearEye): the sampler's
    /// sizes and maps are `movingState(at:geometryOnly:)`'s, bit for bit, in every template (the
    /// fast tier compares every third sample).
    func testGeometryOnlySamplerGivesTheGeometryStateBitForBit() throws {
        let every = CatalogTier.cases(whole: 1, fast: 3)
        var skipped = 0, read = 0
        for name in ExportFixtures.sweepTemplateNames {
            let sim = try Simulation(try ExportFixtures.template(name))
            let duration = sim.timeline.duration, n = Int((duration * 240).rounded(.up))
            let times = (1...n).map { Double($0) / 240 }.filter { $0 < duration }
            var sampler = MovingStateSampler(sim, at: times[0], geometryOnly: true)
            for (m, t) in times.enumerated() {
                if m > 0 { sampler.advance(to: t) }
                if m > 0 { for changed in sampler.changed { if changed { read += 1 } else { skipped += 1 } } }
                guard m % every == 0 else { continue }
                let want = sim.movingState(at: t, geometryOnly: true), got = sampler.state
                XCTAssertEqual(got.layers, want.layers)
                XCTAssertEqual(got.states, want.states, "\(name) at \(t)")
                for k in want.layers.indices {
                    let mine = got.boundsToScreen[k], theirs = want.boundsToScreen[k]
                    XCTAssertEqual(LayerSubsetStateTests.bits(mine), LayerSubsetStateTests.bits(theirs), "\(name) layer \(want.layers[k]) at \(t)")
                }
            }
        }
        XCTAssertGreaterThan(skipped, read, "skipped \(skipped), read \(read)")
    }

    /// The driver passes over a feature by its least and greatest number read from the rows
    /// held: they are its series' min and max (as numbers), for every layer and number of every template.
    func testRangeOfTheRowsIsTheSeriesMinAndMax() throws {
        var sims = try ExportFixtures.sweepTemplateNames.map { try Simulation(try ExportFixtures.template($0)) }
        sims.append(try Simulation(ExportFixtures.showcase))
        var moving = 0
        for sim in sims {
            let duration = sim.timeline.duration
            let n = max(2, Int((duration * 120).rounded(.up)))
            let times = (0...n).map { min(duration * Double($0) / Double(n), duration - 1e-9) }
            let samples = try XCTUnwrap(SubtreeRetraceSamples(sim, times: times, eps: 1e-3))
            for j in sim.layers.indices {
                if samples.moves[j] { moving += 1 }
                for c in 0..<samples.width[j] {
                    let v = samples.series(j, c), r = try XCTUnwrap(samples.range(j, c))
                    XCTAssertEqual(r.lo, try XCTUnwrap(v.min()), "\(sim.definition.name) layer \(j) number \(c)")
                    XCTAssertEqual(r.hi, try XCTUnwrap(v.max()), "\(sim.definition.name) layer \(j) number \(c)")
                }
            }
        }
        XCTAssertGreaterThan(moving, 100)
    }

    /// A layer is skipped only between its tracks' spans: an animation's call to its end, an
    /// assignment's instant (merged where they overlap).
    func testSpansOfALayerCoverItsEvents() throws {
        let sim = try Simulation(ExportFixtures.showcase)
        for layer in sim.layers {
            let spans = withUnsafePointer(to: layer) { ChangeSpans.spans($0) }
            for (a, b) in zip(spans, spans.dropFirst()) { XCTAssertLessThan(a.upperBound, b.lowerBound) }
            for a in layer.position.animations { XCTAssertTrue(spans.contains { $0.contains(a.callTime) && $0.contains(a.endTime) }) }
            for c in layer.hidden.changes { XCTAssertTrue(spans.contains { $0.contains(c.time) }) }
        }
        XCTAssertTrue(sim.layers.contains { layer in withUnsafePointer(to: layer) { !ChangeSpans.spans($0).isEmpty } })
    }

    /// `ChangeSpans.anyChange` (the sampler's quiet steps) is true exactly when some entry's
    /// `ownChange` is, at every 120 Hz step of every template; both answers occur.
    func testAnyChangeIsSomeEntrysOwnChange() throws {
        var quiet = 0, moving = 0
        for name in ExportFixtures.sweepTemplateNames {
            let sim = try Simulation(try ExportFixtures.template(name))
            let layers = sim.movingState(at: 0).layers
            var any = ChangeSpans(sim, layers: layers), each = any
            let duration = sim.timeline.duration
            let n = max(2, Int((duration * 120).rounded(.up)))
            let times = (0...n).map { min(duration * Double($0) / Double(n), duration - 1e-9) }
            for (a, b) in zip(times, times.dropFirst()) {
                var some = false
                for k in layers.indices where each.ownChange(k, since: a, to: b) { some = true }
                XCTAssertEqual(any.anyChange(since: a, to: b), some, "\(name) over (\(a), \(b)]")
                if some { moving += 1 } else { quiet += 1 }
            }
        }
        XCTAssertGreaterThan(quiet, 0)
        XCTAssertGreaterThan(moving, 0)
    }

    /// An entry's own tracks can change over a step exactly when some field's can
    /// (`ChangeSpans.fieldChange`, the sampler's per-field reads): the fields' spans are the
    /// layer's, split by field. Every 120 Hz step of every template and the showcase; a step
    /// where a changing layer keeps some field quiet occurs (the reads it saves).
    func testAnEntrysOwnChangeIsSomeFieldsChange() throws {
        var sims = try ExportFixtures.sweepTemplateNames.map { try Simulation(try ExportFixtures.template($0)) }
        sims.append(try Simulation(ExportFixtures.showcase))
        var own = 0, quietFields = 0
        for sim in sims {
            let layers = sim.movingState(at: 0).layers
            var whole = ChangeSpans(sim, layers: layers), byField = ChangeSpans(sim, layers: layers, byField: true)
            let duration = sim.timeline.duration
            let n = max(2, Int((duration * 120).rounded(.up)))
            let times = (0...n).map { min(duration * Double($0) / Double(n), duration - 1e-9) }
            for (a, b) in zip(times, times.dropFirst()) {
                for k in layers.indices {
                    let changes = whole.ownChange(k, since: a, to: b)
                    XCTAssertEqual(byField.ownChange(k, since: a, to: b), changes)
                    // A layer StillLayers holds has no spans (its fields are never asked for).
                    guard !sim.still.isStill[layers[k]] else { continue }
                    let fields = ChangeSpans.Field.allCases.filter { byField.fieldChange(k, $0, since: a, to: b) }
                    XCTAssertEqual(!fields.isEmpty, changes, "\(sim.definition.name) entry \(k) over (\(a), \(b)]")
                    if changes {
                        own += 1
                        quietFields += ChangeSpans.Field.count - fields.count
                    }
                }
            }
        }
        XCTAssertGreaterThan(own, 0)
        XCTAssertGreaterThan(quietFields, own)
    }

    /// A sampler from MovingStateSamplers (a copy of one made at 0, moved on) gives a fresh
    /// sampler's state at its first time, bit for bit, and again after each later step; each
    /// copy is independent (the second asked for is not moved by the first's steps).
    func testSamplersFromTheStartGiveAFreshSamplersStates() throws {
        var compared = 0
        for name in ["shared-element-push", "douyin-drag-dismiss", "flip-edge-pan", "stories-close"] {
            let sim = try Simulation(try ExportFixtures.template(name))
            let samplers = MovingStateSamplers(sim)
            let duration = sim.timeline.duration
            for start in [0, duration / 3, duration / 2] {
                var got = samplers.sampler(at: start), fresh = MovingStateSampler(sim, at: start)
                for t in [start, start + 0.01, start + 0.1, duration * 0.9].filter({ $0 < duration }) {
                    if t > start {
                        got.advance(to: t)
                        fresh.advance(to: t)
                    }
                    XCTAssertEqual(got.state.states, fresh.state.states, "\(name) from \(start) at \(t)")
                    for k in fresh.state.layers.indices {
                        XCTAssertEqual(Self.bits(got.state, k), Self.bits(fresh.state, k), "\(name) from \(start) at \(t)")
                    }
                    compared += 1
                }
            }
            // The start is not moved by the copies' steps.
            XCTAssertEqual(samplers.sampler(at: 0).state.states, sim.movingState(at: 0).states, name)
        }
        XCTAssertGreaterThan(compared, 30)
    }

    /// The sampler's product is `concatenating`'s, bit for bit (signed zeros and a non-finite
    /// entry included: the same sums of the same products in the same order).
    func testConcatenateIsConcatenatingBitForBit() {
        var rng = SystemRandomNumberGenerator()
        let special: [Double] = [0, -0.0, 1, -1, 0.5, .infinity, 1e300, -3.25]
        func matrix(_ pick: (Int) -> Double) -> Transform3D {
            Transform3D(
                m11: pick(0), m12: pick(1), m13: pick(2), m14: pick(3), m21: pick(4), m22: pick(5), m23: pick(6), m24: pick(7),
                m31: pick(8), m32: pick(9), m33: pick(10), m34: pick(11), m41: pick(12), m42: pick(13), m43: pick(14), m44: pick(15))
        }
        func bits(_ m: Transform3D) -> [UInt64] {
            [m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24, m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44].map(\.bitPattern)
        }
        for n in 0..<2000 {
            let a = matrix { _ in n % 2 == 0 ? Double.random(in: -100...100, using: &rng) : special.randomElement(using: &rng)! }
            let b = matrix { _ in n % 3 == 0 ? special.randomElement(using: &rng)! : Double.random(in: -2...2, using: &rng) }
            var out = Transform3D.identity
            withUnsafePointer(to: a) { a in withUnsafePointer(to: b) { b in MovingStateSampler.concatenate(a, b, into: &out) } }
            XCTAssertEqual(bits(out), bits(a.concatenating(b)))
        }
    }

    /// Subtree ends only for entries in preorder: a parent right before its children or an
    /// ancestor of the entry before; a child placed after another tree's entries gives nil.
    func testSubtreeEndsOnlyInPreorder() {
        // 0 ─ 1 ─ 2, 0 ─ 3; 4 (a root) ─ 5.
        XCTAssertEqual(MovingStateSampler.subtreeEnds([-1, 0, 1, 0, -1, 4]), [4, 3, 3, 4, 6, 6])
        XCTAssertEqual(MovingStateSampler.subtreeEnds([]), [])
        XCTAssertEqual(MovingStateSampler.subtreeEnds([-1]), [1])
        // 3's parent 0 is no ancestor of 2 (another root's child): not preorder.
        XCTAssertNil(MovingStateSampler.subtreeEnds([-1, -1, 1, 0]))
        // Every template's entries are in preorder (the step passes only the subtrees made again).
        for name in ["shared-element-push", "douyin-drag-dismiss", "flip-edge-pan"] {
            let sim = try! Simulation(try! ExportFixtures.template(name))
            let entries = sim.movingState(at: 0).layers
            let parent = entries.map { i in sim.layers[i].parent.map { sim.still.slot[$0] } ?? -1 }
            XCTAssertNotNil(MovingStateSampler.subtreeEnds(parent), name)
        }
    }
}

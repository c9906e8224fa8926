import Foundation
import JSONText
import Keyframes
import Simulation
import TransExport
import TransExportTestSupport
import TransitionModel
import XCTest

@testable import Exporters
@testable import Keyframes

/// Layers that replay one monotone sweep while others do not (Keyframes/SubtreeRetrace.swift),
/// and their precomp played through `tm` (LottieSubtreeRemap.swift).
final class SubtreeRetraceTests: XCTestCase {
    /// A card goes a third of the way and back (the cancel), then all the way (the finish), each
    /// step position and opacity together (opacity 1 - 0.6 × (x - 100) / 200 at every instant);
    /// a dot slides down through every phase.
    func definition(finishTiming: String = "\"easeInOut\"", dotRetraces: Bool = false) throws -> TransitionDefinition {
        func step(_ x: Double, _ alpha: Double, _ dotY: Double, _ duration: Double, _ timing: String) -> String {
            let dot = dotRetraces ? "\(x), \(x)" : "100, \(dotY)"
            return """
                [{"duration": \(duration), "timing": \(timing), "changes": [{"layer": "card", "property": "position", "value": [\(x), 400]},
                  {"layer": "card", "property": "alpha", "value": \(alpha)}, {"layer": "dot", "property": "position", "value": [\(dot)]}]}]
                """
        }
        let text = """
            {"version": 1, "name": "subtree-fixture", "description": "a card cancels then finishes", "canvas": {"size": [390, 844], "background": "#000000"}, "frameRate": 60,
             "layers": [{"id": "card", "type": "rect", "frame": [50, 350, 100, 100], "fill": "#FF0000"},
                        {"id": "dot", "type": "rect", "frame": [90, 90, 20, 20], "fill": "#00FF00"}],
             "phases": {"drag": \(step(150, 0.85, 200, 0.3, "\"easeOut\"")), "cancel": \(step(100, 1, 300, 0.2, "\"linear\"")),
                        "finish": \(step(300, 0.4, 400, 0.5, finishTiming))}}
            """
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("subtree-\(UUID().uuidString).json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        return try DefinitionFile.load(url, displayPath: "subtree-fixture.json")
    }

    func testTheCardRetracesTheFinishWhileTheDotStaysOutside() throws {
        let sim = try Simulation(try definition())
        XCTAssertNil(Retrace.detect(sim, rules: .lottie, screenTolerance: 0.25))  // the dot never retraces
        let r = try XCTUnwrap(SubtreeRetrace.detect(sim, rules: .lottie, screenTolerance: 0.25))
        let card = try XCTUnwrap(sim.layers.firstIndex { $0.id == "card" })
        XCTAssertEqual(r.layers, [card])
        let finish = try XCTUnwrap(sim.timeline.phases.first { $0.name == "finish" })
        // The source is the finish's sweep (120 Hz samples: within one sample of its ends).
        XCTAssertEqual(r.sourceStart, finish.start, accuracy: 1 / 120 + 1e-9)
        XCTAssertEqual(r.sourceEnd, finish.end, accuracy: 1 / 120 + 1e-9)
        XCTAssertEqual(r.remap.value(at: finish.start + 0.25), finish.start + 0.25, accuracy: 1e-4)
        // Before the finish (drag and cancel) the remapped time shows the card where it is.
        for k in 0...60 {
            let t = finish.start * Double(k) / 60
            let want = sim.state(at: t), got = sim.state(at: r.remap.value(at: t))
            for (a, b) in zip(want.corners(of: card), got.corners(of: card)) { XCTAssertLessThan(a.distance(to: b), 0.25, "t=\(t)") }
            XCTAssertEqual(want.effectiveOpacity[card], got.effectiveOpacity[card], accuracy: 0.002)
        }
    }

    func testNoSubtreeWhenEveryMovingLayerRetracesOrTheSweepOvershoots() throws {
        // Both layers on one sweep: not a subtree (the whole scene's business).
        XCTAssertNil(SubtreeRetrace.detect(try Simulation(try definition(dotRetraces: true)), rules: .lottie, screenTolerance: 0.25))
        // A finish that overshoots 300 has no monotone run from 100 to its maximum.
        let spring = #"{"uikitSpring": {"damping": 0.3}}"#
        XCTAssertNil(SubtreeRetrace.detect(try Simulation(try definition(finishTiming: spring)), rules: .lottie, screenTolerance: 0.25))
    }

    func testLottieWritesTheCardOnceInAPrecompAndTheDotAsARootLayer() throws {
        let sim = try Simulation(try definition())
        let json = try LottieWriter().lottie(KeyframedTransition.fitted(sim, for: .lottie))
        func member(_ v: JSONValue?, _ k: String) -> JSONValue? { v?[k] }
        guard case .number(let fr)? = member(json, "fr"), case .array(let layers)? = member(json, "layers"),
            case .array(let assets)? = member(json, "assets")
        else { return XCTFail("fr, layers, assets") }
        let scale = fr / 60
        XCTAssertGreaterThan(scale, 1)
        XCTAssertEqual(layers.compactMap { member($0, "nm") }, [.string("dot"), .string("subtree"), .string("background")])
        XCTAssertEqual(member(layers[1], "ty"), .number(0))
        XCTAssertEqual(member(layers[1], "refId"), .string("subtree"))
        XCTAssertTrue(LottieDocument.isAnimated(member(layers[1], "tm")))
        let asset = try XCTUnwrap(assets.first { member($0, "id") == .string("subtree") })
        guard case .array(let inner)? = member(asset, "layers") else { return XCTFail("asset layers") }
        XCTAssertEqual(inner.compactMap { member($0, "nm") }, [.string("card")])
        // The card's keys: none before the finish's first (spanning) key, none after its last.
        var times: [Double] = []
        func walk(_ v: JSONValue) {
            switch v {
            case .array(let a): a.forEach(walk)
            case .object(let o):
                if case .array(let keys)? = o.first(where: { $0.key == "k" })?.value {
                    for key in keys { if case .number(let t)? = member(key, "t") { times.append(t) } }
                }
                o.forEach { walk($0.value) }
            default: break
            }
        }
        walk(.array(inner))
        let finish = try XCTUnwrap(sim.timeline.phases.first { $0.name == "finish" })
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(times.min()), (finish.start - 1 / 120) * fr - 1e-6)
        XCTAssertLessThanOrEqual(try XCTUnwrap(times.max()), (finish.end + 1 / 120) * fr + 1e-6)
    }

    /// Catalog templates the comparisons below run on (two of them in the fast tier).
    static let catalogTemplates = CatalogTier.templates(
        ["shared-element-push", "douyin-drag-dismiss", "circle-reveal-pop", "stories-close", "slide-up-segue"],
        fast: ["douyin-drag-dismiss", "circle-reveal-pop"])

    /// The flat columns' path (SubtreeRetraceSamples.swift) finds what the rows' path finds
    /// (SubtreeRetrace+Rows.swift, the code before them): the same set, source, remap and
    /// speeds, on the fixtures (a set found, none found, an overshoot) and on catalog templates.
    func testColumnsFindWhatRowsFind() throws {
        var sims = [
            try Simulation(try definition()), try Simulation(try definition(dotRetraces: true)),
            try Simulation(try definition(finishTiming: #"{"uikitSpring": {"damping": 0.3}}"#)),
            try Simulation(try definition(finishTiming: "\"linear\"")), try Simulation(ExportFixtures.showcase),
        ]
        for name in Self.catalogTemplates { sims.append(try Simulation(try ExportFixtures.template(name))) }
        var found = 0
        for sim in sims {
            let fast = SubtreeRetrace.detect(sim, rules: .lottie, screenTolerance: 0.25)
            let slow = SubtreeRetrace.detectFromRows(sim, rules: .lottie, screenTolerance: 0.25)
            let name = sim.definition.name
            XCTAssertEqual(fast == nil, slow == nil, name)
            guard let fast, let slow else { continue }
            found += 1
            XCTAssertEqual(fast.layers, slow.layers, name)
            XCTAssertEqual(fast.still, slow.still, name)
            XCTAssertEqual(fast.sourceStart.bitPattern, slow.sourceStart.bitPattern, name)
            XCTAssertEqual(fast.sourceEnd.bitPattern, slow.sourceEnd.bitPattern, name)
            XCTAssertEqual(fast.remap, slow.remap, name)
            XCTAssertEqual(fast.maxSpeed.bitPattern, slow.maxSpeed.bitPattern, name)
        }
        XCTAssertEqual(found, 2)  // the card, under both the eased and the linear finish
    }

    /// detect's exit: nothing is found when no moving layer's candidate keeps its own layer. The
    /// rows' path (no exit) finds a set only where some candidate does (the card); the exit fires
    /// on the others (the sweep overshoots, the templates), and a candidate keeping its own layer
    /// still finds nothing when every moving layer follows it (both on one sweep).
    func testNoSetWhenNoCandidateKeepsItsOwnLayer() throws {
        var sims = [
            try Simulation(try definition()), try Simulation(try definition(finishTiming: "\"linear\"")),
            try Simulation(try definition(dotRetraces: true)),
            try Simulation(try definition(finishTiming: #"{"uikitSpring": {"damping": 0.3}}"#)), try Simulation(ExportFixtures.showcase),
        ]
        for name in Self.catalogTemplates { sims.append(try Simulation(try ExportFixtures.template(name))) }
        var stays: [Bool] = [], found: [Bool] = []
        for sim in sims {
            stays.append(try XCTUnwrap(SubtreeRetrace.someOwnLayerStays(sim)))
            found.append(SubtreeRetrace.detectFromRows(sim, rules: .lottie, screenTolerance: 0.25) != nil)
            XCTAssertTrue(stays.last! || !found.last!, sim.definition.name)
        }
        XCTAssertEqual(found, [true, true] + Array(repeating: false, count: sims.count - 2))
        XCTAssertEqual(Array(stays[0...3]), [true, true, true, false])
        XCTAssertGreaterThanOrEqual(stays.filter { !$0 }.count, CatalogTier.isEnabled ? 4 : 2)
    }

    /// The instants the own layer's exact check hands to the search's exact pass are the
    /// inverse's at each outside sample it checked, bit for bit, and none past those.
    func testTheOwnChecksInstantsAreTheInversesAtEachOutsideSample() throws {
        var checked = 0
        for sim in [try Simulation(try definition()), try Simulation(try definition(dotRetraces: true))] {
            let (times, eps) = try XCTUnwrap(SubtreeRetrace.grid(sim))
            let samples = try XCTUnwrap(SubtreeRetraceSamples(sim, times: times, eps: eps))
            let exactStates = SubtreeRetrace.StateFeatures(sim)
            for i in sim.layers.indices where samples.moves[i] {
                guard let c = SubtreeRetrace.candidate(i, SharedSimulation(sim), samples, times: times, eps: eps) else { continue }
                _ = SubtreeRetrace.ownLayerStays(c, samples, exactStates, eps: eps)
                var reader = c.instants.reader
                for (o, k) in c.outside.enumerated() {
                    let got = reader.instant(at: o)
                    guard o < c.instants.checked else {
                        XCTAssertNil(got)
                        continue
                    }
                    checked += 1
                    XCTAssertEqual(got?.bitPattern, c.inner.time(c.inner.clamped(c.values[k])).bitPattern, "layer \(i) sample \(k)")
                }
            }
        }
        XCTAssertGreaterThan(checked, 20)
    }

    /// Each sample holds a layer's numbers from `state(at:)` where one is more than eps from the
    /// first sample's, else the first sample's (what the rows held).
    func testColumnsHoldTheMovedSamplesAndTheFirstElsewhere() throws {
        for sim in [try Simulation(try definition()), try Simulation(ExportFixtures.showcase)] {
            let times = (0...90).map { min(sim.timeline.duration * Double($0) / 90, sim.timeline.duration - 1e-9) }
            let eps = 1e-3
            let samples = try XCTUnwrap(SubtreeRetraceSamples(sim, times: times, eps: eps))
            var moved = 0, kept = 0
            for (k, t) in times.enumerated() {
                let s = sim.state(at: t)
                for j in sim.layers.indices {
                    let want = Retrace.features(s, j), first = samples.first[j]
                    let apart = SubtreeRetrace.anyApart(want, first, eps)
                    if apart { moved += 1 } else { kept += 1 }
                    XCTAssertTrue(!apart || samples.moves[j])
                    let got = (0..<samples.width[j]).map { samples.value(j, k, $0) }
                    XCTAssertEqual(got.map(\.bitPattern), (apart ? want : first).map(\.bitPattern), "\(sim.definition.name) layer \(j) sample \(k)")
                }
            }
            XCTAssertGreaterThan(moved, 20)
            XCTAssertGreaterThan(kept, 20)
            // A number's series (held stretches filled at once) is its value at each sample.
            for j in sim.layers.indices {
                for c in 0..<samples.width[j] {
                    let each = times.indices.map { samples.value(j, $0, c).bitPattern }
                    XCTAssertEqual(samples.series(j, c).map(\.bitPattern), each, "\(sim.definition.name) layer \(j) number \(c)")
                }
            }
        }
    }

    /// The first sample's numbers, made from the sampler's first state and StillLayers
    /// (`Simulation.stillOnScreen`), are `state(at:)`'s bit for bit, moving layers and layers
    /// still on screen alike, from the loop's start and from a later instant.
    func testFirstNumbersAreTheStatesBitForBit() throws {
        var still = 0
        let sims = [
            try Simulation(try definition()), try Simulation(ExportFixtures.showcase),
            try Simulation(try ExportFixtures.template("douyin-drag-dismiss")),
        ]
        for sim in sims {
            let d = sim.timeline.duration
            for start in [0, d / 3] {
                let times = (0...10).map { start + d / 2 * Double($0) / 10 }
                let samples = try XCTUnwrap(SubtreeRetraceSamples(sim, times: times, eps: 1e-3))
                let s = sim.state(at: times[0])
                for j in sim.layers.indices {
                    XCTAssertEqual(samples.first[j].map(\.bitPattern), Retrace.features(s, j).map(\.bitPattern), "\(sim.definition.name) layer \(j)")
                }
            }
            still += sim.stillOnScreen.layers.count
            XCTAssertEqual(Set(sim.stillOnScreen.layers + sim.movingLayers), Set(sim.layers.indices))
        }
        XCTAssertGreaterThan(still, 0)
    }

    /// The loose pass read one layer at a time (firstLooseMiss) finds the first step where the
    /// layer's sample is not within 1 px / 0.01 of its run's samples interpolated, as the
    /// per-sample check over arrays does (SubtreeRetrace.looselyClose), from any start.
    func testFirstLooseMissIsThePerSampleChecksFirstFailure() throws {
        var misses = 0, none = 0
        for sim in [try Simulation(try definition()), try Simulation(ExportFixtures.showcase)] {
            let times = (0...90).map { min(sim.timeline.duration * Double($0) / 90, sim.timeline.duration - 1e-9) }
            let samples = try XCTUnwrap(SubtreeRetraceSamples(sim, times: times, eps: 1e-3))
            let run = 10...40
            // Around the run's first samples, each outside sample: the moving layers soon miss;
            // from each sample itself toward the next (u = 0): close everywhere.
            let outside = times.indices.filter { !run.contains($0) && $0 + 1 < times.count }
            let far = outside.enumerated().map { o, k in
                SubtreeRetraceSamples.LooseStep(x: run.lowerBound + o % 3, y: run.lowerBound + o % 3 + 1, k: k, u: Double(o % 7) / 6)
            }
            let near = outside.map { SubtreeRetraceSamples.LooseStep(x: $0, y: $0 + 1, k: $0, u: 0) }
            for (j, steps) in sim.layers.indices.flatMap({ j in [(j, far), (j, near)] }) {
                let row = { (k: Int) in (0..<samples.width[j]).map { samples.value(j, k, $0) } }
                for from in [0, 5, 33] {
                    let want = (from..<steps.count).first { o in
                        let s = steps[o]
                        return !SubtreeRetrace.looselyClose(row(s.x), row(s.y), s.u, row(s.k))
                    }
                    if want == nil { none += 1 } else { misses += 1 }
                    let got = samples.firstLooseMiss(j, steps, from: from, through: steps.count - 1)
                    XCTAssertEqual(got, want, "\(sim.definition.name) layer \(j) from \(from)")
                }
            }
        }
        XCTAssertGreaterThan(misses, 5)
        XCTAssertGreaterThan(none, 5)
    }

    /// The extremes kept while rows are written say whether every number included is finite
    /// (what a pass over the rows said): an infinity or a NaN anywhere, in any layer, is seen, and
    /// another layer's rows are not mixed in. Signed zeros and huge numbers are finite.
    func testExtremesSeeEveryNumberThatIsNotFinite() {
        let extremes = Columns.Extremes(layers: 3)
        func include(_ row: [Double], layer j: Int) { row.withUnsafeBufferPointer { extremes.include($0.baseAddress!, layer: j, row.count) } }
        XCTAssertTrue((0..<3).allSatisfy { extremes.allFinite($0) })
        include([1, -0.0, 0, .greatestFiniteMagnitude, -.greatestFiniteMagnitude], layer: 0)
        include([2, 3, 4, 5, 6], layer: 0)
        XCTAssertTrue(extremes.allFinite(0))
        include([1, 2, .infinity, 4], layer: 1)
        include([1, 2, 3, 4], layer: 1)
        XCTAssertFalse(extremes.allFinite(1))
        include([.nan, 2], layer: 2)
        XCTAssertFalse(extremes.allFinite(2))
        XCTAssertTrue(extremes.allFinite(0))
        include([-.infinity], layer: 0)
        XCTAssertFalse(extremes.allFinite(0))
        // The least and greatest pass the NaN over (x < lo and x > hi are false): none yet for number 0.
        let (lo, hi) = extremes.of(2)
        XCTAssertEqual([lo[0], hi[0], lo[1], hi[1]], [.infinity, -.infinity, 2, 2])
    }

    /// `lastHeld` passes the samples holding one row four at a time: the sample the one-by-one
    /// scan stops at, from every start, before every end, in a layer's slice of the rows (other
    /// layers' around it), over stretches of every length from 1 to 10.
    func testLastHeldIsTheOneByOneScan() {
        var rows: [Int32] = [7, 7, 7]
        for (r, n) in [4, 1, 2, 10, 5, 6, 3, 9, 1, 1, 7, 8].enumerated() { rows += [Int32](repeating: Int32(r), count: n) }
        let base = 3, count = rows.count - base - 2
        rows += [11, 11]
        rows.withUnsafeBufferPointer { row in
            for n in 1...count {
                for k in 0..<n {
                    var one = k
                    while one < n - 1, row[base + one] == row[base + one + 1] { one += 1 }
                    XCTAssertEqual(SubtreeRetraceSamples.lastHeld(row, base: base, from: k, before: n), one, "k \(k) n \(n)")
                }
            }
        }
    }

    /// earliestRun passing held stretches at once (`skipSame`) finds the run it finds one sample
    /// at a time: held ends, runs that rest or not, and a held stretch to the end.
    func testEarliestRunSkippingHeldSamplesFindsTheSameRun() {
        let series: [[Double]] = [
            [0, 0, 0, 1, 2, 3, 3, 3, 3, 3, 2, 1, 0, 0, 0, 0, 0, 5, 5], [1, 2, 3, 2, 2, 2, 2, 2, 1, 0, 0, 0, 0, 4, 4, 4, 4, 4],
            [5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 0, 1, 2, 3, 4, 5, 5, 5, 5, 5, 5],
        ]
        var found = 0
        for v in series {
            let same: (Int) -> Bool = { v[$0] == v[$0 + 1] }
            func skip(_ k: Int) -> Int {
                var k = k
                while k < v.count - 1, same(k) { k += 1 }
                return k
            }
            for (lo, hi) in [(v.min()!, v.max()!), (1.0, 3.0), (0.0, 2.0)] {
                let one = SubtreeRetrace.earliestRun(count: v.count, lo: lo, hi: hi, eps: 0.01, sameAsNext: same) { v[$0] }
                let skipping = SubtreeRetrace.earliestRun(count: v.count, lo: lo, hi: hi, eps: 0.01, sameAsNext: same, skipSame: skip) { v[$0] }
                XCTAssertEqual(one, skipping, "\(v) \(lo)...\(hi)")
                if one != nil { found += 1 }
            }
        }
        XCTAssertEqual(found, 6)  // none in the last series: its rise does not start at rest
    }

    func testTruncationFromTheFrontKeepsTheSegmentSpanningTheStart() {
        func key(_ t: Double) -> JSONValue { .object([(key: "t", value: .number(t)), (key: "s", value: .array([.number(t)]))]) }
        let prop = JSONValue.object([(key: "a", value: .number(1)), (key: "k", value: .array([key(0), key(50), key(80), key(120)]))])
        let out = LottieDocument.truncated(prop, after: 200, from: 60)
        XCTAssertEqual(out, .object([(key: "a", value: .number(1)), (key: "k", value: .array([key(50), key(80), key(120)]))]))
        XCTAssertEqual(LottieDocument.truncated(prop, after: 200, from: 0), prop)
    }
}
